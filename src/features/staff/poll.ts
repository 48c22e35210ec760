/**
 * The board's fallback while its event stream is down (see `feed.ts`): polls
 * the working orders every `POLL_INTERVAL_MS`, the recently finished ones every
 * `DONE_EVERY` polls. Polls never overlap, resume at once when the tab becomes
 * visible again or the device comes back online, pause while the stream is up,
 * and stop with the returned function.
 */
import type { Order, OrderStatus } from '../../contract/order.ts';
import { ACTIVE_STATUSES, DONE_STATUSES } from './logic.ts';

export const POLL_INTERVAL_MS = 5_000;
/** Finished orders change rarely (and our own clicks update them at once): every 6th poll, about 30 s. */
export const DONE_EVERY = 6;

export type Fetcher = (statuses: readonly OrderStatus[], signal: AbortSignal) => Promise<Order[]>;

export interface PollHandlers {
  /** `kind` says which statuses the list is the whole truth for. */
  onOrders: (orders: Order[], kind: 'active' | 'done') => void;
  onError: (error: unknown) => void;
}

export interface Poller {
  stop: () => void;
  /** Polls now (e.g. after a failed status change) instead of waiting for the timer. */
  refresh: (includeDone?: boolean) => void;
  /** While paused no timer runs (the stream keeps the board fresh); `refresh` still works. */
  setPaused: (paused: boolean) => void;
}

export function startPolling(fetcher: Fetcher, handlers: PollHandlers, interval = POLL_INTERVAL_MS): Poller {
  let stopped = false;
  let running = false;
  let again = false;
  let againDone = false;
  let count = 0;
  let paused = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const controller = new AbortController();

  async function tick(forceDone: boolean): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      againDone ||= forceDone;
      return;
    }
    running = true;
    if (timer) clearTimeout(timer);
    timer = null;
    const withDone = forceDone || count % DONE_EVERY === 0;
    count += 1;
    try {
      const [active, done] = await Promise.all([
        fetcher(ACTIVE_STATUSES, controller.signal),
        withDone ? fetcher(DONE_STATUSES, controller.signal) : Promise.resolve(null),
      ]);
      if (stopped) return;
      handlers.onOrders(active, 'active');
      if (done) handlers.onOrders(done, 'done');
    } catch (error) {
      if (!stopped) handlers.onError(error);
    } finally {
      running = false;
    }
    if (stopped) return;
    if (again) {
      const nextDone = againDone;
      again = false;
      againDone = false;
      void tick(nextDone);
    } else if (!paused) {
      timer = setTimeout(() => void tick(false), interval);
    }
  }

  const onVisible = () => {
    if (document.visibilityState === 'visible') void tick(false);
  };
  const onOnline = () => void tick(false);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  void tick(true);

  return {
    stop() {
      stopped = true;
      controller.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    },
    refresh(includeDone = false) {
      void tick(includeDone);
    },
    setPaused(next) {
      if (next === paused) return;
      paused = next;
      if (paused) {
        if (timer) clearTimeout(timer);
        timer = null;
      } else if (!running && !timer) {
        void tick(false);
      }
    },
  };
}
