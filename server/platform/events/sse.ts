/**
 * Server-sent event streams that can be resumed.
 *
 * Protocol (`GET /api/orders/{id}/events`, `GET /api/venues/{id}/orders/events`, `GET /api/table-session/events`):
 * - First `retry: 3000` and `event: ready` whose `id:` is the stream's position (data `{}`).
 * - New connection (no `Last-Event-ID`): the order stream then sends `event: order` with
 *   the whole current order and the same `id:`; the board sends nothing more until a change.
 * - Reconnection with `Last-Event-ID: N` (the header EventSource sends by itself, or
 *   `?lastEventId=N` for clients that cannot set headers): every stored event after N for
 *   this stream, oldest first, then live ones — each once, each with its `id:`. A stream with
 *   a replay limit (the table-session stream) answers a gap larger than the limit as a new
 *   connection instead: one current snapshot, then live events.
 * - Live: `event: order` (an order was placed or changed; data = the whole order) and, on
 *   the board, `event: venue` (the venue's menu changed: availability or prices; data
 *   `{"venueId","updatedAt"}`) and `event: table` (a table session's staff view). Ids
 *   increase; a client keeps the last one it saw.
 * - The table-session stream (`GET /api/table-session/events`) is the same protocol with
 *   `event: session` (the whole session: first, and after every change but the cart's),
 *   `event: cart` (one cart line added, changed or removed, with the session's version) and
 *   `event: order` (one of its rounds changed), filtered by the events' `session_id`.
 * - `: ping` comments every 15 s. On shutdown: `retry: 500` and the stream ends, so the
 *   client reconnects promptly — through the load balancer, to another instance.
 * - A signed-in person's stream (docs/rules.md#live-streams-and-access) lasts no longer than the
 *   token it was opened with: at its expiry `retry: 500` and the stream ends (the client
 *   reconnects with a fresh token); and it ends at once when that person's access to the venue
 *   changes (an `access` event of the venue naming them, from any instance). Access is read
 *   from the database when a stream opens, not from the token, so a person removed from the
 *   team cannot reopen it with a token signed before the removal.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventBus, StoredEvent } from './bus.ts';

/** Event streams open on this process now (the metrics' gauge). */
let open = 0;
export const openStreamCount = () => open;

/** Who a stream is for, when a signed-in person opened it. */
export interface StreamHolder {
  /** The person (`sub`): an `access` event of the venue naming them ends the stream at once. */
  userId: string;
  /** When the token the stream was opened with expires (ms since the epoch): the stream ends then. */
  expiresAt: number;
  /**
   * Checks the person's access as the database has it now (not as the token has it); throws the
   * problem to answer when it is gone. Run after the stream has subscribed, so a change committed
   * at the same moment is either seen here or delivered as an `access` event.
   */
  recheck?: () => Promise<void>;
}

function accessEventUser(event: StoredEvent): string | undefined {
  try {
    const { userId } = JSON.parse(event.data) as { userId?: unknown };
    return typeof userId === 'string' ? userId : undefined;
  } catch {
    return undefined;
  }
}

/** Longest timer Node keeps (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the stream says before it ends (SSE comments: a person reading the raw stream understands). */
const STREAM_ENDS = {
  shutdown: ': este servidor se reinicia; vuelve a conectar\nretry: 500\n\n',
  expired: ': el token de este stream ha caducado; vuelve a conectar con uno nuevo\nretry: 500\n\n',
  access: ': tu acceso a este local ha cambiado; vuelve a conectar\nretry: 500\n\n',
  moved: ': tu sitio en la mesa ha cambiado; vuelve a conectar\nretry: 500\n\n',
} as const;

export interface StreamSpec {
  venueId: string;
  /** The signed-in person the stream is for (the order page, the board): see the module comment. */
  holder?: StreamHolder;
  /** Only this order's events (the order page). */
  orderId?: string;
  /** Only this table session's events (a participant's stream). */
  sessionId?: string;
  /** Further filter on the event (e.g. the board skips `session`, a participant skips `table`). */
  accept?: (event: StoredEvent) => boolean;
  /** Start afresh even when the client asks to resume (a closed table session: nothing of it is replayed). */
  ignoreResume?: boolean;
  /** The stream ends (`retry: 500`) once it has sent such an event (a table session's phone moved to another session, or removed). */
  endAfter?: (event: StoredEvent) => boolean;
  /**
   * Bounded replay: when more than `events` stored events, or more than `bytes` of their data,
   * came after the client's `Last-Event-ID`, the stream starts afresh (`fresh()`: one current
   * snapshot) instead of sending that history.
   */
  replayLimit?: { events: number; bytes: number };
  /** A new connection: the first messages and the position they stand for. */
  fresh(): Promise<{ cursor: number; first: Array<{ event: string; data: string }> }>;
}

export interface StreamDeps {
  events: EventBus;
  heartbeatMs: number;
  /** Registers a callback run when the instance shuts down; returns its remover. */
  onClose(fn: () => void): () => void;
}

/** `Last-Event-ID` header, else `lastEventId` query parameter; undefined when absent or not an id. */
export function lastEventId(c: Context): number | undefined {
  const raw = c.req.header('last-event-id') ?? c.req.query('lastEventId');
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

export async function eventStream(c: Context, deps: StreamDeps, spec: StreamSpec): Promise<Response> {
  const queue: StoredEvent[] = [];
  let wake: (() => void) | undefined;
  let accessChanged = false;
  // Subscribe before reading what was missed: nothing falls between the two (duplicates are dropped by id).
  const unsubscribe = await deps.events.subscribe(spec.venueId, (event) => {
    // Access changes are the server's own business: never sent, they end the holder's stream.
    if (event.type === 'access') {
      if (spec.holder && accessEventUser(event) === spec.holder.userId) {
        accessChanged = true;
        wake?.();
      }
      return;
    }
    if (spec.orderId && event.orderId !== spec.orderId) return;
    if (spec.sessionId && event.sessionId !== spec.sessionId) return;
    if (spec.accept && !spec.accept(event)) return;
    queue.push(event);
    wake?.();
  });
  let cursor: number;
  let first: Array<{ event: string; data: string; id?: number }>;
  try {
    await spec.holder?.recheck?.();
    let resumeFrom = spec.ignoreResume ? undefined : lastEventId(c);
    if (resumeFrom !== undefined && spec.replayLimit) {
      const { events, bytes } = spec.replayLimit;
      const backlog = await deps.events.backlog(
        spec.venueId,
        resumeFrom,
        { orderId: spec.orderId, sessionId: spec.sessionId },
        events + 1,
      );
      if (backlog.events > events || backlog.bytes > bytes) resumeFrom = undefined;
    }
    if (resumeFrom !== undefined) {
      cursor = resumeFrom;
      first = (await deps.events.since(spec.venueId, resumeFrom, { orderId: spec.orderId, sessionId: spec.sessionId }))
        .filter((e) => e.type !== 'access' && (!spec.accept || spec.accept(e)))
        .map((e) => ({ event: e.type, data: e.data, id: e.id }));
    } else {
      const fresh = await spec.fresh();
      cursor = fresh.cursor;
      first = fresh.first.map((m) => ({ ...m, id: fresh.cursor }));
    }
  } catch (error) {
    unsubscribe();
    throw error;
  }
  c.header('cache-control', 'no-store');
  c.header('x-accel-buffering', 'no');
  return streamSSE(c, async (stream) => {
    open++;
    let ended = false;
    let reason: keyof typeof STREAM_ENDS | undefined;
    const finish = () => {
      ended = true;
      wake?.();
    };
    const endFor = (why: keyof typeof STREAM_ENDS) => {
      reason ??= why;
      finish();
    };
    const offClose = deps.onClose(() => endFor('shutdown'));
    stream.onAbort(finish);
    let expiry: ReturnType<typeof setTimeout> | undefined;
    const watchExpiry = () => {
      const left = spec.holder!.expiresAt - Date.now();
      if (left <= 0) endFor('expired');
      else expiry = setTimeout(watchExpiry, Math.min(left, MAX_TIMER_MS));
    };
    if (spec.holder) watchExpiry();
    const heartbeat = setInterval(() => {
      void stream.write(': ping\n\n').catch(finish);
    }, deps.heartbeatMs);
    try {
      await stream.writeSSE({ event: 'ready', data: '{}', id: String(cursor), retry: 3000 });
      for (const message of first) {
        if (message.id !== undefined && message.id > cursor) cursor = message.id;
        await stream.writeSSE({
          event: message.event,
          data: message.data,
          ...(message.id !== undefined ? { id: String(message.id) } : {}),
        });
      }
      while (!ended) {
        if (accessChanged) {
          endFor('access');
          break;
        }
        const next = queue.shift();
        if (next) {
          if (next.id <= cursor) continue;
          cursor = next.id;
          await stream.writeSSE({ event: next.type, data: next.data, id: String(next.id) });
          if (spec.endAfter?.(next)) endFor('moved');
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
      if (reason) await stream.write(STREAM_ENDS[reason]).catch(() => {});
    } finally {
      open--;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      offClose();
    }
  });
}
