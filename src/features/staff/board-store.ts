/**
 * The board's live data, one store per venue. While the board listens
 * (`onMount`), the store follows the venue's event stream (`feed.ts`: resumed
 * with `Last-Event-ID`, polling only while it is down), merges every copy by
 * order id (a stale copy never replaces a fresher one, so nothing shows
 * twice), announces new orders (toast + screen-reader text) and refetches the
 * venue when its menu changes (`event: venue`). Components read the store and
 * call the actions below; they hold no timers or streams.
 */
import { atom, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { Order } from '../../contract/order.ts';
import type { VenueSummary } from '../../contract/venue.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import { fetchVenueOrders, fetchVenueSummaries } from './api.ts';
import { arrivalMessage, isActiveStatus, mergeOrders, newArrivals } from './board.ts';
import { startBoardFeed } from './feed.ts';
import type { Poller } from './poll.ts';

export type BoardGate = 'loading' | 'ready' | 'forbidden' | 'missing' | 'failed';

export interface BoardState {
  gate: BoardGate;
  orders: Order[];
  /** Why the first load failed. */
  firstError: string;
  /** Why the last refresh failed ('' once one succeeds). */
  syncError: string;
  /** ISO time of the last successful update. */
  updatedAt: string | null;
  /** True while the event stream is up. */
  live: boolean;
  venue: VenueSummary | null;
  /** Polite screen-reader text (new orders, moves). */
  announcement: string;
}

const INITIAL: BoardState = {
  gate: 'loading', orders: [], firstError: '', syncError: '', updatedAt: null, live: false, venue: null, announcement: '',
};

interface Board {
  $state: WritableAtom<BoardState>;
  poller: Poller | null;
  announceTimer: ReturnType<typeof setTimeout> | null;
}

const boards = new Map<string, Board>();

function patch(board: Board, change: Partial<BoardState>): void {
  board.$state.set({ ...board.$state.get(), ...change });
}

function announceIn(board: Board, message: string): void {
  // Clearing first makes a repeated message be read again.
  patch(board, { announcement: '' });
  if (board.announceTimer) clearTimeout(board.announceTimer);
  board.announceTimer = setTimeout(() => {
    board.announceTimer = null;
    patch(board, { announcement: message });
  }, 50);
}

function mount(venueId: string, board: Board): () => void {
  let stopped = false;
  /** Ids seen in the working columns; null until the first poll (nothing is "new" on arrival). */
  let known: Set<string> | null = null;
  const now = () => new Date().toISOString();

  const loadVenue = () => {
    fetchVenueSummaries()
      .then((venues) => {
        if (stopped) return;
        const venue = venues.find((v) => v.id === venueId) ?? null;
        patch(board, { venue });
        if (venue && typeof document !== 'undefined') document.title = `Panel · ${venue.name} - umenu-ui`;
      })
      .catch(() => undefined);
  };

  const arrived = (list: readonly Order[]) => {
    if (known === null) return;
    const arrivals = newArrivals(list, known);
    for (const order of list) known.add(order.id);
    if (arrivals.length === 0) return;
    announceIn(board, arrivalMessage(arrivals.map((order) => order.number)));
    for (const order of arrivals) {
      toast.info(`Nuevo pedido ${order.number}`, { id: `new-order-${order.id}`, testId: 'new-order-toast' });
    }
  };

  if (board.$state.get().gate !== 'ready') board.$state.set({ ...INITIAL, venue: board.$state.get().venue });
  loadVenue();
  const instance = startBoardFeed(venueId, (statuses, signal) => fetchVenueOrders(venueId, statuses, signal), {
    onOrders(list, kind) {
      const { orders } = board.$state.get();
      patch(board, {
        orders: mergeOrders(orders, list, kind === 'active' ? isActiveStatus : () => false),
        gate: 'ready',
        syncError: '',
        updatedAt: now(),
      });
      if (kind !== 'active') return;
      if (known === null) known = new Set(list.map((order) => order.id));
      else arrived(list);
    },
    onOrder(order) {
      patch(board, { orders: mergeOrders(board.$state.get().orders, [order]), updatedAt: now() });
      arrived([order]);
    },
    onLive: (live) => patch(board, { live }),
    onVenue: loadVenue,
    onError(error) {
      const status = problemOf(error)?.status;
      if (status === 403 || status === 404) {
        instance.stop();
        patch(board, { orders: [], gate: status === 403 ? 'forbidden' : 'missing' });
        return;
      }
      const message = problemMessage(error);
      const { gate } = board.$state.get();
      patch(board, { gate: gate === 'loading' || gate === 'failed' ? 'failed' : gate, firstError: message, syncError: message });
    },
  });
  board.poller = instance;
  return () => {
    stopped = true;
    instance.stop();
    board.poller = null;
    if (board.announceTimer) clearTimeout(board.announceTimer);
    board.announceTimer = null;
  };
}

function boardOf(venueId: string): Board {
  let board = boards.get(venueId);
  if (!board) {
    const created: Board = { $state: atom<BoardState>(INITIAL), poller: null, announceTimer: null };
    onMount(created.$state, () => mount(venueId, created));
    boards.set(venueId, created);
    board = created;
  }
  return board;
}

/** The live board of `venueId` (one store per venue). */
export function boardStore(venueId: string): ReadableAtom<BoardState> {
  return boardOf(venueId).$state;
}

/** Polls now (a retry, or after a refused move): shows the board as it really is. */
export function refreshBoard(venueId: string): void {
  boardOf(venueId).poller?.refresh(true);
}

/** Our own change of an order (the API's answer): shown at once, replacing the old copy. */
export function applyBoardOrder(venueId: string, order: Order): void {
  const board = boardOf(venueId);
  patch(board, { orders: mergeOrders(board.$state.get().orders, [order]) });
}

/** Polite screen-reader text on the board. */
export function announceOnBoard(venueId: string, message: string): void {
  announceIn(boardOf(venueId), message);
}
