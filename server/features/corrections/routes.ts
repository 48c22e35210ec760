/**
 * Correcting what was sent (docs/rules.md#the-floor); every route is an operation of operations.ts. Staff of the
 * venue: `POST /venues/{id}/orders/{orderId}/lines/{index}/void`, `POST /venues/{id}/tables/{label}/prebill`.
 * Managers: `POST /venues/{id}/tables/{label}/adjustments`.
 */
import { Hono } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue, canRunVenue } from '../../../src/contract/permissions.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { CORRECTION_MESSAGES } from '../../../src/contract/corrections.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import { routes } from '../../platform/operations.ts';
import { problem } from '../../platform/problem.ts';
import { authenticator, type AuthService } from '../auth/index.ts';
import type { AuditActor } from '../audit/index.ts';
import type { CorrectionsService } from './service.ts';
import * as ops from './operations.ts';

export interface CorrectionRouteDeps {
  corrections: CorrectionsService;
  venues: { get(id: string): { venue: Venue } | undefined };
  auth: AuthService;
}

/** Who did it, for the audit log: the account's id and the name on its token. */
export const actorOf = (claims: AccessClaims): AuditActor => ({ id: claims.sub, name: claims.name ?? claims.sub });

export function correctionRoutes({ corrections, venues, auth }: CorrectionRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  const venueFor = (claims: AccessClaims, id: string, manager: boolean): Venue => {
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (manager ? !canManageVenue(claims.scope, id) : !canRunVenue(claims.scope, id))
      throw problem('forbidden', 403, manager ? CORRECTION_MESSAGES.managerOnly : CORRECTION_MESSAGES.staffOnly);
    return entry.venue;
  };

  on(ops.voidOrderLine, async (c, { claims, param, body }) => {
    const venue = venueFor(claims, param('id'), false);
    const raw = param('index');
    if (!/^\d{1,3}$/.test(raw)) throw problem('notFound', 404, CORRECTION_MESSAGES.lineNotFound);
    const input = await body();
    c.header('cache-control', 'no-store');
    return c.json(await corrections.voidLine(venue.id, param('orderId'), Number(raw), input, actorOf(claims)));
  });

  on(ops.createAdjustment, async (c, { claims, param, body }) => {
    const venue = venueFor(claims, param('id'), true);
    const input = await body();
    c.header('cache-control', 'no-store');
    return c.json(await corrections.adjust(venue.id, param('label').slice(0, 40), input, actorOf(claims)));
  });

  on(ops.printPreBill, async (c, { claims, param }) => {
    const venue = venueFor(claims, param('id'), false);
    c.header('cache-control', 'no-store');
    return c.json(await corrections.preBill(venue, param('label').slice(0, 40)), 202);
  });

  return app;
}
