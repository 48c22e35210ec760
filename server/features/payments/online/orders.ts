/**
 * Pickup and delivery paid from the phone (docs/rules.md#paying-from-the-phone): an order placed with
 * `payment: "online"` is created unpaid and without kitchen tickets; its payment at the provider starts here (one
 * per order, a repeat of the order answers the same); the confirmation records the payment and its receipt and
 * only then sends the order to the kitchen (tickets, print jobs); an order whose payment fails or expires is
 * cancelled, without ever having had a ticket.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Queryable } from '../../../platform/db/database.ts';
import { problem } from '../../../platform/problem.ts';
import type { ServerConfig } from '../../../platform/config.ts';
import type { Order } from '../../../../src/contract/order.ts';
import { ONLINE_HOLD_MS, ONLINE_PAYMENT_MESSAGES } from '../../../../src/contract/online-payments.ts';
import type { OnlineRecord } from '../../billing/index.ts';
import type { OnlineOrders } from '../../orders/index.ts';
import { addressesOf } from './checkout.ts';
import { newPaymentReference } from '../providers/index.ts';
import type { PaymentsContext } from './context.ts';
import * as sql from './queries.ts';

/** A confirmed order payment: its receipt and payment, then the order's tickets, in the confirmation's transaction. */
export async function completeOrderIn(
  ctx: PaymentsContext,
  tx: Queryable,
  order: Order,
  row: sql.OnlineRow,
  method: 'card' | 'bizum',
  providerRef: string,
): Promise<OnlineRecord> {
  const done = await ctx.billing.recordOrderOnlineIn(tx, order, {
    id: row.id,
    method,
    provider: row.provider,
    providerRef,
  });
  if ('refused' in done) return done;
  await ctx.options.sendToKitchen?.(tx, order);
  return done;
}

/** Cancels the order of a payment that failed or expired (it never reached the kitchen). */
export async function cancelUnpaid(ctx: PaymentsContext, row: sql.OnlineRow): Promise<void> {
  if (!row.order_id || !ctx.orders) return;
  const found = await ctx.orders.get(row.order_id);
  if (found?.order.status === 'received') await ctx.orders.setStatus(row.order_id, 'cancelled');
}

/** What the orders' route calls for `payment: "online"` (server/features/orders/routes.ts). */
export function onlineOrders(ctx: PaymentsContext, config: ServerConfig): OnlineOrders {
  const { db, options, now } = ctx;
  return {
    async check(venueId, method) {
      const config = typeof venueId === 'string' ? await options.loadConfig(venueId) : null;
      if (!config) throw problem('validation', 422, ONLINE_PAYMENT_MESSAGES.orderOnlineUnavailable);
      if (method === 'bizum' && config.provider !== 'redsys')
        throw problem('validation', 422, ONLINE_PAYMENT_MESSAGES.bizumNeedsRedsys, {
          errors: { onlineMethod: [ONLINE_PAYMENT_MESSAGES.bizumNeedsRedsys] },
        });
    },

    async start(order: Order, c: Context, requested: 'card' | 'bizum' = 'card') {
      const key = `order:${order.id}`;
      const first = await sql.onlineByKey(db, order.venueId, key);
      if (first?.redirect) return { paymentId: first.id, redirect: JSON.parse(first.redirect) as never };
      if (first) throw problem('serviceUnavailable', 502, ONLINE_PAYMENT_MESSAGES.providerFailed);
      const provider = await options.loadConfig(order.venueId);
      if (!provider) throw problem('validation', 422, ONLINE_PAYMENT_MESSAGES.orderOnlineUnavailable);
      const method = requested === 'bizum' && provider.provider === 'redsys' ? 'bizum' : 'card';
      const id = randomUUID();
      const reference = newPaymentReference();
      const created = now().getTime();
      const row: sql.OnlineRow = {
        id,
        venue_id: order.venueId,
        reference,
        provider: provider.provider,
        method,
        amount: order.total - order.tip,
        tip: order.tip,
        currency: order.currency,
        status: 'pending',
        session_id: null,
        order_id: order.id,
        participant_id: null,
        by_name: order.customer.name,
        claim: '{}',
        redirect: null,
        idem_key: key,
        body_hash: '',
        provider_ref: null,
        receipt_id: null,
        expires_at: created + ONLINE_HOLD_MS,
        created_at: created,
      };
      try {
        await sql.insertOnline(db, row);
      } catch {
        // The same order at the same moment (a repeat): its payment.
        const again = await sql.onlineByKey(db, order.venueId, key);
        if (again?.redirect) return { paymentId: again.id, redirect: JSON.parse(again.redirect) as never };
        throw problem('serviceUnavailable', 502, ONLINE_PAYMENT_MESSAGES.providerFailed);
      }
      const at = addressesOf(c, config);
      const page = `${at.site}${at.lang}/pago/${id}`;
      try {
        const made = await options.providerFor(provider).createPayment({
          reference,
          amount: order.total,
          currency: order.currency,
          method,
          description: `${order.venueName} · ${order.number}`,
          okUrl: page,
          koUrl: page,
          notificationUrl: `${at.api}/payments/${provider.provider === 'redsys' ? 'redsys/notification' : 'stripe/webhook'}`,
          language: at.lang.slice(1) || 'es',
        });
        await sql.setRedirect(db, id, JSON.stringify(made.redirect), made.providerRef ?? null);
        return { paymentId: id, redirect: made.redirect };
      } catch (error) {
        console.warn('[umenu] payment provider did not create the payment', provider.provider, reference, error);
        if (await sql.moveStatus(db, id, 'pending', 'failed')) await cancelUnpaid(ctx, row);
        throw problem('serviceUnavailable', 502, ONLINE_PAYMENT_MESSAGES.providerFailed);
      }
    },
  };
}
