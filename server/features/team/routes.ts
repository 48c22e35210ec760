/**
 * A venue's team (server/features/team/service.ts): `/api/venues/{id}/team` and `/invitations` for the
 * venue's managers and admins; `/api/invitations/lookup` and `/accept` for whoever holds an
 * invitation link (the token travels in the body, never in a URL).
 */
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { Hono, type Context } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue } from '../../../src/contract/permissions.ts';
import { invitationPath, TEAM_MESSAGES } from '../../../src/contract/team.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { AuthService } from '../auth/index.ts';
import type { VenueStore } from '../venues/index.ts';
import { publicBase } from '../../platform/config.ts';
import { routes } from '../../platform/operations.ts';
import { problem } from '../../platform/problem.ts';
import { authenticator } from '../auth/index.ts';
import {
  acceptInvitation,
  createInvitation,
  getTeam,
  lookupInvitation,
  removeTeamMember,
  withdrawInvitation,
} from './operations.ts';
import { createTeamService } from './service.ts';

/** The site's public address: `UMENU_SITE_URL`, else the page that asks (its Origin), else this server. */
function siteOf(c: Context): string {
  return publicBase(process.env.UMENU_SITE_URL) ?? publicBase(c.req.header('origin')) ?? new URL(c.req.url).origin;
}

/** The team's routes, registered with their full paths (mounted at the API's root). */
export function teamRoutes({
  venues,
  auth,
  db,
  events,
}: {
  venues: VenueStore;
  auth: AuthService;
  db: Db;
  events: EventBus;
}): Hono {
  const team = createTeamService(db, events);
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  /** The venue exists and the caller manages it (manager of the venue or admin); staff cannot. */
  const managedVenue = (id: string, claims: AccessClaims): string => {
    if (!isValidVenueId(id) || !venues.get(id))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, TEAM_MESSAGES.managersOnly);
    return id;
  };

  on(getTeam, async (c, { claims, param }) => {
    const id = managedVenue(param('id'), claims);
    c.header('cache-control', 'no-store');
    return c.json(await team.team(id));
  });

  on(createInvitation, async (c, { claims, param, json, check }) => {
    const id = managedVenue(param('id'), claims);
    const { value } = await json();
    if ((value as { role?: unknown } | null)?.role === 'admin') {
      throw problem('forbidden', 403, TEAM_MESSAGES.noAdminFromVenue);
    }
    const input = check(value);
    const created = await team.invite({
      venueId: id,
      email: input.email,
      role: input.role,
      by: { id: claims.sub, name: claims.name ?? '' },
    });
    c.header('cache-control', 'no-store');
    return c.json({ ...created, url: `${siteOf(c)}${invitationPath(created.token)}` }, 201);
  });

  on(withdrawInvitation, async (c, { claims, param }) => {
    const id = managedVenue(param('id'), claims);
    await team.withdraw(id, param('invitationId'));
    return c.body(null, 204);
  });

  on(removeTeamMember, async (c, { claims, param }) => {
    const id = managedVenue(param('id'), claims);
    const userId = param('userId');
    if (userId === claims.sub) throw problem('forbidden', 403, TEAM_MESSAGES.notYourself);
    await team.remove(id, userId);
    return c.body(null, 204);
  });

  on(lookupInvitation, async (c, { body }) => {
    const { token } = await body();
    c.header('cache-control', 'no-store');
    return c.json(await team.preview(token, (id) => venues.get(id)?.venue.name));
  });

  on(acceptInvitation, async (c, { claims, body }) => {
    const input = await body();
    c.header('cache-control', 'no-store');
    if (claims) return c.json(await team.accept(input.token, { userId: claims.sub }));
    if (input.name === undefined || input.password === undefined) {
      throw problem('validation', 422, TEAM_MESSAGES.nameAndPassword, {
        errors: {
          ...(input.name === undefined ? { name: [TEAM_MESSAGES.writeName] } : {}),
          ...(input.password === undefined ? { password: [TEAM_MESSAGES.choosePassword] } : {}),
        },
      });
    }
    return c.json(await team.accept(input.token, { name: input.name, password: input.password }), 201);
  });

  return app;
}
