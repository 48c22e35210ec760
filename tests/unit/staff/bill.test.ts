import { describe, expect, it } from 'vitest';
import type { BillLine, BillState, PaymentRequest } from '../../../src/contract/bill.ts';
import {
  chargeableLines,
  changeFor,
  isPaid,
  paidOnlineText,
  pendingRequests,
  requestText,
} from '../../../src/features/staff/bill.ts';

const line = (id: string, change: Partial<BillLine> = {}): BillLine => ({
  id,
  cartLineId: `c-${id}`,
  name: id,
  quantity: 1,
  lineTotal: 1000,
  by: 'Ana',
  taxRate: 1000,
  ...change,
});
const request = (id: string, createdAt: string, change: Partial<PaymentRequest> = {}): PaymentRequest => ({
  id,
  amount: 1000,
  tip: 0,
  method: 'card',
  status: 'pending',
  by: 'Ana',
  createdAt,
  ...change,
});
const bill = (change: Partial<BillState> = {}): BillState => ({
  sessionId: 's',
  table: '3',
  currency: 'MXN',
  total: 3000,
  paid: 0,
  pending: 0,
  balance: 3000,
  unassigned: 3000,
  lines: [],
  payments: [],
  requests: [],
  ...change,
});

describe('the bill on the board', () => {
  it('words a payment request as the board shows it, with and without a tip', () => {
    expect(requestText('3', { by: 'Lucía', amount: 15000, tip: 1500, method: 'card' }, 'MXN', 'es-MX')).toBe(
      'Mesa 3 · Lucía paga $150.00 + $15.00 de propina con tarjeta',
    );
    expect(requestText('Terraza', { by: 'Marco', amount: 6900, tip: 0, method: 'cash' }, 'MXN', 'es-MX')).toBe(
      'Mesa Terraza · Marco paga $69.00 en efectivo',
    );
  });

  it('words a payment from the phone as the board shows it: «con Bizum», «con tarjeta»', () => {
    expect(paidOnlineText('3', { by: 'Lucía', amount: 2450, tip: 0, method: 'bizum' }, 'EUR', 'es-ES')).toBe(
      'Mesa 3 · Lucía ha pagado 24,50\u00a0€ con Bizum',
    );
    expect(paidOnlineText('7', { by: 'Pau', amount: 700, tip: 100, method: 'card' }, 'EUR', 'es-ES')).toBe(
      'Mesa 7 · Pau ha pagado 7,00\u00a0€ + 1,00\u00a0€ de propina con tarjeta',
    );
  });

  it('lists pending requests oldest first and leaves out paid and withdrawn ones', () => {
    const requests = [
      request('b', '2026-01-01T12:05:00Z'),
      request('a', '2026-01-01T12:01:00Z'),
      request('c', '2026-01-01T12:00:00Z', { status: 'paid' }),
      request('d', '2026-01-01T12:00:00Z', { status: 'cancelled' }),
    ];
    expect(pendingRequests(bill({ requests })).map((r) => r.id)).toEqual(['a', 'b']);
    expect(pendingRequests(undefined)).toEqual([]);
  });

  it('is «Pagada» only when something was owed and nothing is left', () => {
    expect(isPaid(bill({ paid: 3000, balance: 0, unassigned: 0 }))).toBe(true);
    expect(isPaid(bill({ total: 0, balance: 0, unassigned: 0 }))).toBe(false);
    expect(isPaid(bill({ paid: 2999, balance: 1, unassigned: 1 }))).toBe(false);
    // Before the bill is read, the session's own mark decides.
    expect(isPaid(undefined, '2026-01-01T12:00:00Z')).toBe(true);
    // The house invited everything: nothing was owed, and the server marked it paid.
    expect(isPaid(bill({ total: 0, balance: 0, unassigned: 0, paidAt: '2026-01-01T12:00:00Z' }))).toBe(true);
    expect(isPaid(undefined)).toBe(false);
  });

  it('offers by hand only the lines nobody paid, claimed or shared', () => {
    const lines = [
      line('free'),
      line('paid', { paidBy: 'Ana' }),
      line('claimed', { claimedBy: 'Luis' }),
      line('shared', { shared: { of: 2, shares: [] } }),
    ];
    expect(chargeableLines(bill({ lines })).map((l) => l.id)).toEqual(['free']);
  });

  it('gives the change for cash, negative when the money handed is short', () => {
    expect(changeFor(10000, 7400)).toBe(2600);
    expect(changeFor(5000, 7400)).toBe(-2400);
  });
});
