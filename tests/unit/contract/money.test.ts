import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeTotals, percentOf, splitBill, subtotalOf, unitCountOf } from '../../../src/contract/money.ts';

const lines = [
  { unitPrice: 4_500, quantity: 2 }, // 90.00
  { unitPrice: 3_250, quantity: 1 }, // 32.50
];

describe('computeTotals (shared with the server)', () => {
  it('counts units and adds line totals', () => {
    expect(unitCountOf(lines)).toBe(3);
    expect(subtotalOf(lines)).toBe(12_250);
  });

  it('adds lines, a percent tip of the subtotal and no delivery fee outside delivery', () => {
    expect(computeTotals(lines, { tip: { percent: 10 }, mode: 'table', deliveryFee: 3_000 })).toEqual({
      subtotal: 12_250,
      tip: 1_225,
      deliveryFee: 0,
      total: 13_475,
    });
  });

  it('charges the delivery fee only for delivery', () => {
    expect(computeTotals(lines, { tip: { percent: 0 }, mode: 'delivery', deliveryFee: 3_000 }).total).toBe(15_250);
  });

  it('rounds a 15 % tip half up in minor units', () => {
    // 15 % of 1.10 = 0.165 → 0.17
    expect(computeTotals([{ unitPrice: 110, quantity: 1 }], { tip: { percent: 15 }, mode: 'pickup' }).tip).toBe(17);
    // 15 % of 0.03 = 0.0045 → 0.00
    expect(percentOf(3, 15)).toBe(0);
  });

  it('uses a custom amount as is', () => {
    expect(computeTotals(lines, { tip: { amount: 2_000 }, mode: 'pickup' }).tip).toBe(2_000);
  });

  it('percentOf always gives an integer within half a unit of the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (amount, percent) => {
        const tip = percentOf(amount, percent);
        expect(Number.isInteger(tip)).toBe(true);
        expect(Math.abs(tip * 100 - amount * percent)).toBeLessThanOrEqual(50);
      }),
    );
  });
});

describe('splitBill (the table bill split)', () => {
  it('splits evenly and keeps the remainder cents', () => {
    expect(splitBill(10_000, 4)).toEqual({ share: 2_500, remainder: 0 });
    expect(splitBill(10_001, 3)).toEqual({ share: 3_333, remainder: 2 });
    expect(splitBill(5, 10)).toEqual({ share: 0, remainder: 5 });
    expect(splitBill(0, 3)).toEqual({ share: 0, remainder: 0 });
  });

  it('treats fewer than one person as one', () => {
    expect(splitBill(1_234, 0)).toEqual({ share: 1_234, remainder: 0 });
  });

  it('never loses or invents a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 50 }), (total, n) => {
        const { share, remainder } = splitBill(total, n);
        return Number.isInteger(share) && share * n + remainder === total && remainder >= 0 && remainder < n;
      }),
    );
  });
});
