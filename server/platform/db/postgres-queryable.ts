/** PostgreSQL statements: the `?` placeholders numbered, run prepared and counted (server/platform/db/stats.ts). */
import type postgres from 'postgres';
import { tracked } from './stats.ts';
import { LOCKS, type Param, type Queryable } from './types.ts';

/** `?` → `$1`, `$2`, … (the SQL here never has `?` inside string literals). */
const numbered = new Map<string, string>();
function toPg(sql: string): string {
  let out = numbered.get(sql);
  if (out === undefined) {
    let i = 0;
    out = sql.replace(/\?/g, () => `$${++i}`);
    if (numbered.size > 1000) numbered.clear();
    numbered.set(sql, out);
  }
  return out;
}

export type PgSql = postgres.Sql<Record<string, never>>;
type PgRunner = PgSql | postgres.TransactionSql<Record<string, never>>;

export function pgQueryable(runner: PgRunner, ended: () => boolean = () => false): Queryable {
  const exec = (sql: string, params: Param[] = []) => {
    // A statement after the pipelined COMMIT would run outside the transaction.
    if (ended()) return Promise.reject(new Error(`statement after commit(): ${sql.slice(0, 60)}`));
    return tracked(() => runner.unsafe(toPg(sql), params as postgres.ParameterOrJSON<never>[], { prepare: true }));
  };
  return {
    dialect: 'postgres',
    all: async <T>(sql: string, params?: Param[]) => [...(await exec(sql, params))] as T[],
    get: async <T>(sql: string, params?: Param[]) => (await exec(sql, params))[0] as T | undefined,
    run: async (sql: string, params?: Param[]) => (await exec(sql, params)).count ?? 0,
    async lock(namespace, key) {
      await exec('SELECT pg_advisory_xact_lock(?, hashtext(?))', [LOCKS[namespace], key]);
    },
    async notify(channel, payload) {
      await exec('SELECT pg_notify(?, ?)', [channel, payload]);
    },
  };
}
