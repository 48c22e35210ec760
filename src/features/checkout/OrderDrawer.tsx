/**
 * The order drawer: a native modal `<dialog>` with the venue's cart (lines and
 * `Hacer pedido`, from the cart feature) or the checkout step. What it shows
 * and when it reopens come from the checkout store; this only renders.
 */
import { useStore } from '@nanostores/react';
import { mdiClose } from '@mdi/js';
import { useEffect, useRef } from 'react';
import { setBusy } from '../../shell/busy.ts';
import { Icon } from '../../shell/Icon.tsx';
import { toast } from '../../shell/toast.ts';
import { Drawer } from '../../shell/ui/Drawer.tsx';
import { $cartUi, $carts, cartMessages, closeCart } from '../cart/index.ts';
import { CartPanel } from '../cart/panel.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import { $checkoutStep, $submitting, backToCart, checkoutClosed, openCheckout, resumeAfterSignIn } from './store.ts';
import type { CheckoutVenue } from './venue.ts';

export default function OrderDrawer({ venue }: { venue: CheckoutVenue }) {
  const ui = useStore($cartUi);
  const cart = useStore($carts)[venue.id];
  const step = useStore($checkoutStep);
  const submitting = useStore($submitting);
  const open = ui.open && ui.venueId === venue.id;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const words = cartMessages.get();
  const lines = cart?.lines ?? [];
  const focusHeading = () => headingRef.current?.focus();

  useEffect(() => resumeAfterSignIn(venue), [venue]);

  // The menu's "Añadido al carrito" confirmation would cover the drawer's top and first line: it has done its job.
  useEffect(() => {
    if (open) toast.dismiss('cart-added');
  }, [open]);

  // Keep the service-worker update prompt away while the diner is checking out.
  useEffect(() => {
    setBusy('checkout', (open && step === 'checkout') || submitting);
  }, [open, step, submitting]);
  useEffect(() => () => setBusy('checkout', false), []);

  function onClose(opener: HTMLElement | null): void {
    closeCart();
    checkoutClosed();
    const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>('[data-testid="cart-button"]');
    target?.focus();
  }

  const atCheckout = step === 'checkout' && lines.length > 0;
  return (
    // The drawer makes the rest of the page inert: its toasts ("Deshacer") live inside it while open.
    <Drawer
      open={open}
      placement="side"
      initialFocus={() => headingRef.current}
      aria-labelledby="cart-drawer-title"
      onClose={onClose}
      data-testid="cart-drawer"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-2 border-b border-base-300 px-4 py-2">
            <h2 id="cart-drawer-title" ref={headingRef} tabIndex={-1} className="flex-1 text-xl font-bold outline-none">
              {atCheckout ? words.confirmTitle : words.title}
              <span className="sr-only">, {venue.name}</span>
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-square min-h-11 min-w-11"
              aria-label={words.close}
              onClick={() => closeCart()}
            >
              <Icon path={mdiClose} />
            </button>
          </div>
          {atCheckout && cart ? (
            // No bottom padding: the form's sticky footer must end where the scroll area ends, or
            // the fields scrolling under it show through the gap below it.
            <div className="flex-1 overflow-y-auto px-4 pt-4">
              <CheckoutForm
                venue={venue}
                cart={cart}
                onBack={() => {
                  backToCart();
                  focusHeading();
                }}
              />
            </div>
          ) : (
            <CartPanel
              venue={venue}
              onOrder={() => {
                openCheckout(venue.id);
                focusHeading();
              }}
              focusHome={focusHeading}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}
