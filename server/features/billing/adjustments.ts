/**
 * Invitations and discounts on a table's bill (docs/rules.md#the-floor): a manager makes lines cost nothing
 * («Invitación de la casa») or takes a percentage or an amount off what the table owes. Each is its own line on
 * the bill, on every phone (`event: bill`) and on the receipt; the tax of a receipt is computed on what is
 * actually paid (an invitation or a discount is a negative line at its rates). Kept in `bill_adjustments`, and
 * in the venue's audit log in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { problem } from '../../platform/problem.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { openSessionOf, setSessionPaid, type TableSessionService } from '../table-sessions/index.ts';
import type { BillState } from '../../../src/contract/bill.ts';
import {
  CORRECTION_MESSAGES,
  CORRECTION_STRINGS,
  type Adjustment,
  type AdjustmentInput,
} from '../../../src/contract/corrections.ts';
import { compedProblem } from './adjusted.ts';
import { insertAdjustment } from './queries.ts';
import type { Bill } from './bill.ts';
import type { BillingContext } from './context.ts';

export function createAdjustments(ctx: BillingContext, bill: Bill, tableSessions: TableSessionService) {
  const { db, events, now, venueOf, money } = ctx;

  return {
    adjust: async (venueId: string, label: string, input: AdjustmentInput, actor: AuditActor): Promise<BillState> => {
      const venue = venueOf(venueId);
      const state = await db.transaction(async (tx) => {
        const s = await openSessionOf(tx, venueId, label, true);
        if (!s) throw problem('notFound', 404, CORRECTION_MESSAGES.noOpenSession(label.slice(0, 40)));
        const { state: before, lineById } = await bill.read(tx, s);
        const at = now();
        let adjustment: Adjustment;
        if (input.kind === 'comp') {
          if (new Set(input.lineIds).size !== input.lineIds.length)
            throw problem('validation', 422, CORRECTION_MESSAGES.unknownLine, {
              errors: { lineIds: [CORRECTION_MESSAGES.unknownLine] },
            });
          const lines = input.lineIds.map((id) => {
            const line = lineById.get(id);
            if (!line)
              throw problem('validation', 422, CORRECTION_MESSAGES.unknownLine, {
                errors: { lineIds: [CORRECTION_MESSAGES.unknownLine] },
              });
            if (line.comped) throw compedProblem(line);
            if (line.paidBy !== undefined || line.claimedBy !== undefined || line.shared)
              throw problem('invalidTransition', 409, CORRECTION_MESSAGES.compPaid(line.name), { lineId: id });
            return line;
          });
          const amount = lines.reduce((sum, l) => sum + l.lineTotal, 0);
          // An amount someone is paying (or paid) may already cover these lines.
          if (amount > before.unassigned)
            throw problem('invalidTransition', 409, CORRECTION_MESSAGES.compPaid(lines.map((l) => l.name).join(', ')));
          adjustment = {
            id: randomUUID(),
            kind: 'comp',
            name: CORRECTION_STRINGS.comp,
            amount,
            lineIds: input.lineIds,
            reason: input.reason,
            by: actor.name,
            createdAt: at.toISOString(),
          };
        } else {
          if ((input.percent === undefined) === (input.amount === undefined))
            throw problem('validation', 422, CORRECTION_MESSAGES.percentOrAmount, {
              errors: { percent: [CORRECTION_MESSAGES.percentOrAmount] },
            });
          if (before.balance === 0) throw problem('invalidTransition', 409, CORRECTION_MESSAGES.nothingOwed);
          const amount = input.amount ?? Math.round((before.balance * input.percent!) / 100);
          if (amount > before.unassigned)
            throw problem(
              'invalidTransition',
              409,
              CORRECTION_MESSAGES.discountTooHigh(money(venue, before.unassigned)),
              {
                unassigned: before.unassigned,
              },
            );
          adjustment = {
            id: randomUUID(),
            kind: 'discount',
            name: CORRECTION_STRINGS.discount(input.percent),
            amount,
            ...(input.percent !== undefined ? { percent: input.percent } : {}),
            reason: input.reason,
            by: actor.name,
            createdAt: at.toISOString(),
          };
        }
        const names = adjustment.lineIds?.map((id) => lineById.get(id)!.name);
        await Promise.all([
          insertAdjustment(tx, {
            id: adjustment.id,
            venueId,
            sessionId: s.id,
            kind: adjustment.kind,
            amount: adjustment.amount,
            doc: JSON.stringify(adjustment),
            at: at.getTime(),
          }),
          recordAudit(tx, {
            venueId,
            actor,
            action: adjustment.kind,
            table: s.label,
            reason: adjustment.reason,
            at: at.getTime(),
            detail: {
              sessionId: s.id,
              amount: adjustment.amount,
              ...(names ? { lineIds: adjustment.lineIds, lines: names } : {}),
              ...(adjustment.percent !== undefined ? { percent: adjustment.percent } : {}),
              what: names ? names.join(', ') : `${adjustment.name} · ${money(venue, adjustment.amount)}`,
            },
          }),
        ]);
        // Nothing left to pay: the table is paid («Pagada»), as a payment of its balance would leave it.
        if (adjustment.amount === before.balance && !s.paid_at) {
          const paid = { ...s, paid_at: at.toISOString() };
          await setSessionPaid(tx, s.id, paid.paid_at);
          const after = await bill.publishBill(tx, paid);
          await tableSessions.publishIn(tx, paid);
          return after;
        }
        return bill.publishBill(tx, s);
      });
      events.committed(venueId);
      return state;
    },
  };
}
