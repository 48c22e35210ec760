/**
 * «Pagar ahora» (docs/rules.md#paying-from-the-phone): a diner's part of the table's bill, priced as a payment
 * request and held for them (`bill_claims` under the payment's id, «Pagando…» for the others) while a pending
 * online payment waits for the provider's confirmation, at most ONLINE_HOLD_MS. The provider's page is asked for
 * after the hold commits; a provider that does not answer fails the payment and frees the hold.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ServerConfig } from '../../../platform/config.ts';
import { UI_LANGUAGES } from '../../../../src/contract/languages.ts';
import { isUniqueViolation } from '../../../platform/db/database.ts';
import { problem, HttpProblem } from '../../../platform/problem.ts';
import { hashBody } from '../../orders/index.ts';
import { sessionById, type TableCaller } from '../../table-sessions/index.ts';
import { BILL_MESSAGES } from '../../../../src/contract/bill.ts';
import {
  ONLINE_HOLD_MS,
  ONLINE_PAYMENT_MESSAGES,
  type CheckoutInput,
  type CheckoutResult,
  type PaymentRedirect,
} from '../../../../src/contract/online-payments.ts';
import type { PaymentsContext } from './context.ts';
import * as sql from './queries.ts';

/** Where the phone comes back and where the provider notifies: from the request (routes.ts). */
export interface Addresses {
  /** The site's origin and language prefix (`https://umenu.example`, `/en`). */
  site: string;
  lang: string;
  /** The API base (`https://api.umenu.example/api`). */
  api: string;
}

/** Where the phone comes back (the page it paid from, when it is the site's) and the API's address for the provider. */
export function addressesOf(c: Context, config: ServerConfig): Addresses {
  const self = new URL(c.req.url).origin;
  const apiOrigin = config.apiPublicUrl ? new URL(config.apiPublicUrl).origin : undefined;
  const allowed = new Set([self, ...(apiOrigin ? [apiOrigin] : []), ...config.corsOrigins]);
  let site = apiOrigin ?? self;
  let lang = '';
  try {
    const page = new URL(c.req.header('referer') ?? c.req.header('origin') ?? '');
    if (allowed.has(page.origin)) {
      site = page.origin;
      const first = page.pathname.split('/')[1] ?? '';
      if (first !== 'es' && (UI_LANGUAGES as readonly string[]).includes(first)) lang = `/${first}`;
    }
  } catch {
    // No page: the site's own address.
  }
  return { site, lang, api: config.apiPublicUrl ?? `${self}/api` };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A provider order number as Redsys wants it: 4 digits, then 8 alphanumerics (12 in all), unique per attempt. */
export function newReference(): string {
  const bytes = randomBytes(12);
  let out = '';
  for (let i = 0; i < 4; i++) out += String(bytes[i]! % 10);
  for (let i = 4; i < 12; i++) out += ALPHANUMERIC[bytes[i]! % ALPHANUMERIC.length];
  return out;
}

export function createCheckout(ctx: PaymentsContext) {
  const { db, events, billing, options, now } = ctx;

  const replay = (row: sql.OnlineRow, bodyHash: string): CheckoutResult => {
    if (row.body_hash !== bodyHash) throw problem('idempotencyMismatch', 422, ONLINE_PAYMENT_MESSAGES.keyMismatch);
    if (!row.redirect) throw problem('serviceUnavailable', 502, ONLINE_PAYMENT_MESSAGES.providerFailed);
    return { paymentId: row.id, redirect: JSON.parse(row.redirect) as PaymentRedirect };
  };

  return async (
    caller: TableCaller,
    key: string,
    input: CheckoutInput,
    at: Addresses,
  ): Promise<CheckoutResult & { replayed: boolean }> => {
    const venueId = caller.session.venue_id;
    const method = input.method ?? 'card';
    const bodyHash = hashBody(
      JSON.stringify([
        'table',
        caller.participantId,
        input.lineIds ?? [],
        input.shares ?? [],
        input.amount ?? null,
        input.tip,
        method,
      ]),
    );
    const first = await sql.onlineByKey(db, venueId, key);
    if (first) return { ...replay(first, bodyHash), replayed: true };
    const config = await options.loadConfig(venueId);
    if (!config) throw problem('invalidTransition', 409, ONLINE_PAYMENT_MESSAGES.noProvider);
    if (method === 'bizum' && config.provider !== 'redsys')
      throw problem('validation', 422, ONLINE_PAYMENT_MESSAGES.bizumNeedsRedsys, {
        errors: { method: [ONLINE_PAYMENT_MESSAGES.bizumNeedsRedsys] },
      });
    const id = randomUUID();
    const reference = newReference();
    const created = now().getTime();
    let held: Awaited<ReturnType<BillingService['holdOnlineIn']>>;
    try {
      held = await db.transaction(async (tx) => {
        const hold = await billing.holdOnlineIn(tx, caller, input, id);
        await sql.insertOnline(tx, {
          id,
          venue_id: venueId,
          reference,
          provider: config.provider,
          method,
          amount: hold.amount,
          tip: input.tip,
          currency: hold.currency,
          status: 'pending',
          session_id: hold.session.id,
          order_id: null,
          participant_id: caller.participantId,
          by_name: caller.name,
          claim: JSON.stringify({
            ...(input.lineIds?.length ? { lineIds: input.lineIds } : {}),
            ...(input.shares?.length ? { shares: input.shares } : {}),
            ...(input.amount !== undefined ? { amount: input.amount } : {}),
            tip: input.tip,
            heldShares: hold.shares,
          }),
          redirect: null,
          idem_key: key,
          body_hash: bodyHash,
          provider_ref: null,
          receipt_id: null,
          expires_at: created + ONLINE_HOLD_MS,
          created_at: created,
        });
        // «Pagando…» on every phone of the table and on the board.
        await billing.publishIn(tx, hold.session);
        return hold;
      });
    } catch (error) {
      if (error instanceof HttpProblem || !isUniqueViolation(error)) throw error;
      // The same key from a second tap at the same moment, else a line someone took at the same moment.
      const again = await sql.onlineByKey(db, venueId, key);
      if (again) return { ...replay(again, bodyHash), replayed: true };
      throw problem('invalidTransition', 409, BILL_MESSAGES.lineJustTaken);
    }
    events.committed(venueId);
    const page = `${at.site}${at.lang}/pago/${id}`;
    try {
      const made = await options.providerFor(config).createPayment({
        reference,
        amount: held.amount + input.tip,
        currency: held.currency,
        method,
        description: `Mesa ${held.session.label} · ${ctx.venues.get(venueId)?.venue.name ?? venueId}`,
        okUrl: page,
        koUrl: page,
        notificationUrl: `${at.api}/payments/${config.provider === 'redsys' ? 'redsys/notification' : 'stripe/webhook'}`,
        language: at.lang.slice(1) || 'es',
      });
      await sql.setRedirect(db, id, JSON.stringify(made.redirect), made.providerRef ?? null);
      return { paymentId: id, redirect: made.redirect, replayed: false };
    } catch (error) {
      console.warn('[umenu] payment provider did not create the payment', config.provider, reference, error);
      await db.transaction(async (tx) => {
        // The table's row first, as every change of the bill takes it.
        await sessionById(tx, held.session.id, true);
        if (await sql.moveStatus(tx, id, 'pending', 'failed')) await billing.releaseOnlineIn(tx, held.session.id, id);
      });
      events.committed(venueId);
      throw problem('serviceUnavailable', 502, ONLINE_PAYMENT_MESSAGES.providerFailed);
    }
  };
}

type BillingService = PaymentsContext['billing'];
