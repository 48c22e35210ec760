// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/contract/order.ts';

const fetchOrder = vi.fn<(id: string) => Promise<Order>>();
vi.mock('../../../src/features/orders/api.ts', () => ({ fetchOrder: (id: string) => fetchOrder(id) }));
vi.mock('../../../src/features/checkout/session.ts', () => ({ accessToken: async () => 'tok-1' }));
vi.mock('../../../src/lib/config.ts', () => ({ loadConfig: async () => ({ apiBase: '/api' }) }));

const { watchOrder, POLL_INTERVAL_MS } = await import('../../../src/features/orders/live.ts');

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  url: string;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  closed = false;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    this.listeners.get(name)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

const order = (status: Order['status']): Order => ({
  id: 'o1', number: 'A-001', venueId: 'v', venueName: 'V', mode: 'pickup', status,
  history: [{ status: 'received', at: '2026-11-21T10:00:00Z' }], customer: { name: 'Ana', phone: '5551234567' },
  payment: 'cash', lines: [], subtotal: 0, tip: 0, deliveryFee: 0, total: 0, currency: 'MXN', createdAt: '2026-11-21T10:00:00Z',
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  fetchOrder.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('watchOrder', () => {
  it('opens the stream with the token in the URL and delivers each order event', async () => {
    const seen: string[] = [];
    const stop = watchOrder('o1', { onOrder: (o) => seen.push(o.status) });
    await vi.advanceTimersByTimeAsync(0);
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toMatch(/\/api\/orders\/o1\/events\?access_token=tok-1$/);
    source.emit('order', order('preparing'));
    source.emit('order', order('ready'));
    expect(seen).toEqual(['preparing', 'ready']);
    stop();
    expect(source.closed).toBe(true);
  });

  it('polls every 5 s while the stream is down, then reconnects with a fresh URL and stops polling', async () => {
    fetchOrder.mockResolvedValue(order('preparing'));
    const transports: string[] = [];
    const stop = watchOrder('o1', { onOrder: () => {}, onTransport: (t) => transports.push(t) });
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.instances[0]!.onerror?.();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    expect(transports).toEqual(['polling']);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    // Back-off elapsed: a new stream is opened.
    await vi.advanceTimersByTimeAsync(2_000);
    const second = FakeEventSource.instances[1];
    expect(second).toBeDefined();
    second!.onopen?.();
    expect(transports).toEqual(['polling', 'sse']);
    const calls = fetchOrder.mock.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    // Only the catch-up fetch on reconnect, no more polling.
    expect(fetchOrder.mock.calls.length).toBe(calls);
    stop();
  });

  it('stops by itself once the order is delivered or cancelled', async () => {
    const stop = watchOrder('o1', { onOrder: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    const source = FakeEventSource.instances[0]!;
    source.emit('order', order('cancelled'));
    expect(source.closed).toBe(true);
    stop();
  });
});
