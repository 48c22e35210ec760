import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderStatus } from '../../../src/contract/order.ts';
import { DONE_EVERY, POLL_INTERVAL_MS, startPolling, type Fetcher } from '../../../src/features/staff/poll.ts';

function fakeOrder(id: string, status: OrderStatus): Order {
  return {
    id,
    number: `A-${id}`,
    venueId: 'v',
    venueName: 'V',
    mode: 'pickup',
    status,
    history: [{ status, at: '2026-11-21T12:00:00Z' }],
    customer: { name: 'Ana', phone: '5512345678' },
    payment: 'cash',
    lines: [],
    subtotal: 0,
    tip: 0,
    deliveryFee: 0,
    total: 0,
    currency: 'MXN',
    createdAt: '2026-11-21T12:00:00Z',
  };
}

describe('startPolling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for the working orders every interval and the finished ones on the first and every DONE_EVERY-th poll', async () => {
    const calls: string[] = [];
    const fetcher: Fetcher = async (statuses) => {
      calls.push(statuses.join(','));
      return [];
    };
    const seen: string[] = [];
    const poller = startPolling(fetcher, { onOrders: (_, kind) => seen.push(kind), onError: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['received,preparing,ready', 'delivered,cancelled']);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * (DONE_EVERY - 1));
    expect(calls.filter((c) => c.startsWith('received'))).toHaveLength(DONE_EVERY);
    expect(calls.filter((c) => c.startsWith('delivered'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(calls.filter((c) => c.startsWith('delivered'))).toHaveLength(2);
    expect(seen.filter((k) => k === 'done')).toHaveLength(2);
    poller.stop();
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(calls.length).toBe(before);
  });

  it('never overlaps polls: a refresh during a slow poll runs once it has finished', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const fetcher: Fetcher = (statuses) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      return new Promise((resolve) =>
        setTimeout(() => {
          inFlight -= 1;
          resolve([fakeOrder('1', statuses[0]!)]);
        }, 3_000),
      );
    };
    const batches: string[] = [];
    const poller = startPolling(fetcher, {
      onOrders: (orders, kind) => batches.push(`${kind}:${orders.length}`),
      onError: () => {},
    });
    await vi.advanceTimersByTimeAsync(1_000);
    poller.refresh();
    poller.refresh();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(batches).toEqual(['active:1', 'done:1']);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(batches).toEqual(['active:1', 'done:1', 'active:1']);
    expect(maxInFlight).toBe(2); // the working and finished lists of one poll, never two polls
    poller.stop();
  });

  it('reports a failure and keeps polling', async () => {
    let fail = true;
    const fetcher: Fetcher = async () => {
      if (fail) throw new Error('offline');
      return [fakeOrder('1', 'received')];
    };
    const errors: unknown[] = [];
    const got: number[] = [];
    const poller = startPolling(fetcher, {
      onOrders: (orders) => got.push(orders.length),
      onError: (e) => errors.push(e),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(got).toEqual([1]);
    poller.stop();
  });

  it('delivers nothing after stop, even from a poll already under way', async () => {
    const fetcher: Fetcher = (_, signal) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve([fakeOrder('1', 'received')]), 1_000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const onOrders = vi.fn();
    const onError = vi.fn();
    const poller = startPolling(fetcher, { onOrders, onError });
    poller.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onOrders).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});
