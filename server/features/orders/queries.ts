/**
 * Every SQL statement of the orders feature. Each function issues its statement at once (no
 * await before it), so statements a caller starts together inside a transaction are pipelined.
 * `forUpdate` and `orderSeq` are the database's fragments (`Db.forUpdate`, `Db.orderSeq`).
 */
import type { Queryable } from '../../platform/db/database.ts';
import type { OrderStatus } from '../../../src/contract/order.ts';

export const idempotencyKey = (q: Queryable, userId: string, key: string) =>
  q.get<{ body_hash: string; order_id: string }>(
    'SELECT body_hash, order_id FROM idempotency_keys WHERE user_id = ? AND key = ?',
    [userId, key],
  );

/**
 * Takes the key for a new order: resolves to the row when this request took it, undefined when
 * another request holds it (its primary key decides between simultaneous requests on any instance).
 */
export const claimIdempotencyKey = (
  q: Queryable,
  k: { userId: string; key: string; bodyHash: string; orderId: string; createdAt: number },
) =>
  q.get<{ order_id: string }>(
    'INSERT INTO idempotency_keys (user_id, key, body_hash, order_id, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, key) DO NOTHING RETURNING order_id',
    [k.userId, k.key, k.bodyHash, k.orderId, k.createdAt],
  );

/** The venue's next daily order number (the counter row is locked until the transaction ends). */
export const nextOrderNumber = (q: Queryable, venueId: string, day: string) =>
  q.get<{ n: number }>(
    'INSERT INTO order_counters (venue_id, day, n) VALUES (?, ?, 1) ON CONFLICT (venue_id, day) DO UPDATE SET n = order_counters.n + 1 RETURNING n',
    [venueId, day],
  );

/** What a new order's document says for its number until the database numbers it (`insertNumberedOrder`). */
export const NUMBER_SLOT = '#';

/**
 * The order number of counter value `n` in SQL, as `orderNumber` (service.ts) writes it: A-001 … A-999,
 * B-001 …, then two and three letters (18,278 × 999 orders a venue a day).
 */
function numberSql(q: Queryable, n: string): string {
  const letter = (code: string) => (q.dialect === 'postgres' ? `chr((65 + ${code})::int)` : `char(65 + ${code})`);
  const block = `((${n} - 1) / 999)`;
  const digits =
    q.dialect === 'postgres' ? `lpad(((${n} - 1) % 999 + 1)::text, 3, '0')` : `printf('%03d', (${n} - 1) % 999 + 1)`;
  return (
    `(CASE WHEN ${block} < 26 THEN ${letter(block)}` +
    ` WHEN ${block} < 702 THEN ${letter(`(${block} / 26 - 1) % 26`)} || ${letter(`${block} % 26`)}` +
    ` ELSE ${letter(`((${block} / 26 - 1) / 26 - 1) % 26`)} || ${letter(`(${block} / 26 - 1) % 26`)} || ${letter(`${block} % 26`)} END) || '-' || ${digits}`
  );
}

/**
 * Inserts a new order numbered by the database: its number is the venue's day counter as
 * `nextOrderNumber` (sent just before, in the same batch) left it, written into the column and into
 * the document in place of `NUMBER_SLOT`. So the counter's row lock is held only while the
 * transaction's last batch runs, not while the service waits for an answer.
 */
export const insertNumberedOrder = (
  q: Queryable,
  o: { id: string; venueId: string; userId: string; day: string; status: OrderStatus; doc: string; createdAt: string },
) =>
  q.run(
    `INSERT INTO orders (id, venue_id, user_id, number, day, status, doc, created_at)
     SELECT ?, ?, ?, x.num, ?, ?, replace(?, '"number":"${NUMBER_SLOT}"', '"number":"' || x.num || '"'), ?
     FROM (SELECT ${numberSql(q, 'n')} AS num FROM order_counters WHERE venue_id = ? AND day = ?) x`,
    [o.id, o.venueId, o.userId, o.day, o.status, o.doc, o.createdAt, o.venueId, o.day],
  );

/** The stored document of an order, as an SQL value (an event's data written in the same batch as the order). */
export const orderDocValue = (id: string) => ({ sql: '(SELECT doc FROM orders WHERE id = ?)', params: [id] });

export const orderDoc = (q: Queryable, id: string) =>
  q.get<{ doc: string }>('SELECT doc FROM orders WHERE id = ?', [id]);

export const orderWithOwner = (q: Queryable, id: string, forUpdate = '') =>
  q.get<{ doc: string; user_id: string }>(`SELECT doc, user_id FROM orders WHERE id = ?${forUpdate}`, [id]);

/** One statement, one snapshot: the order as of the newest venue event it includes. */
export const orderSnapshot = (q: Queryable, id: string) =>
  q.get<{ doc: string; event_id: number | null }>(
    'SELECT o.doc, (SELECT MAX(e.id) FROM events e WHERE e.venue_id = o.venue_id) AS event_id FROM orders o WHERE o.id = ?',
    [id],
  );

export const ordersOfUser = (q: Queryable, orderSeq: string, userId: string, max: number) =>
  q.all<{ doc: string }>(
    `SELECT doc FROM orders WHERE user_id = ? ORDER BY created_at DESC, ${orderSeq} DESC LIMIT ?`,
    [userId, max],
  );

/** Newest first; only the given statuses when there are any. */
export function ordersOfVenue(
  q: Queryable,
  orderSeq: string,
  venueId: string,
  statuses: readonly OrderStatus[],
  max: number,
) {
  const wanted = [...new Set(statuses)];
  const filter = wanted.length ? ` AND status IN (${wanted.map(() => '?').join(', ')})` : '';
  return q.all<{ doc: string }>(
    `SELECT doc FROM orders WHERE venue_id = ?${filter} ORDER BY created_at DESC, ${orderSeq} DESC LIMIT ?`,
    [venueId, ...wanted, max],
  );
}

export const updateOrderStatus = (q: Queryable, id: string, status: OrderStatus, doc: string) =>
  q.run('UPDATE orders SET status = ?, doc = ? WHERE id = ?', [status, doc, id]);

export const countOrders = async (q: Queryable) => (await q.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))!.n;

// Pickup times (slots.ts, quote.ts): each slot's counter row, and the kitchen's open tickets with their orders.

/** How many orders each slot of a stretch has taken (`slot_start`: the slot's UTC ISO start). */
export const slotsTaken = (q: Queryable, venueId: string, from: string, to: string) =>
  q.all<{ slot_start: string; taken: number }>(
    'SELECT slot_start, taken FROM pickup_slots WHERE venue_id = ? AND slot_start >= ? AND slot_start <= ?',
    [venueId, from, to],
  );

/**
 * Takes one place in a slot: the row is counted up only while it is below `capacity` (its row lock decides between
 * simultaneous orders on any instance). Resolves to a row when this order got the place.
 */
export const takeSlotPlace = (q: Queryable, venueId: string, slotStart: string, capacity: number) =>
  q.get<{ taken: number }>(
    'INSERT INTO pickup_slots (venue_id, slot_start, taken) VALUES (?, ?, 1) ON CONFLICT (venue_id, slot_start) DO UPDATE SET taken = pickup_slots.taken + 1 WHERE pickup_slots.taken < ? RETURNING taken',
    [venueId, slotStart, capacity],
  );

/** The venue's open released tickets with their orders' documents (at most `max`). */
export const openTicketsWithOrders = (q: Queryable, venueId: string, max: number) =>
  q.all<{ station: string; ticket: string; order_id: string; order_doc: string }>(
    `SELECT t.station, t.doc AS ticket, t.order_id, o.doc AS order_doc FROM tickets t JOIN orders o ON o.id = t.order_id
     WHERE t.venue_id = ? AND t.status = 'open' AND t.held = 0 AND t.cancelled = 0 LIMIT ?`,
    [venueId, max],
  );
