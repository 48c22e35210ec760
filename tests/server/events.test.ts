/**
 * Events that are never missed (one instance; tests/server/instances.test.ts does two):
 * ids on every message, resume with Last-Event-ID, the health check, the order rate limit,
 * and a graceful SIGTERM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { parseRateLimit } from '../../server/platform/config.ts';
import { startServer } from '../../scripts/start-server.ts';
import type { Order } from '../../src/contract/order.ts';
import {
  dialectName,
  newKey,
  openEvents,
  orderEvents,
  parseSse,
  startTestServer,
  tacoOrder,
  testDatabase,
  type TestServer,
} from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.dispose();
});

async function placeOrder(server: TestServer, token: string, key = newKey()): Promise<Response> {
  return server.request('/api/orders', { token, key, json: tacoOrder() });
}

describe(`resumable event streams (${dialectName()})`, () => {
  it('the order page resumes after a dropped connection: what it missed, in order, once, then live', async () => {
    const ana = await s.tokenFor('ana@umenu.test');
    const cook = await s.tokenFor('cocina@umenu.test');
    const order = (await (await placeOrder(s, ana)).json()) as Order;
    const first = await openEvents(s, `/api/orders/${order.id}/events`, ana);
    const initial = await first.until((m) => orderEvents(m).length === 1);
    const ready = initial.find((m) => m.event === 'ready')!;
    expect(ready.retry).toBe('3000');
    const snapshot = orderEvents(initial)[0]!;
    expect(snapshot.order.status).toBe('received');
    expect(String(snapshot.id)).toBe(ready.id);
    first.close();

    // While the page is away, the kitchen moves the order twice.
    const move = (status: string) => s.request(`/api/orders/${order.id}/status`, { token: cook, json: { status } });
    expect((await move('preparing')).status).toBe(200);
    expect((await move('ready')).status).toBe(200);

    const resumed = await openEvents(s, `/api/orders/${order.id}/events`, ana, {
      'last-event-id': String(snapshot.id),
    });
    const missed = orderEvents(await resumed.until((m) => orderEvents(m).length === 2));
    expect(missed.map((e) => e.order.status)).toEqual(['preparing', 'ready']);
    expect(missed[0]!.id).toBeGreaterThan(snapshot.id);
    expect(missed[1]!.id).toBeGreaterThan(missed[0]!.id);
    expect((await move('delivered')).status).toBe(200);
    const all = orderEvents(await resumed.until((m) => orderEvents(m).length === 3));
    expect(all.map((e) => e.order.status)).toEqual(['preparing', 'ready', 'delivered']);
    resumed.close();

    // A client that cannot send headers resumes with ?lastEventId=; nothing after the last id: nothing sent.
    const query = await openEvents(s, `/api/orders/${order.id}/events?lastEventId=${all[2]!.id}`, ana);
    await query.until((m) => m.some((x) => x.event === 'ready'));
    await new Promise((r) => setTimeout(r, 200));
    expect(orderEvents(query.messages())).toEqual([]);
    query.close();
  });

  it('the staff board resumes: every order placed or moved while it was away, oldest first, without duplicates', async () => {
    const cook = await s.tokenFor('cocina@umenu.test');
    const diner = await s.newDiner('board-resume@umenu.test');
    const board = await openEvents(s, '/api/venues/taqueria-el-guero/orders/events', cook);
    const [ready] = await board.until((m) => m.some((x) => x.event === 'ready'));
    expect(ready!.id).toMatch(/^\d+$/);
    board.close();

    const placed: Order[] = [];
    for (let i = 0; i < 3; i++) placed.push((await (await placeOrder(s, diner.token)).json()) as Order);
    await s.request(`/api/orders/${placed[0]!.id}/status`, { token: cook, json: { status: 'preparing' } });

    const again = await openEvents(s, '/api/venues/taqueria-el-guero/orders/events', cook, {
      'last-event-id': ready!.id!,
    });
    let events = orderEvents(await again.until((m) => orderEvents(m).length === 4));
    expect(events.map((e) => `${e.order.number}:${e.order.status}`)).toEqual([
      ...placed.map((o) => `${o.number}:received`),
      `${placed[0]!.number}:preparing`,
    ]);
    // Then live, once.
    const live = (await (await placeOrder(s, diner.token)).json()) as Order;
    events = orderEvents(await again.until((m) => orderEvents(m).length === 5));
    expect(events[4]!.order.id).toBe(live.id);
    await new Promise((r) => setTimeout(r, 200));
    const ids = orderEvents(again.messages()).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    again.close();
  });

  it('tells the board when the menu changes (availability)', async () => {
    const cook = await s.tokenFor('cocina@umenu.test');
    const board = await openEvents(s, '/api/venues/taqueria-el-guero/orders/events', cook);
    await board.until((m) => m.some((x) => x.event === 'ready'));
    expect(
      (
        await s.request('/api/venues/taqueria-el-guero/products/tacos-al-pastor', {
          method: 'PATCH',
          token: cook,
          json: { available: false },
        })
      ).status,
    ).toBe(200);
    const messages = await board.until((m) => m.some((x) => x.event === 'venue'));
    expect(JSON.parse(messages.find((m) => m.event === 'venue')!.data!)).toMatchObject({
      venueId: 'taqueria-el-guero',
    });
    await s.request('/api/venues/taqueria-el-guero/products/tacos-al-pastor', {
      method: 'PATCH',
      token: cook,
      json: { available: true },
    });
    board.close();
  });
});

describe('draining (SIGTERM received)', () => {
  it('answers 503 with Retry-After to new requests, and 503 on the health check', async () => {
    s.deps.draining = true;
    try {
      const res = await s.request('/api/venues');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      const health = await s.request('/api/health');
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'error', draining: true });
    } finally {
      s.deps.draining = false;
    }
  });
});

describe('GET /api/health', () => {
  it('is 200 with the database kind while the database answers, 503 when it does not', async () => {
    const ok = await s.request('/api/health');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'ok', db: dialectName() });
    const broken = await startTestServer();
    await broken.deps.db.close();
    const down = await broken.request('/api/health');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'error', db: dialectName() });
    await broken.dispose().catch(() => {});
  });
});

describe('order rate limit per account', () => {
  it('parses UMENU_ORDER_LIMIT', () => {
    expect(parseRateLimit(undefined)).toEqual({ max: 20, windowSeconds: 600 });
    expect(parseRateLimit('20/10m')).toEqual({ max: 20, windowSeconds: 600 });
    expect(parseRateLimit('100/1h')).toEqual({ max: 100, windowSeconds: 3600 });
    expect(parseRateLimit('5/30s')).toEqual({ max: 5, windowSeconds: 30 });
    expect(parseRateLimit('off')).toBeNull();
    expect(() => parseRateLimit('veinte')).toThrow(/UMENU_ORDER_LIMIT/);
  });

  it('answers 429 with Retry-After and a Spanish message past the limit; replays and other diners are unaffected', async () => {
    const limited = await startTestServer({ orderLimit: { max: 3, windowSeconds: 600 } });
    try {
      const ana = await limited.tokenFor('ana@umenu.test');
      const keys = [newKey(), newKey(), newKey()];
      for (const key of keys) expect((await placeOrder(limited, ana, key)).status).toBe(201);
      const refused = await placeOrder(limited, ana);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);
      const body = (await refused.json()) as { type: string; detail: string };
      expect(body.type).toBe('urn:umenu:problem:rate-limited');
      expect(body.detail).toMatch(/demasiados pedidos.*10 min/);
      // A retry of an order that went through is still answered with that order.
      const replay = await placeOrder(limited, ana, keys[0]);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      const luis = await limited.newDiner('luis-limit@umenu.test');
      expect((await placeOrder(limited, luis.token)).status).toBe(201);
      expect(await limited.deps.orders.count()).toBe(4);
    } finally {
      await limited.dispose();
    }
  });
});

describe('SIGTERM', () => {
  it('stops taking requests, tells stream clients to reconnect (retry:) and exits within 10 s', async () => {
    const database = await testDatabase();
    const server = await startServer({
      env: {
        UMENU_DB: database.config.dbPath!,
        UMENU_DIST: join(database.dir, 'dist'),
        UMENU_SKIP_BUILD: '1',
        UMENU_JWT_SECRET: 'y'.repeat(40),
        ...(database.config.databaseUrl ? { UMENU_DATABASE_URL: database.config.databaseUrl } : {}),
      },
      timeoutMs: 30_000,
    });
    const { child, exited } = server;
    try {
      const base = server.base;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'cocina@umenu.test', password: 'demo1234' }),
      });
      const { token } = (await login.json()) as { token: string };
      const stream = await fetch(`${base}/api/venues/taqueria-el-guero/orders/events`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const reader = stream.body!.getReader();
      let text = '';
      const read = (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += new TextDecoder().decode(value);
        }
      })();
      while (!text.includes('event: ready')) await new Promise((r) => setTimeout(r, 20));
      const started = Date.now();
      child.kill('SIGTERM');
      await read; // the server ends the stream
      const last = parseSse(text).at(-1);
      expect(last?.retry).toBe('500');
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      await database.drop();
    }
  });
});
