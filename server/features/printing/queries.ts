/**
 * Every SQL statement of the printing feature. Each function issues its statement at once (no
 * await before it), so statements a caller starts together inside a transaction are pipelined.
 */
import type { Queryable } from '../../platform/db/database.ts';

export interface AgentRow {
  id: string;
  venue_id: string;
  created_at: number;
  last_seen: number | null;
  revoked_at: number | null;
}

export interface PrinterRow {
  venue_id: string;
  id: string;
  name: string;
  station: string;
  host: string;
  port: number;
  width: number;
  position: number;
  last_ok_at: number | null;
  failing_since: number | null;
  last_error: string | null;
}

export interface JobRow {
  seq: number;
  id: string;
  printer_id: string;
  ticket_id: string;
  duplicate: number;
  created_at: number;
  /** The ticket's document (null for a receipt's job). */
  doc: string | null;
  /** The receipt's document (null for a ticket's job). */
  receipt_doc: string | null;
  /** A printed document's kind and document (`print_docs`: a voided line, a pre-bill), else null. */
  print_kind: string | null;
  print_doc: string | null;
  status: string | null;
  fired_at: string | null;
  station: string;
  name: string;
  host: string;
  port: number;
  width: number;
}

export const insertAgent = (
  q: Queryable,
  a: { id: string; venueId: string; tokenHash: string; createdBy: string; createdAt: number },
) =>
  q.run('INSERT INTO print_agents (id, venue_id, token_hash, created_by, created_at) VALUES (?, ?, ?, ?, ?)', [
    a.id,
    a.venueId,
    a.tokenHash,
    a.createdBy,
    a.createdAt,
  ]);

export const agentsOf = (q: Queryable, venueId: string) =>
  q.all<AgentRow>(
    'SELECT id, venue_id, created_at, last_seen, revoked_at FROM print_agents WHERE venue_id = ? AND revoked_at IS NULL ORDER BY created_at, id',
    [venueId],
  );

/** Revokes an agent; resolves to whether it existed (a repeat finds it revoked and still says so). */
export const revokeAgent = (q: Queryable, venueId: string, id: string, at: number) =>
  q.get<{ id: string }>(
    'UPDATE print_agents SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND venue_id = ? RETURNING id',
    [at, id, venueId],
  );

/** The agent holding a token (by its hash), unless revoked; notes when it was seen. */
export const agentByTokenHash = (q: Queryable, hash: string, at: number) =>
  q.get<AgentRow>(
    'UPDATE print_agents SET last_seen = ? WHERE token_hash = ? AND revoked_at IS NULL RETURNING id, venue_id, created_at, last_seen, revoked_at',
    [at, hash],
  );

/** When the venue's agents last asked for jobs (null: never). */
export const agentsLastSeen = (q: Queryable, venueId: string) =>
  q.get<{ seen: number | null }>(
    'SELECT MAX(last_seen) AS seen FROM print_agents WHERE venue_id = ? AND revoked_at IS NULL',
    [venueId],
  );

const PRINTER_COLUMNS =
  'venue_id, id, name, station, host, port, width, position, last_ok_at, failing_since, last_error';

export const printersOf = (q: Queryable, venueId: string) =>
  q.all<PrinterRow>(`SELECT ${PRINTER_COLUMNS} FROM printers WHERE venue_id = ? ORDER BY position`, [venueId]);

/** The venue's printers become `printers` (in ONE statement): a printer kept keeps what the agent reported about it. */
export function upsertPrinters(
  q: Queryable,
  venueId: string,
  printers: ReadonlyArray<{ id: string; name: string; station: string; host: string; port: number; width: number }>,
) {
  if (!printers.length) return Promise.resolve();
  const values = printers.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
  const params = printers.flatMap((p, position) => [
    venueId,
    p.id,
    p.name,
    p.station,
    p.host,
    p.port,
    p.width,
    position,
  ]);
  return q.run(
    `INSERT INTO printers (venue_id, id, name, station, host, port, width, position) VALUES ${values}
    ON CONFLICT (venue_id, id) DO UPDATE SET name = excluded.name, station = excluded.station, host = excluded.host, port = excluded.port, width = excluded.width, position = excluded.position`,
    params,
  );
}

/** Removes the venue's printers not in `keep`. */
export function deletePrintersExcept(q: Queryable, venueId: string, keep: readonly string[]) {
  if (!keep.length) return q.run('DELETE FROM printers WHERE venue_id = ?', [venueId]);
  return q.run(`DELETE FROM printers WHERE venue_id = ? AND id NOT IN (${keep.map(() => '?').join(', ')})`, [
    venueId,
    ...keep,
  ]);
}

/** What the agent reports: reachable (clears the failure) or not (the failure keeps its first moment). */
export const setPrinterStatus = (
  q: Queryable,
  venueId: string,
  id: string,
  ok: boolean,
  error: string | null,
  at: number,
) =>
  ok
    ? q.get<{ id: string }>(
        'UPDATE printers SET last_ok_at = ?, failing_since = NULL, last_error = NULL WHERE venue_id = ? AND id = ? RETURNING id',
        [at, venueId, id],
      )
    : q.get<{ id: string }>(
        'UPDATE printers SET failing_since = COALESCE(failing_since, ?), last_error = ? WHERE venue_id = ? AND id = ? RETURNING id',
        [at, error, venueId, id],
      );

/**
 * One job per ticket per printer of its station, in ONE statement (sent in the tickets' batch:
 * no round trip of its own). Ids are `{ticketId}.{printerId}`: a ticket prints once per printer.
 */
export function insertJobsForTickets(
  q: Queryable,
  venueId: string,
  tickets: ReadonlyArray<{ id: string; station: string }>,
  at: number,
) {
  if (!tickets.length) return Promise.resolve();
  const values = tickets.map(() => '(?, ?)').join(', ');
  return q.run(
    `INSERT INTO print_jobs (id, venue_id, printer_id, ticket_id, duplicate, created_at)
     SELECT t.column1 || '.' || p.id, p.venue_id, p.id, t.column1, 0, CAST(? AS BIGINT)
     FROM (VALUES ${values}) AS t JOIN printers p ON p.station = t.column2
     WHERE p.venue_id = ? ORDER BY p.position`,
    [at, ...tickets.flatMap((t) => [t.id, t.station]), venueId],
  );
}

/** What a receipt's job names instead of a ticket (`receipt:{receiptId}`). */
export const RECEIPT_JOB_PREFIX = 'receipt:';

/**
 * A receipt's job, in the payment's transaction: on the bar's printer (station `barra`), else the venue's first
 * printer; none when the venue has no printer. Its id is `receipt:{receiptId}.{printerId}`.
 */
export const insertReceiptJob = (q: Queryable, venueId: string, receiptId: string, at: number) =>
  q.run(
    `INSERT INTO print_jobs (id, venue_id, printer_id, ticket_id, duplicate, created_at)
     SELECT ? || '.' || p.id, p.venue_id, p.id, ?, 0, CAST(? AS BIGINT)
     FROM printers p WHERE p.venue_id = ?
     ORDER BY CASE WHEN p.station = 'barra' THEN 0 ELSE 1 END, p.position LIMIT 1`,
    [RECEIPT_JOB_PREFIX + receiptId, RECEIPT_JOB_PREFIX + receiptId, at, venueId],
  );

/** A reprint: one new job per printer of the ticket's station, each marked duplicate; resolves to them. */
export const insertReprintJobs = (q: Queryable, venueId: string, ticketId: string, idPrefix: string, at: number) =>
  q.all<{ id: string; printer_id: string; ticket_id: string }>(
    `INSERT INTO print_jobs (id, venue_id, printer_id, ticket_id, duplicate, created_at)
     SELECT ? || '.' || p.id, p.venue_id, p.id, t.id, 1, CAST(? AS BIGINT)
     FROM tickets t JOIN printers p ON p.venue_id = t.venue_id AND p.station = t.station
     WHERE t.id = ? AND t.venue_id = ? ORDER BY p.position
     RETURNING id, printer_id, ticket_id`,
    [idPrefix, at, ticketId, venueId],
  );

/** A ticket's station (a reprint's 404 and 409 need it). */
export const ticketStation = (q: Queryable, venueId: string, ticketId: string) =>
  q.get<{ station: string }>('SELECT station FROM tickets WHERE id = ? AND venue_id = ?', [ticketId, venueId]);

/** The venue's jobs not yet acknowledged, after `afterSeq`, in order, with their ticket and printer. */
export const pendingJobs = (q: Queryable, venueId: string, afterSeq: number, max: number) =>
  q.all<JobRow>(
    `SELECT j.seq, j.id, j.printer_id, j.ticket_id, j.duplicate, j.created_at, t.doc, r.doc AS receipt_doc, t.status, t.fired_at,
       d.kind AS print_kind, d.doc AS print_doc,
       COALESCE(t.station, d.station, p.station) AS station, p.name, p.host, p.port, p.width
     FROM print_jobs j
     LEFT JOIN tickets t ON t.id = j.ticket_id
     LEFT JOIN receipts r ON j.ticket_id LIKE 'receipt:%' AND r.id = SUBSTR(j.ticket_id, 9)
     LEFT JOIN print_docs d ON j.ticket_id LIKE 'doc:%' AND d.id = j.ticket_id
     JOIN printers p ON p.venue_id = j.venue_id AND p.id = j.printer_id
     WHERE j.venue_id = ? AND j.printed_at IS NULL AND j.seq > ? AND (t.id IS NOT NULL OR r.id IS NOT NULL OR d.id IS NOT NULL)
     ORDER BY j.seq LIMIT ?`,
    [venueId, afterSeq, max],
  );

/** Acknowledges a job (idempotent: the first moment stays); resolves to it when it exists. */
export const ackJob = (q: Queryable, venueId: string, id: string, at: number) =>
  q.get<{ id: string }>(
    'UPDATE print_jobs SET printed_at = COALESCE(printed_at, ?) WHERE id = ? AND venue_id = ? RETURNING id',
    [at, id, venueId],
  );

/** What a printed document's job names instead of a ticket (`doc:{id}`). */
export const DOC_JOB_PREFIX = 'doc:';

/**
 * A printed document (a voided line's «ANULADO» ticket, a pre-bill) and one job per printer of `station`, in ONE
 * statement each; resolves to the jobs (none when the station has no printer). Ids are `{docId}.{printerId}`:
 * a document prints once per printer.
 */
export function insertDocWithJobs(
  q: Queryable,
  d: { id: string; venueId: string; kind: string; station: string; doc: string; at: number },
) {
  return Promise.all([
    q.run('INSERT INTO print_docs (id, venue_id, kind, station, doc, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
      d.id,
      d.venueId,
      d.kind,
      d.station,
      d.doc,
      d.at,
    ]),
    q.all<{ id: string; printer_id: string }>(
      `INSERT INTO print_jobs (id, venue_id, printer_id, ticket_id, duplicate, created_at)
       SELECT ? || '.' || p.id, p.venue_id, p.id, ?, 0, CAST(? AS BIGINT)
       FROM printers p WHERE p.venue_id = ? AND p.station = ? ORDER BY p.position
       RETURNING id, printer_id`,
      [d.id, d.id, d.at, d.venueId, d.station],
    ),
  ]).then(([, jobs]) => jobs);
}
