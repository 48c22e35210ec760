/**
 * The board's live data, one store per venue. While the board listens
 * (`onMount`), the store follows the venue's event stream (`feed.ts`: resumed
 * with `Last-Event-ID`, polling only while it is down), merges every copy by
 * order id (a stale copy never replaces a fresher one, so nothing shows
 * twice), announces new orders (toast + screen-reader text) and refetches the
 * venue when its menu changes (`event: venue`). It also keeps the tables with
 * an open session (`event: table`, and the list again with every poll and
 * catch-up) and announces new table calls the same way as new orders.
 * Components read the store and call the actions below; they hold no timers
 * or streams.
 */
import { atom, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { BillState, Payment } from '../../contract/bill.ts';
import type { Order } from '../../contract/order.ts';
import type { StaffTableSession } from '../../contract/table.ts';
import type { Ticket } from '../../contract/kitchen.ts';
import type { Station, VenueSummary } from '../../contract/venue.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import { fetchOrderPayments, fetchTableBill } from './bill.ts';
import { fetchHeldTickets, fetchStations, fetchTableSessions, fetchVenueOrders, fetchVenueSummaries } from './api.ts';
import { arrivalMessage, isActiveStatus, mergeOrders, newArrivals, withHeld } from './logic.ts';
import { startBoardFeed } from './feed.ts';
import type { Poller } from './poll.ts';
import {
  applyTable,
  billStale,
  callMessage,
  callsMessage,
  newCalls,
  replaceTables,
  withoutCall,
  withoutTable,
} from './tables.ts';
import { pageTitle } from '../../contract/page-title.ts';

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
  /** Polite screen-reader text (new orders, moves, table calls). */
  announcement: string;
  /** Tables with an open session (unsorted; `sortTables` orders them). */
  tables: StaffTableSession[];
  /** True once the list of tables has been read. */
  tablesLoaded: boolean;
  /** Why the last read of the tables failed ('' once one succeeds). */
  tablesError: string;
  /** The venue's stations (links to their kitchen displays). */
  stations: Station[];
  /** Tickets of table courses waiting for «Marchar». */
  held: Ticket[];
  /** Each open table's bill, by session id (`event: bill`, and read again when its rounds change). */
  bills: Record<string, BillState>;
  /** Pickup and delivery orders paid, by order id (`event: payment`, and our own «Cobrar»). */
  paidOrders: Record<string, Payment>;
  /** How many `event: ticket` arrived (a ticket made, bumped, reopened, released or voided): the floor reads a table's tickets again when it grows. */
  ticketEvents: number;
  /** How many `event: venue` arrived (the menu or the pause changed): the pause control reads the pause again. */
  venueEvents: number;
}

const INITIAL: BoardState = {
  gate: 'loading',
  orders: [],
  firstError: '',
  syncError: '',
  updatedAt: null,
  live: false,
  venue: null,
  announcement: '',
  tables: [],
  tablesLoaded: false,
  tablesError: '',
  stations: [],
  held: [],
  bills: {},
  paidOrders: {},
  ticketEvents: 0,
  venueEvents: 0,
};

interface Board {
  $state: WritableAtom<BoardState>;
  poller: Poller | null;
  announceTimer: ReturnType<typeof setTimeout> | null;
  /** Text waiting to be announced (several things at once are read together). */
  pendingAnnouncement: string;
  /** Reads the tables again (set while the board is mounted). */
  loadTables: (() => void) | null;
  /** Reads one table's bill again (set while the board is mounted). */
  loadBill: ((table: StaffTableSession) => void) | null;
}

const boards = new Map<string, Board>();

function patch(board: Board, change: Partial<BoardState>): void {
  board.$state.set({ ...board.$state.get(), ...change });
}

function announceIn(board: Board, message: string): void {
  // Clearing first makes a repeated message be read again.
  patch(board, { announcement: '' });
  if (board.announceTimer) clearTimeout(board.announceTimer);
  // A call and a round arriving together are both read.
  board.pendingAnnouncement = board.pendingAnnouncement ? `${board.pendingAnnouncement}. ${message}` : message;
  board.announceTimer = setTimeout(() => {
    board.announceTimer = null;
    const text = board.pendingAnnouncement;
    board.pendingAnnouncement = '';
    patch(board, { announcement: text });
  }, 50);
}

function mount(venueId: string, board: Board): () => void {
  let stopped = false;
  /** Ids seen in the working columns; null until the first poll (nothing is "new" on arrival). */
  let known: Set<string> | null = null;
  const now = () => new Date().toISOString();
  /**
   * When each order last came over the stream, and when the poll that just answered was asked
   * for: a poll asked for before an order arrived cannot list it, and must not take it off the
   * board (the stream comes up, a catch-up poll goes out, an order arrives, the poll answers).
   */
  const streamedAt = new Map<string, number>();
  let pollAskedAt = 0;

  const loadVenue = () => {
    fetchVenueSummaries()
      .then((venues) => {
        if (stopped) return;
        const venue = venues.find((v) => v.id === venueId) ?? null;
        patch(board, { venue });
        if (venue && typeof document !== 'undefined') document.title = pageTitle(`Panel · ${venue.name}`);
      })
      .catch(() => undefined);
    fetchStations(venueId)
      .then((stations) => {
        if (!stopped) patch(board, { stations });
      })
      .catch(() => undefined);
  };

  /** Held tickets the stream changed while the list was being read (those copies are fresher). */
  // Pickup and delivery orders paid before this board opened (or while its stream was down).
  const loadOrderPayments = () => {
    fetchOrderPayments(venueId, tablesController.signal)
      .then((payments) => {
        if (stopped || payments.length === 0) return;
        const paidOrders = { ...board.$state.get().paidOrders };
        for (const payment of payments) if (payment.orderId) paidOrders[payment.orderId] = payment;
        patch(board, { paidOrders });
      })
      .catch(() => undefined);
  };
  let heldTouched: Map<string, Ticket> | null = null;
  const loadHeld = () => {
    heldTouched = new Map();
    fetchHeldTickets(venueId, tablesController.signal)
      .then((fetched) => {
        if (stopped) return;
        let held = fetched;
        for (const ticket of heldTouched?.values() ?? []) held = withHeld(held, ticket);
        patch(board, { held });
      })
      .catch(() => undefined)
      .finally(() => {
        heldTouched = null;
      });
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

  /** Call ids seen; null until the tables were first read (nothing is "new" on arrival). */
  let knownCalls: Set<string> | null = null;
  /** Sessions the stream changed while the list was being read; null when no read is running. */
  let touched: Set<string> | null = null;
  let readAgain = false;
  const tablesController = new AbortController();

  const called = (tables: readonly StaffTableSession[]) => {
    if (knownCalls === null) {
      knownCalls = new Set(tables.flatMap((table) => table.calls.map((call) => call.id)));
      return;
    }
    const calls = newCalls(tables, knownCalls);
    for (const { call } of calls) knownCalls.add(call.id);
    if (calls.length === 0) return;
    const locale = board.$state.get().venue?.locale;
    announceIn(board, callsMessage(calls, locale));
    for (const { table, call } of calls) {
      toast.warning(callMessage(table, call, locale), { id: `table-call-${call.id}`, testId: 'table-call-toast' });
    }
  };

  /** When the stream last brought each session's bill: a read asked for before that is older and is dropped. */
  const billStreamedAt = new Map<string, number>();
  const loadBill = (table: StaffTableSession) => {
    if (stopped) return;
    const asked = performance.now();
    fetchTableBill(venueId, table.table, tablesController.signal)
      .then((bill) => {
        if (stopped || (billStreamedAt.get(bill.sessionId) ?? -1) >= asked) return;
        applyBillIn(board, bill);
      })
      .catch(() => undefined);
  };
  board.loadBill = loadBill;

  const loadTables = () => {
    if (stopped) return;
    if (touched !== null) {
      readAgain = true;
      return;
    }
    touched = new Set();
    loadHeld();
    loadOrderPayments();
    fetchTableSessions(venueId, tablesController.signal)
      .then((fetched) => {
        if (stopped) return;
        const tables = replaceTables(board.$state.get().tables, fetched, touched ?? new Set());
        patch(board, { tables, tablesLoaded: true, tablesError: '' });
        called(tables);
        // Every read of the list reads each table's bill too (a poll or catch-up means events may be missing).
        for (const table of tables) if (table.rounds.length > 0 || board.$state.get().bills[table.id]) loadBill(table);
      })
      .catch((error: unknown) => {
        if (!stopped) patch(board, { tablesError: problemMessage(error) });
      })
      .finally(() => {
        touched = null;
        if (readAgain && !stopped) {
          readAgain = false;
          loadTables();
        }
      });
  };
  board.loadTables = loadTables;

  if (board.$state.get().gate !== 'ready') board.$state.set({ ...INITIAL, venue: board.$state.get().venue });
  loadVenue();
  const instance = startBoardFeed(
    venueId,
    (statuses, signal) => {
      const asked = performance.now();
      return fetchVenueOrders(venueId, statuses, signal).then((list) => {
        pollAskedAt = asked;
        return list;
      });
    },
    {
      onOrders(list, kind) {
        const { orders } = board.$state.get();
        const merged = mergeOrders(orders, list, kind === 'active' ? isActiveStatus : () => false);
        const listed = new Set(merged.map((order) => order.id));
        const newer = orders.filter(
          (order) => !listed.has(order.id) && (streamedAt.get(order.id) ?? -1) >= pollAskedAt,
        );
        patch(board, {
          orders: [...merged, ...newer],
          gate: 'ready',
          syncError: '',
          updatedAt: now(),
        });
        if (kind !== 'active') return;
        // Every poll (the first load, each catch-up after the stream was down) reads the tables too.
        loadTables();
        if (known === null) known = new Set(list.map((order) => order.id));
        else arrived(list);
      },
      onOrder(order) {
        streamedAt.set(order.id, performance.now());
        patch(board, { orders: mergeOrders(board.$state.get().orders, [order]), updatedAt: now() });
        arrived([order]);
      },
      onLive: (live) => patch(board, { live }),
      onVenue: () => {
        patch(board, { venueEvents: board.$state.get().venueEvents + 1 });
        loadVenue();
      },
      onTable(session) {
        if (!session) return loadTables();
        touched?.add(session.id);
        const tables = applyTable(board.$state.get().tables, session);
        patch(board, { tables, updatedAt: now() });
        called(tables);
        // A new or cancelled round changes the bill: read it again.
        if (
          session.status !== 'closed' &&
          !session.closedAt &&
          billStale(session, board.$state.get().bills[session.id])
        )
          loadBill(session);
      },
      onTicket(ticket) {
        heldTouched?.set(ticket.id, ticket);
        const { held, ticketEvents } = board.$state.get();
        patch(board, { held: withHeld(held, ticket), ticketEvents: ticketEvents + 1 });
      },
      onTableCart(change) {
        const known = board.$state.get().tables;
        // A table the board does not know yet (its first join is on the way): read the list.
        if (!known.some((table) => table.id === change.id)) return loadTables();
        touched?.add(change.id);
        patch(board, {
          tables: known.map((table) => (table.id === change.id ? { ...table, cartCount: change.cartCount } : table)),
          updatedAt: now(),
        });
      },
      onBill(bill) {
        billStreamedAt.set(bill.sessionId, performance.now());
        applyBillIn(board, bill);
      },
      onPayment(payment) {
        if (payment.orderId)
          patch(board, { paidOrders: { ...board.$state.get().paidOrders, [payment.orderId]: payment } });
      },
      onError(error) {
        const status = problemOf(error)?.status;
        if (status === 403 || status === 404) {
          instance.stop();
          patch(board, { orders: [], tables: [], gate: status === 403 ? 'forbidden' : 'missing' });
          return;
        }
        const message = problemMessage(error);
        const { gate } = board.$state.get();
        patch(board, {
          gate: gate === 'loading' || gate === 'failed' ? 'failed' : gate,
          firstError: message,
          syncError: message,
        });
      },
    },
  );
  board.poller = instance;
  return () => {
    stopped = true;
    instance.stop();
    tablesController.abort();
    board.poller = null;
    board.loadTables = null;
    board.loadBill = null;
    board.pendingAnnouncement = '';
    if (board.announceTimer) clearTimeout(board.announceTimer);
    board.announceTimer = null;
  };
}

/** A bill's newest copy (only the state: a `TableBill`'s extra fields are not kept). */
function applyBillIn(board: Board, bill: BillState): void {
  const {
    sessionId,
    table,
    currency,
    total,
    paid,
    pending,
    balance,
    unassigned,
    paidAt,
    lines,
    adjustments,
    payments,
    requests,
  } = bill;
  const state: BillState = {
    sessionId,
    table,
    currency,
    total,
    paid,
    pending,
    balance,
    unassigned,
    ...(paidAt ? { paidAt } : {}),
    lines,
    // Invitations and discounts (docs/rules.md#the-floor).
    ...(adjustments?.length ? { adjustments } : {}),
    payments,
    requests,
  };
  patch(board, { bills: { ...board.$state.get().bills, [sessionId]: state } });
}

function boardOf(venueId: string): Board {
  let board = boards.get(venueId);
  if (!board) {
    const created: Board = {
      $state: atom<BoardState>(INITIAL),
      poller: null,
      announceTimer: null,
      pendingAnnouncement: '',
      loadTables: null,
      loadBill: null,
    };
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

/** Reads the tables again (after a refused acknowledgement or close: shows them as they really are). */
export function refreshTables(venueId: string): void {
  boardOf(venueId).loadTables?.();
}

/** A call we acknowledged (the API's answer): it leaves the board at once. */
export function applyCallAcknowledged(venueId: string, callId: string): void {
  const board = boardOf(venueId);
  patch(board, { tables: withoutCall(board.$state.get().tables, callId) });
}

/** A table we closed (the API's answer): it leaves the board at once. */
export function applyTableClosed(venueId: string, label: string): void {
  const board = boardOf(venueId);
  patch(board, { tables: withoutTable(board.$state.get().tables, label) });
}

/** Tickets we released with «Marchar» (the API's answer): they leave the held list at once. */
export function applyFired(venueId: string, tickets: readonly Ticket[]): void {
  const board = boardOf(venueId);
  patch(board, { held: tickets.reduce(withHeld, board.$state.get().held) });
}

/** Reads a table's bill again (after a payment or a refused one: shows it as it really is). */
export function refreshBill(venueId: string, table: StaffTableSession): void {
  boardOf(venueId).loadBill?.(table);
}

/** A pickup or delivery order we marked paid (the API's answer): shown paid at once. */
export function applyOrderPaid(venueId: string, payment: Payment): void {
  const board = boardOf(venueId);
  if (payment.orderId) patch(board, { paidOrders: { ...board.$state.get().paidOrders, [payment.orderId]: payment } });
}
