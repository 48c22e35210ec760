/** The diner's split arithmetic (src/features/table-session/split.ts, docs/rules.md#the-bill): nothing lost, nothing invented. */
import { describe, expect, it } from 'vitest';
import type { BillLine } from '../../../src/contract/bill.ts';
import { equalPart, nextShare, partOfLines, tipOn } from '../../../src/features/table-session/split.ts';

const line = (id: string, lineTotal: number, extra: Partial<BillLine> = {}): BillLine => ({
  id,
  cartLineId: id,
  name: id,
  quantity: 1,
  lineTotal,
  by: 'Ana',
  taxRate: 1000,
  ...extra,
});
const share = (index: number, amount: number, by = 'Luis') => ({ index, amount, by, paid: false });

describe('a shared line', () => {
  it('gives the first T mod of shares one minor unit more, and the shares add up to the line', () => {
    const taken: ReturnType<typeof share>[] = [];
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const next = nextShare(line('g', 8900, taken.length ? { shared: { of: 3, shares: [...taken] } } : {}), 3)!;
      amounts.push(next.amount);
      taken.push(share(next.index, next.amount));
    }
    expect(amounts).toEqual([2967, 2967, 2966]);
    expect(amounts.reduce((a, b) => a + b)).toBe(8900);
    expect(nextShare(line('g', 8900, { shared: { of: 3, shares: taken } }), 3)).toBeNull();
  });

  it("reuses a withdrawn share's index first, and refuses another number of people", () => {
    const shared = { of: 3, shares: [share(1, 2967), share(3, 2966)] };
    expect(nextShare(line('g', 8900, { shared }), 3)).toEqual({ index: 2, amount: 2967 });
    expect(nextShare(line('g', 8900, { shared }), 2)).toBeNull();
  });

  it('counts only free lines and free shares in my part', () => {
    const lines = [
      line('a', 4500),
      line('b', 8900, { shared: { of: 3, shares: [share(1, 2967)] } }),
      line('c', 3000, { claimedBy: 'Luis' }),
      line('d', 1000, { paidBy: 'Marta' }),
    ];
    const picks = new Map([
      ['a', 1],
      ['b', 3],
      ['c', 1],
      ['d', 1],
    ]);
    expect(partOfLines(lines, picks)).toEqual({
      amount: 4500 + 2967,
      lineIds: ['a'],
      shares: [{ lineId: 'b', of: 3 }],
    });
  });
});

describe('equal parts', () => {
  it('leaves the remainder to whoever pays last, so the parts add up to the total', () => {
    const total = 10001;
    let unassigned = total;
    const paid: number[] = [];
    for (let i = 0; i < 3; i++) {
      const part = equalPart(total, 3, unassigned);
      expect(part.share).toBe(3333);
      expect(part.remainder).toBe(2);
      paid.push(part.amount);
      unassigned -= part.amount;
    }
    expect(paid).toEqual([3333, 3333, 3335]);
    expect(unassigned).toBe(0);
    expect(equalPart(total, 3, 3335).takesRemainder).toBe(true);
  });

  it('never asks for more than is unassigned', () => {
    expect(equalPart(30000, 3, 2500).amount).toBe(2500);
    expect(equalPart(30000, 3, 10000)).toMatchObject({ amount: 10000, takesRemainder: false });
  });
});

describe('the tip on my part', () => {
  it('is a percentage rounded half up, or the amount typed', () => {
    expect(tipOn(10005, { percent: 10 })).toBe(1001);
    expect(tipOn(10005, { percent: 15 })).toBe(1501);
    expect(tipOn(10005, { percent: 0 })).toBe(0);
    expect(tipOn(10005, { amount: 250 })).toBe(250);
  });
});
