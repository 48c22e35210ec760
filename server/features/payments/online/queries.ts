/**
 * Every SQL statement of pending online payments (docs/rules.md#paying-from-the-phone): the `online_payments`
 * table. Each function issues its statement at once; the caller decides the transaction.
 */
import type { Queryable } from '../../../platform/db/database.ts';
import type { OnlineStatus } from '../../../../src/contract/online-payments.ts';

export interface OnlineRow {
  id: string;
  venue_id: string;
  reference: string;
  provider: 'redsys' | 'stripe';
  method: 'card' | 'bizum';
  amount: number;
  tip: number;
  currency: string;
  status: OnlineStatus;
  session_id: string | null;
  order_id: string | null;
  participant_id: string | null;
  by_name: string;
  /** JSON: `{lineIds?, shares?, amount?, tip, heldShares?}`. */
  claim: string;
  /** JSON: the redirect the phone follows (null until the provider answered). */
  redirect: string | null;
  idem_key: string;
  body_hash: string;
  provider_ref: string | null;
  receipt_id: string | null;
  expires_at: number;
  created_at: number;
}

const COLUMNS =
  'id, venue_id, reference, provider, method, amount, tip, currency, status, session_id, order_id, participant_id, by_name, claim, redirect, idem_key, body_hash, provider_ref, receipt_id, expires_at, created_at';

/** Numbers come back as strings from PostgreSQL's BIGINT. */
const row = (r: OnlineRow | undefined): OnlineRow | undefined =>
  r && {
    ...r,
    amount: Number(r.amount),
    tip: Number(r.tip),
    expires_at: Number(r.expires_at),
    created_at: Number(r.created_at),
  };

export const insertOnline = (q: Queryable, r: OnlineRow) =>
  q.run(
    `INSERT INTO online_payments (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      r.id,
      r.venue_id,
      r.reference,
      r.provider,
      r.method,
      r.amount,
      r.tip,
      r.currency,
      r.status,
      r.session_id,
      r.order_id,
      r.participant_id,
      r.by_name,
      r.claim,
      r.redirect,
      r.idem_key,
      r.body_hash,
      r.provider_ref,
      r.receipt_id,
      r.expires_at,
      r.created_at,
    ],
  );

export const onlineById = async (q: Queryable, id: string) =>
  row(await q.get<OnlineRow>(`SELECT ${COLUMNS} FROM online_payments WHERE id = ?`, [id]));

export const onlineByReference = async (q: Queryable, reference: string) =>
  row(await q.get<OnlineRow>(`SELECT ${COLUMNS} FROM online_payments WHERE reference = ?`, [reference]));

export const onlineByKey = async (q: Queryable, venueId: string, key: string) =>
  row(
    await q.get<OnlineRow>(`SELECT ${COLUMNS} FROM online_payments WHERE venue_id = ? AND idem_key = ?`, [
      venueId,
      key,
    ]),
  );

export const setRedirect = (q: Queryable, id: string, redirect: string, providerRef: string | null) =>
  q.run('UPDATE online_payments SET redirect = ?, provider_ref = COALESCE(?, provider_ref) WHERE id = ?', [
    redirect,
    providerRef,
    id,
  ]);

/**
 * Moves the payment from `from` to `to` (with the provider's reference): 1 when this caller made the change, 0 when
 * another did first — the one check that decides which confirmation records the payment.
 */
export const moveStatus = (q: Queryable, id: string, from: OnlineStatus, to: OnlineStatus, providerRef?: string) =>
  q.run('UPDATE online_payments SET status = ?, provider_ref = COALESCE(?, provider_ref) WHERE id = ? AND status = ?', [
    to,
    providerRef ?? null,
    id,
    from,
  ]);

export const setReceipt = (q: Queryable, id: string, receiptId: string) =>
  q.run('UPDATE online_payments SET receipt_id = ? WHERE id = ?', [receiptId, id]);

/** Pending payments past their time (any venue), oldest first. */
export const duePending = async (q: Queryable, now: number, max: number) =>
  (
    await q.all<OnlineRow>(
      `SELECT ${COLUMNS} FROM online_payments WHERE status = 'pending' AND expires_at <= ? ORDER BY expires_at LIMIT ?`,
      [now, max],
    )
  ).map((r) => row(r)!);
