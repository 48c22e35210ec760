/**
 * An order split into kitchen tickets (docs/rules.md#the-kitchen): one per station that has lines
 * in it; at a table session whose venue holds courses, one per station and course, the later
 * courses held until «Marchar». Written in the order's own transaction (`OrderTickets`).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { Order } from '../../../src/contract/order.ts';
import type { Course, Product, Venue } from '../../../src/contract/venue.ts';
import { SET_MESSAGES } from '../../../src/contract/set-menu.ts';
import {
  courseRank,
  holdsCourses,
  stationOf,
  stationsOf,
  type Ticket,
  type TicketLine,
} from '../../../src/contract/kitchen.ts';
import { cancelTicketsOfOrder, insertTickets, numbered, releasedCourses, type NewTicket } from './queries.ts';
import { toTicket, type TicketPrinting } from './service.ts';

/** The venue as the split reads it (the venues feature's store gives it). */
export interface VenueLookup {
  get(id: string): { venue: Venue } | undefined;
}

/** What a table session has already sent to the kitchen: the highest course rank released (0: none but drinks). */
export interface TableProgress {
  releasedRank: number;
}

interface Placed {
  ticket: Ticket;
  row: NewTicket;
}

/** One dish as the kitchen sees it: an order line, or one chosen or included dish of a set menu. */
interface KitchenItem {
  productId: string;
  name: string;
  options: ReadonlyArray<{ name: string }>;
  note?: string;
  quantity: number;
  by?: string;
  /** The set's course's `course`, which wins over the dish's category's. */
  course?: Course;
  set?: string;
  /** The index in the order's `lines` of the line it comes from (a set's dishes share their set's). */
  orderLine: number;
  /** A set's chosen dish: its index in the line's `choices`. */
  choice?: number;
}

/**
 * The dishes of `order` for the kitchen (docs/rules.md#set-menus-and-availability): a set menu's line
 * becomes its chosen dishes, each marked with the set and its step («Menú del día · 2º») and timed by
 * the set's course (else the dish's own), and its included dishes (marked with the set's name).
 */
function kitchenItems(order: Order, products: ReadonlyMap<string, Product>): KitchenItem[] {
  return order.lines.flatMap((line, orderLine): KitchenItem[] => {
    if (!line.choices) return [{ ...line, orderLine }];
    const set = products.get(line.productId);
    const common = { quantity: line.quantity, ...(line.by ? { by: line.by } : {}), orderLine };
    const courseIds = [...new Set(line.choices.map((c) => c.courseId))];
    const chosen = line.choices.map((c, choice): KitchenItem => {
      const index = set?.courses?.findIndex((k) => k.id === c.courseId) ?? -1;
      const ordinal = index >= 0 ? index + 1 : courseIds.indexOf(c.courseId) + 1;
      const course = set?.courses?.[index]?.course;
      const note = [line.note, c.note].filter(Boolean).join(' · ');
      return {
        productId: c.productId,
        name: c.name,
        options: c.options,
        ...(note ? { note } : {}),
        ...common,
        ...(course ? { course } : {}),
        set: SET_MESSAGES.ticketMark(line.name, ordinal),
        choice,
      };
    });
    const included = (line.included ?? []).map((d): KitchenItem => ({
      productId: d.productId,
      name: d.name,
      options: [],
      ...common,
      set: line.name,
    }));
    return [...chosen, ...included];
  });
}

/**
 * The tickets of `order`. `progress` is given for a table session's round when the venue holds
 * courses: drinks, dishes without a course, and every course up to the table's current one (or,
 * when nothing has been served yet, the first course present) go at once; later courses are held.
 */
export function splitOrder(
  venue: Venue,
  order: Order,
  progress: TableProgress | undefined,
  sessionId: string | null,
  at: Date,
): Placed[] {
  const stations = stationsOf(venue);
  const where = new Map<string, { station: string; course: Course | undefined }>();
  const products = new Map<string, Product>();
  for (const category of venue.categories) {
    for (const product of category.products) {
      where.set(product.id, { station: stationOf(venue, category, product), course: category.course });
      products.set(product.id, product);
    }
  }
  const byCourse = progress !== undefined;
  const groups = new Map<
    string,
    { station: string; course: Course | undefined; lines: Array<{ line: TicketLine; rank: number }> }
  >();
  for (const line of kitchenItems(order, products)) {
    // A dish removed from the menu since it was priced still reaches a station: the first.
    const found = where.get(line.productId) ?? { station: stations[0]!.id, course: undefined };
    const place = line.course ? { ...found, course: line.course } : found;
    const course = place.course;
    const key = byCourse ? `${place.station}\u0000${course ?? ''}` : place.station;
    const group = groups.get(key) ?? { station: place.station, course, lines: [] };
    if (!byCourse && group.course !== course) group.course = undefined;
    group.lines.push({
      line: {
        name: line.name,
        options: line.options.map((o) => o.name),
        ...(line.note ? { note: line.note } : {}),
        quantity: line.quantity,
        ...(line.by ? { by: line.by } : {}),
        ...(course ? { course } : {}),
        ...(line.set ? { set: line.set } : {}),
        orderLine: line.orderLine,
        ...(line.choice !== undefined ? { choice: line.choice } : {}),
      },
      rank: course ? courseRank(course) : -1,
    });
    groups.set(key, group);
  }
  const ranks = [...groups.values()].map((g) => (g.course ? courseRank(g.course) : 0)).filter((r) => r > 0);
  const threshold = progress
    ? progress.releasedRank > 0
      ? progress.releasedRank
      : Math.min(...ranks, Infinity)
    : Infinity;
  const order_ = (id: string) => stations.findIndex((s) => s.id === id);
  // Stations in the venue's order, then courses in the meal's: positions are stable for a display.
  const sorted = [...groups.values()].sort(
    (a, b) =>
      order_(a.station) - order_(b.station) ||
      (a.course ? courseRank(a.course) : -1) - (b.course ? courseRank(b.course) : -1),
  );
  return sorted.map((group, position) => {
    const held = group.course !== undefined && courseRank(group.course) > threshold;
    const ticket: Ticket = {
      id: randomUUID(),
      orderId: order.id,
      orderNumber: order.number,
      station: group.station,
      mode: order.mode,
      ...(order.table ? { table: order.table } : {}),
      customer: order.customer.name,
      createdAt: order.createdAt,
      ...(group.course ? { course: group.course } : {}),
      // Within a ticket, lines in the meal's order (stable otherwise).
      lines: group.lines
        .map((l, i) => ({ ...l, i }))
        .sort((a, b) => a.rank - b.rank || a.i - b.i)
        .map((l) => l.line),
      status: 'open',
      ...(held ? { held: true } : {}),
    };
    const { status: _status, held: _held, ...doc } = ticket;
    return {
      ticket,
      row: {
        id: ticket.id,
        venueId: order.venueId,
        orderId: order.id,
        sessionId,
        station: group.station,
        course: group.course ?? null,
        position,
        held,
        doc: JSON.stringify(doc),
        createdAt: at.getTime(),
      },
    };
  });
}

/** The orders feature's `OrderTickets`: the split, written with the order (server/main.ts gives it). */
export function ticketWriter(
  venues: VenueLookup,
  events: EventBus | undefined,
  now: () => Date = () => new Date(),
  printing?: TicketPrinting,
) {
  return {
    prepare(tx: Queryable, venueId: string, sessionId: string | undefined): Promise<TableProgress | undefined> {
      const venue = venues.get(venueId)?.venue;
      if (!sessionId || !venue || !holdsCourses(venue)) return Promise.resolve(undefined);
      return releasedCourses(tx, sessionId).then((rows) => ({
        releasedRank: Math.max(0, ...rows.map((r) => courseRank(r.course as Course)).filter((r) => r >= 0)),
      }));
    },
    write(tx: Queryable, order: Order, sessionId: string | undefined, prepared: unknown): Promise<unknown> {
      const venue = venues.get(order.venueId)?.venue;
      if (!venue) return Promise.resolve();
      const placed = splitOrder(venue, order, prepared as TableProgress | undefined, sessionId ?? null, now());
      if (!placed.length) return Promise.resolve();
      // One INSERT for every ticket, one for their print jobs, and their events, all started now: they
      // join the order's batch. `order.number` is a placeholder until the database numbers the order in this batch (OrderTickets).
      const released = placed.filter((p) => !p.row.held).map((p) => ({ id: p.row.id, station: p.row.station }));
      return Promise.all([
        insertTickets(
          tx,
          placed.map((p) => p.row),
          order.number,
        ),
        printing && released.length ? printing.released(tx, order.venueId, released) : undefined,
        ...(events
          ? placed.map((p) =>
              events.append(tx, {
                venueId: order.venueId,
                type: 'ticket',
                data: numbered(JSON.stringify(p.ticket), order.id, order.number),
              }),
            )
          : []),
      ]);
    },
    /** In the transaction that cancels the order: its tickets leave the stations, each with its event. */
    async cancelled(tx: Queryable, order: Order): Promise<void> {
      const rows = await cancelTicketsOfOrder(tx, order.id, now().getTime());
      if (events)
        await Promise.all(
          rows.map((row) =>
            events.append(tx, { venueId: order.venueId, type: 'ticket', data: JSON.stringify(toTicket(row)) }),
          ),
        );
    },
  };
}
