/**
 * Calling staff (docs/rules.md#table-sessions): a call (the waiter, or the bill) reaches the board until
 * staff acknowledge it, one open call of each kind per table. The bill itself is server/features/billing.
 */
import { randomUUID } from 'node:crypto';
import { TABLE_MESSAGES } from '../../../src/contract/table.ts';
import { closedProblem, type TableContext, type TableSessionService } from './context.ts';
import { mutate } from './changes.ts';
import { participantName } from './queries.ts';
import { insertCall, openCallOfKind, type CallRow } from './calls/queries.ts';
import { toCall } from './views.ts';

export function calls(ctx: TableContext): Pick<TableSessionService, 'call'> {
  const { limits, limiter } = ctx;
  return {
    async call(caller, kind) {
      if (caller.session.status !== 'open') throw closedProblem();
      await limiter.hit(`call:${caller.session.id}`, limits.callsPerSession, TABLE_MESSAGES.tooManyCalls);
      const { value } = await mutate(ctx, caller.session.id, async (tx, s, at) => {
        const names = new Map([[caller.participantId, caller.name]]);
        const open = await openCallOfKind(tx, s.id, kind);
        if (open) {
          const who = open.participant_id ? await participantName(tx, open.participant_id) : undefined;
          if (open.participant_id && who) names.set(open.participant_id, who.name);
          return { changed: false, value: { call: toCall(open, names), alreadyOpen: true } };
        }
        const row: CallRow = {
          id: randomUUID(),
          session_id: s.id,
          kind,
          at: at.toISOString(),
          acknowledged_at: null,
          participant_id: caller.participantId,
        };
        await insertCall(tx, row);
        return { changed: true, value: { call: toCall(row, names), alreadyOpen: false } };
      });
      return value;
    },
  };
}
