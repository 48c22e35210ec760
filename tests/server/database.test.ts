/** Start-up behaviour of the database: migrations, first-start seeding, stored JWT secret, reset. */
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../server/platform/config.ts';
import { createServer } from '../../server/main.ts';
import { openDatabase } from '../../server/platform/db/database.ts';
import { migrate, STEPS } from '../../server/platform/db/migrations.ts';
import { orderNumber } from '../../server/features/orders/service.ts';
import { dialectName, pgUrl, testDatabase } from './helpers.ts';

describe(`database start-up (${dialectName()})`, () => {
  it('applies migrations, seeds demo data once and keeps what users created', async () => {
    const database = await testDatabase();
    try {
      const config = testConfig({ ...database.config, jwtSecret: undefined });
      const first = await createServer(config);
      expect(first.deps.db.dialect).toBe(dialectName());
      if (first.deps.db.sqlite)
        expect((await first.deps.db.get<{ journal_mode: string }>('PRAGMA journal_mode'))!.journal_mode).toBe('wal');
      expect((await first.deps.db.get<{ v: number }>('SELECT MAX(version) AS v FROM schema_migrations'))!.v).toBe(
        STEPS.length,
      );
      const user = await first.deps.auth.findOrCreateUserByEmail({ email: 'nueva@umenu.test', name: 'Nueva' });
      const token = (await first.deps.auth.issueTokenPair(user.id)).token;
      await first.close();

      // A restart without UMENU_JWT_SECRET reuses the secret generated on first start: tokens stay valid.
      const second = await createServer(config);
      expect(second.deps.auth.verifyAccess(token)?.sub).toBe(user.id);
      expect(await second.deps.auth.userByEmail('nueva@umenu.test')).toBeDefined();
      expect((await second.deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n).toBe(5);
      expect(second.deps.venues.count()).toBe(3);
      await second.close();

      // UMENU_RESET_DB=1 starts from scratch (demo data again, new secret).
      const reset = await createServer({ ...config, resetDb: true });
      expect(await reset.deps.auth.userByEmail('nueva@umenu.test')).toBeUndefined();
      expect(reset.deps.auth.verifyAccess(token)).toBeUndefined();
      expect(reset.deps.venues.count()).toBe(3);
      await reset.close();
    } finally {
      await database.drop();
    }
  });

  it('migrating twice is harmless', async () => {
    const database = await testDatabase();
    try {
      const options = {
        ...(database.config.databaseUrl ? { url: database.config.databaseUrl } : {}),
        path: database.config.dbPath!,
      };
      const db = await openDatabase(options);
      const version = await db.startup((tx) => migrate(tx));
      await db.close();
      const again = await openDatabase(options);
      expect(version).toBe(STEPS.length);
      expect(await again.startup((tx) => migrate(tx))).toBe(version);
      expect((await again.get<{ n: number }>('SELECT COUNT(*) AS n FROM schema_migrations'))!.n).toBe(STEPS.length);
      expect((await again.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))!.n).toBe(0);
      await again.close();
    } finally {
      await database.drop();
    }
  });

  it('generates the large benchmark venue on request and makes the demo staff its staff', async () => {
    const database = await testDatabase();
    try {
      const server = await createServer(testConfig({ ...database.config, seedLarge: 1 }));
      const large = server.deps.venues.get('mercado-grande');
      expect(large?.products.size).toBeGreaterThanOrEqual(500);
      expect(JSON.parse((await server.deps.auth.userByEmail('cocina@umenu.test'))!.scope)).toContain(
        'staff:mercado-grande',
      );
      await server.close();
    } finally {
      await database.drop();
    }
  });

  // The PostgreSQL test databases sort text as most installations do (helpers.ts: ICU en-US),
  // not by code unit as the cluster's C locale would: an order that relies on the collation fails here.
  it.skipIf(!pgUrl())('sorts text by the ICU en-US collation on PostgreSQL, not by code unit', async () => {
    const database = await testDatabase();
    try {
      const db = await openDatabase({ url: database.config.databaseUrl!, path: database.config.dbPath! });
      const rows = await db.all<{ id: string }>(
        "SELECT id FROM (VALUES ('line-b'), ('line_a'), ('LINE-A'), ('line-a')) AS t(id) ORDER BY id",
      );
      await db.close();
      expect(rows.map((r) => r.id)).toEqual(['line_a', 'line-a', 'LINE-A', 'line-b']);
      expect(['line-b', 'line_a', 'LINE-A', 'line-a'].sort()).toEqual(['LINE-A', 'line-a', 'line-b', 'line_a']);
    } finally {
      await database.drop();
    }
  });
});

describe('order numbers', () => {
  it('are short codes that stay unique past 999 orders a day', () => {
    expect([1, 2, 999, 1000, 1998, 25974, 25975].map(orderNumber)).toEqual([
      'A-001',
      'A-002',
      'A-999',
      'B-001',
      'B-999',
      'Z-999',
      'AA-001',
    ]);
    const many = new Set(Array.from({ length: 60_000 }, (_, i) => orderNumber(i + 1)));
    expect(many.size).toBe(60_000);
  });
});
