/**
 * Every SQL statement of refunds (docs/rules.md#refunds). Each function issues its statement at once; the caller
 * decides the transaction.
 */
import type { Queryable } from '../../../platform/db/database.ts';
import type { PaymentRow } from '../queries.ts';

export interface RefundRow {
  id: string;
  venue_id: string;
  payment_id: string;
  rectified_receipt_id: string;
  amount: number;
  sale: number;
  tip: number;
  reason: string;
  method: string;
  provider: string | null;
  status: 'pending' | 'done';
  receipt_id: string | null;
  day: string;
  doc: string;
  idem_key: string;
  body_hash: string;
  created_by: string;
  created_at: number;
}

const COLUMNS =
  'id, venue_id, payment_id, rectified_receipt_id, amount, sale, tip, reason, method, provider, status, receipt_id, day, doc, idem_key, body_hash, created_by, created_at';

/** The payment, its row locked until the transaction ends (PostgreSQL; SQLite's write transactions are exclusive). */
export const paymentForRefund = (q: Queryable, venueId: string, paymentId: string, forUpdate = '') =>
  q.get<PaymentRow>(
    `SELECT id, venue_id, session_id, order_id, amount, tip, method, day, doc, receipt_id, body_hash, created_at FROM bill_payments WHERE id = ? AND venue_id = ?${forUpdate}`,
    [paymentId, venueId],
  );

export const refundsOfPayment = (q: Queryable, paymentId: string) =>
  q.all<RefundRow>(`SELECT ${COLUMNS} FROM bill_refunds WHERE payment_id = ? ORDER BY created_at, id`, [paymentId]);

export const refundByKey = (q: Queryable, venueId: string, key: string) =>
  q.get<RefundRow>(`SELECT ${COLUMNS} FROM bill_refunds WHERE venue_id = ? AND idem_key = ?`, [venueId, key]);

export const refundsOfDay = (q: Queryable, venueId: string, day: string) =>
  q.all<RefundRow>(
    `SELECT ${COLUMNS} FROM bill_refunds WHERE venue_id = ? AND day = ? AND status = 'done' ORDER BY created_at, id`,
    [venueId, day],
  );

/** What was refunded of each of these payments (done or being asked of a provider). */
export const refundedOf = async (q: Queryable, paymentIds: readonly string[]) => {
  if (!paymentIds.length) return new Map<string, number>();
  const rows = await q.all<{ payment_id: string; amount: number }>(
    `SELECT payment_id, SUM(amount) AS amount FROM bill_refunds WHERE payment_id IN (${paymentIds.map(() => '?').join(', ')}) GROUP BY payment_id`,
    [...paymentIds],
  );
  return new Map(rows.map((r) => [r.payment_id, Number(r.amount)]));
};

export const insertRefund = (q: Queryable, r: RefundRow) =>
  q.run(`INSERT INTO bill_refunds (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    r.id,
    r.venue_id,
    r.payment_id,
    r.rectified_receipt_id,
    r.amount,
    r.sale,
    r.tip,
    r.reason,
    r.method,
    r.provider,
    r.status,
    r.receipt_id,
    r.day,
    r.doc,
    r.idem_key,
    r.body_hash,
    r.created_by,
    r.created_at,
  ]);

/** A refund whose receipt was issued: `done`, with its receipt and its document. */
export const finishRefund = (q: Queryable, id: string, receiptId: string, day: string, doc: string) =>
  q.run("UPDATE bill_refunds SET status = 'done', receipt_id = ?, day = ?, doc = ? WHERE id = ?", [
    receiptId,
    day,
    doc,
    id,
  ]);

/** A provider refused: the reservation goes, nothing of the refund stays. */
export const dropRefund = (q: Queryable, id: string) =>
  q.run("DELETE FROM bill_refunds WHERE id = ? AND status = 'pending'", [id]);

/** The receipts that rectify receipt `receiptId`, oldest first. */
export const rectificationsOf = (q: Queryable, receiptId: string) =>
  q.all<{ doc: string }>(
    `SELECT r.doc FROM bill_refunds f JOIN receipts r ON r.id = f.receipt_id WHERE f.rectified_receipt_id = ? AND f.status = 'done' ORDER BY f.created_at, f.id`,
    [receiptId],
  );

/**
 * The order number the provider knows a payment from the phone by (`online_payments.reference`, the same id as its
 * `bill_payments` row): a Redsys refund names it.
 */
export const onlineReferenceOf = async (q: Queryable, paymentId: string) =>
  (await q.get<{ reference: string }>('SELECT reference FROM online_payments WHERE id = ?', [paymentId]))?.reference;
