/**
 * «Pagar ahora» at checkout (docs/rules.md#paying-from-the-phone): whether the venue takes payments from the phone
 * (`GET /api/venues/{id}/payment-methods`: `card`, and `bizum` with Redsys; none without a provider), the choices
 * the payment field gains from it, and what placing such an order does: the phone follows the provider's page and
 * comes back to `/pago/{paymentId}`. The cart and the form stay until the payment is confirmed, so a payment that
 * is not completed loses nothing («Volver al pedido» reopens the cart).
 */
import { atom } from 'nanostores';
import type { Order } from '../../contract/order.ts';
import { OnlinePaying, type OnlineMethod } from '../../contract/online-payments.ts';
import { http } from '../../lib/http.ts';
import { localPath } from '../../lib/page-language.ts';
import { follow, keepReturn } from '../online-payment/index.ts';

export const ONLINE_CHOICES = ['online-card', 'online-bizum'] as const;
export type OnlineChoice = (typeof ONLINE_CHOICES)[number];

export const isOnlineChoice = (value: string): value is OnlineChoice =>
  (ONLINE_CHOICES as readonly string[]).includes(value);

/** The method an online choice pays with. */
export const methodOf = (choice: OnlineChoice): OnlineMethod => (choice === 'online-bizum' ? 'bizum' : 'card');

/** The methods each venue takes from the phone, once asked (none until then, and when the question fails). */
export const $onlineMethods = atom<Record<string, OnlineMethod[]>>({});

export function loadOnlineMethods(venueId: string): void {
  if ($onlineMethods.get()[venueId]) return;
  http
    .get(`venues/${encodeURIComponent(venueId)}/payment-methods`, { cache: 'no-store', retry: 0 })
    .json<unknown>()
    .then(
      (body) => {
        const parsed = OnlinePaying.safeParse(body);
        if (parsed.success) $onlineMethods.set({ ...$onlineMethods.get(), [venueId]: parsed.data.methods });
      },
      // No answer: the checkout offers the ways to pay at the venue, as without a provider.
      () => undefined,
    );
}

/** The online choices a venue offers, in order. */
export function onlineChoicesOf(methods: readonly OnlineMethod[] | undefined): OnlineChoice[] {
  return ONLINE_CHOICES.filter((choice) => methods?.includes(methodOf(choice)));
}

/** An order created to be paid from the phone: the phone goes to the provider's page. */
export function payOrderOnline(order: Order): boolean {
  if (!order.onlinePayment) return false;
  keepReturn(order.onlinePayment.paymentId, localPath(`/${order.venueId}?carrito=1`));
  follow(order.onlinePayment.redirect);
  return true;
}
