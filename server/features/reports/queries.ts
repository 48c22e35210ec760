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

/** Lists one more kitchen time (seconds; negative: one taken back) in a venue's day, station and hour. */
export const appendTicketTime = (q: Queryable, venueId: string, day: string, key: string, seconds: number) =>
  q.run(
    `INSERT INTO report_days (venue_id, day, metric, key, label, n, amount, extra) VALUES (?, ?, 'kitchen', ?, ?, ?, ?, 0)
    ON CONFLICT (venue_id, day, metric, key) DO UPDATE SET
      label = report_days.label || ',' || excluded.label, n = report_days.n + excluded.n, amount = report_days.amount + excluded.amount`,
    [venueId, day, key, String(seconds), seconds < 0 ? -1 : 1, seconds],
  );

/** The kitchen times of a period: one row per day, station and hour, its seconds listed. */
export const kitchenTimes = (q: Queryable, venueId: string, from: string, to: string) =>
  q.all<{ key: string; label: string }>(
    "SELECT key, label FROM report_days WHERE venue_id = ? AND day >= ? AND day <= ? AND metric = 'kitchen'",
    [venueId, from, to],
  );

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

/** The period's facts summed by metric and key (one row each; `label` a name seen in the period). */
export const factsOfPeriod = (q: Queryable, venueId: string, from: string, to: string) =>
  q.all<FactRow>(
    `SELECT metric, key, MAX(label) AS label, SUM(n) AS n, SUM(amount) AS amount, SUM(extra) AS extra
    FROM report_days WHERE venue_id = ? AND day >= ? AND day <= ? AND metric NOT IN ('hour', 'sales', 'kitchen')
    GROUP BY metric, key`,
    [venueId, from, to],
  );

/** The period's taxes and covers (what the previous period's figures need). */
export const summaryFactsOfPeriod = (q: Queryable, venueId: string, from: string, to: string) =>
  q.all<FactRow>(
    `SELECT metric, key, '' AS label, SUM(n) AS n, SUM(amount) AS amount, SUM(extra) AS extra
    FROM report_days WHERE venue_id = ? AND day >= ? AND day <= ? AND metric IN ('tax', 'covers')
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

/** Table sessions closed in [from, to) (ISO instants). */
export const closedSessions = (q: Queryable, venueId: string, from: string, to: string) =>
  q.all<{ opened_at: string; closed_at: string; unpaid: number | null }>(
    `SELECT opened_at, closed_at, unpaid FROM table_sessions
    WHERE venue_id = ? AND closed_at >= ? AND closed_at < ? AND status = 'closed'`,
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

/** The venue's bumped kitchen tickets (the rollup's backfill). */
export const doneTickets = (q: Queryable) =>
  q.all<{ venue_id: string; station: string; released_at: number; done_at: number }>(
    `SELECT venue_id, station, released_at, done_at FROM tickets
    WHERE status = 'done' AND cancelled = 0 AND released_at IS NOT NULL AND done_at IS NOT NULL ORDER BY venue_id`,
  );

/** Sets a `meta` key unless it is set; resolves to whether this call set it. */
export const claimMeta = async (q: Queryable, key: string, value: string) =>
  (await q.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [key, value])) > 0;
