/**
 * What invitations and discounts do to a bill (docs/rules.md#the-floor): read from `bill_adjustments`, the lines
 * the house pays, and what the table pays per tax rate (the receipt's tax is on what is actually paid).
 */
import { problem } from '../../platform/problem.ts';
import type { BillLine, BillState, ReceiptLine } from '../../../src/contract/bill.ts';
import { CORRECTION_MESSAGES, CORRECTION_STRINGS } from '../../../src/contract/corrections.ts';
import { spreadOverRates } from './money.ts';

/** The problem of paying or claiming a line the house pays. */
export const compedProblem = (line: BillLine) =>
  problem('invalidTransition', 409, CORRECTION_MESSAGES.compAgain(line.name), { lineId: line.id });

/** Each rate's gross of the lines still charged (invitations out). */
function chargedByRate(state: BillState): Map<number, number> {
  const gross = new Map<number, number>();
  for (const l of state.lines) if (!l.comped) gross.set(l.taxRate, (gross.get(l.taxRate) ?? 0) + l.lineTotal);
  return gross;
}

/** What the table pays per tax rate: the lines still charged, less the discounts spread over their rates. */
export function netByRate(state: BillState): Map<number, number> {
  const gross = chargedByRate(state);
  for (const a of state.adjustments ?? []) {
    if (a.kind !== 'discount') continue;
    for (const [rate, part] of spreadOverRates(a.amount, chargedByRate(state)))
      gross.set(rate, (gross.get(rate) ?? 0) - part);
  }
  return gross;
}

/**
 * The receipt lines of one payment of the whole bill when it has invitations or discounts: every line at its
 * price, then each invitation and discount as its own negative line at its rates. They add up to `state.total`.
 */
export function itemizedLines(state: BillState): ReceiptLine[] {
  const lines: ReceiptLine[] = state.lines.map((l) => ({
    name: l.name,
    quantity: l.quantity,
    amount: l.lineTotal,
    taxRate: l.taxRate,
  }));
  for (const l of state.lines)
    if (l.comped)
      lines.push({ name: CORRECTION_STRINGS.compOf(l.name), quantity: 1, amount: -l.lineTotal, taxRate: l.taxRate });
  for (const a of state.adjustments ?? []) {
    if (a.kind !== 'discount') continue;
    for (const [taxRate, part] of spreadOverRates(a.amount, chargedByRate(state)))
      lines.push({ name: a.name, quantity: 1, amount: -part, taxRate });
  }
  return lines;
}
