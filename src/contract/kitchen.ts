/**
 * The kitchen (docs/rules.md#the-kitchen): a venue's stations, the courses of its categories, and
 * the tickets an order is split into, one per station that has lines in it. Shared by the browser
 * (kitchen display, board) and the API.
 */
import * as z from 'zod/mini';
import { COURSES, Course, OrderMode, type Station } from './venue.ts';

/** A venue without stations has this one. */
export const DEFAULT_STATIONS: readonly Station[] = [{ id: 'cocina', name: 'Cocina' }];

export const COURSE_LABELS: Record<Course, string> = {
  bebidas: 'Bebidas',
  entrantes: 'Entrantes',
  principales: 'Principales',
  postres: 'Postres',
};

/** A course's place in the meal (drinks 0, then 1, 2, 3). */
export const courseRank = (course: Course): number => COURSES.indexOf(course);

interface StationsOf {
  stations?: readonly Station[] | undefined;
  holdCourses?: boolean | undefined;
}

/** The venue's stations (the default one when it names none). */
export const stationsOf = (venue: StationsOf): readonly Station[] =>
  venue.stations?.length ? venue.stations : DEFAULT_STATIONS;

/** Whether later courses at a table wait for «Marchar» (the default). */
export const holdsCourses = (venue: StationsOf): boolean => venue.holdCourses !== false;

/** Where a dish is prepared: its own station, else its category's, else the venue's first. */
export function stationOf(
  venue: StationsOf,
  category: { station?: string | undefined },
  product: { station?: string | undefined },
): string {
  return product.station ?? category.station ?? stationsOf(venue)[0]!.id;
}

export const TICKET_STATUSES = ['open', 'done'] as const;
export const TicketStatus = z.enum(TICKET_STATUSES);

export const TicketLine = z.object({
  name: z.string(),
  /** The names of the options chosen. */
  options: z.array(z.string()),
  note: z.optional(z.string()),
  quantity: z.int(),
  /** Who at the table asked for it (rounds of a table session). */
  by: z.optional(z.string()),
  /** Its category's course, shown on the line (a ticket of one course says it once, in its header). */
  course: z.optional(Course),
  /** A set menu's dish: the set and its step («Menú del día · 2º»; its included dishes: the set's name). */
  set: z.optional(z.string()),
  /** The order line it comes from (its index in the order's `lines`). */
  orderLine: z.optional(z.int()),
  /** A set menu's chosen dish: its index in the order line's `choices` (a void of that dish finds it). */
  choice: z.optional(z.int()),
  /** How many of `quantity` were voided after it was sent: shown struck through with «ANULADO». */
  voided: z.optional(z.int()),
});

export const Ticket = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  station: z.string(),
  mode: OrderMode,
  table: z.optional(z.string()),
  customer: z.string(),
  /** When the order was placed. */
  createdAt: z.string(),
  /** When a held course was released with «Marchar» (its time at the station starts then). */
  firedAt: z.optional(z.string()),
  course: z.optional(Course),
  lines: z.array(TicketLine),
  status: TicketStatus,
  /** A later course of a table, waiting for «Marchar»: not shown to its station yet. */
  held: z.optional(z.boolean()),
  /** Its order was cancelled: the ticket is done and nothing is to be made. */
  cancelled: z.optional(z.boolean()),
});

export const TicketList = z.object({ tickets: z.array(Ticket) });

/** `POST /api/venues/{id}/tables/{label}/courses/{course}/fire`: the tickets released. */
export const FiredCourse = z.object({ table: z.string(), course: Course, tickets: z.array(Ticket) });

export const KITCHEN_MESSAGES = {
  unknownStation: (id: string) => `La estación «${id}» no existe en este local.`,
  unknownCourse: 'Tiempo desconocido: usa bebidas, entrantes, principales o postres.',
  ticketNotFound: 'Esa comanda no existe.',
  cancelled: 'Ese pedido se canceló: su comanda no vuelve a cocina.',
  staffOnly: 'Solo el personal de este local puede ver sus comandas.',
  noOpenTable: (table: string) => `La mesa ${table} no tiene una sesión abierta.`,
  statusInvalid: `Estado no válido. Usa: ${TICKET_STATUSES.join(', ')}.`,
  statusInvalidField: 'Estado no válido',
  /** A held ticket (a later course of a table) waits for its course to be fired. */
  held: (course: Course) => `Esa comanda espera «Marchar ${COURSE_LABELS[course].toLowerCase()}».`,
} as const;

export type TicketStatus = z.infer<typeof TicketStatus>;
export type TicketLine = z.infer<typeof TicketLine>;
export type Ticket = z.infer<typeof Ticket>;
export type TicketList = z.infer<typeof TicketList>;
export type FiredCourse = z.infer<typeof FiredCourse>;
