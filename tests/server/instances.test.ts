/**
 * Many instances, one service: two (or three) API instances on one PostgreSQL database
 * behave as one server. Runs in the `server-pg` project; on SQLite (one process per file)
 * there is nothing to share, so it is skipped there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/contract/order.ts';
import type { TokenPair } from '../../src/contract/auth.ts';
import {
  newKey,
  openEvents,
  orderEvents,
  pgUrl,
  startTestServer,
  tacoOrder,
  testDatabase,
  type TestServer,
} from './helpers.ts';

const onPostgres = Boolean(pgUrl());

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let a: TestServer;
  let b: TestServer;
  let c: TestServer;

  beforeAll(async () => {
    database = await testDatabase();
    // Three instances start at the same moment on an empty database: migrations and demo data
    // happen once, and without UMENU_JWT_SECRET they agree on one secret created in the database.
    const start = () => startTestServer({ jwtSecret: undefined, loginMaxFailures: 5 }, {}, database);
    [a, b, c] = await Promise.all([start(), start(), start()]);
  });
  afterAll(async () => {
    await Promise.allSettled([a, b, c].map((s) => s?.close()));
    await database.drop();
  });

  it('migrated and seeded once, and share one signing secret: a token from one works on the others', async () => {
    expect((await a.deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n).toBe(4);
    expect((await a.deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM venues'))!.n).toBe(3);
    expect(new Set([a, b, c].map((s) => s.deps.auth.secret)).size).toBe(1);
    const pair = await a.login('ana@umenu.test');
    for (const s of [b, c]) {
      const res = await s.request('/api/auth/user', { token: pair.token });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { email: string } }).user.email).toBe('ana@umenu.test');
    }
  });

  it('rotates refresh tokens across instances and detects reuse on another one', async () => {
    const first = await a.login('ana@umenu.test');
    const rotated = await b.request('/api/auth/refresh', { json: { refresh_token: first.refresh_token } });
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as TokenPair;
    // The old token again, on a third instance: reuse → the whole family is revoked.
    const reused = await c.request('/api/auth/refresh', { json: { refresh_token: first.refresh_token } });
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as { type: string }).type).toBe('urn:umenu:problem:token-reused');
    const revoked = await a.request('/api/auth/refresh', { json: { refresh_token: second.refresh_token } });
    expect(revoked.status).toBe(401);
  });

  it('one refresh token sent to two instances at the same moment rotates once', async () => {
    const pair = await a.login('ana@umenu.test');
    const answers = await Promise.all(
      [a, b].map((s) => s.request('/api/auth/refresh', { json: { refresh_token: pair.refresh_token } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('one Idempotency-Key sent to two instances at the same moment makes exactly one order', async () => {
    const ana = (await a.login('ana@umenu.test')).token;
    for (let round = 0; round < 5; round++) {
      const key = newKey();
      const before = await a.deps.orders.count();
      const answers = await Promise.all(
        [a, b, a, b].map((s) => s.request('/api/orders', { token: ana, key, json: tacoOrder() })),
      );
      const statuses = answers.map((r) => r.status);
      expect(
        statuses.every((st) => st === 201 || st === 409),
        statuses.join(),
      ).toBe(true);
      const ids = new Set<string>();
      for (const res of answers) if (res.status === 201) ids.add(((await res.json()) as Order).id);
      expect(ids.size).toBe(1);
      expect(await b.deps.orders.count()).toBe(before + 1);
    }
  });

  it('keeps order numbers unique per venue and day under concurrent load on both instances', async () => {
    const diners = await Promise.all(Array.from({ length: 4 }, (_, i) => a.newDiner(`carga-${i}@umenu.test`)));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        [a, b][i % 2]!.request('/api/orders', {
          token: diners[i % 4]!.token,
          key: newKey(),
          json: tacoOrder({ venueId: 'taqueria-el-guero' }),
        }),
      ),
    );
    expect(answers.map((r) => r.status).every((st) => st === 201)).toBe(true);
    const numbers = await Promise.all(answers.map(async (r) => ((await r.json()) as Order).number));
    expect(new Set(numbers).size).toBe(40);
    const rows = await a.deps.db.all<{ number: string; n: number }>(
      "SELECT number, COUNT(*) AS n FROM orders WHERE venue_id = 'taqueria-el-guero' GROUP BY number HAVING COUNT(*) > 1",
    );
    expect(rows).toEqual([]);
  });

  it('shares the login rate limit: failures on one instance count on the others', async () => {
    const attempt = (s: TestServer) =>
      s.request('/api/auth/login', { json: { email: 'admin@umenu.test', password: 'mal' } });
    for (const s of [a, b, c, a, b]) expect((await attempt(s)).status).toBe(401);
    const blocked = await c.request('/api/auth/login', { json: { email: 'admin@umenu.test', password: 'demo1234' } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts the per-account order limit in the database, across instances', async () => {
    const limitedDb = await testDatabase();
    const limit = { orderLimit: { max: 3, windowSeconds: 600 } };
    const [x, y] = await Promise.all([startTestServer(limit, {}, limitedDb), startTestServer(limit, {}, limitedDb)]);
    try {
      const ana = (await x.login('ana@umenu.test')).token;
      const place = (s: TestServer) => s.request('/api/orders', { token: ana, key: newKey(), json: tacoOrder() });
      // Four at once on two instances: exactly three get through.
      const answers = await Promise.all([x, y, x, y].map(place));
      expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 429]);
      const refused = await place(y);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await Promise.allSettled([x.close(), y.close()]);
      await limitedDb.drop();
    }
  });

  it('delivers events from one instance to the streams of the others within a second', async () => {
    const ana = (await a.login('ana@umenu.test')).token;
    const cook = (await b.login('cocina@umenu.test')).token;
    const boardOnB = await openEvents(b, '/api/venues/taqueria-el-guero/orders/events', cook);
    const boardOnC = await openEvents(c, '/api/venues/taqueria-el-guero/orders/events', cook);
    await Promise.all([boardOnB, boardOnC].map((s) => s.until((m) => m.some((x) => x.event === 'ready'))));

    // New order on A → boards on B and C.
    let started = Date.now();
    const order = (await (
      await a.request('/api/orders', { token: ana, key: newKey(), json: tacoOrder() })
    ).json()) as Order;
    for (const board of [boardOnB, boardOnC])
      await board.until((m) => orderEvents(m).some((e) => e.order.id === order.id), 1000);
    expect(Date.now() - started).toBeLessThan(1000);

    // Status change on C → the order page held by A.
    const page = await openEvents(a, `/api/orders/${order.id}/events`, ana);
    await page.until((m) => orderEvents(m).length === 1);
    started = Date.now();
    expect(
      (await c.request(`/api/orders/${order.id}/status`, { token: cook, json: { status: 'preparing' } })).status,
    ).toBe(200);
    await page.until((m) => orderEvents(m).some((e) => e.order.status === 'preparing'), 1000);
    await boardOnB.until(
      (m) => orderEvents(m).some((e) => e.order.id === order.id && e.order.status === 'preparing'),
      1000,
    );
    expect(Date.now() - started).toBeLessThan(1000);

    // Availability change on A → the board on B, and B's menu (its cache) follows.
    started = Date.now();
    expect(
      (
        await a.request('/api/venues/taqueria-el-guero/products/agua-de-horchata', {
          method: 'PATCH',
          token: cook,
          json: { available: false },
        })
      ).status,
    ).toBe(200);
    await boardOnB.until((m) => m.some((x) => x.event === 'venue'), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    const deadline = Date.now() + 1000;
    let available = true;
    while (available && Date.now() < deadline) {
      const venue = (await (await b.request('/api/venues/taqueria-el-guero')).json()) as {
        categories: Array<{ products: Array<{ id: string; available: boolean }> }>;
      };
      available = venue.categories.flatMap((cat) => cat.products).find((p) => p.id === 'agua-de-horchata')!.available;
      if (available) await new Promise((r) => setTimeout(r, 20));
    }
    expect(available).toBe(false);
    // An order for it placed on B is now refused there too.
    const refused = await b.request('/api/orders', {
      token: ana,
      key: newKey(),
      json: tacoOrder({
        lines: [{ productId: 'agua-de-horchata', optionIds: ['tamano-grande-1-l'], quantity: 1 }],
        expectedTotal: 3500,
      }),
    });
    expect(refused.status).toBe(422);
    await a.request('/api/venues/taqueria-el-guero/products/agua-de-horchata', {
      method: 'PATCH',
      token: cook,
      json: { available: true },
    });

    // Every stream has each id once, in increasing order.
    for (const stream of [boardOnB, boardOnC, page]) {
      const ids = stream
        .messages()
        .filter((m) => m.event !== 'ready' && m.id)
        .map((m) => Number(m.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((x, y) => x - y)).toEqual(ids);
      stream.close();
    }
  });

  it('a board that reconnects to another instance with Last-Event-ID gets what it missed, in order, once', async () => {
    const ana = (await a.login('ana@umenu.test')).token;
    const cook = (await a.login('cocina@umenu.test')).token;
    const onA = await openEvents(a, '/api/venues/taqueria-el-guero/orders/events', cook);
    const [ready] = await onA.until((m) => m.some((x) => x.event === 'ready'));
    onA.close();
    // While the board is away (its instance died, say), an order is placed on B and moved on C.
    const order = (await (
      await b.request('/api/orders', { token: ana, key: newKey(), json: tacoOrder() })
    ).json()) as Order;
    expect(
      (await c.request(`/api/orders/${order.id}/status`, { token: cook, json: { status: 'preparing' } })).status,
    ).toBe(200);
    const board = await openEvents(c, '/api/venues/taqueria-el-guero/orders/events', cook, {
      'last-event-id': ready!.id!,
    });
    const events = orderEvents(await board.until((m) => orderEvents(m).length === 2));
    expect(events.map((e) => `${e.order.id}:${e.order.status}`)).toEqual([
      `${order.id}:received`,
      `${order.id}:preparing`,
    ]);
    expect(events[1]!.id).toBeGreaterThan(events[0]!.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(orderEvents(board.messages())).toHaveLength(2);
    board.close();
  });
});
