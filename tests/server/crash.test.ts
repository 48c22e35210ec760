/**
 * SIGKILL one of two instances in the middle of an order load (PostgreSQL only): every
 * acknowledged order is readable through the other instance, and requests whose answer was
 * lost, retried with the same Idempotency-Key on the other instance, never make a second order.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import postgres from 'postgres';
import { startServer } from '../../scripts/start-server.ts';
import { newKey, pgUrl, tacoOrder, testDatabase } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const startInstance = (env: Record<string, string>) => startServer({ env, timeoutMs: 40_000 });

describe.skipIf(!pgUrl())('an instance dies during an order load', () => {
  it(
    'loses no acknowledged order and duplicates none when lost requests are retried on the other instance',
    { timeout: ceiling(120_000) },
    async () => {
      const database = await testDatabase();
      const env = {
        UMENU_DATABASE_URL: database.config.databaseUrl!,
        UMENU_DB: database.config.dbPath!,
        UMENU_DIST: join(database.dir, 'dist'),
        UMENU_SKIP_BUILD: '1',
        UMENU_JWT_SECRET: 'crash-secret-0123456789abcdef0123456789',
        UMENU_ORDER_LIMIT: 'off',
        UMENU_DB_POOL: '4',
      };
      const victim = await startInstance(env);
      const survivor = await startInstance(env);
      try {
        const login = await fetch(`${survivor.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'ana@umenu.test', password: 'demo1234' }),
        });
        const { token } = (await login.json()) as { token: string };
        const body = JSON.stringify(tacoOrder());
        const post = (base: string, key: string) =>
          fetch(`${base}/api/orders`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, 'content-type': 'application/json' },
            body,
          });

        const acknowledged = new Map<string, string>(); // key → order id answered 201
        let lostAnswers = 0;
        let killed = false;
        const stopAt = Date.now() + 4000;
        setTimeout(() => {
          victim.child.kill('SIGKILL');
          killed = true;
        }, 1500);
        let turn = 0;
        // 8 clients, alternating between the instances like a load balancer would.
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            while (Date.now() < stopAt) {
              const key = newKey();
              const first = (turn++ % 2 === 0 ? victim : survivor).base;
              let res: Response | undefined;
              try {
                res = await post(first, key);
              } catch {
                // No answer (the instance died or refused the connection): retry the same key on the other one.
                lostAnswers++;
                res = await post(survivor.base, key);
              }
              expect(res.status).toBe(201);
              acknowledged.set(key, ((await res.json()) as { id: string }).id);
            }
          }),
        );
        expect(killed).toBe(true);
        expect(lostAnswers).toBeGreaterThan(0);

        // Every acknowledged order is readable through the surviving instance.
        let readable = 0;
        for (const id of acknowledged.values()) {
          const res = await fetch(`${survivor.base}/api/orders/${id}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          if (res.status === 200) readable++;
        }
        const sql = postgres(database.config.databaseUrl!, { max: 1, onnotice: () => {} });
        const [counts] = await sql<
          Array<{ orders: string; keys: string; numbers: string }>
        >`SELECT (SELECT COUNT(*) FROM orders) AS orders, (SELECT COUNT(*) FROM idempotency_keys) AS keys, (SELECT COUNT(DISTINCT number) FROM orders) AS numbers`;
        const mismatched =
          await sql`SELECT k.key FROM idempotency_keys k LEFT JOIN orders o ON o.id = k.order_id WHERE o.id IS NULL`;
        await sql.end();
        console.log(
          `[crash] acknowledged ${acknowledged.size}, readable ${readable}, answers lost and retried ${lostAnswers}, orders in the database ${counts!.orders}`,
        );
        expect(readable).toBe(acknowledged.size);
        // One order per key: no duplicates from retries; every key points at its order; numbers unique.
        expect(Number(counts!.orders)).toBe(acknowledged.size);
        expect(Number(counts!.keys)).toBe(acknowledged.size);
        expect(mismatched).toHaveLength(0);
        expect(Number(counts!.numbers)).toBe(acknowledged.size);
      } finally {
        for (const instance of [victim, survivor]) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
        await Promise.all([victim.exited, survivor.exited]);
        await database.drop();
      }
    },
  );
});
