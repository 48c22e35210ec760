// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderStatus } from '../../../src/contract/order.ts';
import type { VenueSummary } from '../../../src/contract/venue.ts';
import { follows } from '../fake-stream.ts';

const fetchVenueOrders = vi.fn<(venueId: string, statuses: readonly OrderStatus[]) => Promise<Order[]>>();
const fetchVenueSummaries = vi.fn<() => Promise<VenueSummary[]>>();
const toastInfo = vi.fn();
vi.mock('../../../src/lib/event-stream.ts', () => import('../fake-stream.ts'));
vi.mock('../../../src/features/staff/api.ts', () => ({
  fetchVenueOrders: (venueId: string, statuses: readonly OrderStatus[]) => fetchVenueOrders(venueId, statuses),
  fetchVenueSummaries: () => fetchVenueSummaries(),
  changeOrderStatus: vi.fn(),
}));
vi.mock('../../../src/shell/toast.ts', () => ({ toast: { info: (...args: unknown[]) => toastInfo(...args), error: vi.fn() } }));

const { boardStore } = await import('../../../src/features/staff/board-store.ts');

const STEPS: OrderStatus[] = ['received', 'preparing', 'ready', 'delivered'];
const order = (id: string, status: OrderStatus): Order => ({
  id, number: `A-${id}`, venueId: 'v', venueName: 'V', mode: 'pickup', status,
  history: STEPS.slice(0, STEPS.indexOf(status) + 1).map((s) => ({ status: s, at: new Date().toISOString() })),
  customer: { name: 'Ana', phone: '5551234567' }, payment: 'cash', lines: [], subtotal: 0, tip: 0, deliveryFee: 0, total: 0,
  currency: 'MXN', createdAt: new Date().toISOString(),
});
const venue = (name: string) => ({ id: 'v', name, city: 'CDMX', locale: 'es-MX', timezone: 'America/Mexico_City' }) as unknown as VenueSummary;

beforeEach(() => {
  vi.useFakeTimers();
  follows.length = 0;
  fetchVenueOrders.mockReset();
  fetchVenueSummaries.mockReset();
  toastInfo.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('boardStore', () => {
  it('resumes its venue stream, replaces orders by id (replays show nothing twice) and announces a new order once', async () => {
    let active = [order('1', 'received')];
    fetchVenueOrders.mockImplementation(async (_, statuses) => (statuses.includes('received') ? active : []));
    fetchVenueSummaries.mockResolvedValue([venue('Taquería')]);
    const $board = boardStore('v');
    const unsubscribe = $board.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect($board.get()).toMatchObject({ gate: 'ready', venue: { name: 'Taquería' } });
    const stream = follows[0]!;
    expect(stream.handlers.resumeKey).toBe('venues/v/orders/events');
    stream.up();
    await vi.advanceTimersByTimeAsync(0);
    expect($board.get().live).toBe(true);

    // Order 2 arrives live; after a reconnection the server replays it (and the poll finds it too).
    stream.send('order', order('2', 'received'), 11);
    stream.down();
    active = [order('1', 'received'), order('2', 'received')];
    stream.up();
    stream.send('order', order('2', 'received'), 11);
    stream.send('order', order('1', 'preparing'), 12);
    stream.send('order', order('1', 'received'), 10); // stale copy
    await vi.advanceTimersByTimeAsync(0);
    const { orders } = $board.get();
    expect(orders.map((o) => `${o.id}:${o.status}`).sort()).toEqual(['1:preparing', '2:received']);
    expect(toastInfo).toHaveBeenCalledTimes(1);
    expect(toastInfo).toHaveBeenCalledWith('Nuevo pedido A-2', expect.objectContaining({ id: 'new-order-2' }));
    await vi.advanceTimersByTimeAsync(100);
    expect($board.get().announcement).toBe('Nuevo pedido A-2');

    // The venue's menu changed: the venue is fetched again.
    fetchVenueSummaries.mockResolvedValue([venue('Taquería El Güero')]);
    stream.send('venue', { venueId: 'v', updatedAt: new Date().toISOString() }, 13);
    await vi.advanceTimersByTimeAsync(0);
    expect($board.get().venue?.name).toBe('Taquería El Güero');

    unsubscribe();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(stream.stopped).toBe(true);
  });
});
