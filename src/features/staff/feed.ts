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
import { followBoardStream } from '../staff-stream/index.ts';
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
