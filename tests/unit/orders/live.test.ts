// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/contract/order.ts';

const fetchOrder = vi.fn<(id: string) => Promise<Order>>();
vi.mock('../../../src/features/orders/api.ts', () => ({ fetchOrder: (id: string) => fetchOrder(id) }));
vi.mock('../../../src/features/orders/session.ts', () => ({
  accessToken: async () => 'tok-1',
  refreshRefusedToken: async () => false,
}));
vi.mock('../../../src/lib/config.ts', () => ({ loadConfig: async () => ({ apiBase: '/api' }) }));

const { watchOrder, POLL_INTERVAL_MS } = await import('../../../src/features/orders/live.ts');

/** One fake `fetch` call answering an event stream the test writes to. */
interface FakeStream {
  url: string;
  headers: Record<string, string>;
  send: (text: string) => void;
  end: () => void;
  aborted: () => boolean;
}
let streams: FakeStream[] = [];

function fakeFetch(input: URL | string, init: RequestInit): Promise<Response> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  const signal = init.signal!;
  streams.push({
    url: String(input),
    headers: init.headers as Record<string, string>,
    send: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    aborted: () => signal.aborted,
  });
  return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
}

const order = (status: Order['status']): Order => ({
  id: 'o1',
  number: 'A-001',
  venueId: 'v',
  venueName: 'V',
  mode: 'pickup',
  status,
  history: [{ status: 'received', at: '2026-11-21T10:00:00Z' }],
  customer: { name: 'Ana', phone: '5551234567' },
  payment: 'cash',
  lines: [],
  subtotal: 0,
  tip: 0,
  deliveryFee: 0,
  total: 0,
  currency: 'MXN',
  createdAt: '2026-11-21T10:00:00Z',
});
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

beforeEach(() => {
  vi.useFakeTimers();
  streams = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  fetchOrder.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('watchOrder', () => {
  it('sends the token in the Authorization header, never in the URL, and delivers each order event', async () => {
    const seen: string[] = [];
    const stop = watchOrder('o1', { onOrder: (o) => seen.push(o.status) });
    await vi.advanceTimersByTimeAsync(0);
    const stream = streams[0]!;
    expect(stream.url).toMatch(/\/api\/orders\/o1\/events$/);
    expect(stream.url).not.toMatch(/token/);
    expect(stream.headers.Authorization).toBe('Bearer tok-1');
    stream.send(event('ready', {}));
    stream.send(event('order', order('preparing')));
    stream.send(event('order', order('ready')));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['preparing', 'ready']);
    stop();
    expect(stream.aborted()).toBe(true);
  });

  it('polls every 5 s only while the stream is down, then reconnects and stops polling', async () => {
    fetchOrder.mockResolvedValue(order('preparing'));
    const transports: string[] = [];
    const stop = watchOrder('o1', { onOrder: () => {}, onTransport: (t) => transports.push(t) });
    await vi.advanceTimersByTimeAsync(0);
    streams[0]!.send(event('ready', {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(transports).toEqual(['sse']);
    streams[0]!.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(transports).toEqual(['sse', 'polling']);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    // Back-off elapsed: a new stream is opened.
    await vi.advanceTimersByTimeAsync(2_000);
    const second = streams[1];
    expect(second).toBeDefined();
    second!.send(event('ready', {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(transports).toEqual(['sse', 'polling', 'sse']);
    const calls = fetchOrder.mock.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(fetchOrder.mock.calls.length).toBe(calls);
    stop();
  });

  it('stops by itself once the order is delivered or cancelled', async () => {
    const stop = watchOrder('o1', { onOrder: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    const stream = streams[0]!;
    stream.send(event('order', order('cancelled')));
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.aborted()).toBe(true);
    stop();
  });
});
