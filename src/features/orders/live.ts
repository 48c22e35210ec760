/**
 * Live order status: Server-Sent Events (`GET /orders/{id}/events`, token as a
 * query parameter because EventSource cannot send headers), reconnecting with
 * back-off and a fresh token; polling every 5 s while the stream is down.
 */
import { Order, type OrderStatus } from '../../contract/order.ts';
import { loadConfig } from '../../lib/config.ts';
import { accessToken } from '../checkout/session.ts';
import { fetchOrder } from './api.ts';
import { isOpenStatus } from './status.ts';

export const POLL_INTERVAL_MS = 5_000;

export interface WatchOptions {
  /** Called with every fresh copy of the order. */
  onOrder: (order: Order) => void;
  /** For tests and diagnostics: 'sse' while the stream is up, 'polling' otherwise. */
  onTransport?: (transport: 'sse' | 'polling') => void;
}

export async function eventsUrl(id: string, token: string | null): Promise<string> {
  const { apiBase } = await loadConfig();
  const url = new URL(`${apiBase.replace(/\/+$/, '')}/orders/${encodeURIComponent(id)}/events`, location.href);
  if (token) url.searchParams.set('access_token', token);
  return url.href;
}

/** Watches one order until it is delivered or cancelled, or until the returned stop function is called. */
export function watchOrder(id: string, options: WatchOptions): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let lastStatus: OrderStatus | null = null;

  const deliver = (order: Order) => {
    if (stopped) return;
    lastStatus = order.status;
    options.onOrder(order);
    if (!isOpenStatus(order.status)) stop();
  };

  const refresh = async () => {
    try {
      deliver(await fetchOrder(id));
    } catch {
      // Offline or a blip: the next poll or event tries again.
    }
  };

  const startPolling = () => {
    if (pollTimer || stopped) return;
    options.onTransport?.('polling');
    pollTimer = setInterval(() => void refresh(), POLL_INTERVAL_MS);
  };
  const stopPolling = () => {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
  };

  const onEvent = (event: MessageEvent<string>) => {
    try {
      const data: unknown = JSON.parse(event.data);
      const parsed = Order.safeParse(data);
      if (parsed.success) {
        deliver(parsed.data);
        return;
      }
      const status = (data as { status?: unknown } | null)?.status;
      if (typeof status === 'string' && status === lastStatus) return;
    } catch {
      // Not JSON: treat it as "something changed".
    }
    void refresh();
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    if (typeof EventSource === 'undefined') {
      startPolling();
      return;
    }
    let url: string;
    try {
      url = await eventsUrl(id, await accessToken());
    } catch {
      startPolling();
      scheduleReconnect();
      return;
    }
    if (stopped) return;
    const stream = new EventSource(url);
    source = stream;
    stream.onopen = () => {
      failures = 0;
      stopPolling();
      options.onTransport?.('sse');
      // Catch up with anything that happened while disconnected.
      void refresh();
    };
    stream.onmessage = onEvent;
    for (const name of ['status', 'order', 'update']) stream.addEventListener(name, onEvent as EventListener);
    stream.onerror = () => {
      // EventSource retries by itself only with the same (possibly expired) token: take over.
      stream.close();
      if (source === stream) source = null;
      startPolling();
      scheduleReconnect();
    };
  }

  function scheduleReconnect(): void {
    if (stopped || reconnectTimer) return;
    failures += 1;
    const delay = Math.min(30_000, 1_000 * 2 ** Math.min(failures, 5));
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
  }

  function stop(): void {
    stopped = true;
    source?.close();
    source = null;
    stopPolling();
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = null;
  }

  void connect();
  return stop;
}
