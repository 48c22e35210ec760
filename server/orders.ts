/**
 * Orders: creation with idempotency keys, per-venue daily numbers (`A-042`), status
 * transitions with history, and live listeners for the SSE stream.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from './db/database.ts';
import { transaction } from './db/database.ts';
import type { Order, OrderInput, OrderStatus } from '../src/contract/order.ts';
import { STATUS_TRANSITIONS } from '../src/contract/order.ts';
import type { VenueStore } from './venues.ts';
import { priceOrder } from './pricing.ts';
import { problem } from './problem.ts';
import { zonedParts } from './hours.ts';

const STATUS_ES: Record<OrderStatus, string> = {
  received: 'recibido', preparing: 'en preparación', ready: 'listo', delivered: 'entregado', cancelled: 'cancelado',
};

export type OrderListener = (order: Order) => void;

export interface CreateResult {
  order: Order;
  replayed: boolean;
}

export interface OrderService {
  /** `bodyText` is the canonical request body, hashed to recognise a repeat. */
  create(userId: string, key: string, bodyText: string, input: () => OrderInput): CreateResult;
  /** Checks the key before the body is validated: a replay returns the first order. */
  replay(userId: string, key: string, bodyText: string): Order | undefined;
  get(id: string): { order: Order; userId: string } | undefined;
  listForUser(userId: string, limit?: number): Order[];
  listForVenue(venueId: string, statuses?: OrderStatus[], limit?: number): Order[];
  setStatus(id: string, status: OrderStatus): Order;
  subscribe(orderId: string, listener: OrderListener): () => void;
  /** Every new order of a venue and every status change of its orders. */
  subscribeVenue(venueId: string, listener: OrderListener): () => void;
  /** Ends every live stream (graceful shutdown). */
  close(): void;
  onClose(fn: () => void): () => void;
  count(): number;
}

/** 1 → A-001 … 999 → A-999, 1000 → B-001 …; past Z, two letters. */
export function orderNumber(n: number): string {
  const block = Math.floor((n - 1) / 999);
  const digits = String(((n - 1) % 999) + 1).padStart(3, '0');
  let letters = '';
  let b = block;
  do {
    letters = String.fromCharCode(65 + (b % 26)) + letters;
    b = Math.floor(b / 26) - 1;
  } while (b >= 0);
  return `${letters}-${digits}`;
}

export function hashBody(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function createOrderService(db: Db, venues: VenueStore, now: () => Date = () => new Date()): OrderService {
  const selectKey = db.prepare('SELECT body_hash, order_id FROM idempotency_keys WHERE user_id = ? AND key = ?');
  const insertKey = db.prepare('INSERT INTO idempotency_keys (user_id, key, body_hash, order_id, created_at) VALUES (?, ?, ?, ?, ?)');
  const nextNumber = db.prepare('INSERT INTO order_counters (venue_id, day, n) VALUES (?, ?, 1) ON CONFLICT(venue_id, day) DO UPDATE SET n = n + 1 RETURNING n');
  const insertOrder = db.prepare('INSERT INTO orders (id, venue_id, user_id, number, day, status, doc, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const selectOrder = db.prepare('SELECT doc, user_id FROM orders WHERE id = ?');
  const selectByUser = db.prepare('SELECT doc FROM orders WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?');
  const selectByVenue = db.prepare('SELECT doc FROM orders WHERE venue_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?');
  const updateOrder = db.prepare('UPDATE orders SET status = ?, doc = ? WHERE id = ?');
  const countOrders = db.prepare('SELECT COUNT(*) AS n FROM orders');
  const byStatusStatements = new Map<number, ReturnType<Db['prepare']>>();

  const listeners = new Map<string, Set<OrderListener>>();
  const venueListeners = new Map<string, Set<OrderListener>>();
  const publish = (order: Order) => {
    for (const listener of listeners.get(order.id) ?? []) listener(order);
    for (const listener of venueListeners.get(order.venueId) ?? []) listener(order);
  };
  const addListener = (map: Map<string, Set<OrderListener>>, key: string, listener: OrderListener) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) map.delete(key);
    };
  };
  const closers = new Set<() => void>();

  function replay(userId: string, key: string, bodyText: string): Order | undefined {
    const row = selectKey.get(userId, key) as { body_hash: string; order_id: string } | undefined;
    if (!row) return undefined;
    if (row.body_hash !== hashBody(bodyText)) {
      throw problem('idempotencyMismatch', 422, 'Ya enviaste un pedido con esta clave y otros datos. Revisa «Mis pedidos» antes de pedir de nuevo.');
    }
    const order = selectOrder.get(row.order_id) as { doc: string } | undefined;
    return order ? (JSON.parse(order.doc) as Order) : undefined;
  }

  return {
    replay,
    create(userId, key, bodyText, readInput) {
      const first = replay(userId, key, bodyText);
      if (first) return { order: first, replayed: true };
      const input = readInput();
      const entry = venues.get(input.venueId);
      if (!entry) throw problem('validation', 422, 'Ese local no existe.', { errors: { venueId: ['Local no encontrado'] } });
      const at = now();
      const priced = priceOrder(entry, input, at, venues);
      const { venue } = entry;
      const createdAt = at.toISOString();
      const day = zonedParts(at, venue.timezone).date;
      const order = transaction(db, () => {
        const n = (nextNumber.get(venue.id, day) as { n: number }).n;
        const doc: Order = {
          id: randomUUID(),
          number: orderNumber(n),
          venueId: venue.id,
          venueName: venue.name,
          mode: input.mode,
          ...(input.mode === 'table' && input.table ? { table: input.table } : {}),
          status: 'received',
          history: [{ status: 'received', at: createdAt }],
          customer: {
            name: input.customer.name,
            phone: input.customer.phone,
            ...(input.mode === 'delivery' && input.customer.address ? { address: input.customer.address } : {}),
          },
          ...(input.note ? { note: input.note } : {}),
          payment: input.payment,
          lines: priced.lines,
          subtotal: priced.subtotal,
          tip: priced.tip,
          deliveryFee: priced.deliveryFee,
          total: priced.total,
          currency: venue.currency,
          createdAt,
        };
        try {
          insertKey.run(userId, key, hashBody(bodyText), doc.id, at.getTime());
        } catch {
          throw problem('idempotencyConflict', 409, 'Este pedido ya se está enviando. Espera un momento y revisa «Mis pedidos».');
        }
        insertOrder.run(doc.id, venue.id, userId, doc.number, day, doc.status, JSON.stringify(doc), createdAt);
        return doc;
      });
      publish(order);
      return { order, replayed: false };
    },
    get(id) {
      const row = selectOrder.get(id) as { doc: string; user_id: string } | undefined;
      return row ? { order: JSON.parse(row.doc) as Order, userId: row.user_id } : undefined;
    },
    listForUser(userId, limit = 100) {
      return (selectByUser.all(userId, limit) as Array<{ doc: string }>).map((r) => JSON.parse(r.doc) as Order);
    },
    listForVenue(venueId, statuses, limit = 200) {
      const wanted = [...new Set(statuses ?? [])];
      let statement = selectByVenue;
      if (wanted.length) {
        const sql = `SELECT doc FROM orders WHERE venue_id = ? AND status IN (${wanted.map(() => '?').join(', ')}) ORDER BY created_at DESC, rowid DESC LIMIT ?`;
        statement = byStatusStatements.get(wanted.length) ?? db.prepare(sql);
        byStatusStatements.set(wanted.length, statement);
      }
      return (statement.all(venueId, ...wanted, limit) as Array<{ doc: string }>).map((r) => JSON.parse(r.doc) as Order);
    },
    setStatus(id, status) {
      const updated = transaction(db, () => {
        const row = selectOrder.get(id) as { doc: string } | undefined;
        if (!row) throw problem('notFound', 404, 'Ese pedido no existe.');
        const order = JSON.parse(row.doc) as Order;
        if (!STATUS_TRANSITIONS[order.status].includes(status)) {
          throw problem('invalidTransition', 409, `Un pedido ${STATUS_ES[order.status]} no puede pasar a ${STATUS_ES[status]}.`, { from: order.status, to: status, allowed: STATUS_TRANSITIONS[order.status] });
        }
        order.status = status;
        order.history.push({ status, at: now().toISOString() });
        updateOrder.run(status, JSON.stringify(order), id);
        return order;
      });
      publish(updated);
      return updated;
    },
    subscribe: (orderId, listener) => addListener(listeners, orderId, listener),
    subscribeVenue: (venueId, listener) => addListener(venueListeners, venueId, listener),
    onClose(fn) {
      closers.add(fn);
      return () => closers.delete(fn);
    },
    close() {
      for (const fn of [...closers]) fn();
      closers.clear();
    },
    count: () => (countOrders.get() as { n: number }).n,
  };
}
