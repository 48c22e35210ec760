import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPES } from '../../../src/contract/problem.ts';
import {
  applyPriceChanges,
  classifyFailure,
  keepsKey,
  keyFor,
  PendingOrder,
} from '../../../src/features/checkout/logic.ts';

const pending: PendingOrder = {
  key: 'key-0001-abcdef',
  venueId: 'taqueria-el-guero',
  createdAt: '2026-11-21T10:00:00.000Z',
  input: {
    venueId: 'taqueria-el-guero',
    mode: 'pickup',
    customer: { name: 'Ana', phone: '5551234567' },
    tip: { percent: 0 },
    payment: 'cash',
    lines: [{ productId: 'p', optionIds: [], quantity: 1 }],
    expectedTotal: 100,
  },
};

describe('keyFor', () => {
  it('reuses the pending key of the same venue (double tap, reload, timeout) and makes a new one otherwise', () => {
    expect(keyFor(pending, 'taqueria-el-guero', () => 'new')).toBe('key-0001-abcdef');
    expect(keyFor(pending, 'bar-el-cabanyal', () => 'new')).toBe('new');
    expect(keyFor(null, 'taqueria-el-guero', () => 'new')).toBe('new');
  });
});

describe('classifyFailure', () => {
  const message = 'm';
  it('keeps the key when the outcome is unknown', () => {
    for (const facts of [
      { message },
      { status: 503, message },
      { status: 401, message },
      { status: 409, problem: { type: PROBLEM_TYPES.idempotencyConflict }, message },
    ]) {
      expect(keepsKey(classifyFailure(facts)), JSON.stringify(facts)).toBe(true);
    }
  });

  it('reads a 409 price change with its lines and the server total, and drops the key', () => {
    const outcome = classifyFailure({
      status: 409,
      problem: {
        type: PROBLEM_TYPES.priceChanged,
        status: 409,
        total: 12_000,
        changes: [
          { index: 0, productId: 'p', name: 'Taco', expectedUnitPrice: 3_500, unitPrice: 4_000, quantity: 3 },
          { junk: true },
        ],
      },
      message,
    });
    expect(outcome).toEqual({
      kind: 'priceChanged',
      total: 12_000,
      message,
      changes: [{ index: 0, productId: 'p', name: 'Taco', expectedUnitPrice: 3_500, unitPrice: 4_000, quantity: 3 }],
    });
    expect(keepsKey(outcome)).toBe(false);
  });

  it('tells closed, below minimum, field errors and a key reused with another body apart', () => {
    expect(classifyFailure({ status: 409, problem: { type: PROBLEM_TYPES.venueClosed }, message })).toMatchObject({
      kind: 'refused',
      reason: 'closed',
    });
    expect(classifyFailure({ status: 422, problem: { type: PROBLEM_TYPES.belowMinimum }, message })).toMatchObject({
      kind: 'refused',
      reason: 'belowMinimum',
    });
    expect(
      classifyFailure({
        status: 422,
        problem: { type: PROBLEM_TYPES.validation, errors: { 'customer.phone': ['x'] } },
        message,
      }),
    ).toMatchObject({ kind: 'fieldErrors', errors: { 'customer.phone': ['x'] } });
    expect(classifyFailure({ status: 422, problem: { type: PROBLEM_TYPES.idempotencyMismatch }, message }).kind).toBe(
      'alreadyPlaced',
    );
  });
});

describe('applyPriceChanges', () => {
  it('updates the unit price of the lines the server reported, by index', () => {
    const lines = [
      { productId: 'a', unitPrice: 100 },
      { productId: 'b', unitPrice: 200 },
      { productId: 'a', unitPrice: 150 },
    ];
    expect(applyPriceChanges(lines, [{ index: 2, productId: 'a', name: 'A', unitPrice: 180, quantity: 1 }])).toEqual([
      { productId: 'a', unitPrice: 100 },
      { productId: 'b', unitPrice: 200 },
      { productId: 'a', unitPrice: 180 },
    ]);
  });
});

describe('PendingOrder schema', () => {
  it('accepts a stored pending order and discards junk', () => {
    expect(PendingOrder.safeParse(pending).success).toBe(true);
    expect(PendingOrder.safeParse({ key: 'k' }).success).toBe(false);
    expect(PendingOrder.safeParse('x').success).toBe(false);
    expect(PendingOrder.safeParse({ ...pending, input: { ...pending.input, venueId: 'other' } }).success).toBe(false);
    // The body must be one the contract accepts (no prices smuggled in).
    expect(PendingOrder.safeParse({ ...pending, input: { ...pending.input, total: 1 } }).success).toBe(false);
  });
});
