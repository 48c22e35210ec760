/**
 * Every SQL statement of the kitchen feature. Each function issues its statement at once (no
 * await before it), so statements a caller starts together inside a transaction are pipelined.
 */
import type { Queryable } from '../../platform/db/database.ts';
import type { TicketStatus } from '../../../src/contract/kitchen.ts';

export interface TicketRow {
  id: string;
  venue_id: string;
  order_id: string;
  session_id: string | null;
  station: string;
  course: string | null;
  position: number;
  held: number;
  cancelled: number;
  status: TicketStatus;
  doc: string;
  created_at: number;
  released_at: number | null;
  fired_at: string | null;
  /** When it was bumped (ms). */
  done_at?: number | null;
}

const COLUMNS =
  'id, venue_id, order_id, session_id, station, course, position, held, cancelled, status, doc, created_at, released_at, fired_at, done_at';

export interface NewTicket {
  id: string;
  venueId: string;
  orderId: string;
  sessionId: string | null;
  station: string;
  course: string | null;
  position: number;
  held: boolean;
  doc: string;
  createdAt: number;
}

/**
 * `json` (a ticket) with the order's number as the order row has it: an order is numbered by the
 * database in the batch that writes its tickets, so the ticket says `placeholder` until then.
 */
const NUMBERED = `replace(?, ?, '"orderNumber":"' || (SELECT number FROM orders WHERE id = ?) || '"')`;
export const numbered = (json: string, orderId: string, placeholder: string) => ({
  sql: NUMBERED,
  params: [json, `"orderNumber":${JSON.stringify(placeholder)}`, orderId],
});

/** Every ticket of an order in ONE statement (sent after the order's own insert, in its batch); each says `placeholder` for the order's number. */
export function insertTickets(q: Queryable, tickets: readonly NewTicket[], placeholder: string) {
  const values = tickets.map(() => `(?, ?, ?, ?, ?, ?, ?, ?, 'open', ${NUMBERED}, ?, ?)`).join(', ');
  const params = tickets.flatMap((t) => [
    t.id,
    t.venueId,
    t.orderId,
    t.sessionId,
    t.station,
    t.course,
    t.position,
    t.held ? 1 : 0,
    ...numbered(t.doc, t.orderId, placeholder).params,
    t.createdAt,
    t.held ? null : t.createdAt,
  ]);
  return q.run(
    `INSERT INTO tickets (id, venue_id, order_id, session_id, station, course, position, held, status, doc, created_at, released_at) VALUES ${values}`,
    params,
  );
}

/** The courses a table session has already sent to the kitchen (at once or with «Marchar»). */
export const releasedCourses = (q: Queryable, sessionId: string) =>
  q.all<{ course: string }>(
    'SELECT DISTINCT course FROM tickets WHERE session_id = ? AND held = 0 AND course IS NOT NULL',
    [sessionId],
  );

/** A station's queue (or every station's, or one order's), oldest first: released tickets, or only the held ones. */
export function ticketsOf(
  q: Queryable,
  venueId: string,
  filter: {
    station?: string | undefined;
    status?: TicketStatus | undefined;
    held: boolean;
    orderId?: string | undefined;
  },
  max: number,
) {
  const where = ['venue_id = ?', 'held = ?'];
  const params: Array<string | number> = [venueId, filter.held ? 1 : 0];
  if (filter.orderId) {
    where.push('order_id = ?');
    params.push(filter.orderId);
  }
  if (filter.station) {
    where.push('station = ?');
    params.push(filter.station);
  }
  if (filter.status) {
    where.push('status = ?');
    params.push(filter.status);
  }
  return q.all<TicketRow>(
    `SELECT ${COLUMNS} FROM tickets WHERE ${where.join(' AND ')} ORDER BY COALESCE(released_at, created_at), created_at, order_id, position LIMIT ?`,
    [...params, max],
  );
}

/**
 * Every ticket of the order that ticket `id` belongs to, locked (`forUpdate`): bumps of one order's
 * tickets take turns, so the last one done always sees the others done.
 */
export const ticketsOfSameOrder = (q: Queryable, venueId: string, id: string, forUpdate = '') =>
  q.all<TicketRow>(
    `SELECT ${COLUMNS} FROM tickets WHERE order_id = (SELECT order_id FROM tickets WHERE id = ? AND venue_id = ?) ORDER BY position${forUpdate}`,
    [id, venueId],
  );

/** Sets a ticket's status; resolves to the row when it changed (a repeat changes nothing). */
export const setTicketStatus = (q: Queryable, id: string, status: TicketStatus, doneAt: number | null) =>
  q.get<TicketRow>(`UPDATE tickets SET status = ?, done_at = ? WHERE id = ? AND status <> ? RETURNING ${COLUMNS}`, [
    status,
    doneAt,
    id,
    status,
  ]);

/** Releases a table session's held tickets of one course; resolves to those released. */
export const releaseCourse = (q: Queryable, venueId: string, sessionId: string, course: string, at: Date) =>
  q.all<TicketRow>(
    `UPDATE tickets SET held = 0, released_at = ?, fired_at = ? WHERE venue_id = ? AND session_id = ? AND course = ? AND held = 1 RETURNING ${COLUMNS}`,
    [at.getTime(), at.toISOString(), venueId, sessionId, course],
  );

/** The tickets of a cancelled order leave every queue (held ones too): done and cancelled; resolves to those changed. */
export const cancelTicketsOfOrder = (q: Queryable, orderId: string, at: number) =>
  q.all<TicketRow>(
    `UPDATE tickets SET status = 'done', held = 0, cancelled = 1, done_at = ? WHERE order_id = ? AND cancelled = 0 AND (status <> 'done' OR held = 1) RETURNING ${COLUMNS}`,
    [at, orderId],
  );
