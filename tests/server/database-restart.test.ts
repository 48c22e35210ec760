/**
 * The database goes away for a few seconds (PostgreSQL only; docs/rules.md#running-at-scale):
 * `pg_ctl restart` in the middle of an order load and a table-cart load. Every request caught
 * in it gets 503 with Retry-After and a Spanish detail (never a 500, never a hang), health says
 * so, the server reconnects by itself, and clients that retry with the same Idempotency-Key
 * make each order once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../../scripts/pg-cluster.ts';
import { newKey, pgUrl, startTestServer, tacoOrder, type TestServer } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const V = 'taqueria-el-guero';

describe.skipIf(!pgUrl())('the database restarts under load', () => {
  let cluster: PgCluster;
  let s: TestServer;
  beforeAll(async () => {
    cluster = await startPgCluster();
    // The cart load writes as fast as it can: no cart write limits here (table-sessions.test.ts covers them).
    s = await startTestServer({
      databaseUrl: cluster.url,
      dbPoolSize: 6,
      tableCartLimit: null,
      tableCartSessionLimit: null,
    });
  }, ceiling(60_000));
  afterAll(async () => {
    await s?.dispose();
    cluster?.stop();
  });

  it(
    'answers 503 with Retry-After while it is down, reconnects, and loses or doubles nothing',
    { timeout: ceiling(120_000) },
    async () => {
      const diner = await s.newDiner('reinicio@umenu.test');
      const manager = await s.tokenFor('gerente@umenu.test');
      const tables = (await (await s.request(`/api/venues/${V}/tables`, { token: manager })).json()) as {
        tables: Array<{ label: string; url: string }>;
      };
      const token = new URL(tables.tables.find((t) => t.label === '3')!.url, 'http://x').searchParams.get('t')!;
      const joined = (await (
        await s.request(`/api/venues/${V}/tables/3/join`, { json: { token, name: 'Lucía' } })
      ).json()) as { credential: string };
      const seat = { 'x-table-credential': joined.credential };

      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const refusals: Array<{ retryAfter: string | null; type: string; detail: string }> = [];
      const note503 = async (res: Response) => {
        const body = (await res.clone().json()) as { type: string; detail: string };
        refusals.push({ retryAfter: res.headers.get('retry-after'), type: body.type, detail: body.detail });
      };
      let restarting = true;
      const acknowledged = new Map<string, string>();
      let cartWrites = 0;

      /** Orders, each retried with its key until it is made (as the diner's phone does). */
      const orders = async () => {
        while (restarting) {
          const key = newKey();
          for (;;) {
            const res = await s.request('/api/orders', { token: diner.token, key, json: tacoOrder() });
            count(res.status);
            if (res.status === 201) {
              acknowledged.set(key, ((await res.json()) as { id: string }).id);
              break;
            }
            expect(res.status).toBe(503);
            await note503(res);
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      };
      /** One phone editing a table's shared cart: each write retried until it is taken. */
      const cart = async () => {
        for (let i = 0; restarting; i++) {
          for (;;) {
            const res = await s.request(`/api/table-session/cart/lines/linea-reinicio-${i % 5}`, {
              method: 'PUT',
              headers: { ...seat, 'content-type': 'application/json' },
              body: JSON.stringify({
                productId: 'tacos-al-pastor',
                optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'],
                quantity: 1 + (i % 3),
              }),
            });
            count(res.status);
            if (res.ok) {
              cartWrites++;
              break;
            }
            expect(res.status).toBe(503);
            await note503(res);
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      };
      const load = Promise.all([orders(), orders(), orders(), cart()]);
      await new Promise((r) => setTimeout(r, 500));
      const restart = cluster.restart();
      // While it is down, health says so.
      let healthDown = false;
      for (let i = 0; i < 40 && !healthDown; i++) {
        const health = await s.request('/api/health');
        healthDown = health.status === 503;
        if (!healthDown) await new Promise((r) => setTimeout(r, 25));
      }
      await restart;
      await new Promise((r) => setTimeout(r, 1500));
      restarting = false;
      await load;

      expect(healthDown).toBe(true);
      expect(statuses.get(500) ?? 0).toBe(0);
      expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect(
        [...statuses.keys()].every((status) => [200, 201, 503].includes(status)),
        JSON.stringify([...statuses]),
      ).toBe(true);
      for (const refusal of refusals) {
        expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
        expect(refusal.type).toBe('urn:umenu:problem:service-unavailable');
        expect(refusal.detail).toContain('Vuelve a intentarlo en unos segundos');
      }
      // Back up by itself: health, orders and the cart work again.
      expect((await s.request('/api/health')).status).toBe(200);
      expect(cartWrites).toBeGreaterThan(0);
      // Each key made one order, and every acknowledged order is there.
      const rows = await s.deps.db.all<{ id: string }>('SELECT id FROM orders WHERE user_id = ?', [diner.id]);
      expect(rows.length).toBe(acknowledged.size);
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(acknowledged.values()));
      const keys = await s.deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM idempotency_keys WHERE user_id = ?', [
        diner.id,
      ]);
      expect(keys?.n).toBe(acknowledged.size);
    },
  );
});
