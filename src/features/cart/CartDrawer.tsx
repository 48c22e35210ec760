/**
 * The cart drawer: a native modal `<dialog>` (focus trap, Escape, focus
 * return) with the venue's cart lines, subtotal and `Hacer pedido`, then the
 * checkout step. Reopens at the checkout after a sign-in round trip
 * (`?checkout=1` or the saved draft's flag) and after a reload during submission.
 */
import { useStore } from '@nanostores/react';
import { mdiClose } from '@mdi/js';
import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../lib/money.ts';
import { setBusy } from '../../shell/busy.ts';
import { Icon } from '../../shell/Icon.tsx';
import { toast } from '../../shell/toast.ts';
import { CheckoutForm } from '../checkout/CheckoutForm.tsx';
import { $auth } from '../checkout/session.ts';
import { $checkoutStep, $pendingOrder, $submitting, draftOf, setResume } from '../checkout/store.ts';
import { pendingToResume } from '../checkout/submit.ts';
import type { CheckoutVenue } from '../checkout/venue.ts';
import { takeCartFlash } from '../orders/flash.ts';
import { cartSubtotal } from './cart.ts';
import { CartLineItem } from './CartLineItem.tsx';
import { $cartUi, $carts, closeCart, openCart, removeFromCart, restoreToCart, updateQuantity } from './store.ts';
import '../../styles/dialogs.ts';

export default function CartDrawer({ venue }: { venue: CheckoutVenue }) {
  const ui = useStore($cartUi);
  const carts = useStore($carts);
  const step = useStore($checkoutStep);
  const submitting = useStore($submitting);
  useStore($auth);
  useStore($pendingOrder);
  const cart = carts[venue.id];
  const lines = cart?.lines ?? [];
  const open = ui.open && ui.venueId === venue.id;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const money = (minor: number) => formatMoney(minor, cart?.currency ?? venue.currency, cart?.locale ?? venue.locale);

  // Back from sign-in (or a reload while an order was being sent): reopen the checkout.
  useEffect(() => {
    const url = new URL(location.href);
    const asked = url.searchParams.get('checkout') === '1';
    const showCart = url.searchParams.get('carrito') === '1';
    const resume = draftOf(venue.id)?.resume === true;
    const pending = pendingToResume(venue.id) !== null;
    if (asked || showCart) {
      url.searchParams.delete('checkout');
      url.searchParams.delete('carrito');
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }
    if (resume) setResume(venue.id, false);
    if ((asked || resume || pending) && (($carts.get()[venue.id]?.lines.length ?? 0) > 0 || pending)) {
      $checkoutStep.set('checkout');
      openCart(venue.id);
    } else if (showCart) {
      openCart(venue.id);
    }
    // Left by "Repetir pedido": what could not be added back.
    const flash = takeCartFlash();
    if (flash) setTimeout(() => toast.warning(flash, { duration: 10_000, testId: 'repeat-missing' }), 300);
  }, [venue.id]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      requestAnimationFrame(() => headingRef.current?.focus());
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // A modal dialog makes the rest of the page inert, toasts included: host the
  // shell's toaster inside the dialog while it is open so "Deshacer" works.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const adopt = () => {
      const toaster = document.getElementById('umenu-toaster');
      if (toaster && toaster.parentElement !== dialog) dialog.append(toaster);
    };
    adopt();
    const observer = new MutationObserver(adopt);
    observer.observe(document.body, { childList: true });
    return () => {
      observer.disconnect();
      const toaster = document.getElementById('umenu-toaster');
      if (toaster && toaster.parentElement === dialog) document.body.append(toaster);
    };
  }, [open]);

  // Keep the service-worker update prompt away while the diner is checking out.
  useEffect(() => {
    setBusy('checkout', (open && step === 'checkout') || submitting);
  }, [open, step, submitting]);
  useEffect(() => () => setBusy('checkout', false), []);

  function onClose(): void {
    closeCart();
    $checkoutStep.set('cart');
    const target = returnFocus.current?.isConnected ? returnFocus.current : document.querySelector<HTMLElement>('[data-testid="cart-button"]');
    target?.focus();
  }

  function changeQuantity(key: string, name: string, quantity: number): void {
    updateQuantity(venue.id, key, quantity);
    setAnnouncement(`${name}: ${quantity} ${quantity === 1 ? 'unidad' : 'unidades'}`);
  }

  function remove(key: string): void {
    const removed = removeFromCart(venue.id, key);
    if (!removed) return;
    setAnnouncement(`${removed.line.name} eliminado del carrito`);
    headingRef.current?.focus();
    toast.message(`Eliminado: ${removed.line.name}`, {
      id: `cart-removed-${key}`,
      testId: 'undo-toast',
      // Longer than the 4 s default: undoing needs time to find and reach the button.
      duration: 10_000,
      action: {
        label: 'Deshacer',
        onClick: () => {
          restoreToCart(venue.id, removed.line, removed.index);
          setAnnouncement(`${removed.line.name} vuelve a estar en el carrito`);
          // The toast (and its button) goes away: keep keyboard focus inside the drawer.
          headingRef.current?.focus();
        },
      },
    });
  }

  const title = step === 'checkout' && lines.length > 0 ? 'Confirmar pedido' : 'Tu carrito';

  return (
    <dialog
      ref={dialogRef}
      className="cart-drawer m-0 ml-auto border-0 h-dvh max-h-dvh w-full max-w-full bg-base-100 p-0 text-base-content shadow-xl backdrop:bg-black/50 sm:max-w-md"
      aria-labelledby="cart-drawer-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog box itself, outside its content) closes it.
        if (event.target === dialogRef.current) closeCart();
      }}
      data-testid="cart-drawer"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-2 border-b border-base-300 px-4 py-2">
            <h2 id="cart-drawer-title" ref={headingRef} tabIndex={-1} className="flex-1 text-xl font-bold outline-none">
              {title}
              <span className="sr-only">, {venue.name}</span>
            </h2>
            <button type="button" className="btn btn-ghost btn-square min-h-11 min-w-11" aria-label="Cerrar carrito" onClick={() => closeCart()}>
              <Icon path={mdiClose} />
            </button>
          </div>
          <p className="sr-only" role="status" aria-live="polite">{announcement}</p>

          <div className="flex-1 overflow-y-auto px-4">
            {lines.length === 0 ? (
              <div className="flex flex-col items-center gap-3 py-12 text-center" data-testid="cart-empty">
                <p className="text-lg font-semibold">Tu carrito está vacío</p>
                <p className="text-base-content/80">Añade platos del menú de {venue.name} para hacer tu pedido.</p>
                <button type="button" className="btn btn-primary min-h-11" onClick={() => closeCart()}>Ver el menú</button>
              </div>
            ) : step === 'checkout' ? (
              <div className="py-4">
                <CheckoutForm venue={venue} cart={cart!} onBack={() => { $checkoutStep.set('cart'); headingRef.current?.focus(); }} />
              </div>
            ) : (
              <ul className="divide-y divide-base-300" aria-label="Productos en tu carrito">
                {lines.map((line) => (
                  <CartLineItem
                    key={line.key}
                    line={line}
                    currency={cart!.currency}
                    locale={cart!.locale}
                    onQuantity={(q) => changeQuantity(line.key, line.name, q)}
                    onRemove={() => remove(line.key)}
                  />
                ))}
              </ul>
            )}
          </div>

          {lines.length > 0 && step === 'cart' && (
            <div className="border-t border-base-300 px-4 py-3">
              <div className="mb-3 flex items-baseline justify-between text-lg">
                <span>Subtotal</span>
                <span className="font-bold tabular-nums" data-testid="cart-subtotal">{money(cartSubtotal(cart!))}</span>
              </div>
              <button
                type="button"
                className="btn btn-primary min-h-12 w-full text-base"
                onClick={() => {
                  $checkoutStep.set('checkout');
                  headingRef.current?.focus();
                }}
              >
                Hacer pedido
              </button>
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
