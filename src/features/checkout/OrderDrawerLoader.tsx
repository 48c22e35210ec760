/**
 * Loads the order drawer (and with it checkout and the HTTP client) only when
 * the diner needs it, so a menu's first load stays within the JS budget: when
 * the cart opens, when it already holds something, or when there is a hint
 * that the page may have to reopen something (back from sign-in, a pending
 * order, "Repetir pedido"). Whether it reopens, and what, the checkout store
 * decides (`resumeAfterSignIn`) once loaded.
 */
import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../lib/hydrated.ts';
import { storageEngine } from '../../lib/persist.ts';
import { $cartUi, $carts, hasCartFlash } from '../cart/index.ts';
import type { CheckoutVenue } from './venue.ts';

const OrderDrawer = lazy(() => import('./OrderDrawer.tsx'));

function resumeHint(venueId: string): boolean {
  const params = new URL(location.href).searchParams;
  if (params.has('checkout') || params.has('carrito') || hasCartFlash()) return true;
  // Only a hint to fetch the code: the store parses these for real.
  const state = storageEngine.snapshot() as {
    checkout?: Record<string, { resume?: unknown } | undefined>;
    pendingOrder?: { venueId?: unknown } | null;
  };
  return state.checkout?.[venueId]?.resume === true || state.pendingOrder?.venueId === venueId;
}

/**
 * The hint as it was when the page loaded, read once per venue: the drawer, once loaded, cleans
 * the address and the flags it looked at, and must stay loaded.
 */
const hints = new Map<string, boolean>();
function resumeHinted(venueId: string): boolean {
  let hinted = hints.get(venueId);
  if (hinted === undefined) {
    hinted = resumeHint(venueId);
    hints.set(venueId, hinted);
  }
  return hinted;
}

export default function OrderDrawerLoader({ venue }: { venue: CheckoutVenue }) {
  const ui = useStore($cartUi);
  const carts = useStore($carts);
  // The address and storage are only known in the browser: not in the server HTML nor while hydrating.
  // The prerendered HTML has no drawer: the first client render must not have one either
  // (React error #418), so the stored cart counts only once hydrated.
  const hydrated = useHydrated();
  const hinted = hydrated && resumeHinted(venue.id);
  const hasLines = hydrated && (carts[venue.id]?.lines.length ?? 0) > 0;
  if (!(hinted || hasLines || (ui.open && ui.venueId === venue.id))) return null;
  return (
    <Suspense fallback={null}>
      <OrderDrawer venue={venue} />
    </Suspense>
  );
}
