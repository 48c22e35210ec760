/**
 * Every SQL statement of the bill (docs/rules.md#the-bill). Each function issues its statement at once, so
 * statements a caller starts together inside a transaction are pipelined; the caller decides the transaction.
 */
import type { Queryable } from '../../platform/db/database.ts';

export interface RequestRow {
  id: string;
  venue_id: string;
  session_id: string;
  participant_id: string;
  by_name: string;
  amount: number;
  tip: number;
  method: 'card' | 'cash';
  status: 'pending' | 'paid' | 'cancelled';
  doc: string;
  payment_id: string | null;
  created_at: string;
}

export interface ClaimRow {
  session_id: string;
  line_id: string;
  share_index: number;
  share_of: number;
  amount: number;
  by_name: string;
  request_id: string | null;
  payment_id: string | null;
}

export interface PaymentRow {
  id: string;
  venue_id: string;
  session_id: string | null;
  order_id: string | null;
  amount: number;
  tip: number;
  method: 'card' | 'cash' | 'bizum';
  day: string;
  doc: string;
  receipt_id: string;
  body_hash: string;
  created_at: number;
}

export interface RecordRow {
  seq: number;
  issuer: string;
  venue_id: string;
  receipt_id: string;
  num_serie: string;
  fecha: string;
  tipo: string;
  cuota: string;
  importe: string;
  huella: string;
  huella_anterior: string;
  generated_at: string;
  qr: string;
  /** A rectifying invoice's (docs/rules.md#refunds): `I`, and the invoices rectified as JSON. */
  tipo_rectificativa: string | null;
  rectified: string | null;
}

const REQUEST_COLUMNS =
  'id, venue_id, session_id, participant_id, by_name, amount, tip, method, status, doc, payment_id, created_at';
const CLAIM_COLUMNS = 'session_id, line_id, share_index, share_of, amount, by_name, request_id, payment_id';
const PAYMENT_COLUMNS =
  'id, venue_id, session_id, order_id, amount, tip, method, day, doc, receipt_id, body_hash, created_at';
const RECORD_COLUMNS =
  'seq, issuer, venue_id, receipt_id, num_serie, fecha, tipo, cuota, importe, huella, huella_anterior, generated_at, qr, tipo_rectificativa, rectified';

// ── Requests and claims ──────────────────────────────────────────────────────

export const requestsOf = (q: Queryable, sessionId: string) =>
  q.all<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM bill_requests WHERE session_id = ? ORDER BY created_at, id`, [
    sessionId,
  ]);

export const insertRequest = (q: Queryable, r: RequestRow) =>
  q.run(`INSERT INTO bill_requests (${REQUEST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    r.id,
    r.venue_id,
    r.session_id,
    r.participant_id,
    r.by_name,
    r.amount,
    r.tip,
    r.method,
    r.status,
    r.doc,
    r.payment_id,
    r.created_at,
  ]);

/** A request paid or cancelled: its status, its payment and its document (`doc`, the PaymentRequest as answered). */
export const setRequestStatus = (
  q: Queryable,
  id: string,
  status: RequestRow['status'],
  paymentId: string | null,
  doc: string,
) => q.run('UPDATE bill_requests SET status = ?, payment_id = ?, doc = ? WHERE id = ?', [status, paymentId, doc, id]);

export const claimsOf = (q: Queryable, sessionId: string) =>
  q.all<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM bill_claims WHERE session_id = ? ORDER BY line_id, share_index`, [
    sessionId,
  ]);

/** Claims in one statement (the primary key refuses a line or share someone else took). */
export function insertClaims(q: Queryable, claims: readonly ClaimRow[]) {
  if (!claims.length) return Promise.resolve(0);
  const values = claims.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
  return q.run(
    `INSERT INTO bill_claims (${CLAIM_COLUMNS}) VALUES ${values}`,
    claims.flatMap((c) => [
      c.session_id,
      c.line_id,
      c.share_index,
      c.share_of,
      c.amount,
      c.by_name,
      c.request_id,
      c.payment_id,
    ]),
  );
}

export const payClaimsOfRequest = (q: Queryable, requestId: string, paymentId: string) =>
  q.run('UPDATE bill_claims SET payment_id = ? WHERE request_id = ?', [paymentId, requestId]);

export const dropClaimsOfRequest = (q: Queryable, requestId: string) =>
  q.run('DELETE FROM bill_claims WHERE request_id = ? AND payment_id IS NULL', [requestId]);

// ── Holds of payments from the phone (docs/rules.md#paying-from-the-phone) ───

/** The session's online payments still pending: their claims are held (`request_id` = the payment's id). */
export const onlineHoldsOf = (q: Queryable, sessionId: string) =>
  q.all<{ id: string; amount: number; by_name: string; expires_at: number }>(
    "SELECT id, amount, by_name, expires_at FROM online_payments WHERE session_id = ? AND status = 'pending'",
    [sessionId],
  );

/** Pending online payments of the session past their time expire, and what they held is free again. */
export async function releaseLapsedHolds(q: Queryable, sessionId: string, now: number) {
  await q.run(
    "UPDATE online_payments SET status = 'expired' WHERE session_id = ? AND status = 'pending' AND expires_at <= ?",
    [sessionId, now],
  );
  await q.run(
    "DELETE FROM bill_claims WHERE session_id = ? AND payment_id IS NULL AND request_id IN (SELECT id FROM online_payments WHERE session_id = ? AND status IN ('expired', 'failed'))",
    [sessionId, sessionId],
  );
}

// ── Payments ─────────────────────────────────────────────────────────────────

export const paymentsOfSession = (q: Queryable, sessionId: string) =>
  q.all<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM bill_payments WHERE session_id = ? ORDER BY created_at, id`, [
    sessionId,
  ]);

export const paymentByKey = (q: Queryable, venueId: string, key: string) =>
  q.get<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM bill_payments WHERE venue_id = ? AND idem_key = ?`, [venueId, key]);

export const paymentOfOrder = (q: Queryable, orderId: string) =>
  q.get<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM bill_payments WHERE order_id = ?`, [orderId]);

export const orderPaymentsSince = (q: Queryable, venueId: string, since: number) =>
  q.all<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM bill_payments WHERE venue_id = ? AND order_id IS NOT NULL AND created_at >= ? ORDER BY created_at, id`,
    [venueId, since],
  );

export const paymentsOfDay = (q: Queryable, venueId: string, day: string) =>
  q.all<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM bill_payments WHERE venue_id = ? AND day = ? ORDER BY created_at, id`,
    [venueId, day],
  );

export const insertPayment = (
  q: Queryable,
  p: PaymentRow & { request_id: string | null; idem_key: string; provider?: string; provider_ref?: string },
) =>
  q.run(
    `INSERT INTO bill_payments (id, venue_id, session_id, order_id, request_id, amount, tip, method, day, doc, receipt_id, idem_key, body_hash, created_at, provider, provider_ref)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      p.id,
      p.venue_id,
      p.session_id,
      p.order_id,
      p.request_id,
      p.amount,
      p.tip,
      p.method,
      p.day,
      p.doc,
      p.receipt_id,
      p.idem_key,
      p.body_hash,
      p.created_at,
      p.provider ?? null,
      p.provider_ref ?? null,
    ],
  );

// ── Receipts ─────────────────────────────────────────────────────────────────

/**
 * The venue's next receipt number of `series` in `year`: the counter row stays locked until the transaction
 * ends, so numbers are given in commit order and a rolled-back payment gives its number back (no gap).
 */
export const nextReceiptNumber = async (q: Queryable, venueId: string, series: string, year: number) =>
  (await q.get<{ n: number }>(
    'INSERT INTO receipt_counters (venue_id, series, year, n) VALUES (?, ?, ?, 1) ON CONFLICT (venue_id, series, year) DO UPDATE SET n = receipt_counters.n + 1 RETURNING n',
    [venueId, series, year],
  ))!.n;

export const insertReceipt = (
  q: Queryable,
  r: {
    id: string;
    venueId: string;
    series: string;
    year: number;
    n: number;
    number: string;
    day: string;
    paymentId: string;
    doc: string;
    createdAt: number;
  },
) =>
  q.run(
    'INSERT INTO receipts (id, venue_id, series, year, n, number, day, payment_id, doc, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [r.id, r.venueId, r.series, r.year, r.n, r.number, r.day, r.paymentId, r.doc, r.createdAt],
  );

export const receiptDoc = (q: Queryable, id: string) =>
  q.get<{ doc: string }>('SELECT doc FROM receipts WHERE id = ?', [id]);

/** The day's receipts: each series in number order (`FS…` before the rectifying `R…`). */
export const receiptsOfDay = (q: Queryable, venueId: string, day: string) =>
  q.all<{ id: string; payment_id: string; doc: string }>(
    'SELECT id, payment_id, doc FROM receipts WHERE venue_id = ? AND day = ? ORDER BY series, year, n',
    [venueId, day],
  );

// ── VERI*FACTU ───────────────────────────────────────────────────────────────

/** The admin's confirmation of the venue's tax id `taxId`, with the venue's series under that issuer. */
export const confirmedIssuer = (q: Queryable, venueId: string, taxId: string) =>
  q.get<{ series: string; confirmed_at: number }>(
    'SELECT series, confirmed_at FROM verifactu_issuers WHERE venue_id = ? AND tax_id = ?',
    [venueId, taxId],
  );

/** The series the issuer's venues have. */
export const seriesOfIssuer = async (q: Queryable, taxId: string) =>
  (await q.all<{ series: string }>('SELECT series FROM verifactu_issuers WHERE tax_id = ?', [taxId])).map(
    (r) => r.series,
  );

/** The series the venue has numbered receipts in. */
export const seriesOfVenue = async (q: Queryable, venueId: string) =>
  (await q.all<{ series: string }>('SELECT DISTINCT series FROM receipt_counters WHERE venue_id = ?', [venueId])).map(
    (r) => r.series,
  );

export const insertIssuer = (
  q: Queryable,
  r: { venueId: string; taxId: string; series: string; confirmedBy: string; confirmedAt: number },
) =>
  q.run('INSERT INTO verifactu_issuers (venue_id, tax_id, series, confirmed_by, confirmed_at) VALUES (?, ?, ?, ?, ?)', [
    r.venueId,
    r.taxId,
    r.series,
    r.confirmedBy,
    r.confirmedAt,
  ]);

/** The issuer's newest record (the chain's end), read under the issuer's lock. */
export const lastRecordOf = (q: Queryable, issuer: string) =>
  q.get<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM verifactu_records WHERE issuer = ? ORDER BY seq DESC LIMIT 1`, [
    issuer,
  ]);

export const insertRecord = async (q: Queryable, r: Omit<RecordRow, 'seq'>) =>
  (await q.get<{ seq: number }>(
    `INSERT INTO verifactu_records (issuer, venue_id, receipt_id, num_serie, fecha, tipo, cuota, importe, huella, huella_anterior, generated_at, qr, tipo_rectificativa, rectified)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
    [
      r.issuer,
      r.venue_id,
      r.receipt_id,
      r.num_serie,
      r.fecha,
      r.tipo,
      r.cuota,
      r.importe,
      r.huella,
      r.huella_anterior,
      r.generated_at,
      r.qr,
      r.tipo_rectificativa,
      r.rectified,
    ],
  ))!.seq;

export const recordsOfVenue = (q: Queryable, venueId: string) =>
  q.all<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM verifactu_records WHERE venue_id = ? ORDER BY seq`, [venueId]);

export const enqueueRecord = (q: Queryable, seq: number, at: number) =>
  q.run('INSERT INTO verifactu_outbox (record_seq, attempts, next_at) VALUES (?, 0, ?)', [seq, at]);

/** Records not yet sent, oldest first (due or waiting for their retry). */
export const unsentRecords = (q: Queryable, max: number) =>
  q.all<RecordRow & { attempts: number; next_at: number }>(
    `SELECT r.seq, r.issuer, r.venue_id, r.receipt_id, r.num_serie, r.fecha, r.tipo, r.cuota, r.importe, r.huella, r.huella_anterior, r.generated_at, r.qr, r.tipo_rectificativa, r.rectified, o.attempts, o.next_at
    FROM verifactu_outbox o JOIN verifactu_records r ON r.seq = o.record_seq WHERE o.sent_at IS NULL ORDER BY o.record_seq LIMIT ?`,
    [max],
  );

/** Takes a due record for `leaseUntil` (one instance sends it): true when this caller got it. */
export const leaseRecord = async (q: Queryable, seq: number, seenNextAt: number, leaseUntil: number) =>
  (await q.run('UPDATE verifactu_outbox SET next_at = ? WHERE record_seq = ? AND next_at = ? AND sent_at IS NULL', [
    leaseUntil,
    seq,
    seenNextAt,
  ])) === 1;

export const markSent = (q: Queryable, seq: number, at: number) =>
  q.run('UPDATE verifactu_outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE record_seq = ?', [
    at,
    seq,
  ]);

export const markFailed = (q: Queryable, seq: number, nextAt: number, error: string) =>
  q.run('UPDATE verifactu_outbox SET attempts = attempts + 1, next_at = ?, last_error = ? WHERE record_seq = ?', [
    nextAt,
    error.slice(0, 500),
    seq,
  ]);

// ── Invitations and discounts (docs/rules.md#the-floor) ──────────────────────

export const adjustmentsOf = (q: Queryable, sessionId: string) =>
  q.all<{ doc: string }>('SELECT doc FROM bill_adjustments WHERE session_id = ? ORDER BY created_at, id', [sessionId]);

export const insertAdjustment = (
  q: Queryable,
  a: { id: string; venueId: string; sessionId: string; kind: string; amount: number; doc: string; at: number },
) =>
  q.run(
    'INSERT INTO bill_adjustments (id, venue_id, session_id, kind, amount, doc, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [a.id, a.venueId, a.sessionId, a.kind, a.amount, a.doc, a.at],
  );
