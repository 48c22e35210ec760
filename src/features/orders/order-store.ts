/**
 * The order page's live data: one store per order id. While a component
 * listens (`onMount`), it loads the order and the venue's contact details,
 * then follows the order live (`live.ts`: event stream, polling only while it
 * is down) and announces every status change with a toast. Components only
 * read these stores.
 */
import { atom, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { Order } from '../../contract/order.ts';
import type { Venue } from '../../contract/venue.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import { fetchOrder, fetchVenue } from './api.ts';
import { watchOrder } from './live.ts';
import { signedInUserId } from './session.ts';
import { orderMessages, statusSentence } from './messages.ts';
import { isFreshCopy, isOpenStatus } from './status.ts';
import { pageTitle } from '../../contract/page-title.ts';

export type VenueContact = Pick<Venue, 'phone' | 'address' | 'locale' | 'timezone' | 'languages' | 'categories'>;

export type OrderPageState =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; order: Order; venue: VenueContact | null; transport: 'sse' | 'polling' | null };

function loadErrorMessage(error: unknown): string {
  const status = problemOf(error)?.status;
  if (status === 404) return orderMessages.get().notFound;
  if (status === 403) return orderMessages.get().otherAccount;
  return problemMessage(error);
}

/** Applies a fresh copy: stale copies are ignored, a new status is announced once. */
function applyOrder($state: WritableAtom<OrderPageState>, order: Order): void {
  const current = $state.get();
  if (current.state !== 'ready') {
    $state.set({ state: 'ready', order, venue: null, transport: null });
    return;
  }
  if (!isFreshCopy(current.order, order)) return;
  if (current.order.status !== order.status) {
    toast.info(statusSentence(orderMessages.get(), order.status, order.mode), {
      id: `order-${order.id}-status`,
      testId: 'status-toast',
    });
  }
  $state.set({ ...current, order });
}

function patchReady(
  $state: WritableAtom<OrderPageState>,
  patch: Partial<Extract<OrderPageState, { state: 'ready' }>>,
): void {
  const current = $state.get();
  if (current.state === 'ready') $state.set({ ...current, ...patch });
}

const stores = new Map<string, ReadableAtom<OrderPageState>>();

/** The live state of order `id` (one store per id, shared by every reader). */
export function orderStore(id: string): ReadableAtom<OrderPageState> {
  const existing = stores.get(id);
  if (existing) return existing;
  const $state = atom<OrderPageState>({ state: 'loading' });
  onMount($state, () => {
    let cancelled = false;
    let stopWatching: (() => void) | null = null;
    if ($state.get().state === 'error') $state.set({ state: 'loading' });
    fetchOrder(id)
      .then((order) => {
        if (cancelled) return;
        applyOrder($state, order);
        if (typeof document !== 'undefined')
          document.title = pageTitle(orderMessages.get().order({ number: order.number }));
        fetchVenue(order.venueId)
          .then((venue) => {
            if (!cancelled) patchReady($state, { venue });
          })
          .catch(() => undefined);
        if (isOpenStatus(order.status)) {
          stopWatching = watchOrder(order.id, {
            onOrder: (fresh) => applyOrder($state, fresh),
            onTransport: (transport) => patchReady($state, { transport }),
          });
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) $state.set({ state: 'error', message: loadErrorMessage(error) });
      });
    return () => {
      cancelled = true;
      stopWatching?.();
    };
  });
  stores.set(id, $state);
  return $state;
}

/** The order of the page's `?id=`: the store of that id while mounted (read in the browser only). */
export const $orderPage = atom<OrderPageState>({ state: 'loading' });
onMount($orderPage, () => {
  const id = new URLSearchParams(location.search).get('id')?.trim();
  if (!id) {
    $orderPage.set({ state: 'error', message: orderMessages.get().missingId });
    return;
  }
  // The page is the signed-in diner's (its shell sends anyone else to /login): the order is asked for once the
  // start-up session check says who is here, so a signed-out visit never sends a request the API would refuse.
  let left = false;
  let stop: (() => void) | undefined;
  void signedInUserId().then((userId) => {
    if (!left && userId) stop = orderStore(id).subscribe((value) => $orderPage.set(value));
  });
  return () => {
    left = true;
    stop?.();
  };
});
