/**
 * Loads the cart drawer (and with it checkout and the HTTP client) only when
 * the diner needs it, so a menu's first load stays within the JS budget:
 * when the cart opens, when the cart already holds something, or when the
 * page must reopen the checkout (back from sign-in, a pending order, "Repetir
 * pedido"). The drawer's own logic decides what to show once loaded.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CheckoutVenue } from '../checkout/venue.ts';
import { $cartUi, $carts } from '../cart/store.ts';

const CartDrawer = lazy(() => import('../cart/CartDrawer.tsx'));

function needsCheckoutOnLoad(venueId: string): boolean {
  try {
    const params = new URL(location.href).searchParams;
    if (params.get('checkout') === '1' || params.get('carrito') === '1') return true;
    if (sessionStorage.getItem('umenu.cartFlash')) return true;
    const state = JSON.parse(localStorage.getItem('vuex') ?? '{}') as {
      checkout?: Record<string, { resume?: unknown }>;
      pendingOrder?: { venueId?: unknown } | null;
    };
    return state.checkout?.[venueId]?.resume === true || state.pendingOrder?.venueId === venueId;
  } catch {
    return false;
  }
}

export default function CartDrawerLoader({ venue }: { venue: CheckoutVenue }) {
  const ui = useStore($cartUi);
  const carts = useStore($carts);
  const [wanted, setWanted] = useState(false);
  // The prerendered HTML has no drawer: the first client render must not have one either
  // (React error #418), so the stored cart counts only once mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    if (needsCheckoutOnLoad(venue.id)) setWanted(true);
  }, [venue.id]);
  const hasLines = mounted && (carts[venue.id]?.lines.length ?? 0) > 0;
  const load = wanted || hasLines || (ui.open && ui.venueId === venue.id);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer venue={venue} />
    </Suspense>
  );
}
