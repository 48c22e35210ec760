/** The kitchen: a station's tickets, bump and reopen, «Marchar» for a table's held course (staff of the venue). */
import { Hono } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canRunVenue } from '../../../src/contract/permissions.ts';
import { COURSES, type Course, type Venue } from '../../../src/contract/venue.ts';
import { KITCHEN_MESSAGES, stationsOf, TICKET_STATUSES, type TicketStatus } from '../../../src/contract/kitchen.ts';
import { routes } from '../../platform/operations.ts';
import { authenticator, type AuthService } from '../auth/index.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { problem } from '../../platform/problem.ts';
import type { KitchenService } from './service.ts';
import { fireCourse, listTickets, ticketDone, ticketReopen } from './operations.ts';

/** What the kitchen's routes use (server/deps.ts gives them). */
export interface KitchenRouteDeps {
  kitchen: KitchenService;
  venues: { get(id: string): { venue: Venue } | undefined };
  auth: AuthService;
}

export function kitchenRoutes({ kitchen, venues, auth }: KitchenRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  /** The venue, when the caller runs it: 404 for no such venue, 403 for anyone but its staff, managers and admins. */
  function staffVenue(id: string, claims: AccessClaims): Venue {
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, KITCHEN_MESSAGES.staffOnly);
    return entry.venue;
  }

  on(listTickets, async (c, { claims, param }) => {
    const venue = staffVenue(param('id'), claims);
    const station = c.req.query('station') || undefined;
    if (station !== undefined && !stationsOf(venue).some((s) => s.id === station)) {
      const detail = KITCHEN_MESSAGES.unknownStation(station.slice(0, 64));
      throw problem('validation', 422, detail, { errors: { station: [detail] } });
    }
    const status = c.req.query('status') || undefined;
    if (status !== undefined && !(TICKET_STATUSES as readonly string[]).includes(status)) {
      throw problem('validation', 422, KITCHEN_MESSAGES.statusInvalid, {
        errors: { status: [KITCHEN_MESSAGES.statusInvalidField] },
      });
    }
    c.header('cache-control', 'no-store');
    return c.json({
      tickets: await kitchen.list(venue.id, {
        station,
        status: status as TicketStatus | undefined,
        held: c.req.query('held') === 'true',
        orderId: c.req.query('order')?.slice(0, 100) || undefined,
      }),
    });
  });

  on(ticketDone, async (c, { claims, param }) => {
    const venue = staffVenue(param('id'), claims);
    return c.json(await kitchen.done(venue.id, param('ticketId')));
  });

  on(ticketReopen, async (c, { claims, param }) => {
    const venue = staffVenue(param('id'), claims);
    return c.json(await kitchen.reopen(venue.id, param('ticketId')));
  });

  on(fireCourse, async (c, { claims, param }) => {
    const venue = staffVenue(param('id'), claims);
    const course = param('course');
    if (!(COURSES as readonly string[]).includes(course)) {
      throw problem('validation', 422, KITCHEN_MESSAGES.unknownCourse, {
        errors: { course: [KITCHEN_MESSAGES.unknownCourse] },
      });
    }
    return c.json(await kitchen.fire(venue.id, param('label').slice(0, 40), course as Course));
  });

  return app;
}
