/**
 * The bill's side of paying from the phone (docs/rules.md#paying-from-the-phone): a diner's claim held while they
 * pay at the provider (priced as a payment request, claims.ts, under the payment's id), and the provider's
 * confirmed payment recorded as a payment of the bill with its receipt and VERI*FACTU record (receipts.ts), in
 * the caller's transaction. The payments feature (server/features/payments) keeps the pending payment itself.
 */
import type { Queryable } from '../../platform/db/database.ts';
import { HttpProblem } from '../../platform/problem.ts';
import {
  sessionById,
  setSessionPaid,
  type SessionRow,
  type TableCaller,
  type TableSessionService,
} from '../table-sessions/index.ts';
import { type Payment, type Receipt } from '../../../src/contract/bill.ts';
import type { Bill } from './bill.ts';
import { claimLines, priceClaim, type ClaimInput, type ClaimShares } from './claims.ts';
import { orderReceiptLines, shareLines } from './payments.ts';
import type { Order } from '../../../src/contract/order.ts';
import type { Receipts } from './receipts.ts';
import type { BillingContext } from './context.ts';
import * as sql from './queries.ts';
import { saleOfOrder, saleOfTable } from './sale.ts';

/** A claim held for a payment from the phone. */
export interface OnlineHold {
  session: SessionRow;
  amount: number;
  currency: string;
  lineIds: string[];
  shares: ClaimShares;
}

/** A confirmed payment from the phone, as the payments feature kept it. */
export interface OnlinePaid {
  id: string;
  venueId: string;
  sessionId: string;
  participantId: string;
  by: string;
  amount: number;
  tip: number;
  method: 'card' | 'bizum';
  provider: string;
  providerRef: string;
  /** What it claimed (`{lineIds?, shares?, amount?}`), re-priced when its hold had lapsed. */
  claim: ClaimInput;
  lineIds: string[];
  shares: ClaimShares;
  /** Its hold lapsed (expired): what it paid must be claimed again, if still free. */
  lapsed: boolean;
}

/** Recorded, or refused with the reason (the bill changed meanwhile: docs/rules.md#paying-from-the-phone). */
export type OnlineRecord = { payment: Payment; receipt: Receipt; recordSeq?: number } | { refused: string };

export function createOnline(ctx: BillingContext, bill: Bill, receipts: Receipts, tableSessions: TableSessionService) {
  const { venueOf, money, now } = ctx;
  const { read, publishBill, tipCheck, lockedOpen } = bill;

  return {
    /**
     * Locks the caller's open session and claims what `input` pays under `holder` (every rule of a payment request);
     * the caller writes its pending payment, then publishes the bill (`publishIn`).
     */
    holdIn: async (tx: Queryable, caller: TableCaller, input: ClaimInput, holder: string): Promise<OnlineHold> => {
      const venue = venueOf(caller.session.venue_id);
      const s = await lockedOpen(tx, caller.session.id);
      const parts = await read(tx, s);
      const priced = priceClaim(
        parts,
        input,
        { sessionId: s.id, name: caller.name, holder },
        { money: (minor) => money(venue, minor), tipCheck },
      );
      await sql.insertClaims(tx, priced.claims);
      return {
        session: s,
        amount: priced.amount,
        currency: venue.currency,
        lineIds: input.lineIds ?? [],
        shares: priced.shares,
      };
    },

    /** Frees what a failed or expired payment held, and publishes the bill. */
    releaseIn: async (tx: Queryable, sessionId: string, holder: string) => {
      const s = await sessionById(tx, sessionId, true);
      await sql.dropClaimsOfRequest(tx, holder);
      if (s?.status === 'open') await publishBill(tx, s);
    },

    /**
     * Records the confirmed payment of a pickup or delivery order (its id is the online payment's) with its receipt,
     * as staff marking it paid do, and `event: payment` for the board; the order's unique payment refuses a second.
     */
    recordOrderIn: async (
      tx: Queryable,
      order: Order,
      p: Pick<OnlinePaid, 'id' | 'method' | 'provider' | 'providerRef'>,
    ): Promise<OnlineRecord> => {
      if (order.status === 'cancelled') return { refused: 'the order was cancelled' };
      const venue = venueOf(order.venueId);
      const at = now();
      const amount = order.total - order.tip;
      const entry = ctx.venues.get(order.venueId);
      const { receipt, recordSeq } = await receipts.issue(
        tx,
        venue,
        p.id,
        at,
        {
          lines: orderReceiptLines(entry, venue, order),
          amount,
          tip: order.tip,
          method: p.method,
          orderNumber: order.number,
        },
        { ...saleOfOrder(entry, order), provider: p.provider },
      );
      const payment: Payment = {
        id: p.id,
        venueId: order.venueId,
        orderId: order.id,
        amount,
        tip: order.tip,
        method: p.method,
        provider: p.provider,
        providerRef: p.providerRef,
        createdAt: at.toISOString(),
        receiptId: receipt.id,
      };
      await sql.insertPayment(tx, {
        id: p.id,
        venue_id: order.venueId,
        session_id: null,
        order_id: order.id,
        request_id: null,
        amount,
        tip: order.tip,
        method: p.method,
        day: receipt.issuedAt.slice(0, 10),
        doc: JSON.stringify(payment),
        receipt_id: receipt.id,
        idem_key: `online:${p.id}`,
        body_hash: '',
        created_at: at.getTime(),
        provider: p.provider,
        provider_ref: p.providerRef,
      });
      await ctx.events.append(tx, {
        venueId: order.venueId,
        orderId: order.id,
        type: 'payment',
        data: JSON.stringify(payment),
      });
      return { payment, receipt, ...(recordSeq !== undefined ? { recordSeq } : {}) };
    },

    /**
     * Records the confirmed payment `p` (its id is the payment's): its claims paid, its receipt and VERI*FACTU record,
     * the table «Pagada» when the balance reaches 0, `event: bill`. A hold that lapsed is claimed again if what it
     * paid is still free; otherwise (or when the table closed, or staff took the money meanwhile) it is refused and
     * nothing is written.
     */
    recordIn: async (tx: Queryable, p: OnlinePaid): Promise<OnlineRecord> => {
      const venue = venueOf(p.venueId);
      const s = await sessionById(tx, p.sessionId, true);
      if (!s || s.status !== 'open' || s.paid_at) return { refused: 'the table was closed or paid meanwhile' };
      let shares = p.shares;
      if (p.lapsed) {
        try {
          const priced = priceClaim(
            await read(tx, s),
            p.claim,
            { sessionId: s.id, name: p.by, holder: p.id },
            { money: (minor) => money(venue, minor), tipCheck: () => undefined },
          );
          if (priced.amount !== p.amount) return { refused: 'what it paid is priced otherwise now' };
          await sql.insertClaims(tx, priced.claims);
          shares = priced.shares;
        } catch (error) {
          if (error instanceof HttpProblem) return { refused: `its claim is taken: ${error.body.detail}` };
          throw error;
        }
      }
      const { state, lineById, productOf, claims, rounds } = await read(tx, s);
      if (p.amount > state.balance) return { refused: 'more than the balance left' };
      let lines = claimLines(lineById, productOf, p.lineIds, shares);
      if (!lines.length) lines = shareLines(state, p.amount);
      const at = now();
      const { receipt, recordSeq } = await receipts.issue(
        tx,
        venue,
        p.id,
        at,
        { lines, amount: p.amount, tip: p.tip, method: p.method, table: s.label },
        saleOfTable(
          s.id,
          state,
          claims,
          productOf,
          { amount: p.amount, lineIds: p.lineIds, shares: Boolean(shares?.length) },
          { openedAt: s.opened_at, rounds },
          p.provider,
        ),
      );
      const payment: Payment = {
        id: p.id,
        venueId: p.venueId,
        table: s.label,
        sessionId: s.id,
        amount: p.amount,
        tip: p.tip,
        method: p.method,
        ...(p.lineIds.length ? { lineIds: p.lineIds } : {}),
        by: p.by,
        participantId: p.participantId,
        provider: p.provider,
        providerRef: p.providerRef,
        createdAt: at.toISOString(),
        receiptId: receipt.id,
      };
      await Promise.all([
        sql.insertPayment(tx, {
          id: p.id,
          venue_id: p.venueId,
          session_id: s.id,
          order_id: null,
          request_id: null,
          amount: p.amount,
          tip: p.tip,
          method: p.method,
          day: receipt.issuedAt.slice(0, 10),
          doc: JSON.stringify(payment),
          receipt_id: receipt.id,
          idem_key: `online:${p.id}`,
          body_hash: '',
          created_at: at.getTime(),
          provider: p.provider,
          provider_ref: p.providerRef,
        }),
        sql.payClaimsOfRequest(tx, p.id, p.id),
      ]);
      // Balance 0: the table is paid («Pagada» on the board and every phone).
      if (p.amount === state.balance) {
        const paidAt = at.toISOString();
        await setSessionPaid(tx, s.id, paidAt);
        const paid = { ...s, paid_at: paidAt };
        await publishBill(tx, paid);
        await tableSessions.publishIn(tx, paid);
      } else {
        await publishBill(tx, s);
      }
      return { payment, receipt, ...(recordSeq !== undefined ? { recordSeq } : {}) };
    },
  };
}
