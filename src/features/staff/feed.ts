/**
 * Keeps the board live: the venue's event stream (`GET /venues/{id}/orders/events`,
 * every new order and status change, every change of a table session as
 * `event: table`, each change of a table's bill as `event: bill`, each paid pickup or
 * delivery order as `event: payment`, followed with fetch and a Bearer header)
 * and, only while that stream is down, polling (`poll.ts`). A first poll loads
 * the board; each time the stream comes up one more poll catches up with what
 * happened while it was down. After a drop or a reload the stream resumes
 * with `Last-Event-ID` (kept per venue in sessionStorage), so what changed
 * meanwhile arrives as events; replacing orders by id shows nothing twice.
 */
import { BillState, Payment } from '../../contract/bill.ts';
import { Ticket } from '../../contract/kitchen.ts';
import { Order } from '../../contract/order.ts';
import { StaffCartChange, StaffTableSession } from '../../contract/table.ts';
import { followStream } from '../../lib/event-stream.ts';
import { auth } from '../auth/index.ts';
import { startPolling, type Fetcher, type PollHandlers, type Poller } from './poll.ts';

export interface FeedHandlers extends PollHandlers {
  /** One order from the stream (new, or its status changed). */
  onOrder: (order: Order) => void;
  /** True while the stream is up. */
  onLive: (live: boolean) => void;
  /** The venue's menu changed (availability, prices): refetch what depends on it. */
  onVenue?: () => void;
  /** One table session changed (people, cart, rounds, calls, closed); `null` when its copy could not be read. */
  onTable?: (session: StaffTableSession | null) => void;
  /** A kitchen ticket was created, bumped, reopened or released (`event: ticket`). */
  onTicket?: (ticket: Ticket) => void;
  /** A table's cart size changed (`event: table-cart`). */
  onTableCart?: (change: StaffCartChange) => void;
  /** A table's bill changed: a payment request, its withdrawal, a payment (`event: bill`). */
  onBill?: (bill: BillState) => void;
  /** A pickup or delivery order was paid (`event: payment`). */
  onPayment?: (payment: Payment) => void;
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** The board stream's path, also its key for resuming. */
export function boardStreamPath(venueId: string): string {
  return `venues/${encodeURIComponent(venueId)}/orders/events`;
}

export interface BoardStreamHandlers {
  /** One event of the venue's stream (`order`, `ticket`, `table`, `venue`, …), in order, never twice. */
  onEvent: (name: string, data: string) => void;
  /** The stream is up (after `ready`: a catch-up read belongs here) or down. */
  onState: (state: 'up' | 'down') => void;
  /** Where the last event id is kept for a reload to resume (default: the board's key). */
  resumeKey?: string;
}

/**
 * Follows the venue's board stream as the signed-in staff member: resumed with `Last-Event-ID`
 * after a drop or a reload (src/lib/event-stream.ts). The board and the kitchen display both
 * listen to it; returns the function that stops it.
 */
export function followBoardStream(venueId: string, handlers: BoardStreamHandlers): () => void {
  const path = boardStreamPath(venueId);
  return followStream({
    path,
    resumeKey: handlers.resumeKey ?? path,
    token: () => auth.requestToken().catch(() => null),
    // Ended at its token's expiry, the stream may reconnect before this device saw that token expire.
    unauthorized: (rejected) => auth.handleUnauthorized(rejected),
    onEvent: (name, data) => handlers.onEvent(name, data),
    onState: handlers.onState,
  });
}

export function startBoardFeed(venueId: string, fetcher: Fetcher, handlers: FeedHandlers): Poller {
  const poller = startPolling(fetcher, handlers);
  const stopStream = followBoardStream(venueId, {
    onEvent(name, data) {
      if (name === 'venue') return handlers.onVenue?.();
      if (name === 'ticket') {
        const parsed = Ticket.safeParse(parseJson(data));
        return parsed.success ? handlers.onTicket?.(parsed.data) : undefined;
      }
      if (name === 'bill') {
        const parsed = BillState.safeParse(parseJson(data));
        return parsed.success ? handlers.onBill?.(parsed.data) : undefined;
      }
      if (name === 'payment') {
        const parsed = Payment.safeParse(parseJson(data));
        return parsed.success ? handlers.onPayment?.(parsed.data) : undefined;
      }
      if (name === 'table-cart') {
        const parsed = StaffCartChange.safeParse(parseJson(data));
        return parsed.success ? handlers.onTableCart?.(parsed.data) : handlers.onTable?.(null);
      }
      if (name === 'table') {
        const parsed = StaffTableSession.safeParse(parseJson(data));
        return handlers.onTable?.(parsed.success ? parsed.data : null);
      }
      if (name !== 'order') return;
      try {
        const parsed = Order.safeParse(JSON.parse(data));
        if (parsed.success) return handlers.onOrder(parsed.data);
      } catch {
        // Not JSON: a poll tells the truth instead.
      }
      poller.refresh();
    },
    onState(state) {
      const live = state === 'up';
      handlers.onLive(live);
      if (live) poller.refresh(true);
      poller.setPaused(live);
    },
  });
  return {
    ...poller,
    stop() {
      stopStream();
      poller.stop();
    },
  };
}
