/** The reports' SQL (docs/rules.md#reports): every statement is scoped by `venue_id`. */
import type { Queryable } from '../../platform/db/database.ts';

export interface FactRow {
  metric: string;
  key: string;
  label: string;
  n: number;
  amount: number;
  extra: number;
}

/** Adds rows to `report_days` (one statement; keys unique within `rows`). */
export async function upsertFacts(q: Queryable, venueId: string, day: string, rows: readonly FactRow[]) {
  if (!rows.length) return;
  await q.run(
    `INSERT INTO report_days (venue_id, day, metric, key, label, n, amount, extra) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
    ON CONFLICT (venue_id, day, metric, key) DO UPDATE SET
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE report_days.label END,
      n = report_days.n + excluded.n, amount = report_days.amount + excluded.amount, extra = report_days.extra + excluded.extra`,
    rows.flatMap((r) => [venueId, day, r.metric, r.key, r.label, r.n, r.amount, r.extra]),
  );
}

/** Whether the table session had a payment already. */
export const sessionPaidBefore = async (q: Queryable, sessionId: string) =>
  Boolean(await q.get('SELECT 1 AS one FROM bill_payments WHERE session_id = ? LIMIT 1', [sessionId]));

/** People at the table (not removed). */
export const peopleAt = async (q: Queryable, sessionId: string) =>
  Number(
    (
      await q.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM table_participants WHERE session_id = ? AND removed_at IS NULL',
        [sessionId],
      )
    )?.n ?? 0,
  );

/** The period's facts summed by metric and key (one row each; `label` the latest name seen in the period). */
export const factsOfPeriod = (q: Queryable, venueId: string, from: string, to: string) =>
  q.all<FactRow>(
    `SELECT metric, key, MAX(label) AS label, SUM(n) AS n, SUM(amount) AS amount, SUM(extra) AS extra
    FROM report_days WHERE venue_id = ? AND day >= ? AND day <= ? AND metric <> 'hour' AND metric <> 'sales'
    GROUP BY metric, key`,
    [venueId, from, to],
  );

/** Net sales, orders and tips per day (both periods at once) and per hour. */
export const salesByDay = (q: Queryable, venueId: string, from: string, to: string) =>
  q.all<{ day: string; n: number; amount: number; extra: number }>(
    "SELECT day, n, amount, extra FROM report_days WHERE venue_id = ? AND day >= ? AND day <= ? AND metric = 'sales' AND key = ''",
    [venueId, from, to],
  );

export const salesByHour = (q: Queryable, venueId: string, from: string, to: string) =>
  q.all<{ key: string; n: number; amount: number }>(
    "SELECT key, SUM(n) AS n, SUM(amount) AS amount FROM report_days WHERE venue_id = ? AND day >= ? AND day <= ? AND metric = 'hour' GROUP BY key",
    [venueId, from, to],
  );

/** Kitchen tickets that reached their station in [from, to) (ms) and were bumped. */
export const ticketTimes = (q: Queryable, venueId: string, from: number, to: number) =>
  q.all<{ station: string; released_at: number; done_at: number }>(
    `SELECT station, released_at, done_at FROM tickets
    WHERE venue_id = ? AND released_at >= ? AND released_at < ? AND cancelled = 0 AND done_at IS NOT NULL`,
    [venueId, from, to],
  );

/** Table sessions closed in [from, to) (ISO instants) with their rounds. */
export const closedSessions = (q: Queryable, venueId: string, from: string, to: string) =>
  q.all<{ id: string; opened_at: string; closed_at: string; unpaid: number | null; rounds: number }>(
    `SELECT s.id, s.opened_at, s.closed_at, s.unpaid,
      (SELECT COUNT(*) FROM orders o WHERE o.user_id = 'table:' || s.id AND o.venue_id = s.venue_id AND o.status <> 'cancelled') AS rounds
    FROM table_sessions s WHERE s.venue_id = ? AND s.closed_at >= ? AND s.closed_at < ? AND s.status = 'closed'`,
    [venueId, from, to],
  );

/** Voids, invitations and discounts of [from, to) (ms) as the audit log keeps them. */
export const lossEntries = (q: Queryable, venueId: string, from: number, to: number) =>
  q.all<{ action: string; reason: string | null; detail: string }>(
    `SELECT action, reason, detail FROM audit_log
    WHERE venue_id = ? AND at >= ? AND at < ? AND action IN ('void', 'comp', 'discount')`,
    [venueId, from, to],
  );

/** Every receipt with its payment's session or order mode, oldest first (the rollup's backfill). */
export const receiptsToBackfill = (q: Queryable) =>
  q.all<{ venue_id: string; doc: string; created_at: number; session_id: string | null; order_doc: string | null }>(
    `SELECT r.venue_id, r.doc, r.created_at, p.session_id,
      (SELECT o.doc FROM orders o WHERE o.id = p.order_id) AS order_doc
    FROM receipts r LEFT JOIN bill_payments p ON p.id = r.payment_id ORDER BY r.created_at, r.venue_id, r.n`,
  );
