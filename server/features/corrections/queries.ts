/**
 * Every SQL statement of the corrections feature (docs/rules.md#the-floor): the order and kitchen tickets a void
 * changes. Each function issues its statement at once (no await before it).
 */
import type { Queryable } from '../../platform/db/database.ts';
import type { TicketStatus } from '../../../src/contract/kitchen.ts';

/** An order of the venue; `forUpdate` locks it (`Db.forUpdate`). */
export const orderOfVenue = (q: Queryable, venueId: string, id: string, forUpdate = '') =>
  q.get<{ doc: string; user_id: string }>(`SELECT doc, user_id FROM orders WHERE id = ? AND venue_id = ?${forUpdate}`, [
    id,
    venueId,
  ]);

export const setOrderDoc = (q: Queryable, id: string, doc: string) =>
  q.run('UPDATE orders SET doc = ? WHERE id = ?', [doc, id]);

export interface OrderTicketRow {
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
}

export const ticketsOfOrder = (q: Queryable, orderId: string) =>
  q.all<OrderTicketRow>(
    'SELECT id, venue_id, order_id, session_id, station, course, position, held, cancelled, status, doc, created_at, released_at, fired_at FROM tickets WHERE order_id = ? ORDER BY position',
    [orderId],
  );

export const setTicketDoc = (q: Queryable, id: string, doc: string) =>
  q.run('UPDATE tickets SET doc = ? WHERE id = ?', [doc, id]);
