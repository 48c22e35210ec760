/**
 * The data-access layer: one small async interface over two dialects.
 *
 * - SQLite (`node:sqlite`, the default; file from `UMENU_DB`): one connection, WAL.
 *   Calls are synchronous underneath; a transaction holds a gate so that no other
 *   request's statement lands inside it while it awaits.
 * - PostgreSQL (`UMENU_DATABASE_URL=postgres://…`, client `postgres`): a pool, real
 *   concurrent transactions, advisory locks, LISTEN/NOTIFY for events between instances.
 *
 * SQL is written by hand with `?` placeholders in the subset both engines share
 * (`ON CONFLICT … DO UPDATE`, `RETURNING`, `COALESCE`); the few differences are named
 * here (`orderSeq`, `forUpdate`, `lock`). A query builder would hide little: the
 * statements are short and the engine-specific parts (locks, notify) are not SQL a
 * builder abstracts anyway. The schema, one list of steps for both engines, and `migrate`
 * are in server/platform/db/migrations.ts.
 *
 * This module is what the rest of the server imports; the interface is in types.ts, each dialect in
 * sqlite.ts and postgres.ts (its transactions and their deadlines in postgres-transaction.ts).
 */
import { openSqlite } from './sqlite.ts';
import { openPostgres, resetPostgres } from './postgres.ts';
import type { Db, OpenOptions, Queryable } from './types.ts';

export type { Db, Dialect, Param, Queryable, Tx } from './types.ts';
export { isDatabaseUnavailable } from './unavailable.ts';

export async function openDatabase(options: OpenOptions): Promise<Db> {
  const db = options.url ? openPostgres(options.url, options.poolSize ?? 10) : openSqlite(options);
  if (options.url && options.reset) await resetPostgres(db);
  return db;
}

export async function getMeta(q: Queryable, key: string): Promise<string | undefined> {
  return (await q.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]))?.value;
}

/** True for a unique-constraint violation in either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string };
  return (
    e?.code === '23505' ||
    e?.errcode === 2067 ||
    e?.errcode === 1555 ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}
