// @vitest-environment happy-dom
/**
 * The rounds a phone keeps for «Mis pedidos» without an account (src/lib/device-orders.ts): new ones are added newest
 * first, a newer copy (a longer status history) replaces a kept one, an older copy never does, and at most
 * `DEVICE_ORDERS_MAX` stay.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/contract/order.ts';
import { $deviceOrders, DEVICE_ORDERS_MAX, keepOrders } from '../../../src/lib/device-orders.ts';

const round = (id: string, createdAt: string, steps: Order['status'][] = ['received']): Order => ({
  id,
  number: `A-${id}`,
  venueId: 'bar-el-cabanyal',
  venueName: 'Bar El Cabanyal',
  mode: 'table',
  table: '6',
  status: steps[steps.length - 1]!,
  history: steps.map((status) => ({ status, at: createdAt })),
  customer: { name: 'Lucía', phone: '' },
  lines: [],
  subtotal: 0,
  tip: 0,
  deliveryFee: 0,
  total: 0,
  currency: 'EUR',
  createdAt,
});

beforeEach(() => $deviceOrders.set([]));

describe('the rounds kept on the phone', () => {
  it('adds new rounds newest first and keeps the newer copy of a known one', () => {
    keepOrders([round('1', '2026-11-27T10:00:00Z')]);
    keepOrders([round('2', '2026-11-27T11:00:00Z')]);
    expect($deviceOrders.get().map((o) => o.id)).toEqual(['2', '1']);
    keepOrders([round('1', '2026-11-27T10:00:00Z', ['received', 'preparing'])]);
    expect($deviceOrders.get().find((o) => o.id === '1')!.status).toBe('preparing');
    // A stale copy (an event replayed from before) changes nothing.
    keepOrders([round('1', '2026-11-27T10:00:00Z')]);
    expect($deviceOrders.get().find((o) => o.id === '1')!.status).toBe('preparing');
  });

  it(`keeps at most ${DEVICE_ORDERS_MAX}`, () => {
    keepOrders(
      Array.from({ length: DEVICE_ORDERS_MAX + 5 }, (_, i) =>
        round(String(i), `2026-11-27T${String(i % 24).padStart(2, '0')}:${String(i).padStart(2, '0')}:00Z`),
      ),
    );
    expect($deviceOrders.get()).toHaveLength(DEVICE_ORDERS_MAX);
  });
});
