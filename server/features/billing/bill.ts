/**
 * The bill (docs/rules.md#the-bill): a table's bill built from its sent rounds (prices as the server decided them)
 * and the diners' payment requests (by lines, shares of lines, or an amount). Every change locks the table
 * session's row first (two instances take turns on one table) and appends `event: bill` (the bill's state) to the
 * venue's stream with the session's id (the board and that table's phones get it). Payments: payments.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { problem } from '../../platform/problem.ts';
import type { CachedVenue } from '../venues/index.ts';
import { TABLE_USER_PREFIX } from '../orders/index.ts';
import {
  openSessionOf,
  participantsOf,
  roundDocsOf,
  sessionById,
  type SessionRow,
  type TableCaller,
} from '../table-sessions/index.ts';
import { LIMITS } from '../../../src/contract/limits.ts';
import type { Order } from '../../../src/contract/order.ts';
import { TABLE_MESSAGES } from '../../../src/contract/table.ts';
import {
  BILL_MESSAGES,
  type BillLine,
  type BillState,
  type Payment,
  type PaymentRequest,
  type PaymentRequestInput,
  type TableBill,
} from '../../../src/contract/bill.ts';
import type { Adjustment } from '../../../src/contract/corrections.ts';
import { checkClaimShape, priceClaim } from './claims.ts';
import type { BillingContext } from './context.ts';
import * as sql from './queries.ts';

/** The tax rate of a dish: its own, else its category's, else the venue's, else 0. */
export function taxRateOf(entry: CachedVenue | undefined, productId: string): number {
  const found = entry?.products.get(productId);
  const category = found ? entry!.venue.categories.find((c) => c.id === found.categoryId) : undefined;
  return found?.product.taxRate ?? category?.taxRate ?? entry?.venue.taxRate ?? 0;
}

export interface BillParts {
  state: BillState;
  rounds: Order[];
  claims: sql.ClaimRow[];
  requestRows: sql.RequestRow[];
  lineById: Map<string, BillLine>;
  /** The dish of each line (by line id): a receipt line names it (`productId`), so a page can name it in its language. */
  productOf: Map<string, string>;
}

export type Bill = ReturnType<typeof createBill>;

export function createBill(ctx: BillingContext) {
  const { db, venues, events, options, now, venueOf, money } = ctx;

  /** The bill of session `s` as `q` sees it. */
  async function read(q: Queryable, s: SessionRow): Promise<BillParts> {
    const [roundRows, allClaims, requestRows, paymentRows, adjustmentRows, holds] = await Promise.all([
      roundDocsOf(q, TABLE_USER_PREFIX + s.id),
      sql.claimsOf(q, s.id),
      sql.requestsOf(q, s.id),
      sql.paymentsOfSession(q, s.id),
      sql.adjustmentsOf(q, s.id),
      sql.onlineHoldsOf(q, s.id),
    ]);
    // Payments from the phone hold what they pay for 10 minutes at most (docs/rules.md#paying-from-the-phone): one
    // past its time holds nothing, even before the next change of the bill releases its claims.
    const at = now().getTime();
    const live = holds.filter((h) => Number(h.expires_at) > at);
    const paying = new Set(live.map((h) => h.id));
    const lapsed = new Set(holds.filter((h) => !paying.has(h.id)).map((h) => h.id));
    const claims = allClaims.filter((c) => c.payment_id !== null || !c.request_id || !lapsed.has(c.request_id));
    const isPaying = (c: sql.ClaimRow) => c.payment_id === null && c.request_id !== null && paying.has(c.request_id);
    const adjustments = adjustmentRows.map((r) => JSON.parse(r.doc) as Adjustment);
    const comped = new Set(adjustments.flatMap((a) => a.lineIds ?? []));
    const entry = venues.get(s.venue_id);
    const rounds = roundRows.map((r) => JSON.parse(r.doc) as Order).filter((o) => o.status !== 'cancelled');
    const byLine = new Map<string, sql.ClaimRow[]>();
    for (const c of claims) byLine.set(c.line_id, [...(byLine.get(c.line_id) ?? []), c]);
    const lines: BillLine[] = [];
    const productOf = new Map<string, string>();
    for (const round of rounds) {
      round.lines.forEach((line, i) => {
        // A line voided whole is off the bill; one voided in part counts what is left (docs/rules.md#the-floor).
        const quantity = line.quantity - (line.voided ?? 0);
        if (quantity <= 0) return;
        const id = `${round.id}:${i}`;
        productOf.set(id, line.productId);
        const mine = byLine.get(id) ?? [];
        const whole = mine.find((c) => c.share_of === 1);
        const shared = mine.filter((c) => c.share_of > 1);
        lines.push({
          id,
          cartLineId: line.cartLineId ?? id,
          name: line.name,
          quantity,
          lineTotal: line.lineTotal,
          by: line.by ?? '',
          ...(line.guest ? { guest: line.guest } : {}),
          ...(whole?.payment_id
            ? { paidBy: whole.by_name }
            : whole
              ? { claimedBy: whole.by_name, ...(isPaying(whole) ? { paying: true } : {}) }
              : {}),
          ...(shared.length
            ? {
                shared: {
                  of: shared[0]!.share_of,
                  shares: shared.map((c) => ({
                    index: c.share_index + 1,
                    amount: c.amount,
                    by: c.by_name,
                    paid: c.payment_id !== null,
                    ...(isPaying(c) ? { paying: true } : {}),
                  })),
                },
              }
            : {}),
          taxRate: taxRateOf(entry, line.productId),
          ...(line.choices ? { choices: line.choices } : {}),
          ...(line.included?.length ? { included: line.included } : {}),
          ...(comped.has(id) ? { comped: true } : {}),
        });
      });
    }
    const payments = paymentRows.map((p) => JSON.parse(p.doc) as Payment);
    const requests = requestRows.filter((r) => r.status === 'pending').map((r) => JSON.parse(r.doc) as PaymentRequest);
    // Invitations and discounts come off the lines' total (docs/rules.md#the-floor).
    const total = rounds.reduce((sum, r) => sum + r.total, 0) - adjustments.reduce((sum, a) => sum + a.amount, 0);
    const paid = payments.reduce((sum, p) => sum + p.amount, 0);
    const pending = requests.reduce((sum, r) => sum + r.amount, 0) + live.reduce((sum, h) => sum + Number(h.amount), 0);
    const balance = Math.max(0, total - paid);
    const state: BillState = {
      sessionId: s.id,
      table: s.label,
      currency: entry?.venue.currency ?? rounds[0]?.currency ?? '',
      total,
      paid,
      pending,
      balance,
      unassigned: Math.max(0, balance - pending),
      ...(s.paid_at ? { paidAt: s.paid_at } : {}),
      lines,
      ...(adjustments.length ? { adjustments } : {}),
      payments,
      requests,
    };
    return { state, rounds, claims, requestRows, lineById: new Map(lines.map((l) => [l.id, l])), productOf };
  }

  async function tableBill(q: Queryable, s: SessionRow): Promise<TableBill> {
    const [parts, people, methods] = await Promise.all([
      read(q, s),
      participantsOf(q, s.id),
      options.onlineMethods?.(s.venue_id),
    ]);
    const totals = new Map<string, number>(people.map((p) => [p.id, 0]));
    for (const round of parts.rounds) {
      for (const line of round.lines)
        if (line.participantId && totals.has(line.participantId))
          totals.set(line.participantId, totals.get(line.participantId)! + line.lineTotal);
    }
    // What each person paid (without tips): their payment requests that staff took; a payment staff took without a request is nobody's.
    const payer = new Map(parts.requestRows.map((r) => [r.id, r.participant_id]));
    const paid = new Map<string, number>();
    for (const p of parts.state.payments) {
      const who = p.requestId ? payer.get(p.requestId) : p.participantId;
      if (who) paid.set(who, (paid.get(who) ?? 0) + p.amount);
    }
    return {
      ...parts.state,
      locale: venues.get(s.venue_id)?.venue.locale ?? 'es',
      rounds: parts.rounds,
      people: people.map((p) => ({
        participantId: p.id,
        name: p.name,
        total: totals.get(p.id) ?? 0,
        paid: paid.get(p.id) ?? 0,
      })),
      subtotal: parts.rounds.reduce((sum, r) => sum + r.subtotal, 0),
      ...(methods?.length ? { online: { methods } } : {}),
    };
  }

  /** Appends `event: bill` with the bill as `tx` sees it now. */
  async function publishBill(tx: Queryable, s: SessionRow): Promise<BillState> {
    const { state } = await read(tx, s);
    await events.append(tx, { venueId: s.venue_id, sessionId: s.id, type: 'bill', data: JSON.stringify(state) });
    return state;
  }

  /** The open session of the caller, locked; 409 when closed. */
  async function lockedOpen(tx: Queryable, sessionId: string): Promise<SessionRow> {
    const s = await sessionById(tx, sessionId, true);
    if (!s || s.status !== 'open') throw problem('tableClosed', 409, TABLE_MESSAGES.sessionClosed);
    await sql.releaseLapsedHolds(tx, s.id, now().getTime());
    return s;
  }

  const tipCheck = (amount: number, tip: number) => {
    if (tip > Math.floor((amount * LIMITS.tipPercentMax) / 100))
      throw problem('validation', 422, BILL_MESSAGES.tipTooHigh, { errors: { tip: [BILL_MESSAGES.tipTooHigh] } });
  };

  return {
    read,
    tableBill,
    publishBill,
    lockedOpen,
    tipCheck,

    billFor: async (caller: TableCaller): Promise<TableBill> => {
      const s = await sessionById(db, caller.session.id);
      if (!s || s.status !== 'open') throw problem('tableClosed', 409, TABLE_MESSAGES.sessionClosed);
      return tableBill(db, s);
    },

    billOfTable: async (venueId: string, label: string): Promise<TableBill> => {
      const s = await openSessionOf(db, venueId, label);
      if (!s) throw problem('notFound', 404, TABLE_MESSAGES.noOpenSession(label.slice(0, 40)));
      return tableBill(db, s);
    },

    request: async (caller: TableCaller, input: PaymentRequestInput): Promise<PaymentRequest> => {
      checkClaimShape(input);
      // Counted before anything else: a phone asking in a loop (ask, withdraw, ask…) would flood the board.
      await options.limiter?.hit(`pay-request:${caller.participantId}`, options.payRequestLimit ?? null, (wait) =>
        BILL_MESSAGES.tooManyRequests(wait),
      );
      const venue = venueOf(caller.session.venue_id);
      const result = await db
        .transaction(async (tx) => {
          const s = await lockedOpen(tx, caller.session.id);
          const id = randomUUID();
          const {
            amount,
            claims: newClaims,
            shares,
          } = priceClaim(
            await read(tx, s),
            input,
            { sessionId: s.id, name: caller.name, holder: id },
            { money: (minor) => money(venue, minor), tipCheck },
          );
          const request: PaymentRequest = {
            id,
            amount,
            tip: input.tip,
            method: input.method,
            status: 'pending',
            participantId: caller.participantId,
            by: caller.name,
            ...(input.lineIds?.length ? { lineIds: input.lineIds } : {}),
            ...(shares.length ? { shares } : {}),
            createdAt: now().toISOString(),
          };
          await Promise.all([
            sql.insertRequest(tx, {
              id,
              venue_id: s.venue_id,
              session_id: s.id,
              participant_id: caller.participantId,
              by_name: caller.name,
              amount,
              tip: input.tip,
              method: input.method,
              status: 'pending',
              doc: JSON.stringify(request),
              payment_id: null,
              created_at: request.createdAt!,
            }),
            sql.insertClaims(tx, newClaims),
          ]);
          await publishBill(tx, s);
          return request;
        })
        .catch((error: unknown) => {
          // Two people took the same line or share at the same moment: the later one is told, like any taken line.
          if (isUniqueViolation(error)) throw problem('invalidTransition', 409, BILL_MESSAGES.lineJustTaken);
          throw error;
        });
      events.committed(caller.session.venue_id);
      return result;
    },

    cancelRequest: async (caller: TableCaller, requestId: string): Promise<PaymentRequest> => {
      const result = await db.transaction(async (tx) => {
        const s = await lockedOpen(tx, caller.session.id);
        const row = (await sql.requestsOf(tx, s.id)).find((r) => r.id === requestId);
        if (!row) throw problem('notFound', 404, BILL_MESSAGES.requestNotFound);
        if (row.participant_id !== caller.participantId) throw problem('forbidden', 403, BILL_MESSAGES.notYourRequest);
        if (row.status !== 'pending') throw problem('invalidTransition', 409, BILL_MESSAGES.requestDone);
        const doc: PaymentRequest = { ...(JSON.parse(row.doc) as PaymentRequest), status: 'cancelled' };
        await Promise.all([
          sql.setRequestStatus(tx, row.id, 'cancelled', null, JSON.stringify(doc)),
          sql.dropClaimsOfRequest(tx, row.id),
        ]);
        await publishBill(tx, s);
        return doc;
      });
      events.committed(caller.session.venue_id);
      return result;
    },

    /** What a session still owes (closing a table asks it). */
    balanceOf: async (tx: Queryable, s: SessionRow) => {
      const { state } = await read(tx, s);
      const venue = venues.get(s.venue_id)?.venue;
      return { balance: state.balance, formatted: venue ? money(venue, state.balance) : String(state.balance) };
    },
  };
}
