/**
 * Payments (docs/rules.md#the-bill): staff record a payment of a table's bill (a diner's request, lines, or an
 * amount) or mark a pickup or delivery order paid, each with an Idempotency-Key (a repeat answers the first) and
 * its receipt (receipts.ts), in one transaction that locks the table session's row first. When a table's balance
 * reaches 0 the session is marked paid and published («Pagada»).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { problem, HttpProblem } from '../../platform/problem.ts';
import { hashBody, type OrderService } from '../orders/index.ts';
import type { CachedVenue } from '../venues/index.ts';
import type { Order } from '../../../src/contract/order.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import { openSessionOf, setSessionPaid, type TableSessionService } from '../table-sessions/index.ts';
import { TABLE_MESSAGES } from '../../../src/contract/table.ts';
import {
  BILL_MESSAGES,
  BILL_STRINGS,
  receiptLinesOf,
  type BillLine,
  type BillState,
  type Payment,
  type PaymentInput,
  type PaymentRequest,
  type PaymentResult,
  type Receipt,
  type ReceiptLine,
} from '../../../src/contract/bill.ts';
import { spreadOverRates } from './money.ts';
import { payingOf, saleOfOrder, saleOfTable } from './sale.ts';
import { compedProblem, itemizedLines, netByRate } from './adjusted.ts';
import { taxRateOf, type Bill } from './bill.ts';
import { claimLines } from './claims.ts';
import type { Receipts } from './receipts.ts';
import type { BillingContext } from './context.ts';
import * as sql from './queries.ts';

/** How far back `GET /venues/{id}/order-payments` looks: a board shows the orders of the last day. */
const ORDER_PAYMENTS_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Receipt lines of a payment that covers an amount, not dishes: the amount spread over the bill's tax rates. */
export function shareLines(state: BillState, amount: number): ReceiptLine[] {
  // The whole bill at once, with invitations or discounts: each line and each of those its own line.
  if (state.adjustments?.length && state.paid === 0 && amount === state.total) return itemizedLines(state);
  // Tax on what is actually paid: the rates' amounts after invitations and discounts.
  const gross = netByRate(state);
  return [...spreadOverRates(amount, gross).entries()].map(([taxRate, part]) => ({
    name: BILL_STRINGS.shareOfBill(state.table),
    quantity: 1,
    amount: part,
    taxRate,
  }));
}

/** The receipt lines of a pickup or delivery order: its lines, then the delivery fee. */
export function orderReceiptLines(entry: CachedVenue | undefined, venue: Venue, order: Order): ReceiptLine[] {
  const lines: ReceiptLine[] = order.lines.flatMap((l) =>
    receiptLinesOf({ ...l, amount: l.lineTotal, taxRate: taxRateOf(entry, l.productId) }),
  );
  if (order.deliveryFee > 0)
    lines.push({ name: BILL_STRINGS.deliveryFee, quantity: 1, amount: order.deliveryFee, taxRate: venue.taxRate ?? 0 });
  return lines;
}

export function createPayments(
  ctx: BillingContext,
  bill: Bill,
  receipts: Receipts,
  tableSessions: TableSessionService,
  orders: OrderService,
) {
  const { db, venues, events, options, now, venueOf, money } = ctx;
  const { read, publishBill, tipCheck } = bill;

  /** A repeat of an Idempotency-Key: the first payment and its receipt (another body: 422). */
  async function replayOf(
    q: Queryable,
    venueId: string,
    key: string,
    bodyHash: string,
  ): Promise<PaymentResult | undefined> {
    const row = await sql.paymentByKey(q, venueId, key);
    if (!row) return undefined;
    if (row.body_hash !== bodyHash) throw problem('idempotencyMismatch', 422, BILL_MESSAGES.keyMismatch);
    const receipt = await sql.receiptDoc(q, row.receipt_id);
    return { payment: JSON.parse(row.doc) as Payment, receipt: JSON.parse(receipt!.doc) as Receipt };
  }

  /**
   * Runs a payment's transaction; a key taken meanwhile (another instance) answers the first payment. Any other
   * unique index that refuses the payment (the order paid meanwhile under another key) is `conflict`: a 409.
   */
  async function withKey(
    venueId: string,
    key: string,
    bodyHash: string,
    conflict: string,
    fn: (tx: Queryable) => Promise<PaymentResult & { recordSeq?: number | undefined }>,
  ): Promise<PaymentResult & { replayed: boolean }> {
    const first = await replayOf(db, venueId, key, bodyHash);
    if (first) return { ...first, replayed: true };
    try {
      const result = await db.transaction(async (tx) => {
        const again = await replayOf(tx, venueId, key, bodyHash);
        if (again) return { ...again, replayed: true };
        return { ...(await fn(tx)), replayed: false };
      });
      if (!result.replayed) {
        events.committed(venueId);
        if ('recordSeq' in result && result.recordSeq !== undefined) options.outbox?.kick();
      }
      const { recordSeq: _seq, ...answer } = result as typeof result & { recordSeq?: number };
      return answer;
    } catch (error) {
      if (error instanceof HttpProblem || !isUniqueViolation(error)) throw error;
      const replayed = await replayOf(db, venueId, key, bodyHash);
      if (replayed) return { ...replayed, replayed: true };
      throw problem('invalidTransition', 409, conflict);
    }
  }

  return {
    pay: async (
      venueId: string,
      label: string,
      key: string,
      input: PaymentInput,
    ): Promise<PaymentResult & { replayed: boolean }> => {
      const venue = venueOf(venueId);
      const bodyHash = hashBody(
        JSON.stringify([
          'table',
          label,
          input.amount,
          input.tip,
          input.method,
          input.requestId ?? null,
          input.lineIds ?? [],
        ]),
      );
      return withKey(venueId, key, bodyHash, BILL_MESSAGES.paymentConflict, async (tx) => {
        const open = await openSessionOf(tx, venueId, label, true);
        if (!open) throw problem('notFound', 404, TABLE_MESSAGES.noOpenSession(label.slice(0, 40)));
        const s = open;
        await sql.releaseLapsedHolds(tx, s.id, now().getTime());
        const { state, requestRows, lineById, productOf, claims, rounds } = await read(tx, s);
        // A receipt line names its dish (`productId`): the receipt page names it in the diner's language.
        const dish = (l: BillLine) => {
          const productId = productOf.get(l.id);
          return productId ? { productId } : {};
        };
        if (state.balance === 0) throw problem('invalidTransition', 409, BILL_MESSAGES.nothingToPay);
        if (input.amount > state.balance)
          throw problem('invalidTransition', 409, BILL_MESSAGES.overpay(money(venue, state.balance)), {
            balance: state.balance,
          });
        tipCheck(input.amount, input.tip);
        const at = now();
        const paymentId = randomUUID();
        let lines: ReceiptLine[];
        let by: string | undefined;
        const writes: Array<Promise<unknown>> = [];
        if (input.requestId) {
          const row = requestRows.find((r) => r.id === input.requestId);
          if (!row) throw problem('notFound', 404, BILL_MESSAGES.requestNotFound);
          if (row.status !== 'pending') throw problem('invalidTransition', 409, BILL_MESSAGES.requestDone);
          if (row.amount !== input.amount)
            throw problem('validation', 422, BILL_MESSAGES.requestAmount, {
              errors: { amount: [BILL_MESSAGES.requestAmount] },
            });
          const request = JSON.parse(row.doc) as PaymentRequest;
          by = row.by_name;
          lines = claimLines(lineById, productOf, request.lineIds ?? [], request.shares ?? []);
          if (!lines.length) lines = shareLines(state, input.amount);
          writes.push(
            sql.setRequestStatus(
              tx,
              row.id,
              'paid',
              paymentId,
              JSON.stringify({ ...request, status: 'paid', paymentId }),
            ),
            sql.payClaimsOfRequest(tx, row.id, paymentId),
          );
        } else if (input.lineIds?.length) {
          if (new Set(input.lineIds).size !== input.lineIds.length)
            throw problem('validation', 422, BILL_MESSAGES.repeatedLine, {
              errors: { lineIds: [BILL_MESSAGES.repeatedLine] },
            });
          const chosen = input.lineIds.map((id) => {
            const line = lineById.get(id);
            if (!line)
              throw problem('validation', 422, BILL_MESSAGES.unknownLine, {
                errors: { lineIds: [BILL_MESSAGES.unknownLine] },
              });
            if (line.comped) throw compedProblem(line);
            if (line.paidBy !== undefined)
              throw problem('invalidTransition', 409, BILL_MESSAGES.linePaid(line.name, line.paidBy), { lineId: id });
            if (line.claimedBy !== undefined || line.shared)
              throw problem(
                'invalidTransition',
                409,
                BILL_MESSAGES.lineTaken(line.name, line.claimedBy ?? line.shared!.shares.map((x) => x.by).join(', ')),
                { lineId: id },
              );
            return line;
          });
          const sum = chosen.reduce((total, l) => total + l.lineTotal, 0);
          if (sum !== input.amount) {
            const detail = BILL_MESSAGES.amountNotLines(money(venue, sum));
            throw problem('validation', 422, detail, { errors: { amount: [detail] } });
          }
          lines = chosen.flatMap((l) => receiptLinesOf({ ...l, ...dish(l), amount: l.lineTotal }));
          writes.push(
            sql.insertClaims(
              tx,
              chosen.map((l) => ({
                session_id: s.id,
                line_id: l.id,
                share_index: 0,
                share_of: 1,
                amount: l.lineTotal,
                by_name: BILL_STRINGS.staffName,
                request_id: null,
                payment_id: paymentId,
              })),
            ),
          );
        } else {
          lines = shareLines(state, input.amount);
        }
        const { receipt, recordSeq } = await receipts.issue(
          tx,
          venue,
          paymentId,
          at,
          { lines, amount: input.amount, tip: input.tip, method: input.method, table: s.label },
          saleOfTable(s.id, state, claims, productOf, payingOf(input, requestRows), {
            openedAt: s.opened_at,
            rounds,
          }),
        );
        const payment: Payment = {
          id: paymentId,
          venueId,
          table: s.label,
          sessionId: s.id,
          ...(input.requestId ? { requestId: input.requestId } : {}),
          amount: input.amount,
          tip: input.tip,
          method: input.method,
          ...(input.lineIds?.length ? { lineIds: input.lineIds } : {}),
          ...(by ? { by } : {}),
          createdAt: at.toISOString(),
          receiptId: receipt.id,
        };
        writes.push(
          sql.insertPayment(tx, {
            id: paymentId,
            venue_id: venueId,
            session_id: s.id,
            order_id: null,
            request_id: input.requestId ?? null,
            amount: input.amount,
            tip: input.tip,
            method: input.method,
            day: receipt.issuedAt.slice(0, 10),
            doc: JSON.stringify(payment),
            receipt_id: receipt.id,
            idem_key: key,
            body_hash: bodyHash,
            created_at: at.getTime(),
          }),
        );
        await Promise.all(writes);
        // Balance 0: the table is paid («Pagada» on the board and every phone).
        if (input.amount === state.balance) {
          const paidAt = at.toISOString();
          await setSessionPaid(tx, s.id, paidAt);
          const paid = { ...s, paid_at: paidAt };
          await publishBill(tx, paid);
          await tableSessions.publishIn(tx, paid);
        } else {
          await publishBill(tx, s);
        }
        return { payment, receipt, recordSeq };
      });
    },

    payOrder: async (
      venueId: string,
      orderId: string,
      key: string,
      method: 'card' | 'cash' | undefined,
    ): Promise<PaymentResult & { replayed: boolean }> => {
      const venue = venueOf(venueId);
      const bodyHash = hashBody(JSON.stringify(['order', orderId, method ?? null]));
      const found = orderId.length <= 100 ? await orders.get(orderId) : undefined;
      if (!found || found.order.venueId !== venueId) throw problem('notFound', 404, BILL_MESSAGES.orderNotFound);
      const { order } = found;
      return withKey(venueId, key, bodyHash, BILL_MESSAGES.orderPaid, async (tx) => {
        if (order.mode === 'table') throw problem('invalidTransition', 409, BILL_MESSAGES.tableOrder);
        if (order.status === 'cancelled') throw problem('invalidTransition', 409, BILL_MESSAGES.orderCancelled);
        if (await sql.paymentOfOrder(tx, order.id)) throw problem('invalidTransition', 409, BILL_MESSAGES.orderPaid);
        const entry = venues.get(venueId);
        const at = now();
        const paymentId = randomUUID();
        const amount = order.total - order.tip;
        const lines = orderReceiptLines(entry, venue, order);
        const paidWith = method ?? (order.payment === 'online' ? 'card' : order.payment) ?? 'cash';
        const { receipt, recordSeq } = await receipts.issue(
          tx,
          venue,
          paymentId,
          at,
          { lines, amount, tip: order.tip, method: paidWith, orderNumber: order.number },
          saleOfOrder(entry, order),
        );
        const payment: Payment = {
          id: paymentId,
          venueId,
          orderId: order.id,
          amount,
          tip: order.tip,
          method: paidWith,
          createdAt: at.toISOString(),
          receiptId: receipt.id,
        };
        await sql.insertPayment(tx, {
          id: paymentId,
          venue_id: venueId,
          session_id: null,
          order_id: order.id,
          request_id: null,
          amount,
          tip: order.tip,
          method: paidWith,
          day: receipt.issuedAt.slice(0, 10),
          doc: JSON.stringify(payment),
          receipt_id: receipt.id,
          idem_key: key,
          body_hash: bodyHash,
          created_at: at.getTime(),
        });
        // The board shows the order paid live (`event: payment`, the payment).
        await events.append(tx, { venueId, orderId: order.id, type: 'payment', data: JSON.stringify(payment) });
        return { payment, receipt, recordSeq };
      });
    },

    /** The pickup and delivery orders' payments of the last 24 hours (a board opened later shows them paid). */
    orderPayments: async (venueId: string): Promise<Payment[]> => {
      venueOf(venueId);
      const rows = await sql.orderPaymentsSince(db, venueId, now().getTime() - ORDER_PAYMENTS_WINDOW_MS);
      return rows.map((p) => JSON.parse(p.doc) as Payment);
    },
  };
}
