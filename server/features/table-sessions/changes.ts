/**
 * How a table session changes (docs/rules.md#table-sessions): every change runs in one transaction that first locks
 * the session row (so two instances serialize on it), bumps `version`, and appends two events: `session` (the whole
 * snapshot, routed to that session's stream by `session_id`) and `table` (the staff view, for the board).
 */
import type { Queryable } from '../../platform/db/database.ts';
import type { LineRemoval, TableSession } from '../../../src/contract/table.ts';
import { closedProblem, credentialProblem, isIdle, type TableContext } from './context.ts';
import { bumpSession, closeSessionRows, sessionById, type SessionRow } from './queries.ts';
import { views } from './views.ts';

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

/** Ends the session inside `tx` (cart emptied, calls acknowledged) and publishes it; resolves to `closedAt`. */
export async function closeIn(ctx: TableContext, tx: Queryable, s: SessionRow, at: Date): Promise<string> {
  const closedAt = at.toISOString();
  await closeSessionRows(tx, s.id, closedAt);
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
    const { changed, value, removal } = await fn(tx, s, at);
    const session = changed ? await publish(ctx, tx, s, at, removal) : (await views(tx, ctx.venues, s)).session;
    return { value, session, changed };
  });
  if (result instanceof ClosedAfterCommit) {
    ctx.events.committed(venueId);
    throw closedProblem();
  }
  if (result.changed) ctx.events.committed(venueId);
  return result;
}
