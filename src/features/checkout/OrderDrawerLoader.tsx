/**
 * Loads the order drawer (and with it checkout and the HTTP client) only when
 * the diner needs it, so a menu's first load stays within the JS budget: when
 * the cart opens, when it already holds something, or when there is a hint
 * that the page may have to reopen something (back from sign-in, a pending
 * order, "Repetir pedido"). Whether it reopens, and what, the checkout store
 * decides (`resumeAfterSignIn`) once loaded.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { vuexEngine } from '../../lib/persist.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { $cartUi, $carts, hasCartFlash } from '../cart/index.ts';
import type { CheckoutVenue } from './venue.ts';

const OrderDrawer = lazy(() => import('./OrderDrawer.tsx'));

function resumeHint(venueId: string): boolean {
  const params = new URL(location.href).searchParams;
  if (params.has('checkout') || params.has('carrito') || hasCartFlash()) return true;
  // Only a hint to fetch the code: the store parses these for real.
  const state = vuexEngine.snapshot() as {
    checkout?: Record<string, { resume?: unknown } | undefined>;
    pendingOrder?: { venueId?: unknown } | null;
  };
  return state.checkout?.[venueId]?.resume === true || state.pendingOrder?.venueId === venueId;
}

export default function OrderDrawerLoader({ venue }: { venue: CheckoutVenue }) {
  const ui = useStore($cartUi);
  const carts = useStore($carts);
  const [hinted, setHinted] = useState(false);
  useEffect(() => {
    if (resumeHint(venue.id)) setHinted(true);
  }, [venue.id]);
  // The prerendered HTML has no drawer: the first client render must not have one either
  // (React error #418), so the stored cart counts only once hydrated.
  const hydrated = useHydrated();
  const hasLines = hydrated && (carts[venue.id]?.lines.length ?? 0) > 0;
  if (!(hinted || hasLines || (ui.open && ui.venueId === venue.id))) return null;
  return (
    <Suspense fallback={null}>
      <OrderDrawer venue={venue} />
    </Suspense>
  );
}
