/**
 * The bill's HTTP side (docs/rules.md#the-bill); every route is an operation of operations.ts.
 * Diners (`X-Table-Credential`): `GET /table-session/bill`, `POST /table-session/payment-requests`,
 * `DELETE /table-session/payment-requests/{requestId}`. Staff of the venue: `GET /venues/{id}/tables/{label}/bill`,
 * `POST /venues/{id}/tables/{label}/payments`, `POST /venues/{id}/orders/{orderId}/payments`,
 * `GET /venues/{id}/order-payments`. Managers:
 * `GET /venues/{id}/verifactu/records`, `GET /venues/{id}/verifactu/issuer`, `GET /venues/{id}/cash`,
 * `GET /venues/{id}/cash/receipts.csv`, `POST /venues/{id}/payments/{paymentId}/refund`. Admins: `POST /venues/{id}/verifactu/issuer` (confirm the tax id).
 * Anyone with the link: `GET /receipts/{id}`.
 */
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { Hono, type Context } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue, canRunVenue, isAdmin } from '../../../src/contract/permissions.ts';
import { TABLE_CREDENTIAL_HEADER } from '../../../src/contract/table.ts';
import { BILL_MESSAGES } from '../../../src/contract/bill.ts';
import { REFUND_MESSAGES } from '../../../src/contract/refund.ts';
import { routes, type Input, type Operation } from '../../platform/operations.ts';
import { problem } from '../../platform/problem.ts';
import { authenticator, type AuthService } from '../auth/index.ts';
import type { VenueStore } from '../venues/index.ts';
import type { TableCaller, TableSessionService } from '../table-sessions/index.ts';
import type { BillingService } from './service.ts';
import * as ops from './operations.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** What the bill's routes use (server/deps.ts gives them). */
export interface BillingRouteDeps {
  billing: BillingService;
  tableSessions: TableSessionService;
  venues: VenueStore;
  auth: AuthService;
}

export function billingRoutes({ billing, tableSessions, venues, auth }: BillingRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));
  const onTable = <B>(
    op: Operation<B, 'table'>,
    handler: (c: Context, input: Input<B, 'table'>, who: TableCaller) => Response | Promise<Response>,
  ) =>
    on(op, async (c, input) =>
      handler(c, input, await tableSessions.authenticate(c.req.header(TABLE_CREDENTIAL_HEADER))),
    );
  const noStore = (c: Context) => c.header('cache-control', 'no-store');

  const venueFor = (claims: AccessClaims, id: string, manager: boolean) => {
    if (!isValidVenueId(id) || !venues.get(id))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (manager ? !canManageVenue(claims.scope, id) : !canRunVenue(claims.scope, id))
      throw problem('forbidden', 403, manager ? BILL_MESSAGES.managerOnly : BILL_MESSAGES.staffOnly);
    return id;
  };
  const keyOf = (c: Context) => {
    const key = c.req.header('idempotency-key');
    if (!key || !KEY_PATTERN.test(key)) throw problem('idempotencyKeyMissing', 400, BILL_MESSAGES.keyMissing);
    return key;
  };
  const dateOf = (c: Context) => {
    const date = c.req.query('date') ?? '';
    if (!DATE_PATTERN.test(date))
      throw problem('validation', 422, BILL_MESSAGES.badDate, { errors: { date: [BILL_MESSAGES.badDate] } });
    return date;
  };

  onTable(ops.getTableBill, async (c, _input, who) => {
    noStore(c);
    return c.json(await billing.billFor(who));
  });

  onTable(ops.createPaymentRequest, async (c, { body }, who) => {
    const input = await body();
    noStore(c);
    return c.json(await billing.request(who, input), 201);
  });

  onTable(ops.cancelPaymentRequest, async (c, { param }, who) => {
    const id = param('requestId');
    if (id.length > 100) throw problem('notFound', 404, BILL_MESSAGES.requestNotFound);
    noStore(c);
    return c.json(await billing.cancelRequest(who, id));
  });

  on(ops.getStaffTableBill, async (c, { claims, param }) => {
    const id = venueFor(claims, param('id'), false);
    noStore(c);
    return c.json(await billing.billOfTable(id, param('label').slice(0, 40)));
  });

  on(ops.recordTablePayment, async (c, { claims, param, body }) => {
    const id = venueFor(claims, param('id'), false);
    const key = keyOf(c);
    const input = await body();
    const result = await billing.pay(id, param('label').slice(0, 40), key, input);
    noStore(c);
    if (result.replayed) c.header('idempotent-replayed', 'true');
    return c.json({ payment: result.payment, receipt: result.receipt }, result.replayed ? 200 : 201);
  });

  on(ops.recordOrderPayment, async (c, { claims, param, body }) => {
    const id = venueFor(claims, param('id'), false);
    const key = keyOf(c);
    const input = await body();
    const result = await billing.payOrder(id, param('orderId'), key, input.method);
    noStore(c);
    if (result.replayed) c.header('idempotent-replayed', 'true');
    return c.json({ payment: result.payment, receipt: result.receipt }, result.replayed ? 200 : 201);
  });

  on(ops.listOrderPayments, async (c, { claims, param }) => {
    const id = venueFor(claims, param('id'), false);
    noStore(c);
    return c.json({ payments: await billing.orderPayments(id) });
  });

  on(ops.refundPayment, async (c, { claims, param, body }) => {
    const id = param('id');
    if (!isValidVenueId(id) || !venues.get(id))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, REFUND_MESSAGES.managerOnly);
    const key = keyOf(c);
    const input = await body();
    const result = await billing.refund(id, param('paymentId'), key, input, claims.sub);
    noStore(c);
    if (result.replayed) c.header('idempotent-replayed', 'true');
    return c.json({ refund: result.refund, receipt: result.receipt }, result.replayed ? 200 : 201);
  });

  on(ops.getReceipt, async (c, { param }) => {
    const receipt = await billing.receipt(param('id'));
    if (!receipt) throw problem('notFound', 404, BILL_MESSAGES.receiptNotFound);
    // Anyone with the link reads it; nothing in between keeps a copy.
    c.header('cache-control', 'private, no-store');
    return c.json(receipt);
  });

  on(ops.listVerifactuRecords, async (c, { claims, param }) => {
    const id = venueFor(claims, param('id'), true);
    noStore(c);
    return c.json({ records: await billing.records(id) });
  });

  on(ops.getVerifactuIssuer, async (c, { claims, param }) => {
    const id = venueFor(claims, param('id'), true);
    noStore(c);
    return c.json(await billing.issuer(id));
  });

  on(ops.confirmVerifactuIssuer, async (c, { claims, param, body }) => {
    const id = param('id');
    if (!isValidVenueId(id) || !venues.get(id))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    // A tax id is whatever a manager types: only an admin vouches for it.
    if (!isAdmin(claims.scope)) throw problem('forbidden', 403, BILL_MESSAGES.adminOnly);
    const { taxId } = await body();
    noStore(c);
    return c.json(await billing.confirmIssuer(id, taxId, claims.sub));
  });

  on(ops.getCashDay, async (c, { claims, param }) => {
    const id = venueFor(claims, param('id'), true);
    const date = dateOf(c);
    noStore(c);
    return c.json(await billing.cash(id, date));
  });

  on(ops.getCashCsv, async (c, { claims, param }) => {
    const id = venueFor(claims, param('id'), true);
    const date = dateOf(c);
    const csv = await billing.cashCsv(id, date);
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="recibos-${id}-${date}.csv"`,
      'cache-control': 'no-store',
    });
  });

  return app;
}
