/** Pickup and delivery times: the slots of a day (anyone), and staff moving an order's ready time. */
import { Hono } from 'hono';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canRunVenue } from '../../../src/contract/permissions.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { PICKUP_MESSAGES } from '../../../src/contract/pickup.ts';
import { problem } from '../../platform/problem.ts';
import { routes } from '../../platform/operations.ts';
import { authenticator, type AuthService } from '../auth/index.ts';
import type { VenueStore } from '../venues/index.ts';
import type { OrderTiming } from './timing.ts';
import { listPickupSlots, moveOrderReadyBy } from './timing-operations.ts';

/** What these routes use (server/deps.ts gives them). */
export interface TimingRouteDeps {
  auth: AuthService;
  venues: VenueStore;
  timing: OrderTiming;
}

export function timingRoutes({ auth, venues, timing }: TimingRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  const venueOf = (id: string) => {
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    return entry.venue;
  };

  on(listPickupSlots, async (c, { param }) => {
    const venue = venueOf(param('id'));
    // The checkout names its cart's dishes (`products=a,b`): «lo antes posible» is then quoted for them.
    const products = c.req.query('products')?.split(',').filter(Boolean).slice(0, 50);
    c.header('cache-control', 'no-store');
    return c.json(await timing.slots(venue, c.req.query('date')?.slice(0, 20), products));
  });

  on(moveOrderReadyBy, async (c, { claims, body, param }) => {
    const venue = venueOf(param('id'));
    if (!canRunVenue(claims.scope, venue.id)) throw problem('forbidden', 403, PICKUP_MESSAGES.staffOnly);
    const input = await body();
    return c.json(await timing.moveReadyBy(venue.id, param('orderId').slice(0, 100), input.minutes));
  });

  return app;
}
