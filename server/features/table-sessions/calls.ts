/**
 * Calling staff and the bill (docs/rules.md#table-sessions): a call (the waiter, or the bill) reaches the board until
 * staff acknowledge it, one open call of each kind per table; the bill is every round that was not cancelled.
 */
import { randomUUID } from 'node:crypto';
import { closedProblem, type TableContext, type TableSessionService } from './context.ts';
import { mutate } from './changes.ts';
import { insertCall, openCallOfKind, participantName, sessionById, type CallRow } from './queries.ts';
import { readParts, toCall } from './views.ts';

export function calls(ctx: TableContext): Pick<TableSessionService, 'call' | 'bill'> {
  const { db, venues, limits, limiter } = ctx;
  return {
    async call(caller, kind) {
      if (caller.session.status !== 'open') throw closedProblem();
      await limiter.hit(`call:${caller.session.id}`, limits.callsPerSession, (wait) => `Has avisado al personal muchas veces seguidas. Podrás volver a llamar en ${wait}.`);
      const { value } = await mutate(ctx, caller.session.id, async (tx, s, at) => {
        const names = new Map([[caller.participantId, caller.name]]);
        const open = await openCallOfKind(tx, s.id, kind);
        if (open) {
          const who = open.participant_id ? await participantName(tx, open.participant_id) : undefined;
          if (open.participant_id && who) names.set(open.participant_id, who.name);
          return { changed: false, value: { call: toCall(open, names), alreadyOpen: true } };
        }
        const row: CallRow = { id: randomUUID(), session_id: s.id, kind, at: at.toISOString(), acknowledged_at: null, participant_id: caller.participantId };
        await insertCall(tx, row);
        return { changed: true, value: { call: toCall(row, names), alreadyOpen: false } };
      });
      return value;
    },

    async bill(caller) {
      const s = await sessionById(db, caller.session.id);
      if (!s || s.status !== 'open') throw closedProblem();
      const { participants, rounds } = await readParts(db, venues, s);
      const served = rounds.filter((r) => r.status !== 'cancelled');
      const totals = new Map<string, number>(participants.map((p) => [p.id, 0]));
      for (const round of served) {
        for (const line of round.lines) {
          if (line.participantId && totals.has(line.participantId)) totals.set(line.participantId, totals.get(line.participantId)! + line.lineTotal);
        }
      }
      const venue = venues.get(s.venue_id)?.venue;
      return {
        currency: venue?.currency ?? served[0]?.currency ?? '',
        locale: venue?.locale ?? 'es',
        rounds: served,
        people: participants.map((p) => ({ participantId: p.id, name: p.name, total: totals.get(p.id) ?? 0 })),
        subtotal: served.reduce((sum, r) => sum + r.subtotal, 0),
        total: served.reduce((sum, r) => sum + r.total, 0),
      };
    },
  };
}
