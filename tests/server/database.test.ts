/** Start-up behaviour of the database: migrations, first-start seeding, stored JWT secret, reset. */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig } from '../../server/config.ts';
import { createServer } from '../../server/main.ts';
import { openDatabase } from '../../server/db/database.ts';
import { orderNumber } from '../../server/orders.ts';

const dir = mkdtempSync(join(tmpdir(), 'umenu-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('database start-up', () => {
  it('applies migrations, uses WAL, seeds demo data once and keeps what users created', async () => {
    const dbPath = join(dir, 'a.sqlite');
    const config = testConfig({ dbPath, jwtSecret: undefined });
    const first = await createServer(config);
    expect((first.deps.db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
    expect((first.deps.db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBeGreaterThan(0);
    const user = first.deps.auth.findOrCreateUserByEmail({ email: 'nueva@umenu.test', name: 'Nueva' });
    const token = first.deps.auth.issueTokenPair(user.id).token;
    await first.close();

    // A restart without UMENU_JWT_SECRET reuses the secret generated on first start: tokens stay valid.
    const second = await createServer(config);
    expect(second.deps.auth.verifyAccess(token)?.sub).toBe(user.id);
    expect(second.deps.auth.userByEmail('nueva@umenu.test')).toBeDefined();
    expect((second.deps.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(4);
    expect(second.deps.venues.count()).toBe(3);
    await second.close();

    // UMENU_RESET_DB=1 starts from scratch (demo data again, new secret).
    const reset = await createServer({ ...config, resetDb: true });
    expect(reset.deps.auth.userByEmail('nueva@umenu.test')).toBeUndefined();
    expect(reset.deps.auth.verifyAccess(token)).toBeUndefined();
    expect(reset.deps.venues.count()).toBe(3);
    await reset.close();
  });

  it('migrating twice is harmless', () => {
    const db = openDatabase({ path: join(dir, 'b.sqlite') });
    db.close();
    const again = openDatabase({ path: join(dir, 'b.sqlite') });
    expect((again.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'orders'").get() as { n: number }).n).toBe(1);
    again.close();
  });

  it('generates the large benchmark venue on request and makes the demo staff its staff', async () => {
    const server = await createServer(testConfig({ dbPath: join(dir, 'c.sqlite'), seedLarge: true }));
    const large = server.deps.venues.get('mercado-grande');
    expect(large?.products.size).toBeGreaterThanOrEqual(500);
    expect(JSON.parse(server.deps.auth.userByEmail('cocina@umenu.test')!.scope)).toContain('staff:mercado-grande');
    await server.close();
  });
});

describe('order numbers', () => {
  it('are short codes that stay unique past 999 orders a day', () => {
    expect([1, 2, 999, 1000, 1998, 25974, 25975].map(orderNumber)).toEqual(['A-001', 'A-002', 'A-999', 'B-001', 'B-999', 'Z-999', 'AA-001']);
    const many = new Set(Array.from({ length: 60_000 }, (_, i) => orderNumber(i + 1)));
    expect(many.size).toBe(60_000);
  });
});
