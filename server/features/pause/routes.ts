/** `GET/POST/DELETE /venues/{id}/pause` (docs/rules.md#pausing-orders). */
import { Hono } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { activePause, PAUSE_MESSAGES } from '../../../src/contract/pause.ts';
import { canRunVenue } from '../../../src/contract/permissions.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { routes } from '../../platform/operations.ts';
import { problem } from '../../platform/problem.ts';
import { authenticator, type AuthService } from '../auth/index.ts';
import type { VenueStore } from '../venues/index.ts';
import { getPause, pauseOrders, resumeOrders } from './operations.ts';
import type { PauseService } from './service.ts';

export interface PauseRouteDeps {
  venues: VenueStore;
  auth: AuthService;
  pauses: PauseService;
}

export function pauseRoutes({ venues, auth, pauses }: PauseRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));
  const venueOf = (id: string) => {
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    return entry;
  };
  const staffOf = (claims: AccessClaims, id: string) => {
    venueOf(id);
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, PAUSE_MESSAGES.staffOnly);
    return { id: claims.sub, name: (claims.name ?? claims.sub).slice(0, 80) };
  };
  const state = (id: string) => ({ pause: activePause(venueOf(id).venue, pauses.now()) ?? null });

  on(getPause, (c, { param }) => {
    c.header('cache-control', 'no-store');
    return c.json(state(param('id')));
  });

  on(pauseOrders, async (c, { claims, body, param }) => {
    const id = param('id');
    const actor = staffOf(claims, id);
    const input = await body();
    await pauses.pause(id, actor, input);
    c.header('cache-control', 'no-store');
    return c.json(state(id));
  });

  on(resumeOrders, async (c, { claims, param }) => {
    const id = param('id');
    await pauses.resume(id, staffOf(claims, id));
    c.header('cache-control', 'no-store');
    return c.json(state(id));
  });

  return app;
}
