// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/config.ts', () => ({ loadConfig: async () => ({ apiBase: '/api' }) }));

const { followStream, storedEventId } = await import('../../../src/lib/event-stream.ts');

/** One fake `fetch` call answering an event stream the test writes to. */
interface FakeStream {
  headers: Record<string, string>;
  send: (text: string) => void;
  end: () => void;
  aborted: () => boolean;
}
let streams: FakeStream[] = [];

function fakeFetch(_input: URL | string, init: RequestInit): Promise<Response> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  const signal = init.signal!;
  // As a real fetch does: aborting errors the body being read.
  signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
  streams.push({
    headers: init.headers as Record<string, string>,
    send: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    aborted: () => signal.aborted,
  });
  return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
}

const message = (name: string, id: number | null, data = '{}', retry?: number) =>
  `${retry !== undefined ? `retry: ${retry}\n` : ''}event: ${name}\n${id !== null ? `id: ${id}\n` : ''}data: ${data}\n\n`;

function follow(resumeKey?: string) {
  const seen: Array<[string, string | null]> = [];
  const states: string[] = [];
  const stop = followStream({
    path: 'orders/o1/events',
    token: async () => 'tok',
    onEvent: (name, _data, id) => seen.push([name, id]),
    onState: (state) => states.push(state),
    ...(resumeKey ? { resumeKey } : {}),
  });
  return { seen, states, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
  streams = [];
  sessionStorage.clear();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('followStream', () => {
  it('reconnects after a drop with Last-Event-ID (after the server retry) and never delivers an id twice', async () => {
    const { seen, states, stop } = follow();
    await vi.advanceTimersByTimeAsync(0);
    expect(streams[0]!.headers['Last-Event-ID']).toBeUndefined();
    // A fresh order stream: ready and the whole order carry the same id.
    streams[0]!.send(message('ready', 7, '{}', 3000) + message('order', 7) + message('order', 8));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([
      ['order', '7'],
      ['order', '8'],
    ]);
    streams[0]!.end();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);
    expect(streams[1]!.headers['Last-Event-ID']).toBe('8');
    expect(streams[1]!.headers.Authorization).toBe('Bearer tok');
    // The resumed stream: what was missed, oldest first; an id already seen is dropped.
    streams[1]!.send(message('ready', 8) + message('order', 8) + message('order', 9) + message('venue', 10));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([
      ['order', '7'],
      ['order', '8'],
      ['order', '9'],
      ['venue', '10'],
    ]);
    expect(states).toEqual(['up', 'down', 'up']);
    stop();
    expect(streams[1]!.aborted()).toBe(true);
  });

  it('keeps the last id in sessionStorage under resumeKey, so the next page resumes from it', async () => {
    const first = follow('orders/o1/events');
    await vi.advanceTimersByTimeAsync(0);
    streams[0]!.send(message('ready', 4) + message('order', 4) + message('order', 5));
    await vi.advanceTimersByTimeAsync(0);
    expect(storedEventId('orders/o1/events')).toBe('5');
    first.stop();

    const second = follow('orders/o1/events');
    await vi.advanceTimersByTimeAsync(0);
    expect(streams[1]!.headers['Last-Event-ID']).toBe('5');
    streams[1]!.send(message('ready', 5) + message('order', 5) + message('order', 6));
    await vi.advanceTimersByTimeAsync(0);
    expect(second.seen).toEqual([['order', '6']]);
    second.stop();
  });

  it("a board ended at its token's expiry reconnects with a fresh token; a token refused with 401 is refreshed and the stream comes back at once", async () => {
    // The server's clock: the stream ended at the token's expiry, and this device has not yet noticed that the token it holds expired.
    let held = 'tok-1';
    const refreshes: string[] = [];
    const fetchMock = vi.fn(fakeFetch);
    vi.stubGlobal('fetch', fetchMock);
    const seen: string[] = [];
    const states: string[] = [];
    const stop = followStream({
      path: 'venues/v/orders/events',
      token: async () => held,
      unauthorized: async (rejected) => {
        refreshes.push(rejected);
        held = 'tok-2';
        return true;
      },
      onEvent: (name, _data, id) => seen.push(`${name}:${id}`),
      onState: (state) => states.push(state),
    });
    await vi.advanceTimersByTimeAsync(0);
    streams[0]!.send(message('ready', 5, '{}', 3000) + message('order', 6));
    await vi.advanceTimersByTimeAsync(0);
    // Token expired: `retry: 500` and the end of the stream.
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('', { status: 401 })));
    streams[0]!.send(': el token de este stream ha caducado; vuelve a conectar con uno nuevo\nretry: 500\n\n');
    streams[0]!.end();
    await vi.advanceTimersByTimeAsync(500);
    // The 401 answered with tok-1 asked for a refresh, and the stream reconnected at once with tok-2.
    expect(refreshes).toEqual(['tok-1']);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(streams).toHaveLength(2);
    expect(streams[1]!.headers.Authorization).toBe('Bearer tok-2');
    expect(streams[1]!.headers['Last-Event-ID']).toBe('6');
    streams[1]!.send(message('ready', 6) + message('order', 7));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['order:6', 'order:7']);
    expect(states).toEqual(['up', 'down', 'up']);
    stop();
  });

  it('counts going offline as a drop and reconnects as soon as the device is back online', async () => {
    const { states, stop } = follow();
    await vi.advanceTimersByTimeAsync(0);
    streams[0]!.send(message('ready', 3));
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(streams[0]!.aborted()).toBe(true);
    expect(states).toEqual(['up', 'down']);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(streams).toHaveLength(2);
    expect(streams[1]!.headers['Last-Event-ID']).toBe('3');
    stop();
  });

  it('sends custom headers on every connection (never in the URL) and stops for good on a status declared refused', async () => {
    let credential = 'cred-1';
    const refused: number[] = [];
    const states: string[] = [];
    const fetchMock = vi.fn(fakeFetch);
    vi.stubGlobal('fetch', fetchMock);
    const stop = followStream({
      path: 'table-session/events',
      token: async () => null,
      headers: () => ({ 'X-Table-Credential': credential }),
      refusedStatuses: [401],
      onEvent: () => undefined,
      onState: (state) => states.push(state),
      onRefused: (status) => refused.push(status),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(streams[0]!.headers['X-Table-Credential']).toBe('cred-1');
    expect(streams[0]!.headers.Authorization).toBeUndefined();
    expect(String(fetchMock.mock.calls[0]![0])).not.toContain('cred-1');
    credential = 'cred-2';
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('', { status: 401 })));
    streams[0]!.end();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(refused).toEqual([401]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(states.at(-1)).toBe('down');
    stop();
  });
});
