/**
 * Live order status: the order's event stream (`GET /orders/{id}/events`,
 * followed with fetch and a Bearer header, resumed with `Last-Event-ID` after
 * a drop or a reload), polling every 5 s only while the stream is down, until
 * the order is delivered or cancelled. Used by the stores in `order-store.ts`
 * and `my-orders-store.ts`, never by a component.
 */
import { Order } from '../../contract/order.ts';
import { followStream } from '../../lib/event-stream.ts';
import { accessToken, refreshRefusedToken } from './session.ts';
import { fetchOrder } from './api.ts';
import { isOpenStatus } from './status.ts';

export const POLL_INTERVAL_MS = 5_000;

export interface WatchOptions {
  /** Called with every fresh copy of the order. */
  onOrder: (order: Order) => void;
  /** 'sse' while the stream is up, 'polling' otherwise. */
  onTransport?: (transport: 'sse' | 'polling') => void;
}

/** The order stream's path, also its key for resuming (`resumeKey`). */
export function orderStreamPath(id: string): string {
  return `orders/${encodeURIComponent(id)}/events`;
}

/** Watches one order until it is delivered or cancelled, or until the returned stop function is called. */
export function watchOrder(id: string, options: WatchOptions): () => void {
  let stopped = false;
  let pollTimer: ReturnType<typeof setInterval> | null = null;

  const deliver = (order: Order) => {
    if (stopped) return;
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

  const path = orderStreamPath(id);
  const stopStream = followStream({
    path,
    resumeKey: path,
    token: accessToken,
    unauthorized: refreshRefusedToken,
    onEvent(name, data) {
      if (name !== 'order') return;
      try {
        const parsed = Order.safeParse(JSON.parse(data));
        if (parsed.success) return deliver(parsed.data);
      } catch {
        // Not JSON: fetch the order instead.
      }
      void refresh();
    },
    onState(state) {
      if (state === 'up') {
        stopPolling();
        options.onTransport?.('sse');
      } else startPolling();
    },
  });

  function stop(): void {
    stopped = true;
    stopStream();
    stopPolling();
  }
  return stop;
}
