/**
 * PostgreSQL (`UMENU_DATABASE_URL=postgres://…`, client `postgres`): a pool, real concurrent
 * transactions (server/platform/db/postgres-transaction.ts), advisory locks, LISTEN/NOTIFY for
 * events between instances.
 */
import postgres from 'postgres';
import { tracked } from './stats.ts';
import { pgQueryable, type PgSql } from './postgres-queryable.ts';
import { pgTransaction } from './postgres-transaction.ts';
import type { Db, Tx } from './types.ts';

export function openPostgres(url: string, max: number): Db {
  const sql: PgSql = postgres(url, {
    max,
    onnotice: () => {},
    // COUNT(*), BIGINT and BIGSERIAL columns as numbers (every value here fits in 2^53).
    types: { bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
    connection: { application_name: 'umenu' },
    // A database that does not answer fails the request within seconds (503), never hangs it.
    connect_timeout: 5,
    // No array parameters here: skip postgres.js's type query on each new connection (after a
    // restart it can fail unobserved, an unhandled rejection).
    fetch_types: false,
  }) as unknown as PgSql;
  const base = pgQueryable(sql);
  const transaction = <T>(fn: (tx: Tx) => Promise<T>) => pgTransaction(sql, fn, false);
  const hotTransaction = <T>(fn: (tx: Tx) => Promise<T>) => pgTransaction(sql, fn, true);
  return {
    ...base,
    orderSeq: 'seq',
    forUpdate: ' FOR UPDATE',
    transaction,
    hotTransaction,
    startup: (fn) =>
      transaction(async (tx) => {
        await tx.lock('startup', 'migrate');
        return fn(tx);
      }),
    async listen(channel, onMessage, onConnect) {
      const subscription = await sql.listen(channel, onMessage, onConnect);
      return () => subscription.unlisten();
    },
    async ping() {
      await tracked(() => sql.unsafe('SELECT 1'));
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

/**
 * `UMENU_RESET_DB=1` on PostgreSQL: drops every table of the connection's current schema (the
 * database itself stays), as the catalog lists them: umenu expects a database (or schema) of
 * its own, and a table added by a later migration step needs no change here.
 */
export async function resetPostgres(db: Db): Promise<void> {
  await db.startup(async (tx) => {
    const tables = await tx.all<{ name: string }>(
      'SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
    );
    if (tables.length) await tx.run(`DROP TABLE IF EXISTS ${tables.map((t) => t.name).join(', ')} CASCADE`);
  });
}
