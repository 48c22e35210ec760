/**
 * Paying from the phone (docs/rules.md#paying-from-the-phone), put together from its parts: the checkout that holds
 * a diner's part (checkout.ts), the provider's confirmation (confirm.ts), expiry (expiry.ts). The providers and
 * each venue's configuration: providers/ and config.ts.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/events/bus.ts';
import type { BillingService } from '../../billing/index.ts';
import type { TableCaller } from '../../table-sessions/index.ts';
import type { VenueStore } from '../../venues/index.ts';
import type { CheckoutInput, CheckoutResult, OnlinePayment } from '../../../../src/contract/online-payments.ts';
import { methodsOf, type PaymentsOptions } from './context.ts';
import { createCheckout, type Addresses } from './checkout.ts';
import { createConfirm, type ConfirmOutcome } from './confirm.ts';
import { createExpiry } from './expiry.ts';
import type { Confirmation, ProviderConfig, ProviderId } from '../providers/index.ts';
import * as sql from './queries.ts';
import { onlineOrders } from './orders.ts';
import type { ServerConfig } from '../../../platform/config.ts';
import type { OnlineOrders, OrderService } from '../../orders/index.ts';

export type { PaymentsOptions } from './context.ts';
export type { Addresses } from './checkout.ts';

export interface PaymentsService {
  checkout(
    caller: TableCaller,
    key: string,
    input: CheckoutInput,
    at: Addresses,
  ): Promise<CheckoutResult & { replayed: boolean }>;
  confirm(
    provider: ProviderId,
    reference: string | null,
    verify: (config: ProviderConfig) => Confirmation | null,
  ): Promise<ConfirmOutcome>;
  /** The return page's view of a payment (undefined: no such payment). */
  payment(id: string): Promise<OnlinePayment | undefined>;
  /** The methods the venue takes from the phone (none without a provider). */
  methods(venueId: string): Promise<Array<'card' | 'bizum'>>;
  /** Expires the pending payments past their time; resolves to how many. */
  expireDue(): Promise<number>;
  /** What the orders' route calls for `payment: "online"`. */
  orders(config: ServerConfig): OnlineOrders;
}

export function createPaymentsService(
  db: Db,
  venues: VenueStore,
  events: EventBus,
  billing: BillingService,
  orders: Pick<OrderService, 'get' | 'setStatus'>,
  options: PaymentsOptions,
): PaymentsService {
  const ctx = { db, venues, events, billing, orders, options, now: options.now ?? (() => new Date()) };
  const expireDue = createExpiry(ctx);
  return {
    checkout: createCheckout(ctx),
    confirm: createConfirm(ctx),
    expireDue,
    orders: (config) => onlineOrders(ctx, config),
    methods: async (venueId) => methodsOf(await options.loadConfig(venueId)),
    payment: async (id) => {
      if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
      let row = await sql.onlineById(db, id);
      // Past its time: expired now, whoever asks first (the sweep may not have run yet).
      if (row?.status === 'pending' && row.expires_at <= ctx.now().getTime()) {
        await expireDue();
        row = await sql.onlineById(db, id);
      }
      if (!row) return undefined;
      return {
        id: row.id,
        venueId: row.venue_id,
        status: row.status,
        amount: row.amount,
        tip: row.tip,
        currency: row.currency,
        method: row.method,
        ...(row.order_id ? { orderId: row.order_id } : {}),
        ...(row.receipt_id ? { receiptId: row.receipt_id } : {}),
      };
    },
  };
}
