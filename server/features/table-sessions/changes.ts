/**
 * How a table session changes (docs/rules.md#table-sessions): every change runs in one transaction that first locks
 * the session row (so two instances serialize on it), bumps `version`, and appends two events: `session` (the whole
 * snapshot, routed to that session's stream by `session_id`) and `table` (the staff view, for the board). A cart
 * change, the most frequent by far, appends only what changed: `cart` (the one line, or the removed line's id, with
 * the version) and `table-cart` (the cart's size, for the board). When the session closes, its stored `session`,
 * `cart`, `table` and `table-cart` events are deleted (its rounds' `order` events stay), then the closed snapshot is published.
 */
import type { Queryable, Tx } from '../../platform/db/database.ts';
import type { LineRemoval, StaffCartChange, TableCartChange, TableSession } from '../../../src/contract/table.ts';
import { closedProblem, credentialProblem, isIdle, type TableCaller, type TableContext } from './context.ts';
import {
  bumpSession,
  closeSessionRows,
  deleteSessionEvents,
  lineIdOf,
  sessionById,
  type LineRow,
  type SessionRow,
} from './queries.ts';
import { readRows, views, viewsOf, type SessionRows } from './views.ts';
import { deleteSessionSubscriptions } from '../push/index.ts';

/**
 * After a change inside `tx`: bump the version and tell the session's phones and the board.
 * `removal`: someone removed another person's line (said in this change's snapshot only).
 */
export async function publish(
  ctx: TableContext,
  tx: Queryable,
  s: SessionRow,
  at: Date,
  removal?: LineRemoval,
): Promise<TableSession> {
  const row = await bumpSession(tx, s.id, at);
  const both = await views(tx, ctx.venues, row);
  const { staff } = both;
  const session = removal && row.status === 'open' ? { ...both.session, removed: removal } : both.session;
  await ctx.events.append(tx, {
    venueId: row.venue_id,
    sessionId: row.id,
    type: 'session',
    data: JSON.stringify(session),
  });
  await ctx.events.append(tx, { venueId: row.venue_id, sessionId: row.id, type: 'table', data: JSON.stringify(staff) });
  return session;
}

/**
 * The same publication sent in one go, with no wait between its statements: the version bump
 * and both events, built from `rows` (the session's rows after the change, read under its lock
 * in this transaction). `sent` is to be awaited together with the change's own writes and `tx.commit()`.
 */
export function publishRows(
  ctx: TableContext,
  tx: Queryable,
  s: SessionRow,
  rows: SessionRows,
  at: Date,
): { session: TableSession; sent: Promise<unknown> } {
  const bumped: SessionRow = { ...s, version: s.version + 1, active_at: at.getTime() };
  const { session, staff } = viewsOf(ctx.venues, bumped, rows);
  const sent = Promise.all([
    bumpSession(tx, s.id, at),
    ctx.events.append(tx, { venueId: s.venue_id, sessionId: s.id, type: 'session', data: JSON.stringify(session) }),
    ctx.events.append(tx, { venueId: s.venue_id, sessionId: s.id, type: 'table', data: JSON.stringify(staff) }),
  ]);
  return { session, sent };
}

/** What a cart change touched: the line added or changed, or the one removed. */
export type CartChangeRef = { lineId: string } | { removedLineId: string };

/** Ends the session inside `tx` (cart emptied, calls acknowledged) and publishes it; resolves to `closedAt`. */
export async function closeIn(ctx: TableContext, tx: Queryable, s: SessionRow, at: Date): Promise<string> {
  const closedAt = at.toISOString();
  await closeSessionRows(tx, s.id, closedAt);
  // Nothing of a closed session is replayed to its phones: its history goes (its rounds' events stay).
  await deleteSessionEvents(tx, s.id);
  // Its phones' ready notifications end with it (docs/rules.md#ready-notifications).
  await deleteSessionSubscriptions(tx, s.id);
  await publish(ctx, tx, s, at);
  return closedAt;
}

/** Thrown inside a transaction to commit it and then answer 409 (an idle session was closed). */
class ClosedAfterCommit {
  readonly closed = true;
}

export interface Change<T> {
  changed: boolean;
  value: T;
  removal?: LineRemoval;
}

/**
 * A change of an open session: locks its row, refuses a closed one (an idle one is closed
 * first, and that is committed), runs `fn`, then publishes when `fn` reports a change.
 */
export async function mutate<T>(
  ctx: TableContext,
  sessionId: string,
  fn: (tx: Queryable, s: SessionRow, at: Date) => Promise<Change<T>>,
): Promise<{ value: T; session: TableSession }> {
  let venueId = '';
  const result = await ctx.db.transaction(async (tx) => {
    const s = await sessionById(tx, sessionId, true);
    if (!s) throw credentialProblem();
    venueId = s.venue_id;
    const at = ctx.now();
    if (s.status === 'closed') throw closedProblem();
    if (isIdle(s, at, ctx.paidCloseMs)) {
      await closeIn(ctx, tx, s, at);
      return new ClosedAfterCommit();
    }
    const { changed, value, removal } = await fn(tx, s, at);
    const session = !changed ? (await views(tx, ctx.venues, s)).session : await publish(ctx, tx, s, at, removal);
    return { value, session, changed };
  });
  if (result instanceof ClosedAfterCommit) {
    ctx.events.committed(venueId);
    throw closedProblem();
  }
  if (result.changed) ctx.events.committed(venueId);
  return result;
}

/** What a cart change finds under the session's lock: the session, its rows, and what the client's line id names. */
export interface CartState {
  s: SessionRow;
  rows: SessionRows;
  known: { target_id: string; body_hash: string } | undefined;
}

/** What a cart change does, decided from its `CartState` with no statement. */
export type CartPlan =
  | { changed: false }
  | {
      changed: true;
      /** Starts the change's statements on `tx` (sent at once, awaited with the publication). */
      write: (tx: Queryable) => Array<Promise<unknown>>;
      /** The cart after the change, in its order. */
      lineRows: LineRow[];
      change: CartChangeRef;
      removal?: LineRemoval;
    };

/** The write limits of a cart change: `check` refuses (429), `record` counts; both inside the change's transaction. */
export interface CartWriteLimits {
  check(tx: Queryable, caller: TableCaller, at: Date): Promise<void>;
  record(tx: Queryable, caller: TableCaller, at: Date): Array<Promise<unknown>>;
}

/**
 * A cart change in two round trips of its transaction (docs/rules.md#table-sessions): first,
 * sent together, the session's row locked, the write limits, the client's line id and the
 * session's rows; then, from what they said, the change, the version bump, its two events and the
 * COMMIT, sent together. The answer (the whole session) is built from the rows, not read again.
 */
export async function mutateCart(
  ctx: TableContext,
  caller: TableCaller,
  lineId: string,
  limits: CartWriteLimits,
  decide: (state: CartState, at: Date) => CartPlan,
): Promise<TableSession> {
  const sessionId = caller.session.id;
  let venueId = '';
  const result = await ctx.db.transaction(async (tx: Tx) => {
    const at = ctx.now();
    const [s, limited, known, rows] = await Promise.all([
      sessionById(tx, sessionId, true),
      // A closed session answers 409 before a limit answers 429.
      limits.check(tx, caller, at).then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      ),
      lineIdOf(tx, sessionId, lineId),
      readRows(tx, { id: sessionId }),
    ]);
    if (!s) throw credentialProblem();
    venueId = s.venue_id;
    if (s.status === 'closed') throw closedProblem();
    if (isIdle(s, at, ctx.paidCloseMs)) {
      await closeIn(ctx, tx, s, at);
      return new ClosedAfterCommit();
    }
    if (limited) throw limited;
    const plan = decide({ s, rows, known }, at);
    if (!plan.changed) {
      await Promise.all([...limits.record(tx, caller, at), tx.commit()]);
      return { session: viewsOf(ctx.venues, s, rows).session, changed: false };
    }
    const after: SessionRows = { ...rows, lineRows: plan.lineRows };
    const bumped: SessionRow = { ...s, version: s.version + 1, active_at: at.getTime() };
    const { session } = viewsOf(ctx.venues, bumped, after);
    let data: TableCartChange = { sessionId: s.id, version: bumped.version };
    const { change, removal } = plan;
    if ('lineId' in change) {
      const line = session.cart.lines.find((l) => l.id === change.lineId);
      data = line ? { ...data, line } : { ...data, removedLineId: change.lineId };
    } else {
      data = { ...data, removedLineId: change.removedLineId, ...(removal ? { removed: removal } : {}) };
    }
    const staffData: StaffCartChange = { id: s.id, table: s.label, cartCount: session.cart.count };
    await Promise.all([
      ...plan.write(tx),
      ...limits.record(tx, caller, at),
      bumpSession(tx, s.id, at),
      ctx.events.append(tx, { venueId: s.venue_id, sessionId: s.id, type: 'cart', data: JSON.stringify(data) }),
      ctx.events.append(tx, {
        venueId: s.venue_id,
        sessionId: s.id,
        type: 'table-cart',
        data: JSON.stringify(staffData),
      }),
      tx.commit(),
    ]);
    return { session: removal ? { ...session, removed: removal } : session, changed: true };
  });
  if (result instanceof ClosedAfterCommit) {
    ctx.events.committed(venueId);
    throw closedProblem();
  }
  if (result.changed) ctx.events.committed(venueId);
  return result.session;
}
