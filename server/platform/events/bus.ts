/**
 * Order and venue events: stored in the `events` table with an increasing id (in the
 * same transaction as the change), kept at least 24 h, and delivered to the live
 * streams of every instance.
 *
 * Ordering: every transaction that appends an event for a venue first takes that venue's
 * advisory lock (PostgreSQL), so a venue's events commit in id order; a reader that has
 * seen id N of a venue never later finds a smaller id of that venue. (SQLite has one
 * writer, so the same holds there.)
 *
 * Delivery: after a commit, a signal "venue V has new events" — PostgreSQL `NOTIFY` on
 * channel `umenu_events` (sent inside the transaction, delivered on commit to every
 * instance's listener), or a local call on SQLite. Each instance keeps one hub per venue
 * with live subscribers; on a signal the hub reads the venue's events after the last id it
 * delivered (one query however many streams) and hands them to its subscribers. When the
 * listener reconnects, every hub reads again, so a dropped LISTEN connection loses nothing.
 */
import type { Db, Param, Queryable } from '../db/database.ts';

export const EVENTS_CHANNEL = 'umenu_events';
/** Events are kept at least this long (resume after a reload or a lost connection). */
export const EVENT_RETENTION_MS = 25 * 3600_000;

/**
 * `order` (an order's whole document), `venue` (menu changed), `session` (a table session's
 * whole snapshot, for its participants only), `cart` (one line of a table session's cart changed,
 * for its participants only), `table` (the staff view of a table session, for the board) and
 * `table-cart` (a table's cart size, for the board) and `ticket` (a kitchen ticket, for the board and
 * the kitchen display: new, done, reopened, released), `payment` (a pickup or delivery order was paid: its `Payment`, for the board) and `print` (a ticket sent to be printed again:
 * wakes the print agents' long-polls, server/features/printing) and `bill` (a table's bill changed: its `BillState`, for the board and
 * that table's phones, docs/rules.md#the-bill) and `access` (a person's access to the venue changed, data `{"userId"}`: never
 * sent to a client, it ends that person's streams of the venue on every instance, server/platform/events/sse.ts),
 * `table-moved` (staff moved a table's session or merged it into another: its `TableMoved`, for that session's phones)
 * and `participant-removed` (staff removed a person from a table: `ParticipantRemoved`, for that session's phones),
 * docs/rules.md#the-floor.
 */
export type EventType =
  | 'order'
  | 'venue'
  | 'session'
  | 'cart'
  | 'table'
  | 'table-cart'
  | 'ticket'
  | 'print'
  | 'bill'
  | 'payment'
  | 'access'
  | 'table-moved'
  | 'participant-removed';

/** The data of an `access` event: whose access to the venue changed. */
export const accessEventData = (userId: string): string => JSON.stringify({ userId });

/** A value computed by the database: an SQL expression and its parameters. */
export interface SqlValue {
  sql: string;
  params: Param[];
}

export interface StoredEvent {
  id: number;
  venueId: string;
  orderId: string | null;
  /** The table session the event belongs to (its stream reads only these). */
  sessionId: string | null;
  type: EventType;
  data: string;
}

interface EventRow {
  id: number;
  venue_id: string;
  order_id: string | null;
  session_id: string | null;
  type: EventType;
  data: string;
}

const COLUMNS = 'id, venue_id, order_id, session_id, type, data';
const toEvent = (r: EventRow): StoredEvent => ({
  id: r.id,
  venueId: r.venue_id,
  orderId: r.order_id,
  sessionId: r.session_id,
  type: r.type,
  data: r.data,
});

/** Which stored events a stream reads: one order's, or one table session's. */
export interface EventFilter {
  orderId?: string | undefined;
  sessionId?: string | undefined;
}

export type EventListener = (event: StoredEvent) => void;

interface Hub {
  cursor: number;
  ready: Promise<void>;
  listeners: Set<EventListener>;
  fetching: boolean;
  again: boolean;
}

export interface EventBus {
  /**
   * Appends an event inside `tx`; call `committed(venueId)` after the transaction commits. `data` is
   * the event's text, or an SQL expression that yields it in the same statement (a row written
   * earlier in the transaction, e.g. `(SELECT doc FROM orders WHERE id = ?)`, sent in the same batch).
   */
  append(
    tx: Queryable,
    event: {
      venueId: string;
      orderId?: string;
      sessionId?: string | undefined;
      type: EventType;
      data: string | SqlValue;
    },
  ): Promise<number>;
  /** After a commit: lets this instance's streams (SQLite) know; PostgreSQL's NOTIFY does it for every instance. */
  committed(venueId: string): void;
  /**
   * Live events of a venue. Resolves once the hub knows where it starts: events committed
   * after that are delivered; query `since()` after it resolves to fill the gap before.
   */
  subscribe(venueId: string, listener: EventListener): Promise<() => void>;
  /** Stored events of a venue (optionally one order's or one table session's) after `afterId`, in order. */
  since(venueId: string, afterId: number, filter?: EventFilter): Promise<StoredEvent[]>;
  /**
   * How much `since(venueId, afterId, filter)` would read, counting at most `max` events:
   * their number and the length of their data (a bounded replay decides from it).
   */
  backlog(
    venueId: string,
    afterId: number,
    filter: EventFilter,
    max: number,
  ): Promise<{ events: number; bytes: number }>;
  /** The venue's newest event id (0 when none). */
  latestId(venueId: string): Promise<number>;
  /** Called with the venue id of every venue event seen from any instance (cache refresh). */
  onVenueEvent(fn: (venueId: string) => void): void;
  /** Called when the listener (re)connects: anything may have been missed meanwhile. */
  onResync(fn: () => void): void;
  /** Deletes events older than the retention period. */
  prune(now?: number): Promise<number>;
  close(): Promise<void>;
}

export async function createEventBus(db: Db): Promise<EventBus> {
  const hubs = new Map<string, Hub>();
  const venueWatchers: Array<(venueId: string) => void> = [];
  const resyncWatchers: Array<() => void> = [];
  let closed = false;

  async function fetchInto(venueId: string, hub: Hub): Promise<void> {
    await hub.ready;
    if (hub.fetching) {
      hub.again = true;
      return;
    }
    hub.fetching = true;
    try {
      do {
        hub.again = false;
        const rows = await db.all<EventRow>(
          `SELECT ${COLUMNS} FROM events WHERE venue_id = ? AND id > ? ORDER BY id LIMIT 1000`,
          [venueId, hub.cursor],
        );
        for (const row of rows) {
          hub.cursor = row.id;
          const event = toEvent(row);
          for (const listener of hub.listeners) listener(event);
        }
        if (rows.length === 1000) hub.again = true;
      } while (hub.again && !closed && hubs.get(venueId) === hub);
    } catch (error) {
      if (!closed) console.error('[umenu] reading events failed', error);
    } finally {
      hub.fetching = false;
    }
  }

  function signal(venueId: string, type?: string): void {
    if (closed) return;
    if (type === 'venue') for (const fn of venueWatchers) fn(venueId);
    const hub = hubs.get(venueId);
    if (hub) void fetchInto(venueId, hub);
  }

  let unlisten: (() => Promise<void>) | undefined;
  if (db.dialect === 'postgres') {
    let connectedOnce = false;
    unlisten = await db.listen(
      EVENTS_CHANNEL,
      (payload) => {
        try {
          const { v, t } = JSON.parse(payload) as { v: string; t: string };
          signal(v, t);
        } catch {
          /* not ours */
        }
      },
      () => {
        // (Re)connected: events may have been committed while nobody listened.
        if (connectedOnce) {
          for (const [venueId, hub] of hubs) void fetchInto(venueId, hub);
          for (const fn of resyncWatchers) fn();
        }
        connectedOnce = true;
      },
    );
  }

  const latestId = async (venueId: string) =>
    (await db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM events WHERE venue_id = ?', [venueId]))?.id ?? 0;

  return {
    async append(tx, { venueId, orderId, sessionId, type, data }) {
      const [dataSql, dataParams] = typeof data === 'string' ? ['?', [data]] : [data.sql, data.params];
      const params: Param[] = [venueId, orderId ?? null, sessionId ?? null, type, ...dataParams, Date.now()];
      const insert = `INSERT INTO events (venue_id, order_id, session_id, type, data, created_at) VALUES (?, ?, ?, ?, ${dataSql}, ?) RETURNING id`;
      if (tx.dialect === 'sqlite') return (await tx.get<{ id: number }>(insert, params))!.id;
      // Serialize this venue's event commits (see the module comment), then take the next id and
      // notify every instance on commit — sent together (pipelined), executed in this order.
      const [, row] = await Promise.all([
        tx.lock('events', venueId),
        tx.get<{ id: number }>(
          `WITH e AS (${insert})
          SELECT id, pg_notify('${EVENTS_CHANNEL}', json_build_object('v', ?::text, 't', ?::text, 'id', id)::text) FROM e`,
          [...params, venueId, type],
        ),
      ]);
      return row!.id;
    },
    committed(venueId) {
      if (db.dialect === 'sqlite') {
        // Read after the current call stack: the caller's answer goes out first.
        queueMicrotask(() => signal(venueId, undefined));
      }
    },
    async subscribe(venueId, listener) {
      let hub = hubs.get(venueId);
      if (!hub) {
        const created: Hub = {
          cursor: 0,
          ready: Promise.resolve(),
          listeners: new Set(),
          fetching: false,
          again: false,
        };
        created.ready = latestId(venueId).then((id) => {
          created.cursor = Math.max(created.cursor, id);
        });
        hubs.set(venueId, created);
        hub = created;
      }
      hub.listeners.add(listener);
      const current = hub;
      const unsubscribe = () => {
        current.listeners.delete(listener);
        if (!current.listeners.size && hubs.get(venueId) === current) hubs.delete(venueId);
      };
      try {
        await current.ready;
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    async since(venueId, afterId, filter = {}) {
      const rows = filter.orderId
        ? await db.all<EventRow>(
            `SELECT ${COLUMNS} FROM events WHERE order_id = ? AND venue_id = ? AND id > ? ORDER BY id`,
            [filter.orderId, venueId, afterId],
          )
        : filter.sessionId
          ? await db.all<EventRow>(
              `SELECT ${COLUMNS} FROM events WHERE session_id = ? AND venue_id = ? AND id > ? ORDER BY id LIMIT 5000`,
              [filter.sessionId, venueId, afterId],
            )
          : await db.all<EventRow>(
              `SELECT ${COLUMNS} FROM events WHERE venue_id = ? AND id > ? ORDER BY id LIMIT 5000`,
              [venueId, afterId],
            );
      return rows.map(toEvent);
    },
    async backlog(venueId, afterId, filter, max) {
      const [where, key] = filter.orderId
        ? ['order_id = ? AND ', [filter.orderId]]
        : filter.sessionId
          ? ['session_id = ? AND ', [filter.sessionId]]
          : ['', []];
      const row = await db.get<{ n: number; bytes: number | null }>(
        `SELECT COUNT(*) AS n, SUM(LENGTH(data)) AS bytes FROM (SELECT data FROM events WHERE ${where}venue_id = ? AND id > ? ORDER BY id LIMIT ?) AS t`,
        [...key, venueId, afterId, max],
      );
      return { events: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) };
    },
    latestId,
    onVenueEvent(fn) {
      venueWatchers.push(fn);
    },
    onResync(fn) {
      resyncWatchers.push(fn);
    },
    prune: async (now = Date.now()) => db.run('DELETE FROM events WHERE created_at < ?', [now - EVENT_RETENTION_MS]),
    async close() {
      closed = true;
      hubs.clear();
      await unlisten?.().catch(() => {});
    },
  };
}
