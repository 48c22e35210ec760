/**
 * The kitchen's tickets (docs/rules.md#the-kitchen): a station's queue, bumping a ticket done and
 * bringing it back, and «Marchar» for a table's held course. Every change appends a `ticket`
 * event in its transaction; the order becomes `ready` (through the orders feature, so the diner
 * sees it live) once every ticket of it is done.
 */
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { Order, OrderStatus } from '../../../src/contract/order.ts';
import type { Course } from '../../../src/contract/venue.ts';
import { KITCHEN_MESSAGES, type FiredCourse, type Ticket, type TicketStatus } from '../../../src/contract/kitchen.ts';
import { problem, HttpProblem } from '../../platform/problem.ts';
import { recordTicketTime } from '../reports/index.ts';
import type { VenueStore } from '../venues/index.ts';
import * as sql from './queries.ts';

/** How the kitchen moves an order along (the orders feature's service gives it). */
export interface OrderProgress {
  get(id: string): Promise<{ order: Order } | undefined>;
  setStatus(id: string, status: OrderStatus): Promise<Order>;
}

/** Print jobs for tickets sent to their stations, in the same transaction (the printing feature gives it: server/main.ts). */
export interface TicketPrinting {
  released(tx: Queryable, venueId: string, tickets: ReadonlyArray<{ id: string; station: string }>): Promise<unknown>;
}

/** A venue's open table sessions (the table sessions feature gives them). */
export interface OpenTableSessions {
  listOpen(venueId: string): Promise<ReadonlyArray<{ id: string; table: string }>>;
}

export interface KitchenService {
  /** A station's tickets (or every station's, or one order's: `orderId`), oldest first; `held`: only the courses waiting for «Marchar». */
  list(
    venueId: string,
    filter: {
      station?: string | undefined;
      status?: TicketStatus | undefined;
      held: boolean;
      orderId?: string | undefined;
    },
  ): Promise<Ticket[]>;
  /** Idempotent: a ticket done stays done; the order is ready once all its tickets are. */
  done(venueId: string, ticketId: string): Promise<Ticket>;
  /** Idempotent: brings a done ticket back to its station (the order's status stays). */
  reopen(venueId: string, ticketId: string): Promise<Ticket>;
  /** Releases the held tickets of `course` of the table's open session. */
  fire(venueId: string, table: string, course: Course): Promise<FiredCourse>;
}

const MAX_LISTED = 500;

export function toTicket(row: sql.TicketRow): Ticket {
  return {
    ...(JSON.parse(row.doc) as Omit<Ticket, 'status' | 'held' | 'firedAt'>),
    ...(row.fired_at ? { firedAt: row.fired_at } : {}),
    status: row.status,
    ...(row.held ? { held: true } : {}),
    ...(row.cancelled ? { cancelled: true } : {}),
  };
}

/** Where an order goes when its last ticket is done: ready, through preparing when the board had not moved it. */
const TOWARDS_READY: Partial<Record<OrderStatus, OrderStatus[]>> = {
  received: ['preparing', 'ready'],
  preparing: ['ready'],
};

export function createKitchenService(
  db: Db,
  orders: OrderProgress,
  tableSessions: OpenTableSessions,
  events: EventBus | undefined,
  now: () => Date = () => new Date(),
  printing?: TicketPrinting,
  /** The venues (their time zone and hours): a bump adds its time to the reports' rollup (docs/rules.md#reports). */
  venues?: VenueStore,
): KitchenService {
  const notFound = () => problem('notFound', 404, KITCHEN_MESSAGES.ticketNotFound);

  async function setStatus(
    venueId: string,
    ticketId: string,
    status: TicketStatus,
  ): Promise<{ ticket: Ticket; remaining: number }> {
    if (ticketId.length > 100) throw notFound();
    const result = await db.hotTransaction(async (tx) => {
      const rows = await sql.ticketsOfSameOrder(tx, venueId, ticketId, db.forUpdate);
      const row = rows.find((r) => r.id === ticketId);
      if (!row) throw notFound();
      if (row.held) throw problem('invalidTransition', 409, KITCHEN_MESSAGES.held(row.course as Course));
      if (row.cancelled && status === 'open') throw problem('invalidTransition', 409, KITCHEN_MESSAGES.cancelled);
      const changed = row.status !== status;
      const ticket = toTicket({ ...row, status });
      // Held tickets count as not done.
      const remaining = rows.filter((r) => (r.id === row.id ? status : r.status) !== 'done').length;
      const doneAt = status === 'done' ? now().getTime() : null;
      const entry = venues?.get(venueId);
      await Promise.all([
        changed ? sql.setTicketStatus(tx, row.id, status, doneAt) : undefined,
        // The reports' kitchen times: a bump adds its time, a reopen takes the earlier one back.
        changed && entry && !row.cancelled && row.released_at != null && (doneAt ?? row.done_at) != null
          ? recordTicketTime(
              tx,
              entry,
              row.station,
              Number(row.released_at),
              Number(doneAt ?? row.done_at),
              doneAt === null,
            )
          : undefined,
        changed && events ? events.append(tx, { venueId, type: 'ticket', data: JSON.stringify(ticket) }) : undefined,
        tx.commit(),
      ]);
      return { ticket, remaining, changed };
    });
    if (result.changed) events?.committed(venueId);
    return result;
  }

  /**
   * Every ticket done: the order moves to `ready` with the orders feature's own status change
   * (its event reaches the diner). A repeat, or two last tickets bumped at once, finds it moved.
   */
  async function advance(orderId: string): Promise<void> {
    const found = await orders.get(orderId);
    for (const status of (found && TOWARDS_READY[found.order.status]) ?? []) {
      try {
        await orders.setStatus(orderId, status);
      } catch (error) {
        if (error instanceof HttpProblem && error.status === 409) return;
        throw error;
      }
    }
  }

  return {
    async list(venueId, filter) {
      return (await sql.ticketsOf(db, venueId, filter, MAX_LISTED)).map(toTicket);
    },
    async done(venueId, ticketId) {
      const { ticket, remaining } = await setStatus(venueId, ticketId, 'done');
      if (remaining === 0) await advance(ticket.orderId);
      return ticket;
    },
    async reopen(venueId, ticketId) {
      return (await setStatus(venueId, ticketId, 'open')).ticket;
    },
    async fire(venueId, table, course) {
      const session = (await tableSessions.listOpen(venueId)).find((s) => s.table === table);
      if (!session) throw problem('notFound', 404, KITCHEN_MESSAGES.noOpenTable(table));
      const released = await db.hotTransaction(async (tx) => {
        const rows = await sql.releaseCourse(tx, venueId, session.id, course, now());
        const tickets = rows.sort((a, b) => a.created_at - b.created_at || a.position - b.position).map(toTicket);
        await Promise.all([
          ...(events
            ? tickets.map((t) => events.append(tx, { venueId, type: 'ticket', data: JSON.stringify(t) }))
            : []),
          // Released tickets print now, like a new order's.
          printing && tickets.length
            ? printing.released(
                tx,
                venueId,
                tickets.map((t) => ({ id: t.id, station: t.station })),
              )
            : undefined,
          tx.commit(),
        ]);
        return tickets;
      });
      if (released.length) events?.committed(venueId);
      return { table, course, tickets: released };
    },
  };
}
