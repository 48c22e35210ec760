/**
 * `/pedidos`' live data: the signed-in diner's orders (signed out: `signedOut`, and the page shows the phone's own). While a component
 * listens (`onMount`), the store loads the list, follows up to `MAX_STREAMS`
 * open orders live (`live.ts`) and polls the list every `LIST_POLL_MS` only
 * while some open order has no live stream (more open orders than streams, or
 * a stream that is down). A status change is announced with a toast, once.
 */
import { atom, onMount } from 'nanostores';
import { Order } from '../../contract/order.ts';
import { persistentStore } from '../../lib/persist.ts';
import { problemMessage } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import { fetchOrders } from './api.ts';
import { signedInUserId } from './session.ts';
import { watchOrder } from './live.ts';
import { orderMessages, statusWord } from './messages.ts';
import { isFreshCopy, sortForList } from './status.ts';

/** At most this many live streams (browsers allow few connections per origin); the rest are polled with the list. */
export const MAX_STREAMS = 3;
export const LIST_POLL_MS = 15_000;

/**
 * `saved`: the list could not be read (offline): the orders this phone last saw, with when it saw them.
 * `signedOut`: no account: «Mis pedidos» shows what this phone keeps (src/lib/device-orders.ts, saved receipts).
 */
export type MyOrdersState =
  | { state: 'loading' }
  | { state: 'signedOut' }
  | { state: 'error'; message: string }
  | { state: 'ready'; orders: Order[] }
  | { state: 'saved'; orders: Order[]; at: string; message: string };

/** The list as this phone last read it, per account (shown offline, marked as saved). */
interface SavedOrders {
  userId: string;
  at: string;
  orders: Order[];
}
const isSavedOrders = (value: unknown): value is SavedOrders => {
  const v = value as SavedOrders;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof v.userId === 'string' &&
    typeof v.at === 'string' &&
    Array.isArray(v.orders) &&
    v.orders.every((o) => Order.safeParse(o).success)
  );
};
const $savedOrders = persistentStore<SavedOrders | null>(
  'savedOrders',
  null,
  (v): v is SavedOrders | null => v === null || isSavedOrders(v),
);
/** At most this many orders are kept (the newest first, as the list comes). */
const SAVED_ORDERS_MAX = 30;

export const $myOrders = atom<MyOrdersState>({ state: 'loading' });

/** Set while the store is mounted: loads the list again (the "Reintentar" of a failed first load). */
let reloadNow: (() => void) | null = null;

export function retryMyOrders(): void {
  $myOrders.set({ state: 'loading' });
  reloadNow?.();
}

onMount($myOrders, () => {
  let stopped = false;
  let userId: string | null = null;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  const watchers = new Map<string, { stop: () => void; up: boolean }>();

  const orders = (): Order[] => {
    const current = $myOrders.get();
    return current.state === 'ready' ? current.orders : [];
  };

  function merge(order: Order): void {
    const list = orders();
    const before = list.find((o) => o.id === order.id);
    if (!before || !isFreshCopy(before, order)) return;
    if (before.status !== order.status) {
      toast.info(
        orderMessages
          .get()
          .statusToast({ number: order.number, status: statusWord(orderMessages.get(), order.status, order.mode) }),
        { id: `order-${order.id}-status`, testId: 'status-toast' },
      );
    }
    $myOrders.set({ state: 'ready', orders: list.map((o) => (o.id === order.id ? order : o)) });
    sync();
  }

  function sync(): void {
    if (stopped) return;
    const open = sortForList(orders()).open;
    const wanted = new Set(open.slice(0, MAX_STREAMS).map((o) => o.id));
    for (const [id, watcher] of watchers) {
      if (!wanted.has(id)) {
        watcher.stop();
        watchers.delete(id);
      }
    }
    for (const id of wanted) {
      if (watchers.has(id)) continue;
      const watcher = { stop: () => {}, up: false };
      watchers.set(id, watcher);
      watcher.stop = watchOrder(id, {
        onOrder: merge,
        onTransport(transport) {
          watcher.up = transport === 'sse';
          syncPolling();
        },
      });
    }
    syncPolling();
  }

  function syncPolling(): void {
    const openCount = sortForList(orders()).open.length;
    const uncovered = openCount > watchers.size || [...watchers.values()].some((w) => !w.up);
    if (uncovered && !pollTimer && !stopped) pollTimer = setInterval(() => void reload(false), LIST_POLL_MS);
    if (!uncovered && pollTimer) {
      clearInterval(pollTimer);
      pollTimer = null;
    }
  }

  async function reload(first: boolean): Promise<void> {
    try {
      const fresh = await fetchOrders();
      if (stopped) return;
      if (userId) $savedOrders.set({ userId, at: new Date().toISOString(), orders: fresh.slice(0, SAVED_ORDERS_MAX) });
      if (first || $myOrders.get().state !== 'ready') {
        $myOrders.set({ state: 'ready', orders: fresh });
        sync();
        return;
      }
      // Keep newly placed orders too: replace by id, add the unknown ones.
      const known = new Set(orders().map((o) => o.id));
      const added = fresh.filter((o) => !known.has(o.id));
      if (added.length > 0) $myOrders.set({ state: 'ready', orders: [...orders(), ...added] });
      for (const order of fresh) merge(order);
      sync();
    } catch (error) {
      if (stopped || $myOrders.get().state === 'ready') return;
      const saved = $savedOrders.get();
      if (saved && saved.userId === userId)
        $myOrders.set({ state: 'saved', orders: saved.orders, at: saved.at, message: problemMessage(error) });
      else $myOrders.set({ state: 'error', message: problemMessage(error) });
    }
  }

  reloadNow = () => void reload(true);
  if (['error', 'saved', 'signedOut'].includes($myOrders.get().state)) $myOrders.set({ state: 'loading' });
  // Signed out: nothing to ask the API; the page shows what this phone keeps.
  void signedInUserId().then((id) => {
    userId = id;
    if (stopped) return;
    if (id) void reload(true);
    else $myOrders.set({ state: 'signedOut' });
  });
  return () => {
    stopped = true;
    reloadNow = null;
    for (const watcher of watchers.values()) watcher.stop();
    watchers.clear();
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
  };
});
