/**
 * How a table session changes (docs/rules.md#table-sessions): every change runs in one transaction that first locks
 * the session row (so two instances serialize on it), bumps `version`, and appends two events: `session` (the whole
 * snapshot, routed to that session's stream by `session_id`) and `table` (the staff view, for the board). A cart
 * change, the most frequent by far, appends only what changed: `cart` (the one line, or the removed line's id, with
 * the version) and `table-cart` (the cart's size, for the board). When the session closes, its stored `session`,
 * `cart`, `table` and `table-cart` events are deleted (its rounds' `order` events stay), then the closed snapshot is published.
 */
import type { Queryable } from '../../platform/db/database.ts';
import type { LineRemoval, StaffCartChange, TableCartChange, TableSession } from '../../../src/contract/table.ts';
import { closedProblem, credentialProblem, isIdle, type TableContext } from './context.ts';
import { bumpSession, cartLine, cartUnitCount, closeSessionRows, deleteSessionEvents, participantName, sessionById, type SessionRow } from './queries.ts';
import { pricedLine, views } from './views.ts';

/**
 * After a change inside `tx`: bump the version and tell the session's phones and the board.
 * `removal`: someone removed another person's line (said in this change's snapshot only).
 */
export async function publish(ctx: TableContext, tx: Queryable, s: SessionRow, at: Date, removal?: LineRemoval): Promise<TableSession> {
  const row = await bumpSession(tx, s.id, at);
  const both = await views(tx, ctx.venues, row);
  const { staff } = both;
  const session = removal && row.status === 'open' ? { ...both.session, removed: removal } : both.session;
  await ctx.events.append(tx, { venueId: row.venue_id, sessionId: row.id, type: 'session', data: JSON.stringify(session) });
  await ctx.events.append(tx, { venueId: row.venue_id, sessionId: row.id, type: 'table', data: JSON.stringify(staff) });
  return session;
}

/** What a cart change touched: the line added or changed, or the one removed. */
export type CartChangeRef = { lineId: string } | { removedLineId: string };

/** After a cart change inside `tx`: bump the version, publish the change itself (not the session); answers the whole session. */
export async function publishCart(ctx: TableContext, tx: Queryable, s: SessionRow, at: Date, change: CartChangeRef, removal?: LineRemoval): Promise<TableSession> {
  const row = await bumpSession(tx, s.id, at);
  let data: TableCartChange = { sessionId: row.id, version: row.version };
  if ('lineId' in change) {
    const line = await cartLine(tx, row.id, change.lineId);
    const by = line ? (await participantName(tx, line.participant_id))?.name ?? '' : '';
    data = line ? { ...data, line: pricedLine(ctx.venues.get(row.venue_id), line, by) } : { ...data, removedLineId: change.lineId };
  } else {
    data = { ...data, removedLineId: change.removedLineId, ...(removal ? { removed: removal } : {}) };
  }
  const staffData: StaffCartChange = { id: row.id, table: row.label, cartCount: await cartUnitCount(tx, row.id) };
  await ctx.events.append(tx, { venueId: row.venue_id, sessionId: row.id, type: 'cart', data: JSON.stringify(data) });
  await ctx.events.append(tx, { venueId: row.venue_id, sessionId: row.id, type: 'table-cart', data: JSON.stringify(staffData) });
  const { session } = await views(tx, ctx.venues, row);
  return removal ? { ...session, removed: removal } : session;
}

/** Ends the session inside `tx` (cart emptied, calls acknowledged) and publishes it; resolves to `closedAt`. */
export async function closeIn(ctx: TableContext, tx: Queryable, s: SessionRow, at: Date): Promise<string> {
  const closedAt = at.toISOString();
  await closeSessionRows(tx, s.id, closedAt);
  // Nothing of a closed session is replayed to its phones: its history goes (its rounds' events stay).
  await deleteSessionEvents(tx, s.id);
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
  /** A cart change: publish only the line it touched. */
  cart?: CartChangeRef;
}

/**
 * A change of an open session: locks its row, refuses a closed one (an idle one is closed
 * first, and that is committed), runs `fn`, then publishes when `fn` reports a change.
 */
export async function mutate<T>(ctx: TableContext, sessionId: string, fn: (tx: Queryable, s: SessionRow, at: Date) => Promise<Change<T>>): Promise<{ value: T; session: TableSession }> {
  let venueId = '';
  const result = await ctx.db.transaction(async (tx) => {
    const s = await sessionById(tx, sessionId, true);
    if (!s) throw credentialProblem();
    venueId = s.venue_id;
    const at = ctx.now();
    if (s.status === 'closed') throw closedProblem();
    if (isIdle(s, at)) {
      await closeIn(ctx, tx, s, at);
      return new ClosedAfterCommit();
    }
    const { changed, value, removal, cart } = await fn(tx, s, at);
    const session = !changed
      ? (await views(tx, ctx.venues, s)).session
      : cart ? await publishCart(ctx, tx, s, at, cart, removal) : await publish(ctx, tx, s, at, removal);
    return { value, session, changed };
  });
  if (result instanceof ClosedAfterCommit) {
    ctx.events.committed(venueId);
    throw closedProblem();
  }
  if (result.changed) ctx.events.committed(venueId);
  return result;
}
