/**
 * A venue's team: invitations (create, look up, accept by creating an account or signed in,
 * withdraw, expire), the member list and "Quitar acceso", scopes endpoint by endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from './jwt-decode.ts';
import { AcceptedInvitation, CreatedInvitation, InvitationPreview, Team } from '../../src/contract/team.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { problemOf } from './table-kit.ts';

let s: TestServer;
const V = 'cafe-la-macarena';
let manager: string, staff: string, admin: string, diner: string, otherManager: string;

beforeAll(async () => {
  s = await startTestServer();
  manager = await s.tokenFor('gerente@umenu.test');
  staff = await s.tokenFor('cocina@umenu.test');
  admin = await s.tokenFor('admin@umenu.test');
  diner = await s.tokenFor('ana@umenu.test');
  otherManager = (await s.newDiner('otro-gerente@umenu.test', ['manager:bar-el-cabanyal'])).token;
});
afterAll(() => s.dispose());

async function invite(token: string, email: string, role: string = 'staff', venue = V) {
  return s.request(`/api/venues/${venue}/invitations`, {
    token,
    json: { email, role },
    headers: { origin: 'https://umenu.example' },
  });
}
async function invited(token: string, email: string, role: 'manager' | 'staff' = 'staff', venue = V) {
  const res = await invite(token, email, role, venue);
  expect(res.status).toBe(201);
  return CreatedInvitation.parse(await res.json());
}
const lookup = (token: string) => s.request('/api/invitations/lookup', { json: { token } });
const accept = (body: Record<string, unknown>, bearer?: string) =>
  s.request('/api/invitations/accept', { json: body, ...(bearer ? { token: bearer } : {}) });

describe('POST /api/venues/{id}/invitations', () => {
  it("lets the venue's manager and admins invite as manager or staff, with a one-time link valid 7 days", async () => {
    const before = Date.now();
    const inv = await invited(manager, 'Lucia@Example.com', 'staff');
    expect(inv.email).toBe('lucia@example.com');
    expect(inv.role).toBe('staff');
    expect(inv.venueId).toBe(V);
    expect(inv.url).toBe(`https://umenu.example/invitacion#${inv.token}`);
    expect(inv.token.length).toBeGreaterThanOrEqual(32);
    const ttl = Date.parse(inv.expiresAt) - before;
    expect(ttl).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600_000 + 60_000);
    expect(inv.invitedBy.name).toBe('Gerente umenu');
    expect((await invited(admin, 'nuevo-gerente@example.com', 'manager')).role).toBe('manager');
  });

  it('refuses staff, diners, managers of another venue (403) and anonymous callers (401)', async () => {
    for (const [who, token] of [
      ['staff', staff],
      ['diner', diner],
      ['other manager', otherManager],
    ] as const) {
      const res = await invite(token, 'x@example.com');
      expect(res.status, who).toBe(403);
      expect((await problemOf(res)).detail).toMatch(/gestiona el local/);
    }
    expect(
      (await s.request(`/api/venues/${V}/invitations`, { json: { email: 'x@example.com', role: 'staff' } })).status,
    ).toBe(401);
  });

  it('makes nobody an admin: role admin is refused for managers and admins alike', async () => {
    for (const token of [manager, admin]) {
      const res = await invite(token, 'jefa@example.com', 'admin');
      expect(res.status).toBe(403);
      expect((await problemOf(res)).detail).toMatch(/administrador/);
    }
  });

  it('checks the body and the venue', async () => {
    const bad = await invite(manager, 'no-es-un-correo', 'chef');
    expect(bad.status).toBe(422);
    const errors = (await problemOf(bad)).errors!;
    expect(errors.email).toEqual(['Escribe un correo válido']);
    expect(errors.role).toEqual(['Elige «Gerente» o «Personal»']);
    expect((await invite(admin, 'x@example.com', 'staff', 'no-existe')).status).toBe(404);
  });
});

describe('POST /api/invitations/lookup and /accept (creating an account)', () => {
  it("shows what the link offers, creates the account with the invitation's email and scope, and works once", async () => {
    const inv = await invited(manager, 'mateo@example.com', 'staff');
    const preview = InvitationPreview.parse(await (await lookup(inv.token)).json());
    expect(preview).toMatchObject({
      venueId: V,
      venueName: 'Café La Macarena',
      role: 'staff',
      email: 'mateo@example.com',
      accountExists: false,
    });

    const short = await accept({ token: inv.token, name: 'Mateo', password: 'corta' });
    expect(short.status).toBe(422);
    expect((await problemOf(short)).errors?.password).toEqual(['La contraseña necesita al menos 8 caracteres']);
    const missing = await accept({ token: inv.token });
    expect(missing.status).toBe(422);
    expect(Object.keys((await problemOf(missing)).errors!)).toEqual(['name', 'password']);

    const res = await accept({ token: inv.token, name: 'Mateo Ruiz', password: 'segura-123' });
    expect(res.status).toBe(201);
    expect(AcceptedInvitation.parse(await res.json())).toEqual({
      venueId: V,
      role: 'staff',
      email: 'mateo@example.com',
      created: true,
      scope: [`staff:${V}`],
    });

    const pair = await s.login('mateo@example.com', 'segura-123');
    expect(decodeJwt(pair.token).scope).toEqual([`staff:${V}`]);
    expect((await s.request(`/api/venues/${V}/orders`, { token: pair.token })).status).toBe(200);
    expect((await s.request(`/api/venues/${V}/tables`, { token: pair.token })).status).toBe(200);

    // One time only.
    const again = await accept({ token: inv.token, name: 'Otro', password: 'segura-123' });
    expect(again.status).toBe(404);
    expect((await problemOf(again)).type).toBe('urn:umenu:problem:invitation-invalid');
    expect((await lookup(inv.token)).status).toBe(404);
  });

  it('two people opening the same link at once: one account, one use', async () => {
    const inv = await invited(manager, 'a-la-vez@example.com');
    const results = await Promise.all(
      [1, 2].map((n) => accept({ token: inv.token, name: `Persona ${n}`, password: 'segura-123' })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(201);
    expect([404, 409]).toContain(statuses[1]);
    const rows = await s.deps.db.all<{ name: string }>('SELECT name FROM users WHERE email = ?', [
      'a-la-vez@example.com',
    ]);
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for an unknown token, and for an expired one says it expired', async () => {
    const unknown = await lookup('x'.repeat(32));
    expect(unknown.status).toBe(404);
    expect((await problemOf(unknown)).detail).toMatch(/no es válida/);
    const inv = await invited(manager, 'tarde@example.com');
    await s.deps.db.run('UPDATE invitations SET expires_at = ? WHERE id = ?', [Date.now() - 1, inv.id]);
    const res = await lookup(inv.token);
    expect(res.status).toBe(404);
    expect((await problemOf(res)).detail).toBe('Esta invitación ha caducado. Pide a quien te invitó un enlace nuevo.');
    expect((await accept({ token: inv.token, name: 'Tarde', password: 'segura-123' })).status).toBe(404);
    expect(
      (await s.request('/api/auth/login', { json: { email: 'tarde@example.com', password: 'segura-123' } })).status,
    ).toBe(401);
  });

  it('does not create a second account for an email that has one: sign in to accept (409)', async () => {
    const inv = await invited(manager, 'ana@umenu.test');
    expect(InvitationPreview.parse(await (await lookup(inv.token)).json()).accountExists).toBe(true);
    const res = await accept({ token: inv.token, name: 'Impostor', password: 'segura-123' });
    expect(res.status).toBe(409);
    expect((await problemOf(res)).detail).toBe(
      'Ya existe una cuenta con este correo: inicia sesión para aceptar la invitación.',
    );
    expect((await s.login('ana@umenu.test')).token).toBeTruthy();
  });
});

describe('POST /api/invitations/accept (signed in)', () => {
  it("gives the scope to the signed-in account whose email is the invitation's, at its next token refresh", async () => {
    const luis = await s.newDiner('luis@demo.umenu.test'); // a social account: no password
    const inv = await invited(admin, 'luis@demo.umenu.test', 'manager');
    const wrong = await accept({ token: inv.token }, diner);
    expect(wrong.status).toBe(403);
    expect((await problemOf(wrong)).detail).toBe(
      'Esta invitación es para luis@demo.umenu.test. Entra con esa cuenta para aceptarla.',
    );

    const pair = await s.deps.auth.issueTokenPair(luis.id);
    const res = await accept({ token: inv.token }, pair.token);
    expect(res.status).toBe(200);
    expect(AcceptedInvitation.parse(await res.json())).toMatchObject({
      venueId: V,
      role: 'manager',
      created: false,
      scope: [`manager:${V}`],
    });
    // The token held before accepting does not carry the scope; the refreshed one does.
    expect((await s.request(`/api/venues/${V}/team`, { token: pair.token })).status).toBe(403);
    const refreshed = (await (
      await s.request('/api/auth/refresh', { json: { refresh_token: pair.refresh_token } })
    ).json()) as { token: string };
    expect((await s.request(`/api/venues/${V}/team`, { token: refreshed.token })).status).toBe(200);
    // A new manager may invite staff in turn.
    expect((await invite(refreshed.token, 'ayudante@example.com', 'staff')).status).toBe(201);
    expect((await accept({ token: inv.token }, refreshed.token)).status).toBe(404);
  });

  it('refuses a bad bearer token (401)', async () => {
    const inv = await invited(manager, 'alguien@example.com');
    expect((await accept({ token: inv.token }, 'not-a-token')).status).toBe(401);
    expect((await lookup(inv.token)).status).toBe(200);
  });
});

describe('GET /api/venues/{id}/team, DELETE …/invitations/{id}, DELETE …/team/{userId}', () => {
  it('lists members with their role and the pending invitations, to managers and admins only', async () => {
    const pending = await invited(manager, 'pendiente@example.com', 'manager');
    for (const token of [manager, admin]) {
      const res = await s.request(`/api/venues/${V}/team`, { token });
      expect(res.status).toBe(200);
      const team = Team.parse(await res.json());
      expect(team.members).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: 'gerente@umenu.test', name: 'Gerente umenu', role: 'manager' }),
          expect.objectContaining({ email: 'cocina@umenu.test', role: 'staff' }),
        ]),
      );
      expect(team.members.some((m) => m.email === 'admin@umenu.test' || m.email === 'ana@umenu.test')).toBe(false);
      expect(team.invitations.find((i) => i.id === pending.id)).toMatchObject({
        email: 'pendiente@example.com',
        role: 'manager',
      });
      expect(JSON.stringify(team)).not.toContain(pending.token);
    }
    for (const token of [staff, diner, otherManager])
      expect((await s.request(`/api/venues/${V}/team`, { token })).status).toBe(403);
    expect((await s.request(`/api/venues/${V}/team`)).status).toBe(401);
    expect((await s.request('/api/venues/no-existe/team', { token: admin })).status).toBe(404);
  });

  it('withdraws a pending invitation: its link stops working', async () => {
    const inv = await invited(manager, 'retirada@example.com');
    expect((await s.request(`/api/venues/${V}/invitations/${inv.id}`, { method: 'DELETE', token: staff })).status).toBe(
      403,
    );
    expect(
      (await s.request(`/api/venues/${V}/invitations/${inv.id}`, { method: 'DELETE', token: manager })).status,
    ).toBe(204);
    expect((await lookup(inv.token)).status).toBe(404);
    expect(
      (await s.request(`/api/venues/${V}/invitations/${inv.id}`, { method: 'DELETE', token: manager })).status,
    ).toBe(404);
    const team = Team.parse(await (await s.request(`/api/venues/${V}/team`, { token: manager })).json());
    expect(team.invitations.some((i) => i.id === inv.id)).toBe(false);
  });

  it('"Quitar acceso" takes the venue\'s scopes away; the person loses access at the next token refresh', async () => {
    const inv = await invited(manager, 'sofia@example.com', 'staff');
    expect((await accept({ token: inv.token, name: 'Sofía', password: 'segura-123' })).status).toBe(201);
    const pair = await s.login('sofia@example.com', 'segura-123');
    const member = Team.parse(await (await s.request(`/api/venues/${V}/team`, { token: manager })).json()).members.find(
      (m) => m.email === 'sofia@example.com',
    )!;
    expect(member).toMatchObject({ name: 'Sofía', role: 'staff' });

    expect((await s.request(`/api/venues/${V}/team/${member.id}`, { method: 'DELETE', token: staff })).status).toBe(
      403,
    );
    expect(
      (await s.request(`/api/venues/${V}/team/${member.id}`, { method: 'DELETE', token: otherManager })).status,
    ).toBe(403);
    expect((await s.request(`/api/venues/${V}/team/${member.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await s.request(`/api/venues/${V}/team/${member.id}`, { method: 'DELETE', token: manager })).status).toBe(
      204,
    );

    const team = Team.parse(await (await s.request(`/api/venues/${V}/team`, { token: manager })).json());
    expect(team.members.some((m) => m.id === member.id)).toBe(false);
    expect((await s.request(`/api/venues/${V}/team/${member.id}`, { method: 'DELETE', token: manager })).status).toBe(
      404,
    );
    // The user endpoint reads the account now; the next refresh signs a token without the scope.
    expect(
      ((await (await s.request('/api/auth/user', { token: pair.token })).json()) as { user: { scope: string[] } }).user
        .scope,
    ).toEqual([]);
    const refreshed = (await (
      await s.request('/api/auth/refresh', { json: { refresh_token: pair.refresh_token } })
    ).json()) as { token: string };
    expect(decodeJwt(refreshed.token).scope).toEqual([]);
    expect((await s.request(`/api/venues/${V}/orders`, { token: refreshed.token })).status).toBe(403);
    expect((await s.request(`/api/venues/${V}/tables`, { token: refreshed.token })).status).toBe(403);
  });

  it('nobody removes their own access', async () => {
    const me = decodeJwt(manager).sub;
    const res = await s.request(`/api/venues/${V}/team/${me}`, { method: 'DELETE', token: manager });
    expect(res.status).toBe(403);
    expect((await problemOf(res)).detail).toMatch(/a ti mismo/);
  });
});

describe('managers are staff of their venues', () => {
  it('a manager opens the order board of the venue (and only of it)', async () => {
    expect((await s.request(`/api/venues/${V}/orders`, { token: manager })).status).toBe(200);
    expect((await s.request(`/api/venues/${V}/orders`, { token: otherManager })).status).toBe(403);
    expect((await s.request('/api/venues/bar-el-cabanyal/orders', { token: otherManager })).status).toBe(200);
  });
});
