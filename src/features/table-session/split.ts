/**
 * The diner's side of splitting a table's bill (docs/rules.md#the-bill), all in integer minor units: what a
 * phone shows before it asks to pay. The server decides every amount; these follow its rules so the
 * phone shows the same figures (a share of a shared line by the remainder rule, an equal part whose
 * remainder the last payer takes, a tip on one's own part).
 */
import type { BillLine } from '../../contract/bill.ts';
import { percentOf, splitBill } from '../../contract/money.ts';

/**
 * The share this phone would take of `line` shared between `of` people: the first free index (1-based; a
 * withdrawn share's index is reused first) and its amount, `floor(T / of)` plus one minor unit for the first
 * `T mod of` shares. Null when every share is taken or the line is shared between another number.
 */
export function nextShare(
  line: Pick<BillLine, 'lineTotal' | 'shared'>,
  of: number,
): { index: number; amount: number } | null {
  if (of < 2) return null;
  if (line.shared && line.shared.of !== of) return null;
  const used = new Set((line.shared?.shares ?? []).map((s) => s.index));
  let index = 1;
  while (used.has(index)) index++;
  if (index > of) return null;
  return { index, amount: Math.floor(line.lineTotal / of) + (index - 1 < line.lineTotal % of ? 1 : 0) };
}

/**
 * `A partes iguales`: `total` between `n` people. Everyone pays `share`; the remainder (fewer minor units than
 * people) is shown and taken by whoever pays last: when what is still unassigned after this part would be no
 * more than the remainder, this part is all that is unassigned. Never more than what is unassigned.
 */
export function equalPart(
  total: number,
  n: number,
  unassigned: number,
): { share: number; remainder: number; amount: number; takesRemainder: boolean } {
  const { share, remainder } = splitBill(total, n);
  if (unassigned <= share) return { share, remainder, amount: unassigned, takesRemainder: false };
  const left = unassigned - share;
  if (left <= remainder) return { share, remainder, amount: unassigned, takesRemainder: left > 0 };
  return { share, remainder, amount: share, takesRemainder: false };
}

export type TipChoice = { percent: number } | { amount: number };

/** The tip on one's own part: a percentage (rounded half up) or an amount. */
export function tipOn(part: number, choice: TipChoice): number {
  return 'percent' in choice ? percentOf(part, choice.percent) : choice.amount;
}

/** Who is paying or paid a line, for the list «Por platos» (`null`: nobody yet, or shares still free). */
export type LineAvailability =
  | { kind: 'free' }
  | { kind: 'paid'; by: string }
  | { kind: 'claimed'; by: string }
  | { kind: 'shared'; of: number; by: string[]; full: boolean };

export function availabilityOf(line: BillLine): LineAvailability {
  // The house invites (docs/rules.md#the-floor): nobody at the table pays it.
  if (line.comped) return { kind: 'paid', by: 'la casa' };
  if (line.paidBy !== undefined) return { kind: 'paid', by: line.paidBy };
  if (line.claimedBy !== undefined) return { kind: 'claimed', by: line.claimedBy };
  if (line.shared)
    return {
      kind: 'shared',
      of: line.shared.of,
      by: line.shared.shares.map((s) => s.by),
      full: line.shared.shares.length >= line.shared.of,
    };
  return { kind: 'free' };
}

/** What this phone pays for its ticked lines: whole lines (`of` 1) and shares (`of` ≥ 2). */
export function partOfLines(
  lines: readonly BillLine[],
  picks: ReadonlyMap<string, number>,
): { amount: number; lineIds: string[]; shares: Array<{ lineId: string; of: number }> } {
  let amount = 0;
  const lineIds: string[] = [];
  const shares: Array<{ lineId: string; of: number }> = [];
  for (const line of lines) {
    const of = picks.get(line.id);
    if (of === undefined) continue;
    const available = availabilityOf(line);
    if (of === 1) {
      if (available.kind !== 'free') continue;
      amount += line.lineTotal;
      lineIds.push(line.id);
    } else {
      if (available.kind === 'paid' || available.kind === 'claimed') continue;
      const share = nextShare(line, of);
      if (!share) continue;
      amount += share.amount;
      shares.push({ lineId: line.id, of });
    }
  }
  return { amount, lineIds, shares };
}
