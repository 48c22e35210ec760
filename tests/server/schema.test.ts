/**
 * One schema for both engines (server/platform/db/migrations.ts): after migration SQLite and PostgreSQL
 * have the same tables, columns, type families, nullability, defaults, keys, constraints and
 * indexes; and a database made by the hand-written migrations of old
 * (tests/server/fixtures/legacy-migrations.ts), at any of its versions and full of data,
 * upgrades in place to that same schema without losing a row or anything a user sees.
 * The comparison needs both engines: it runs in the `server-pg` project (vitest.config.ts); the
 * upgrade tests run on each project's engine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db, type Queryable } from '../../server/platform/db/database.ts';
import { migrate, STEPS } from '../../server/platform/db/migrations.ts';
import { LEGACY_STEPS, legacyMigrate } from './fixtures/legacy-migrations.ts';
import { schemaSnapshot, typeFamily } from './schema-snapshot.ts';
import { dialectName, newKey, pgUrl, startTestServer, tacoOrder, testDatabase, type TestServer } from './helpers.ts';

type TestDatabase = Awaited<ReturnType<typeof testDatabase>>;
const open = (database: TestDatabase): Promise<Db> =>
  openDatabase({
    ...(database.config.databaseUrl ? { url: database.config.databaseUrl } : {}),
    path: database.config.dbPath!,
  });

/** Runs `fn` on a fresh database of this project's engine, closed and dropped afterwards. */
async function withDatabase<T>(fn: (db: Db, database: TestDatabase) => Promise<T>): Promise<T> {
  const database = await testDatabase();
  const db = await open(database);
  try {
    return await fn(db, database);
  } finally {
    await db.close();
    await database.drop();
  }
}

const migrated = (db: Db) =>
  db.startup(async (tx) => {
    await migrate(tx);
    return schemaSnapshot(tx);
  });

const versions = (q: Queryable) =>
  q.all<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
/** These tests make several databases (PostgreSQL: one each): more time than the default on a busy machine. */
const SLOW = 60_000;
const STEP_ROWS = STEPS.map((step, i) => ({ version: i + 1, name: step.name }));

describe.skipIf(!pgUrl())('one schema for SQLite and PostgreSQL', () => {
  it('both engines migrate to the same schema, step by step numbered alike, and any drift shows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umenu-schema-'));
    const sqlite = await openDatabase({ path: join(dir, 'schema.sqlite') });
    const database = await testDatabase();
    const postgres = await open(database);
    try {
      expect(sqlite.dialect).toBe('sqlite');
      expect(postgres.dialect).toBe('postgres');
      const [lite, pg] = [await migrated(sqlite), await migrated(postgres)];
      expect(Object.keys(lite)).toEqual(
        expect.arrayContaining(['orders', 'events', 'table_sessions', 'schema_migrations', 'users']),
      );
      expect(lite.orders!.primaryKey).toEqual(['seq']);
      expect(lite.refresh_tokens!.indexes.refresh_tokens_user).toEqual({
        unique: false,
        columns: ['user_id'],
        where: null,
      });
      expect(lite.table_sessions!.indexes.table_sessions_open).toEqual({
        unique: true,
        columns: ['venue_id', 'label'],
        where: "status = 'open'",
      });
      expect(pg).toEqual(lite);
      expect(await versions(sqlite)).toEqual(STEP_ROWS);
      expect(await versions(postgres)).toEqual(STEP_ROWS);

      // An index on one engine only is drift.
      await postgres.run('CREATE INDEX drift_index ON orders (day)');
      expect(await schemaSnapshot(postgres)).not.toEqual(lite);
      await postgres.run('DROP INDEX drift_index');
      expect(await schemaSnapshot(postgres)).toEqual(lite);
    } finally {
      await sqlite.close();
      await postgres.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells what differs: nullability, type family, uniqueness, partial indexes, checks, foreign keys', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umenu-schema-'));
    const sqlite = await openDatabase({ path: join(dir, 'drift.sqlite') });
    const database = await testDatabase();
    const postgres = await open(database);
    try {
      const both = async (sql: string) => {
        await sqlite.run(sql);
        await postgres.run(sql);
      };
      await both('CREATE TABLE parent (id TEXT PRIMARY KEY)');
      const same =
        'CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL CHECK (n > 0), p TEXT REFERENCES parent(id), s TEXT UNIQUE)';
      await sqlite.run(same);
      await postgres.run(same);
      expect(await schemaSnapshot(postgres)).toEqual(await schemaSnapshot(sqlite));
      const variants = [
        'CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER CHECK (n > 0), p TEXT REFERENCES parent(id), s TEXT UNIQUE)',
        'CREATE TABLE t (id TEXT PRIMARY KEY, n REAL NOT NULL CHECK (n > 0), p TEXT REFERENCES parent(id), s TEXT UNIQUE)',
        'CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL CHECK (n > 0), p TEXT REFERENCES parent(id), s TEXT)',
        'CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL CHECK (n > 1), p TEXT REFERENCES parent(id), s TEXT UNIQUE)',
        'CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL CHECK (n > 0), p TEXT, s TEXT UNIQUE)',
        'CREATE TABLE t (id TEXT, n INTEGER NOT NULL CHECK (n > 0), p TEXT REFERENCES parent(id), s TEXT UNIQUE)',
      ];
      for (const variant of variants) {
        await postgres.run('DROP TABLE t');
        await postgres.run(variant);
        expect(await schemaSnapshot(postgres), variant).not.toEqual(await schemaSnapshot(sqlite));
      }
      await postgres.run('DROP TABLE t');
      await postgres.run(same);
      await sqlite.run('CREATE UNIQUE INDEX t_s ON t (s) WHERE n > 2');
      await postgres.run('CREATE UNIQUE INDEX t_s ON t (s) WHERE n > 3');
      expect(await schemaSnapshot(postgres)).not.toEqual(await schemaSnapshot(sqlite));
    } finally {
      await sqlite.close();
      await postgres.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('type families', () => {
  it("read either engine's type names alike", () => {
    expect(['INTEGER', 'BIGINT', 'bigint', 'integer', 'smallint'].map(typeFamily)).toEqual(Array(5).fill('integer'));
    expect(['TEXT', 'text', 'character varying', 'VARCHAR(20)'].map(typeFamily)).toEqual(Array(4).fill('text'));
    expect(['REAL', 'double precision', 'BLOB', 'bytea', 'boolean'].map(typeFamily)).toEqual([
      'real',
      'real',
      'blob',
      'blob',
      'boolean',
    ]);
  });
});

/** `value` without who made each table call (`by`, `participantId`), which the old schema did not keep. */
function withoutCaller<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (key === 'by' || key === 'participantId' ? undefined : v)),
  ) as T;
}

/**
 * Makes `database` a database of the hand-written migrations holding `from`'s rows: every table
 * and column the old schema had (users first: other tables refer to them; orders in insertion
 * order, so SQLite's rowid is the `seq` they had).
 */
async function copyIntoLegacySchema(from: Db, database: TestDatabase): Promise<void> {
  const to = await open(database);
  try {
    await to.startup(async (tx) => {
      await legacyMigrate(tx);
      const shape = await schemaSnapshot(tx);
      const current = await schemaSnapshot(from);
      const tables = Object.keys(shape)
        .filter((t) => t !== 'schema_version' && current[t])
        .sort((a, b) => Number(b === 'users') - Number(a === 'users'));
      for (const table of tables) {
        const columns = Object.keys(shape[table]!.columns).filter((c) => current[table]!.columns[c]);
        await tx.run(`DELETE FROM ${table}`);
        const rows = await from.all<Record<string, unknown>>(
          `SELECT ${columns.join(', ')} FROM ${table}${table === 'orders' ? ' ORDER BY seq' : ''}`,
        );
        for (const row of rows) {
          await tx.run(
            `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
            columns.map((c) => row[c] as never),
          );
        }
        // Failed logins were rows of their own table before the one rate limiter counted them in `rate_hits`.
        if (table === 'rate_hits' && shape.login_failures) {
          await tx.run(
            "INSERT INTO login_failures (client_key, at) SELECT substr(bucket, 7), at FROM rate_hits WHERE bucket LIKE 'login:%'",
          );
          await tx.run("DELETE FROM rate_hits WHERE bucket LIKE 'login:%'");
        }
        // Numbered columns (orders.seq, events.id) go on from the copied rows' numbers.
        if (tx.dialect !== 'postgres') continue;
        for (const column of columns) {
          const sequence = (
            await tx.get<{ name: string | null }>('SELECT pg_get_serial_sequence(?, ?) AS name', [table, column])
          )?.name;
          if (sequence && rows.length)
            await tx.run(`SELECT setval('${sequence}', (SELECT MAX(${column}) FROM ${table}))`);
        }
      }
    });
  } finally {
    await to.close();
  }
}

/** Every row of every table (the migration bookkeeping aside), canonical and sorted; orders with their insertion number. */
async function allRows(
  q: Queryable,
  legacy: boolean,
  only?: Record<string, string[]>,
): Promise<Record<string, string[]>> {
  const tables = Object.keys(await schemaSnapshot(q)).filter(
    (t) => !['schema_migrations', 'schema_version'].includes(t),
  );
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    // Old SQLite orders had no `seq`: their rowid is what the upgrade turns into `seq`.
    const select =
      legacy && q.dialect === 'sqlite' && table === 'orders'
        ? 'SELECT rowid AS seq, * FROM orders'
        : `SELECT * FROM ${table}`;
    const rows = await q.all<Record<string, unknown>>(select);
    const keep = (k: string) => !only?.[table] || only[table].includes(k);
    out[table] = rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .filter(keep)
            .sort()
            .map((k) => [k, row[k]]),
        ),
      )
      .sort();
  }
  return out;
}

describe(`upgrading a database made by the hand-written migrations (${dialectName()})`, () => {
  it(
    'every old version, from an empty database to the last, upgrades to the schema of a new database',
    async () => {
      const fresh = await withDatabase((db) => migrated(db));
      const last = LEGACY_STEPS[dialectName()];
      for (let old = 0; old <= last; old++) {
        await withDatabase(async (db) => {
          await db.startup((tx) => legacyMigrate(tx, old));
          expect(await migrated(db), `from old version ${old}`).toEqual(fresh);
          expect(await versions(db)).toEqual(STEP_ROWS);
          if (db.sqlite) expect((await db.get<{ user_version: number }>('PRAGMA user_version'))!.user_version).toBe(0);
          else
            expect(
              (await db.get<{ name: string | null }>("SELECT to_regclass('schema_version')::text AS name"))!.name,
            ).toBeNull();
          // Nothing is left to do the next time.
          expect(await db.startup((tx) => migrate(tx))).toBe(STEPS.length);
          expect(await versions(db)).toEqual(STEP_ROWS);
        });
      }
    },
    SLOW,
  );

  it("refuses a database whose recorded steps are not this list's, and changes nothing in it", async () => {
    await withDatabase(async (db) => {
      await db.startup((tx) => migrate(tx));
      await db.run("UPDATE schema_migrations SET name = 'a step from elsewhere' WHERE version = 3");
      await expect(db.startup((tx) => migrate(tx))).rejects.toThrow(
        /step 3 "a step from elsewhere" of this database is not step 3 "social sign-ins"/,
      );
      await db.run('DELETE FROM schema_migrations WHERE version = 2');
      await expect(db.startup((tx) => migrate(tx))).rejects.toThrow(/step 3 .* is not step 2 "events, login failures"/);
      expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM schema_migrations'))!.n).toBe(STEPS.length - 1);
    });
    // An old-style database with a step the hand-written lists never had (another branch's).
    await withDatabase(async (db) => {
      await db.startup((tx) => legacyMigrate(tx));
      if (db.sqlite) await db.run(`PRAGMA user_version = ${LEGACY_STEPS.sqlite + 1}`);
      else await db.run('UPDATE schema_version SET version = version + 1');
      await expect(db.startup((tx) => migrate(tx))).rejects.toThrow(
        /schema version \d+ .* this database was made by other code/,
      );
    });
  });

  it(
    'keeps every row, the order of orders, sign-ins, and what diners and staff see',
    async () => {
      // A database in use: demo data, orders, a price change, table links, an open table session
      // with a cart line and a call, a failed sign-in, made through the API. Today's code needs
      // today's schema, so it makes them in a database of its own (`source`); `database` gets the
      // same rows in the schema of the hand-written migrations (the columns it had), as a
      // database that code had filled. The signing secret is kept in the database (table meta),
      // as in production, so tokens issued before the upgrade must still work after it.
      const source = await testDatabase();
      const database = await testDatabase();
      let old: TestServer | undefined;
      let upgraded: TestServer | undefined;
      try {
        const config = {
          jwtSecret: undefined,
          tableJoinLimit: null,
          tableJoinAddressLimit: null,
          tableCallLimit: null,
        };
        old = await startTestServer(config, {}, source);
        const V = 'taqueria-el-guero';
        const ana = await old.login('ana@umenu.test');
        const staff = await old.tokenFor('cocina@umenu.test');
        const manager = await old.tokenFor('gerente@umenu.test');
        const luis = await old.newDiner('luis@umenu.test');
        const placed: string[] = [];
        for (const [token, body] of [
          [ana.token, tacoOrder()],
          [luis.token, tacoOrder({ table: '7' })],
          [ana.token, tacoOrder({ table: '9' })],
        ] as const) {
          const res = await old.request('/api/orders', { token, key: newKey(), json: body });
          expect(res.status, await res.clone().text()).toBe(201);
          placed.push(((await res.json()) as { id: string }).id);
        }
        expect(
          (await old.request(`/api/orders/${placed[0]}/status`, { token: staff, json: { status: 'preparing' } }))
            .status,
        ).toBe(200);
        expect(
          (
            await old.request(`/api/venues/${V}/products/flan-napolitano`, {
              method: 'PATCH',
              token: manager,
              json: { price: 4800 },
            })
          ).status,
        ).toBe(200);
        const { tables } = (await (await old.request(`/api/venues/${V}/tables`, { token: staff })).json()) as {
          tables: Array<{ label: string; url: string }>;
        };
        const tableToken = new URL(tables.find((t) => t.label === '3')!.url).searchParams.get('t')!;
        const joined = await old.request(`/api/venues/${V}/tables/3/join`, {
          json: { token: tableToken, name: 'Eva' },
        });
        expect(joined.status, await joined.clone().text()).toBe(201);
        const credential = ((await joined.json()) as { credential: string }).credential;
        const seat = { 'x-table-credential': credential };
        const lineId = randomBytes(9).toString('base64url');
        expect(
          (
            await old.request(`/api/table-session/cart/lines/${lineId}`, {
              method: 'PUT',
              headers: seat,
              json: { productId: 'flan-napolitano', optionIds: [], quantity: 2, note: 'sin cajeta' },
            })
          ).status,
        ).toBe(200);
        expect(
          (await old.request('/api/table-session/calls', { headers: seat, json: { kind: 'waiter' } })).status,
        ).toBe(201);
        expect(
          (await old.request('/api/auth/login', { json: { email: 'ana@umenu.test', password: 'wrong-password' } }))
            .status,
        ).toBe(401);

        const views = async (s: TestServer) => ({
          mine: (
            (await (await s.request('/api/orders', { token: ana.token })).json()) as { orders: Array<{ id: string }> }
          ).orders,
          board: (
            (await (await s.request(`/api/venues/${V}/orders`, { token: staff })).json()) as {
              orders: Array<{ id: string }>;
            }
          ).orders,
          venue: await (await s.request(`/api/venues/${V}`)).json(),
          history: await (
            await s.request(`/api/venues/${V}/products/flan-napolitano/history`, { token: manager })
          ).json(),
          session: await (await s.request('/api/table-session', { headers: seat })).json(),
          staffSessions: await (await s.request(`/api/venues/${V}/table-sessions`, { token: staff })).json(),
          tables: await (await s.request(`/api/venues/${V}/tables`, { token: staff })).json(),
        });
        const before = await views(old);
        expect(before.mine.map((o) => o.id)).toEqual([placed[2], placed[0]]);
        expect(before.board).toHaveLength(3);
        await copyIntoLegacySchema(old.deps.db, database);
        const legacy = await open(database);
        const rowsBefore = await allRows(legacy, true).finally(() => legacy.close());
        for (const table of [
          'venues',
          'users',
          'orders',
          'refresh_tokens',
          'events',
          'price_changes',
          'product_changes',
          'venue_tables',
          'table_sessions',
          'table_participants',
          'table_cart_lines',
          'table_calls',
          'login_failures',
          'idempotency_keys',
          'order_counters',
          'meta',
        ]) {
          expect(rowsBefore[table]?.length, table).toBeGreaterThan(0);
        }
        await old.dispose();
        old = undefined;

        upgraded = await startTestServer(config, {}, database);
        expect(await versions(upgraded.deps.db)).toEqual(STEP_ROWS);
        // Compared on the columns the old schema had (a later step's new column starts empty).
        const oldColumns = Object.fromEntries(
          Object.entries(rowsBefore)
            .filter(([, rows]) => rows.length)
            .map(([table, rows]) => [table, (JSON.parse(rows[0]!) as Array<[string, unknown]>).map(([k]) => k)]),
        );
        const rowsAfter = await allRows(upgraded.deps.db, false, oldColumns);
        // Tables that later steps add (e.g. invitations) start empty; every older table keeps its rows.
        const added = Object.keys(rowsAfter).filter((table) => !(table in rowsBefore));
        expect(Object.fromEntries(added.map((table) => [table, rowsAfter[table]]))).toEqual(
          Object.fromEntries(added.map((table) => [table, []])),
        );
        // Every row is still there; failed logins are now hits of their `login:` rate-limit bucket.
        const { login_failures: failures = [], ...kept } = rowsBefore;
        const expected = {
          ...kept,
          rate_hits: [
            ...(kept.rate_hits ?? []),
            ...failures.map((row) => {
              const { client_key, at } = Object.fromEntries(JSON.parse(row) as Array<[string, unknown]>) as {
                client_key: string;
                at: unknown;
              };
              return JSON.stringify([
                ['at', at],
                ['bucket', `login:${client_key}`],
              ]);
            }),
          ].sort(),
        };
        expect(Object.fromEntries(Object.keys(expected).map((table) => [table, rowsAfter[table]]))).toEqual(expected);
        expect(rowsAfter.login_failures).toBeUndefined();
        // The hand-written schema did not record who made a call: after the upgrade a call says no one.
        expect(withoutCaller(await views(upgraded))).toEqual(withoutCaller(before));
        expect(await schemaSnapshot(upgraded.deps.db)).toEqual(await withDatabase((db) => migrated(db)));

        // Tokens issued before still work; new orders come after the old ones.
        expect((await upgraded.request('/api/auth/user', { token: ana.token })).status).toBe(200);
        expect(
          (await upgraded.request('/api/auth/refresh', { json: { refresh_token: ana.refresh_token } })).status,
        ).toBe(200);
        const next = await upgraded.request('/api/orders', { token: ana.token, key: newKey(), json: tacoOrder() });
        expect(next.status, await next.clone().text()).toBe(201);
        const nextId = ((await next.json()) as { id: string }).id;
        const mine = (
          (await (await upgraded.request('/api/orders', { token: ana.token })).json()) as {
            orders: Array<{ id: string }>;
          }
        ).orders;
        expect(mine.map((o) => o.id)).toEqual([nextId, placed[2], placed[0]]);
        const seqs = await upgraded.deps.db.all<{ id: string; seq: number }>('SELECT id, seq FROM orders ORDER BY seq');
        expect(seqs.map((r) => r.id)).toEqual([...placed, nextId]);
      } finally {
        await old?.dispose();
        await upgraded?.dispose();
        await database.drop();
        await source.drop();
      }
    },
    SLOW,
  );
});
