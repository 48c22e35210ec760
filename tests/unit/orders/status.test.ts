import { describe, expect, it } from 'vitest';
import { sortForList, timelineOf } from '../../../src/features/orders/status.ts';

describe('timelineOf', () => {
  it('shows the usual path with times for the steps reached', () => {
    const steps = timelineOf({
      status: 'preparing',
      history: [
        { status: 'received', at: '2026-11-21T10:00:00Z' },
        { status: 'preparing', at: '2026-11-21T10:05:00Z' },
      ],
    });
    expect(steps.map((s) => [s.label, s.state, s.at])).toEqual([
      ['Recibido', 'done', '2026-11-21T10:00:00Z'],
      ['En preparación', 'current', '2026-11-21T10:05:00Z'],
      ['Listo', 'upcoming', null],
      ['Entregado', 'upcoming', null],
    ]);
  });

  it('a pickup order ends in Recogido, a delivery in Entregado', () => {
    const history = [{ status: 'received' as const, at: '2026-11-21T10:00:00Z' }];
    expect(timelineOf({ status: 'received', history, mode: 'pickup' }).at(-1)!.label).toBe('Recogido');
    expect(timelineOf({ status: 'received', history, mode: 'delivery' }).at(-1)!.label).toBe('Entregado');
  });

  it('ends in Cancelado when the venue cancelled', () => {
    const steps = timelineOf({
      status: 'cancelled',
      history: [
        { status: 'received', at: '2026-11-21T10:00:00Z' },
        { status: 'cancelled', at: '2026-11-21T10:01:00Z' },
      ],
    });
    expect(steps.map((s) => [s.label, s.state])).toEqual([
      ['Recibido', 'done'],
      ['Cancelado', 'current'],
    ]);
  });
});

describe('sortForList', () => {
  it('puts open orders first, newest first, then the history', () => {
    const orders = [
      { id: 'a', status: 'delivered' as const, createdAt: '2026-11-21T09:00:00Z' },
      { id: 'b', status: 'received' as const, createdAt: '2026-11-20T09:00:00Z' },
      { id: 'c', status: 'ready' as const, createdAt: '2026-11-21T08:00:00Z' },
      { id: 'd', status: 'cancelled' as const, createdAt: '2026-11-21T10:00:00Z' },
    ];
    const { open, past } = sortForList(orders);
    expect(open.map((o) => o.id)).toEqual(['c', 'b']);
    expect(past.map((o) => o.id)).toEqual(['d', 'a']);
  });
});
