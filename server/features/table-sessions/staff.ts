/**
 * What staff of the venue do with its tables (docs/rules.md#table-sessions): the board's open sessions, acknowledging
 * a call, closing a table (every phone of it gets the closed snapshot; the next join opens a new session).
 */
import { problem } from '../../platform/problem.ts';
import type { StaffTableSession } from '../../../src/contract/table.ts';
import { TABLE_MESSAGES } from '../../../src/contract/table.ts';
import { isIdle, type TableContext, type TableSessionService } from './context.ts';
import { closeIn, publish } from './changes.ts';
import { acknowledgeCall, callById, callWithVenue } from './calls/queries.ts';
import { openSessionOf, openSessionsOfVenue, paidSessionsBefore, sessionById, setSessionUnpaid } from './queries.ts';
import { BILL_MESSAGES } from '../../../src/contract/bill.ts';
import { recordAudit } from '../audit/index.ts';
import { toCall, views } from './views.ts';

export function staff(
  ctx: TableContext,
): Pick<TableSessionService, 'listOpen' | 'acknowledge' | 'close' | 'closeIfOpen' | 'publishIn' | 'closePaid'> {
  const { db, venues, events, now } = ctx;
  return {
    async listOpen(venueId) {
      const at = now();
      const rows = await openSessionsOfVenue(db, venueId);
      const out: StaffTableSession[] = [];
      for (const row of rows) {
        if (isIdle(row, at, ctx.paidCloseMs)) continue;
        const { staff: view } = await views(db, venues, row);
        // A session shows on the board only once someone joined it (no ghost tables), or staff opened it.
        if (view.participants.length === 0 && !row.opened_by) continue;
        const { status: _status, ...rest } = view;
        out.push(rest);
      }
      return out;
    },

    async acknowledge(venueId, callId) {
      const row = await callWithVenue(db, callId);
      if (!row || row.venue_id !== venueId) throw problem('notFound', 404, TABLE_MESSAGES.callNotFound);
      if (row.acknowledged_at) return toCall(row);
      const result = await db.transaction(async (tx) => {
        const s = (await sessionById(tx, row.session_id, true))!;
        const at = now().toISOString();
        const changed = await acknowledgeCall(tx, callId, at);
        if (changed) await publish(ctx, tx, s, now());
        return (await callById(tx, callId))!;
      });
      events.committed(venueId);
      return toCall(result);
    },

    async close(venueId, label, options = {}) {
      const { closedAt, unpaid } = await db.transaction(async (tx) => {
        await tx.lock('tableJoin', `${venueId}\n${label}`);
        const s = await openSessionOf(tx, venueId, label, true);
        if (!s) throw problem('notFound', 404, TABLE_MESSAGES.noOpenSession(label.slice(0, 40)));
        // Something left to pay: closing needs the staff's confirmation, and the amount is recorded (docs/rules.md#the-bill).
        const owed = await ctx.billing.current?.balanceOf(tx, s);
        if (owed && owed.balance > 0) {
          if (!options.confirmUnpaid)
            throw problem('invalidTransition', 409, BILL_MESSAGES.unpaidClose(owed.formatted), {
              balance: owed.balance,
            });
          // «Cerrar sin cobrar» is kept in the audit log with who closed it (docs/rules.md#the-floor).
          await Promise.all([
            setSessionUnpaid(tx, s.id, owed.balance),
            options.actor
              ? recordAudit(tx, {
                  venueId,
                  actor: options.actor,
                  action: 'closeUnpaid',
                  table: s.label,
                  detail: { sessionId: s.id, unpaid: owed.balance, what: owed.formatted },
                })
              : undefined,
          ]);
        }
        return {
          closedAt: await closeIn(ctx, tx, s, now()),
          unpaid: owed && owed.balance > 0 ? owed.balance : undefined,
        };
      });
      events.committed(venueId);
      return { table: label, closedAt, ...(unpaid !== undefined ? { unpaid } : {}) };
    },

    async publishIn(tx, s) {
      await publish(ctx, tx, s, now());
    },

    async closeIfOpen(venueId, label) {
      const closed = await db.transaction(async (tx) => {
        await tx.lock('tableJoin', `${venueId}\n${label}`);
        const s = await openSessionOf(tx, venueId, label, true);
        if (!s) return false;
        await closeIn(ctx, tx, s, now());
        return true;
      });
      if (closed) events.committed(venueId);
      return closed;
    },

    async closePaid() {
      const at = now();
      if (!Number.isFinite(ctx.paidCloseMs)) return 0;
      const due = await paidSessionsBefore(db, new Date(at.getTime() - ctx.paidCloseMs).toISOString());
      let closed = 0;
      for (const row of due) {
        // Under the session's lock, read again: another instance may have closed it, or a new round reopened the bill.
        const done = await db.transaction(async (tx) => {
          const s = await sessionById(tx, row.id, true);
          if (!s || !isIdle(s, at, ctx.paidCloseMs)) return false;
          await closeIn(ctx, tx, s, at);
          return true;
        });
        if (done) {
          closed += 1;
          events.committed(row.venue_id);
        }
      }
      return closed;
    },
  };
}
