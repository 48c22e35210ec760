/**
 * Pausing new orders (docs/rules.md#pausing-orders): staff pause pickup and delivery for some minutes or until
 * they resume, the refusal says until when in the venue's zone, table rounds go on unless chosen, the pause ends
 * by itself (read on the server's test clock), and the automatic pause follows a station's open tickets.
 * Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PauseState } from '../../src/contract/pause.ts';
import { Venue } from '../../src/contract/venue.ts';
import { newKey, pgUrl, startTestServer, tacoOrder, testDatabase, type TestServer } from './helpers.ts';
import { problemOf, tableTokens, TABLE_VENUE as V } from './table-kit.ts';

// 20:00 in Ciudad de México (UTC−6) on Thursday 26 November 2026; the taquería is open round the clock.
let now = new Date('2026-11-27T02:00:00Z');
let s: TestServer;
let staff: string;
let diner: string;
beforeAll(async () => {
  s = await startTestServer({}, { now: () => now });
  staff = await s.tokenFor('cocina@umenu.test');
  diner = await s.tokenFor('ana@umenu.test');
});
afterAll(async () => {
  await s?.dispose();
});

const order = (overrides: Parameters<typeof tacoOrder>[0] = {}) =>
  s.request('/api/orders', { token: diner, key: newKey(), json: tacoOrder(overrides) });
const pause = (json: unknown, token = staff) => s.request(`/api/venues/${V}/pause`, { token, json });
const resume = (token = staff) => s.request(`/api/venues/${V}/pause`, { token, method: 'DELETE' });
const pauseNow = async () => PauseState.parse(await (await s.request(`/api/venues/${V}/pause`)).json()).pause;

async function tableOrder(): Promise<Response> {
  const tokens = await tableTokens(s, staff);
  return s.request('/api/orders', {
    token: diner,
    key: newKey(),
    json: tacoOrder({ mode: 'table', table: '3' }),
    headers: { 'x-table-token': tokens.get('3')! },
  });
}

describe('pausing orders', () => {
  it('only staff, managers and admins of the venue pause and resume', async () => {
    expect((await s.request(`/api/venues/${V}/pause`, { json: {} })).status).toBe(401);
    expect((await s.request(`/api/venues/${V}/pause`, { method: 'DELETE' })).status).toBe(401);
    expect((await pause({}, diner)).status).toBe(403);
    expect((await resume(diner)).status).toBe(403);
    expect((await pause({ minutes: 0 })).status).toBe(422);
    expect((await pause({ modes: ['takeaway'] })).status).toBe(422);
    expect((await s.request('/api/venues/no-such-venue/pause', { token: staff, json: {} })).status).toBe(404);
    expect(await pauseNow()).toBeNull();
  });

  it('refuses pickup and delivery until the time in the venue’s zone, keeps table rounds, and ends by itself', async () => {
    const res = await pause({ minutes: 30, reason: 'Falta gas' });
    expect(res.status, await res.clone().text()).toBe(200);
    const { pause: set } = PauseState.parse(await res.json());
    expect(set).toMatchObject({
      until: '2026-11-27T02:30:00.000Z',
      modes: ['pickup', 'delivery'],
      reason: 'Falta gas',
    });

    // The public menu carries it: the phones' live copy of the venue says so.
    const venue = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
    expect(venue.pause).toMatchObject({ until: '2026-11-27T02:30:00.000Z' });

    for (const mode of ['pickup', 'delivery'] as const) {
      const refused = await order(
        mode === 'delivery' ? { mode, customer: { name: 'Ana', phone: '+52 55 1234 5678', address: 'Calle 1' } } : {},
      );
      expect(refused.status).toBe(409);
      const problem = await problemOf(refused);
      expect(problem.type).toBe('urn:umenu:problem:venue-paused');
      expect(problem.detail).toBe('El local no acepta pedidos para llevar hasta las 20:30');
    }
    const round = await tableOrder();
    expect(round.status, await round.clone().text()).toBe(201);

    now = new Date('2026-11-27T02:30:00Z');
    expect(await pauseNow()).toBeNull();
    expect((await order()).status).toBe(201);
  });

  it('pauses until resumed, only the chosen modes, table rounds when chosen', async () => {
    expect((await pause({})).status).toBe(200);
    expect(await pauseNow()).toMatchObject({ modes: ['pickup', 'delivery'] });
    expect((await pauseNow())?.until).toBeUndefined();
    now = new Date('2026-11-27T09:00:00Z');
    const refused = await order();
    expect(refused.status).toBe(409);
    expect((await problemOf(refused)).detail).toBe('El local no acepta pedidos para llevar por ahora');

    expect((await pause({ minutes: 15, modes: ['delivery'] })).status).toBe(200);
    expect((await order()).status).toBe(201);
    const delivery = await order({
      mode: 'delivery',
      customer: { name: 'Ana', phone: '+52 55 1234 5678', address: 'Calle 1' },
    });
    expect((await problemOf(delivery)).detail).toBe('El local no acepta pedidos a domicilio hasta las 03:15');

    expect((await pause({ minutes: 15, modes: ['table'] })).status).toBe(200);
    const round = await tableOrder();
    expect(round.status).toBe(409);
    expect((await problemOf(round)).detail).toBe('El local no acepta pedidos en mesa hasta las 03:15');
    expect((await order()).status).toBe(201);

    // A manager resumes; the audit log has both, with who and why.
    const manager = await s.tokenFor('gerente@umenu.test');
    const res = await resume(manager);
    expect(PauseState.parse(await res.json()).pause).toBeNull();
    expect((await tableOrder()).status).toBe(201);
    const audit = (await (await s.request(`/api/venues/${V}/audit?date=2026-11-26`, { token: manager })).json()) as {
      entries: Array<{ action: string; what: string; reason?: string; by: string }>;
    };
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        action: 'pause',
        what: 'El local no acepta pedidos para llevar hasta las 20:30',
        reason: 'Falta gas',
        by: 'Cocina umenu',
      }),
    );
    const day = (await (await s.request(`/api/venues/${V}/audit?date=2026-11-27`, { token: manager })).json()) as {
      entries: Array<{ action: string; by: string }>;
    };
    expect(day.entries).toContainEqual(expect.objectContaining({ action: 'resume', by: 'Gerente umenu' }));
  });

  it('pauses pickup by itself above a station’s open tickets and resumes below it', async () => {
    const manager = await s.tokenFor('gerente@umenu.test');
    const stored = (await (await s.request(`/api/venues/${V}`)).json()) as Record<string, unknown>;
    const put = (autoPause: unknown) =>
      s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: { ...stored, autoPause } });
    expect((await put({ openTickets: 0 })).status).toBe(422);
    expect((await put({ openTickets: 2 })).status).toBe(200);
    expect(Venue.parse(await (await s.request(`/api/venues/${V}`)).json()).autoPause).toEqual({ openTickets: 2 });

    // The earlier tests' tickets leave the kitchen first.
    const tickets = async () =>
      (
        (await (await s.request(`/api/venues/${V}/tickets?station=cocina&status=open`, { token: staff })).json()) as {
          tickets: Array<{ id: string }>;
        }
      ).tickets;
    const bump = async (id: string) =>
      expect((await s.request(`/api/venues/${V}/tickets/${id}/done`, { token: staff, json: {} })).status).toBe(200);
    for (const t of await tickets()) await bump(t.id);
    await expect.poll(pauseNow).toBeNull();

    for (let i = 0; i < 3; i += 1) expect((await order()).status).toBe(201);
    await expect.poll(pauseNow).toMatchObject({
      modes: ['pickup', 'delivery'],
      reason: 'Cocina saturada: 3 comandas abiertas en Cocina',
      auto: { station: 'cocina', openTickets: 3 },
    });
    const refused = await order();
    expect(refused.status).toBe(409);
    expect((await problemOf(refused)).detail).toBe('El local no acepta pedidos para llevar por ahora');
    expect((await tableOrder()).status).toBe(201);

    // Back below the number (4 open: the table's round went to the kitchen too): it resumes.
    const open = await tickets();
    expect(open).toHaveLength(4);
    for (const t of open.slice(0, 3)) await bump(t.id);
    await expect.poll(pauseNow).toBeNull();
    expect((await order()).status).toBe(201);

    // Off: no automatic pause however full the kitchen.
    expect((await put(null)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await order()).status).toBe(201);
    expect(await pauseNow()).toBeNull();
  });

  it('is kept in the database: it survives a restart, and another instance refuses too (PostgreSQL)', async () => {
    const database = await testDatabase();
    const servers: TestServer[] = [];
    const start = async () => {
      const server = await startTestServer({}, { now: () => now }, database);
      servers.push(server);
      return server;
    };
    const orderAt = async (server: TestServer) =>
      server.request('/api/orders', {
        token: await server.tokenFor('ana@umenu.test'),
        key: newKey(),
        json: tacoOrder(),
      });
    try {
      const a = await start();
      const other = pgUrl() ? await start() : undefined;
      const res = await a.request(`/api/venues/${V}/pause`, {
        token: await a.tokenFor('cocina@umenu.test'),
        json: { minutes: 60 },
      });
      expect(res.status).toBe(200);
      if (other) await expect.poll(async () => (await orderAt(other)).status).toBe(409);
      await Promise.all(servers.splice(0).map((server) => server.close()));
      const restarted = await start();
      const refused = await orderAt(restarted);
      expect(refused.status).toBe(409);
      expect((await problemOf(refused)).detail).toMatch(/^El local no acepta pedidos para llevar hasta las \d\d:\d\d$/);
    } finally {
      await Promise.allSettled(servers.map((server) => server.close()));
      await database.drop();
    }
  });
});
