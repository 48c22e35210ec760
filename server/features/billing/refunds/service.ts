/**
 * Refunds (docs/rules.md#refunds): a manager gives back all or part of a payment; each refund is a rectifying
 * receipt (R5, receipts.ts) with its own VERI*FACTU record chained after the issuer's last one. A payment taken at
 * the venue (cash, the card terminal) is refunded there by staff: the API records it and issues the receipt in one
 * transaction. A payment made online is refunded through its provider first (`BillingOptions.refundOnline`): the
 * refund is reserved (`pending`) so that two managers cannot give back more than was paid, the provider is asked,
 * and then the receipt is issued; a refusal deletes the reservation and nothing is recorded.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../platform/db/database.ts';
import { isUniqueViolation } from '../../../platform/db/database.ts';
import { HttpProblem, problem } from '../../../platform/problem.ts';
import { hashBody } from '../../orders/index.ts';
import type { Payment, Receipt, ReceiptLine, TaxLine } from '../../../../src/contract/bill.ts';
import type { Venue } from '../../../../src/contract/venue.ts';
import {
  providerLabel,
  REFUND_MESSAGES,
  REFUND_STRINGS,
  type Refund,
  type RefundInput,
  type RefundResult,
} from '../../../../src/contract/refund.ts';
import { spreadOverRates, taxesOf } from '../money.ts';
import type { Receipts } from '../receipts.ts';
import type { BillingContext } from '../context.ts';
import { receiptDoc } from '../queries.ts';
import * as sql from './queries.ts';

/** A payment's document as an online payment writes it (docs/rules.md#refunds): its provider and references. */
export type PaymentDoc = Payment & { provider?: string; providerRef?: string; reference?: string };

interface Plan {
  payment: PaymentDoc;
  original: Receipt;
  sale: number;
  tip: number;
  lines: ReceiptLine[];
  taxes: TaxLine[];
}

const negate = (t: TaxLine): TaxLine => ({ rate: t.rate, base: -t.base, tax: -t.tax });

/**
 * The rectifying receipt's lines and taxes for `sale` of what is left of the original receipt (docs/rules.md#refunds):
 * spread over its rates in proportion to what is left of each (largest remainder, ties to the lower rate), base and
 * tax per rate as any receipt's, written negative; the refund that gives back the rest of the sale takes exactly
 * what is left of each rate's base and tax, so a payment's refunds add up to its receipt to the minor unit.
 */
function rectifyingParts(original: Receipt, earlier: readonly Receipt[], sale: number, last: boolean) {
  const left = new Map<number, { gross: number; base: number; tax: number }>();
  for (const t of original.taxes) left.set(t.rate, { gross: t.base + t.tax, base: t.base, tax: t.tax });
  for (const r of earlier)
    for (const t of r.taxes) {
      const rate = left.get(t.rate);
      if (!rate) continue;
      // Earlier rectifications are negative: they take from what is left.
      rate.gross += t.base + t.tax;
      rate.base += t.base;
      rate.tax += t.tax;
    }
  const gross = new Map([...left].filter(([, v]) => v.gross > 0).map(([rate, v]) => [rate, v.gross]));
  const parts = last ? gross : spreadOverRates(sale, gross);
  const rates = [...parts.keys()].filter((rate) => parts.get(rate)! > 0).sort((a, b) => a - b);
  const lines: ReceiptLine[] = rates.map((taxRate) => ({
    name: REFUND_STRINGS.line(original.number),
    quantity: 1,
    amount: -parts.get(taxRate)!,
    taxRate,
  }));
  const taxes = last
    ? rates.map((rate) => negate({ rate, base: left.get(rate)!.base, tax: left.get(rate)!.tax }))
    : taxesOf(rates.map((taxRate) => ({ taxRate, amount: parts.get(taxRate)! }))).map(negate);
  return { lines, taxes };
}

export function createRefunds(ctx: BillingContext, receipts: Receipts) {
  const { db, events, options, now, venueOf, money } = ctx;

  async function replayOf(q: Queryable, venueId: string, key: string, bodyHash: string) {
    const row = await sql.refundByKey(q, venueId, key);
    if (!row) return undefined;
    if (row.body_hash !== bodyHash) throw problem('idempotencyMismatch', 422, REFUND_MESSAGES.keyMismatch);
    if (row.status !== 'done' || !row.receipt_id) throw problem('invalidTransition', 409, REFUND_MESSAGES.inProgress);
    const receipt = await receiptDoc(q, row.receipt_id);
    return { refund: JSON.parse(row.doc) as Refund, receipt: JSON.parse(receipt!.doc) as Receipt };
  }

  /**
   * Under the payment's lock: whether `amount` may be given back, how much of it is the sale and how much the tip
   * (the sale first; the tip only with the last of the sale), and the rectifying receipt's lines and taxes.
   */
  async function plan(tx: Queryable, venue: Venue, paymentId: string, amount: number, reserved?: string) {
    const row = await sql.paymentForRefund(tx, venue.id, paymentId, db.forUpdate);
    if (!row) throw problem('notFound', 404, REFUND_MESSAGES.paymentNotFound);
    const payment = JSON.parse(row.doc) as PaymentDoc;
    const all = await sql.refundsOfPayment(tx, paymentId);
    const earlier = all.filter((r) => r.id !== reserved);
    if (earlier.some((r) => r.status !== 'done')) throw problem('invalidTransition', 409, REFUND_MESSAGES.inProgress);
    const refunded = earlier.reduce((sum, r) => sum + r.amount, 0);
    const left = row.amount + row.tip - refunded;
    if (left <= 0) throw problem('invalidTransition', 409, REFUND_MESSAGES.fullyRefunded, { refundable: 0 });
    if (amount > left)
      throw problem('invalidTransition', 409, REFUND_MESSAGES.overRefund(money(venue, left)), { refundable: left });
    const saleLeft = row.amount - earlier.reduce((sum, r) => sum + r.sale, 0);
    const sale = Math.min(amount, saleLeft);
    if (sale <= 0) throw problem('invalidTransition', 409, REFUND_MESSAGES.tipOnly, { refundable: left });
    const [original, ...rest] = await Promise.all(
      [row.receipt_id, ...earlier.map((r) => r.receipt_id!)].map(async (id) => {
        const doc = await receiptDoc(tx, id);
        return JSON.parse(doc!.doc) as Receipt;
      }),
    );
    const parts = rectifyingParts(original!, rest, sale, sale === saleLeft);
    return { payment, original: original!, sale, tip: amount - sale, ...parts } satisfies Plan;
  }

  /** Issues the rectifying receipt of a planned refund and marks it done (in `tx`). */
  async function finish(
    tx: Queryable,
    venue: Venue,
    p: Plan,
    refund: Omit<Refund, 'receiptId' | 'createdAt'>,
    at: Date,
    insert: sql.RefundRow | undefined,
  ) {
    const { receipt, recordSeq } = await receipts.issue(tx, venue, p.payment.id, at, {
      lines: p.lines,
      taxes: p.taxes,
      amount: -p.sale,
      tip: -p.tip,
      method: p.payment.method,
      table: p.original.table,
      orderNumber: p.original.orderNumber,
      rectifies: { receipt: p.original, reason: refund.reason },
    });
    const doc: Refund = { ...refund, createdAt: at.toISOString(), receiptId: receipt.id };
    const day = receipt.issuedAt.slice(0, 10);
    if (insert) await sql.insertRefund(tx, { ...insert, receipt_id: receipt.id, day, doc: JSON.stringify(doc) });
    else await sql.finishRefund(tx, refund.id, receipt.id, day, JSON.stringify(doc));
    return { refund: doc, receipt, recordSeq };
  }

  function committed(venueId: string, recordSeq: number | undefined) {
    events.committed(venueId);
    if (recordSeq !== undefined) options.outbox?.kick();
  }

  return {
    refund: async (
      venueId: string,
      paymentId: string,
      key: string,
      input: RefundInput,
      by: string,
    ): Promise<RefundResult & { replayed: boolean }> => {
      const venue = venueOf(venueId);
      const bodyHash = hashBody(JSON.stringify(['refund', paymentId, input.amount, input.reason]));
      const first = await replayOf(db, venueId, key, bodyHash);
      if (first) return { ...first, replayed: true };
      const found = paymentId.length <= 100 ? await sql.paymentForRefund(db, venueId, paymentId) : undefined;
      if (!found) throw problem('notFound', 404, REFUND_MESSAGES.paymentNotFound);
      const online = (JSON.parse(found.doc) as PaymentDoc).provider;
      const id = randomUUID();
      const row = (p: Plan, at: Date, status: sql.RefundRow['status']): sql.RefundRow => ({
        id,
        venue_id: venueId,
        payment_id: paymentId,
        rectified_receipt_id: p.original.id,
        amount: input.amount,
        sale: p.sale,
        tip: p.tip,
        reason: input.reason,
        method: p.payment.method,
        provider: p.payment.provider ?? null,
        status,
        receipt_id: null,
        day: '',
        doc: '{}',
        idem_key: key,
        body_hash: bodyHash,
        created_by: by,
        created_at: at.getTime(),
      });
      const refundOf = (p: Plan, providerRef?: string): Omit<Refund, 'receiptId' | 'createdAt'> => ({
        id,
        venueId,
        paymentId,
        amount: input.amount,
        sale: p.sale,
        tip: p.tip,
        reason: input.reason,
        method: p.payment.method,
        ...(p.payment.provider ? { provider: p.payment.provider } : {}),
        ...(providerRef ? { providerRef } : {}),
      });
      try {
        if (!online) {
          // Given back at the venue (cash, the card terminal): recorded and its receipt issued at once.
          const result = await db.transaction(async (tx) => {
            const again = await replayOf(tx, venueId, key, bodyHash);
            if (again) return { ...again, replayed: true as const };
            const p = await plan(tx, venue, paymentId, input.amount);
            const at = now();
            return { ...(await finish(tx, venue, p, refundOf(p), at, row(p, at, 'done'))), replayed: false as const };
          });
          if (!result.replayed) committed(venueId, result.recordSeq);
          const { recordSeq: _seq, ...answer } = result as typeof result & { recordSeq?: number };
          return answer;
        }
        // Online: reserve the amount, ask the provider, then issue the receipt.
        const reserved = await db.transaction(async (tx) => {
          const again = await replayOf(tx, venueId, key, bodyHash);
          if (again) return again;
          const p = await plan(tx, venue, paymentId, input.amount);
          await sql.insertRefund(tx, row(p, now(), 'pending'));
          return p;
        });
        if ('refund' in reserved) return { ...reserved, replayed: true };
        const payment = reserved.payment;
        let providerRef: string;
        try {
          if (!options.refundOnline) throw problem('invalidTransition', 409, REFUND_MESSAGES.noProvider);
          const reference = (await sql.onlineReferenceOf(db, payment.id)) ?? payment.reference ?? payment.id;
          ({ providerRef } = await options.refundOnline(venueId, {
            provider: payment.provider!,
            reference,
            providerRef: payment.providerRef,
            amount: input.amount,
            currency: venue.currency,
          }));
        } catch (error) {
          await db.transaction((tx) => sql.dropRefund(tx, id));
          if (error instanceof HttpProblem) throw error;
          // The provider's own words (an error code), without the module's «Redsys refused the refund:» prefix.
          const why = (error instanceof Error ? error.message : String(error)).replace(
            /^(Redsys|Stripe)( refused the refund)?:\s*/i,
            '',
          );
          throw problem(
            'invalidTransition',
            409,
            REFUND_MESSAGES.providerRefused(providerLabel(payment.provider!, payment.method), why.slice(0, 300)),
          );
        }
        const result = await db.transaction(async (tx) => {
          const p = await plan(tx, venue, paymentId, input.amount, id);
          return finish(tx, venue, p, refundOf(p, providerRef), now(), undefined);
        });
        committed(venueId, result.recordSeq);
        return { refund: result.refund, receipt: result.receipt, replayed: false };
      } catch (error) {
        if (error instanceof HttpProblem || !isUniqueViolation(error)) throw error;
        // The same key at the same moment (another instance): the first refund.
        const replayed = await replayOf(db, venueId, key, bodyHash);
        if (replayed) return { ...replayed, replayed: true };
        throw error;
      }
    },
  };
}
