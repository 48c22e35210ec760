/**
 * Paying from the phone's HTTP side (docs/rules.md#paying-from-the-phone); every route is an operation of
 * operations.ts. Diners (`X-Table-Credential`): `POST /table-session/bill/checkout`. Anyone with the link:
 * `GET /payments/{paymentId}` and `GET /venues/{id}/payment-methods`. The providers: `POST /payments/redsys/notification` (form-encoded) and
 * `POST /payments/stripe/webhook` (raw body and `Stripe-Signature`), both verified before anything is recorded.
 */
import { Hono, type Context } from 'hono';
import { TABLE_CREDENTIAL_HEADER } from '../../../../src/contract/table.ts';
import { BILL_MESSAGES } from '../../../../src/contract/bill.ts';
import { ONLINE_PAYMENT_MESSAGES } from '../../../../src/contract/online-payments.ts';
import type { ServerConfig } from '../../../platform/config.ts';
import { routes } from '../../../platform/operations.ts';
import { problem } from '../../../platform/problem.ts';
import { authenticator, type AuthService } from '../../auth/index.ts';
import type { TableSessionService } from '../../table-sessions/index.ts';
import type { VenueStore } from '../../venues/index.ts';
import { isValidVenueId } from '../../../../src/contract/limits.ts';
import { PROBLEM_MESSAGES } from '../../../../src/contract/problem.ts';
import type { PaymentsService } from './service.ts';
import { addressesOf } from './checkout.ts';
import { redsysOrderOf, stripeReferenceOf, verifyRedsysNotification, verifyStripeWebhook } from '../providers/index.ts';
import * as ops from './operations.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

/** What the payment routes use (server/deps.ts gives them). */
export interface OnlinePaymentRouteDeps {
  payments: PaymentsService;
  tableSessions: TableSessionService;
  auth: AuthService;
  config: ServerConfig;
  venues: VenueStore;
}

export function onlinePaymentRoutes({ payments, tableSessions, auth, config, venues }: OnlinePaymentRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));
  const noStore = (c: Context) => c.header('cache-control', 'no-store');

  on(ops.checkoutTableBill, async (c, { body }) => {
    const who = await tableSessions.authenticate(c.req.header(TABLE_CREDENTIAL_HEADER));
    const key = c.req.header('idempotency-key');
    if (!key || !KEY_PATTERN.test(key)) throw problem('idempotencyKeyMissing', 400, BILL_MESSAGES.keyMissing);
    const input = await body();
    const result = await payments.checkout(who, key, input, addressesOf(c, config));
    noStore(c);
    if (result.replayed) c.header('idempotent-replayed', 'true');
    return c.json({ paymentId: result.paymentId, redirect: result.redirect }, result.replayed ? 200 : 201);
  });

  on(ops.getOnlinePayment, async (c, { param }) => {
    const payment = await payments.payment(param('paymentId'));
    if (!payment) throw problem('notFound', 404, ONLINE_PAYMENT_MESSAGES.paymentNotFound);
    c.header('cache-control', 'private, no-store');
    return c.json(payment);
  });

  on(ops.getVenuePaymentMethods, async (c, { param }) => {
    const id = param('id');
    if (!isValidVenueId(id) || !venues.get(id))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    noStore(c);
    return c.json({ methods: await payments.methods(id) });
  });

  on(ops.redsysNotification, async (c) => {
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    await payments.confirm('redsys', redsysOrderOf(form), (config) =>
      config.provider === 'redsys' ? verifyRedsysNotification(form, config.secretKey) : null,
    );
    noStore(c);
    return c.json({ received: true });
  });

  on(ops.stripeWebhook, async (c) => {
    const raw = await c.req.text();
    const signature = c.req.header('stripe-signature');
    await payments.confirm('stripe', stripeReferenceOf(raw), (config) =>
      config.provider === 'stripe' ? verifyStripeWebhook(raw, signature, config.webhookSecret) : null,
    );
    noStore(c);
    return c.json({ received: true });
  });

  return app;
}
