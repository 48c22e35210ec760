// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/contract/order.ts';
import { follows } from '../fake-stream.ts';

const fetchOrder = vi.fn<(id: string) => Promise<Order>>();
const fetchOrders = vi.fn<() => Promise<Order[]>>();
const toastInfo = vi.fn();
vi.mock('../../../src/lib/event-stream.ts', () => import('../fake-stream.ts'));
vi.mock('../../../src/features/orders/api.ts', () => ({
  fetchOrder: (id: string) => fetchOrder(id),
  fetchOrders: () => fetchOrders(),
  fetchVenue: async () => ({
    phone: '5550000000',
    address: 'Calle 1',
    locale: 'es-MX',
    timezone: 'America/Mexico_City',
  }),
}));
vi.mock('../../../src/features/orders/session.ts', () => ({
  accessToken: async () => 'tok',
  refreshRefusedToken: async () => false,
  signedInUserId: async () => 'diner-1',
}));
vi.mock('../../../src/shell/toast.ts', () => ({
  toast: { info: (...args: unknown[]) => toastInfo(...args), warning: vi.fn(), error: vi.fn() },
}));

const { orderStore } = await import('../../../src/features/orders/order-store.ts');
const { $myOrders, LIST_POLL_MS } = await import('../../../src/features/orders/my-orders-store.ts');

const STEPS: Order['status'][] = ['received', 'preparing', 'ready', 'delivered'];
const order = (id: string, status: Order['status'], createdAt = '2026-11-21T10:00:00Z'): Order => ({
  id,
  number: `A-${id}`,
  venueId: 'v',
  venueName: 'V',
  mode: 'pickup',
  status,
  history: STEPS.slice(0, STEPS.indexOf(status) + 1).map((s) => ({ status: s, at: createdAt })),
  customer: { name: 'Ana', phone: '5551234567' },
  payment: 'cash',
  lines: [],
  subtotal: 0,
  tip: 0,
  deliveryFee: 0,
  total: 0,
  currency: 'MXN',
  createdAt,
});

beforeEach(() => {
  vi.useFakeTimers();
  follows.length = 0;
  fetchOrder.mockReset();
  fetchOrders.mockReset();
  toastInfo.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('orderStore', () => {
  it('loads the order, follows its stream while read, toasts each new status once and ignores stale replays', async () => {
    fetchOrder.mockResolvedValue(order('o1', 'received'));
    const $order = orderStore('o1');
    const unsubscribe = $order.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect($order.get()).toMatchObject({ state: 'ready', order: { status: 'received' } });
    const stream = follows[0]!;
    expect(stream.handlers.path).toBe('orders/o1/events');
    expect(stream.handlers.resumeKey).toBe('orders/o1/events');
    stream.up();
    expect($order.get()).toMatchObject({ transport: 'sse' });

    stream.send('order', order('o1', 'received'), 3); // the fresh stream's whole order: nothing new
    stream.send('order', order('o1', 'preparing'), 4);
    stream.send('order', order('o1', 'received'), 3); // a stale copy replayed after a reconnection
    stream.send('order', order('o1', 'preparing'), 4); // the same copy again
    expect($order.get()).toMatchObject({ state: 'ready', order: { status: 'preparing' } });
    expect(toastInfo).toHaveBeenCalledTimes(1);
    expect(toastInfo).toHaveBeenCalledWith(
      'Tu pedido está en preparación',
      expect.objectContaining({ testId: 'status-toast' }),
    );

    unsubscribe();
    await vi.advanceTimersByTimeAsync(2_000); // nanostores unmounts a store 1 s after its last listener
    expect(stream.stopped).toBe(true);
  });

  it('a failed load is shown as an error and opens no stream', async () => {
    fetchOrder.mockRejectedValue(new Error('offline'));
    const $order = orderStore('missing');
    const unsubscribe = $order.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect($order.get().state).toBe('error');
    expect(follows).toHaveLength(0);
    unsubscribe();
  });
});

describe('$myOrders', () => {
  it('streams the open orders and polls the list only while an open order has no live stream', async () => {
    fetchOrders.mockResolvedValue([order('a', 'received'), order('done', 'delivered')]);
    const unsubscribe = $myOrders.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(follows.map((f) => f.handlers.path)).toEqual(['orders/a/events']);
    follows[0]!.up();
    await vi.advanceTimersByTimeAsync(LIST_POLL_MS * 2);
    expect(fetchOrders).toHaveBeenCalledTimes(1);

    // The stream drops: the list is polled until it is back.
    follows[0]!.down();
    fetchOrder.mockResolvedValue(order('a', 'received'));
    await vi.advanceTimersByTimeAsync(LIST_POLL_MS);
    expect(fetchOrders).toHaveBeenCalledTimes(2);
    follows[0]!.up();
    await vi.advanceTimersByTimeAsync(LIST_POLL_MS * 2);
    expect(fetchOrders).toHaveBeenCalledTimes(2);

    // A status change replaces the order by id and is announced once.
    follows[0]!.send('order', order('a', 'ready'), 9);
    follows[0]!.send('order', order('a', 'preparing'), 8);
    const state = $myOrders.get();
    expect(state.state === 'ready' && state.orders.map((o) => `${o.id}:${o.status}`)).toEqual([
      'a:ready',
      'done:delivered',
    ]);
    expect(toastInfo).toHaveBeenCalledTimes(1);

    unsubscribe();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(follows[0]!.stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(LIST_POLL_MS * 2);
    expect(fetchOrders).toHaveBeenCalledTimes(2);
  });

  it('keeps polling the list when there are more open orders than streams', async () => {
    fetchOrders.mockResolvedValue(
      ['1', '2', '3', '4'].map((id, i) => order(id, 'received', `2026-11-21T10:0${i}:00Z`)),
    );
    const unsubscribe = $myOrders.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(follows).toHaveLength(3);
    for (const follow of follows) follow.up();
    await vi.advanceTimersByTimeAsync(LIST_POLL_MS);
    expect(fetchOrders).toHaveBeenCalledTimes(2);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(2_000);
  });
});
