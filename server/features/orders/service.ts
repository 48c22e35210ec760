/**
 * Orders: creation with idempotency keys, per-venue daily numbers (`A-042`), status
 * transitions with history; every change appends an event (server/platform/events) in its transaction.
 */
import type { RateLimit, RateLimiter } from '../../platform/rate-limit.ts';
import { createHash, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { Order, OrderInput, OrderStatus } from '../../../src/contract/order.ts';
import { ORDER_MESSAGES, STATUS_TRANSITIONS } from '../../../src/contract/order.ts';
import type { CachedVenue, VenueStore } from '../venues/index.ts';
import { priceOrder, type PricedOrder } from './pricing.ts';
import { refuseIfPaused } from './paused.ts';
import * as sql from './queries.ts';
import { problem } from '../../platform/problem.ts';
import { zonedParts } from '../../platform/hours.ts';
import type { OrderTiming, TimingPlan } from './timing.ts';

export interface CreateResult {
  order: Order;
  replayed: boolean;
}

/** What a table-session round adds to an order's creation (server/features/table-sessions/service.ts). */
export interface CreateExtra {
  /** The table session: the order's events reach that session's stream too. */
  sessionId?: string;
  /** Who added each line (index-aligned with the input lines). */
  lineAuthors?: ReadonlyArray<{ by: string; participantId: string; cartLineId?: string; guest?: string }>;
  /** First thing in the order's transaction (lock and check the session). */
  before?: (tx: Queryable) => Promise<void>;
  /** Last thing in the order's transaction (empty the table cart, append the session's events). */
  after?: (tx: Queryable, order: Order) => Promise<void>;
}

/**
 * The kitchen tickets of an order (the kitchen feature gives them: server/main.ts), written in the
 * order's transaction without a round trip of their own (docs/rules.md#the-kitchen).
 */
export interface OrderTickets {
  /** Started with the order's first statements (pipelined): what the split reads (a table session's courses). */
  prepare(tx: Queryable, venueId: string, sessionId: string | undefined): Promise<unknown>;
  /**
   * Started with the order's insert, before the commit: its tickets and their events; `prepared` is what `prepare` read.
   * The database numbers the order in that same batch: `order.number` is a placeholder here, and the
   * stored number is the order row's (`orders.number`, written before the tickets' statements run).
   */
  write(tx: Queryable, order: Order, sessionId: string | undefined, prepared: unknown): Promise<unknown>;
  /** In the transaction that cancels `order`: its tickets leave the kitchen. */
  cancelled(tx: Queryable, order: Order): Promise<void>;
}

export interface OrderService {
  /** `bodyText` is the canonical request body, hashed to recognise a repeat. */
  create(
    userId: string,
    key: string,
    bodyText: string,
    input: () => OrderInput,
    extra?: CreateExtra,
  ): Promise<CreateResult>;
  /** Checks the key before the body is validated: a replay returns the first order. */
  replay(userId: string, key: string, bodyText: string): Promise<Order | undefined>;
  get(id: string): Promise<{ order: Order; userId: string } | undefined>;
  /** The order with the id of the newest event of its venue (a cursor for its event stream), read in one snapshot. */
  snapshot(id: string): Promise<{ order: Order; eventId: number } | undefined>;
  listForUser(userId: string, limit?: number): Promise<Order[]>;
  listForVenue(venueId: string, statuses?: OrderStatus[], limit?: number): Promise<Order[]>;
  setStatus(id: string, status: OrderStatus): Promise<Order>;
  /** Ends every live stream (graceful shutdown). */
  close(): void;
  onClose(fn: () => void): () => void;
  count(): Promise<number>;
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

/** Rounds of a table session are orders of the user `table:{sessionId}`. */
export const TABLE_USER_PREFIX = 'table:';
export const tableSessionOf = (userId: string) =>
  userId.startsWith(TABLE_USER_PREFIX) ? userId.slice(TABLE_USER_PREFIX.length) : undefined;

export function hashBody(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export interface OrderServiceOptions {
  now?: () => Date;
  events?: EventBus;
  /** At most `max` orders per account in `windowSeconds` (`UMENU_ORDER_LIMIT`, e.g. `20/10m`). */
  limit?: RateLimit | null;
  limiter?: RateLimiter;
  /** Split every new order into kitchen tickets. */
  tickets?: OrderTickets;
  /** Pickup and delivery times: the chosen slot's place, or the kitchen's quote (timing.ts). */
  timing?: OrderTiming;
  /** After a status change is committed, on this instance only (the ready notification: server/features/push). */
  statusChanged?: (order: Order, sessionId: string | undefined) => void;
}

/** Thrown inside the order transaction when the Idempotency-Key is already taken: rolls it back. */
class KeyTaken extends Error {}

export function createOrderService(db: Db, venues: VenueStore, options: OrderServiceOptions = {}): OrderService {
  const now = options.now ?? (() => new Date());
  const { events } = options;
  const { limiter, tickets } = options;
  const limit = options.limit ?? null;
  const closers = new Set<() => void>();
  const parse = (doc: string) => JSON.parse(doc) as Order;

  async function replay(userId: string, key: string, bodyText: string): Promise<Order | undefined> {
    const row = await sql.idempotencyKey(db, userId, key);
    if (!row) return undefined;
    if (row.body_hash !== hashBody(bodyText)) {
      throw problem('idempotencyMismatch', 422, ORDER_MESSAGES.keyReusedOtherOrder);
    }
    const order = await sql.orderDoc(db, row.order_id);
    return order ? parse(order.doc) : undefined;
  }

  /**
   * Orders per account, counted by the server's rate limiter inside the order's transaction
   * (under the account's bucket lock): only orders that are made count.
   */
  const ordersBucket = (userId: string) => `orders:${userId}`;
  async function checkLimit(tx: Queryable, userId: string, at: Date): Promise<void> {
    if (!limit || !limiter) return;
    await limiter.check(tx, ordersBucket(userId), limit, ORDER_MESSAGES.tooManyOrders, at.getTime());
  }
  const recordOrder = (tx: Queryable, userId: string, at: Date) =>
    limit && limiter ? limiter.record(tx, ordersBucket(userId), at.getTime()) : Promise.resolve();

  return {
    replay,
    async create(userId, key, bodyText, readInput, extra = {}) {
      // A new key (the usual case) goes straight to its transaction, which takes the key; a
      // repeat is found there (the key is taken) or, when this body no longer prices (the menu
      // changed, the venue closed), here: a repeat always answers the first order.
      const at = now();
      let input: OrderInput, entry: CachedVenue, priced: PricedOrder;
      let timing: TimingPlan | undefined;
      try {
        input = readInput();
        const found = venues.get(input.venueId);
        if (!found)
          throw problem('validation', 422, ORDER_MESSAGES.venueUnknown, {
            errors: { venueId: [ORDER_MESSAGES.venueUnknownField] },
          });
        entry = found;
        refuseIfPaused(entry.venue, input.mode, at);
        priced = priceOrder(entry, input, at, venues);
        timing = await options.timing?.plan(entry.venue, input, priced.lines, at);
      } catch (error) {
        const first = await replay(userId, key, bodyText);
        if (first) return { order: first, replayed: true };
        throw error;
      }
      const { venue } = entry;
      const createdAt = at.toISOString();
      const day = zonedParts(at, venue.timezone).date;
      const order = await db
        .hotTransaction(async (tx): Promise<Order | undefined> => {
          if (extra.before) await extra.before(tx);
          const id = randomUUID();
          // The first round trip, sent together (pipelined). The key's primary key decides which of
          // two simultaneous requests (on any instances) makes the order. A repeat is not refused by
          // the limit: the key decides first. A table's round also reads what its table has sent to the kitchen.
          const [limited, claimed, prepared, full] = await Promise.all([
            checkLimit(tx, userId, at).then(
              () => undefined,
              (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
            ),
            sql.claimIdempotencyKey(tx, {
              userId,
              key,
              bodyHash: hashBody(bodyText),
              orderId: id,
              createdAt: at.getTime(),
            }),
            tickets?.prepare(tx, venue.id, extra.sessionId),
            timing?.reserve(tx).then(
              () => undefined,
              (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
            ),
          ]);
          // Taken by another request: roll back.
          if (!claimed) throw new KeyTaken();
          if (limited) throw limited;
          if (full) throw full;
          const doc: Order = {
            id,
            number: sql.NUMBER_SLOT,
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
            // Payment belongs to pickup and delivery; a table round is paid with the bill.
            ...(input.mode !== 'table' && input.payment ? { payment: input.payment } : {}),
            lines: extra.lineAuthors
              ? priced.lines.map((line, i) => ({ ...line, ...extra.lineAuthors![i] }))
              : priced.lines,
            subtotal: priced.subtotal,
            tip: priced.tip,
            deliveryFee: priced.deliveryFee,
            total: priced.total,
            currency: venue.currency,
            timezone: venue.timezone,
            ...(input.language ? { language: input.language } : {}),
            ...timing?.fields,
            createdAt,
          };
          // The second round trip, sent together: the venue's day counter (its row stays locked until
          // the COMMIT), the order numbered from it, its event (the stored document), its count, its
          // kitchen tickets, and the COMMIT (with the wait for the disk) when nothing follows them.
          const counter = sql.nextOrderNumber(tx, venue.id, day);
          const writes = [
            counter,
            sql.insertNumberedOrder(tx, {
              id: doc.id,
              venueId: venue.id,
              userId,
              day,
              status: doc.status,
              doc: JSON.stringify(doc),
              createdAt,
            }),
            events
              ? events.append(tx, {
                  venueId: venue.id,
                  orderId: doc.id,
                  sessionId: extra.sessionId,
                  type: 'order',
                  data: sql.orderDocValue(doc.id),
                })
              : Promise.resolve(0),
            recordOrder(tx, userId, at),
            // Paid from the phone: the kitchen gets it once the payment is confirmed (server/features/payments).
            tickets && doc.payment !== 'online' ? tickets.write(tx, doc, extra.sessionId, prepared) : Promise.resolve(),
          ];
          if (extra.after) {
            await Promise.all(writes);
            doc.number = orderNumber((await counter)!.n);
            await extra.after(tx, doc);
          } else {
            await Promise.all([...writes, tx.commit()]);
            doc.number = orderNumber((await counter)!.n);
          }
          return doc;
        })
        .catch((error: unknown) => {
          if (error instanceof KeyTaken) return undefined;
          throw error;
        });

      if (!order) {
        // Another request with this key committed first (it waited for it): answer with its order.
        const replayed = await replay(userId, key, bodyText);
        if (replayed) return { order: replayed, replayed: true };
        throw problem('idempotencyConflict', 409, ORDER_MESSAGES.alreadySending);
      }
      events?.committed(venue.id);
      return { order, replayed: false };
    },
    async get(id) {
      const row = await sql.orderWithOwner(db, id);
      return row ? { order: parse(row.doc), userId: row.user_id } : undefined;
    },
    async snapshot(id) {
      const row = await sql.orderSnapshot(db, id);
      return row ? { order: parse(row.doc), eventId: row.event_id ?? 0 } : undefined;
    },
    async listForUser(userId, max = 100) {
      return (await sql.ordersOfUser(db, db.orderSeq, userId, max)).map((r) => parse(r.doc));
    },
    async listForVenue(venueId, statuses, max = 200) {
      return (await sql.ordersOfVenue(db, db.orderSeq, venueId, statuses ?? [], max)).map((r) => parse(r.doc));
    },
    async setStatus(id, status) {
      const updated = await db.hotTransaction(async (tx) => {
        const row = await sql.orderWithOwner(tx, id, db.forUpdate);
        if (!row) throw problem('notFound', 404, ORDER_MESSAGES.orderNotFound);
        const order = parse(row.doc);
        if (!STATUS_TRANSITIONS[order.status].includes(status)) {
          throw problem('invalidTransition', 409, ORDER_MESSAGES.transitionRefused(order.status, status), {
            from: order.status,
            to: status,
            allowed: STATUS_TRANSITIONS[order.status],
          });
        }
        order.status = status;
        order.history.push({ status, at: now().toISOString() });
        const json = JSON.stringify(order);
        // A cancelled order's kitchen tickets go in the same transaction (one more round trip, on a rare change).
        const kitchen = status === 'cancelled' && tickets ? tickets.cancelled(tx, order) : undefined;
        await Promise.all([
          sql.updateOrderStatus(tx, id, status, json),
          events?.append(tx, {
            venueId: order.venueId,
            orderId: order.id,
            sessionId: tableSessionOf(row.user_id),
            type: 'order',
            data: json,
          }),
          kitchen ?? tx.commit(),
        ]);
        return { order, sessionId: tableSessionOf(row.user_id) };
      });
      events?.committed(updated.order.venueId);
      options.statusChanged?.(updated.order, updated.sessionId);
      return updated.order;
    },
    onClose(fn) {
      closers.add(fn);
      return () => closers.delete(fn);
    },
    close() {
      for (const fn of [...closers]) fn();
      closers.clear();
    },
    count: () => sql.countOrders(db),
  };
}
