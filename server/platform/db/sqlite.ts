/**
 * SQLite (`node:sqlite`, the default; file from `UMENU_DB`): one connection, WAL. Calls are
 * synchronous underneath; a transaction holds a gate so that no other request's statement lands
 * inside it while it awaits.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { countedLocal } from './stats.ts';
import type { Db, OpenOptions, Param, Queryable, Tx } from './types.ts';

export function openSqlite({ path, reset = false }: OpenOptions): Db {
  if (path !== ':memory:') {
    if (reset) for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    if (!existsSync(dirname(path))) mkdirSync(dirname(path), { recursive: true });
  }
  const raw = new DatabaseSync(path);
  raw.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
  );
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    countedLocal();
    let statement = statements.get(sql);
    if (!statement) {
      statement = raw.prepare(sql);
      if (statements.size > 500) statements.clear();
      statements.set(sql, statement);
    }
    return statement;
  };
  const direct: Queryable = {
    dialect: 'sqlite',
    all: async <T>(sql: string, params: Param[] = []) => prepared(sql).all(...params) as T[],
    get: async <T>(sql: string, params: Param[] = []) => prepared(sql).get(...params) as T | undefined,
    run: async (sql: string, params: Param[] = []) => Number(prepared(sql).run(...params).changes),
    lock: async () => {},
    notify: async () => {},
  };
  /** Open while a transaction runs: statements from other requests wait for it. */
  // (Each wait is an inline loop followed by synchronous work: nothing can start in between.)
  let gate: Promise<void> | undefined;
  const inTransaction: Tx = { ...direct, commit: async () => {} };
  const transaction = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    while (gate) await gate;
    let open: () => void = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    try {
      raw.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(inTransaction);
        raw.exec('COMMIT');
        return result;
      } catch (error) {
        if (raw.isTransaction) raw.exec('ROLLBACK');
        throw error;
      }
    } finally {
      gate = undefined;
      open();
    }
  };
  return {
    dialect: 'sqlite',
    orderSeq: 'rowid',
    forUpdate: '',
    sqlite: raw,
    path,
    async all(sql, params) {
      while (gate) await gate;
      return direct.all(sql, params);
    },
    async get(sql, params) {
      while (gate) await gate;
      return direct.get(sql, params);
    },
    async run(sql, params) {
      while (gate) await gate;
      return direct.run(sql, params);
    },
    lock: (namespace, key) => direct.lock(namespace, key),
    notify: (channel, payload) => direct.notify(channel, payload),
    transaction,
    hotTransaction: transaction,
    startup: transaction,
    async listen() {
      return async () => {};
    },
    async ping() {
      while (gate) await gate;
      raw.prepare('SELECT 1').get();
    },
    async close() {
      while (gate) await gate;
      if (raw.isOpen) raw.close();
    },
  };
}
