/**
 * A venue's team (server/features/team/service.ts): `/api/venues/{id}/team` and `/invitations` for the
 * venue's managers and admins; `/api/invitations/lookup` and `/accept` for whoever holds an
 * invitation link (the token travels in the body, never in a URL).
 */
import { Hono, type Context } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue } from '../../../src/contract/permissions.ts';
import { AcceptInvitationInput, InvitationInput, InvitationLookupInput, invitationPath } from '../../../src/contract/team.ts';
import type { AppDeps } from '../../deps.ts';
import { publicBase } from '../../platform/config.ts';
import { readBody, readJson } from '../../platform/http.ts';
import { bearerToken, requireAuth } from '../auth/index.ts';
import { problem, validationProblem } from '../../platform/problem.ts';
import { createTeamService } from './service.ts';

/** The site's public address: `UMENU_SITE_URL`, else the page that asks (its Origin), else this server. */
function siteOf(c: Context): string {
  return publicBase(process.env.UMENU_SITE_URL) ?? publicBase(c.req.header('origin')) ?? new URL(c.req.url).origin;
}

export function teamRoutes({ venues, auth, db }: AppDeps): { venueTeam: Hono; invitations: Hono } {
  const team = createTeamService(db);

  /** The venue exists and the caller manages it (manager of the venue or admin); staff cannot. */
  const managerOf = (c: Context): { id: string; claims: AccessClaims } => {
    const claims = requireAuth(c, auth);
    const id = c.req.param('id') ?? '';
    if (!isValidVenueId(id) || !venues.get(id)) throw problem('notFound', 404, `No encontramos el local «${id.slice(0, 64)}».`);
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, 'Solo quien gestiona el local (o un administrador) puede ver y cambiar su equipo.');
    return { id, claims };
  };

  const venueTeam = new Hono();
  venueTeam.get('/:id/team', async (c) => {
    const { id } = managerOf(c);
    c.header('cache-control', 'no-store');
    return c.json(await team.team(id));
  });

  venueTeam.post('/:id/invitations', async (c) => {
    const { id, claims } = managerOf(c);
    const { value } = await readJson(c);
    if ((value as { role?: unknown } | null)?.role === 'admin') {
      throw problem('forbidden', 403, 'Desde un local solo se invita como gerente o personal: nadie puede dar acceso de administrador.');
    }
    const parsed = InvitationInput.safeParse(value);
    if (!parsed.success) throw validationProblem(parsed.error.issues);
    const created = await team.invite({ venueId: id, email: parsed.data.email, role: parsed.data.role, by: { id: claims.sub, name: claims.name ?? '' } });
    c.header('cache-control', 'no-store');
    return c.json({ ...created, url: `${siteOf(c)}${invitationPath(created.token)}` }, 201);
  });

  venueTeam.delete('/:id/invitations/:invitationId', async (c) => {
    const { id } = managerOf(c);
    await team.withdraw(id, c.req.param('invitationId'));
    return c.body(null, 204);
  });

  venueTeam.delete('/:id/team/:userId', async (c) => {
    const { id, claims } = managerOf(c);
    const userId = c.req.param('userId');
    if (userId === claims.sub) throw problem('forbidden', 403, 'No puedes quitarte el acceso a ti mismo: pídeselo a otro gerente o a un administrador.');
    await team.remove(id, userId);
    return c.body(null, 204);
  });

  const invitations = new Hono();
  invitations.post('/lookup', async (c) => {
    const { token } = await readBody(c, InvitationLookupInput);
    c.header('cache-control', 'no-store');
    return c.json(await team.preview(token, (id) => venues.get(id)?.venue.name));
  });

  invitations.post('/accept', async (c) => {
    const input = await readBody(c, AcceptInvitationInput);
    c.header('cache-control', 'no-store');
    if (bearerToken(c)) {
      const claims = requireAuth(c, auth);
      return c.json(await team.accept(input.token, { userId: claims.sub }));
    }
    if (input.name === undefined || input.password === undefined) {
      throw problem('validation', 422, 'Para crear tu cuenta escribe tu nombre y una contraseña, o inicia sesión si ya tienes cuenta.', {
        errors: {
          ...(input.name === undefined ? { name: ['Escribe tu nombre'] } : {}),
          ...(input.password === undefined ? { password: ['Elige una contraseña'] } : {}),
        },
      });
    }
    return c.json(await team.accept(input.token, { name: input.name, password: input.password }), 201);
  });

  return { venueTeam, invitations };
}
