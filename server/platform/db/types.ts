/**
 * The data-access layer's interface, shared by both dialects (server/platform/db/sqlite.ts,
 * server/platform/db/postgres.ts) and re-exported by server/platform/db/database.ts, the module the
 * rest of the server imports.
 */
import type { DatabaseSync } from 'node:sqlite';

export type Dialect = 'sqlite' | 'postgres';
export type Param = string | number | null;

/** What a statement can run on: the database or an open transaction. */
export interface Queryable {
  readonly dialect: Dialect;
  all<T>(sql: string, params?: Param[]): Promise<T[]>;
  get<T>(sql: string, params?: Param[]): Promise<T | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: Param[]): Promise<number>;
  /**
   * A lock held until the transaction ends (PostgreSQL `pg_advisory_xact_lock`), so that
   * work on one key (a venue's event log, a user's order count) is serialized across
   * instances. SQLite has one writer at a time already: no-op.
   */
  lock(namespace: LockNamespace, key: string): Promise<void>;
  /** Sends a notification when the transaction commits (PostgreSQL `pg_notify`; SQLite: no-op). */
  notify(channel: string, payload: string): Promise<void>;
}

/**
 * An open transaction. On PostgreSQL its BEGIN goes out with its first statements (pipelined),
 * and `commit()` lets its last statements take the COMMIT along with them: a transaction whose
 * reads and writes are sent in two batches costs two round trips.
 */
export interface Tx extends Queryable {
  /**
   * Sends COMMIT now, behind the statements already sent (PostgreSQL; in a hot transaction the
   * wait for the flush goes with it). Start it in the same `Promise.all` as the transaction's last
   * statements; nothing may be sent after it. When a statement before it fails, the COMMIT is a
   * rollback and that statement's error is what the transaction throws. SQLite: the transaction
   * commits when its function returns, as always (this resolves at once).
   */
  commit(): Promise<void>;
}

export const LOCKS = { startup: 1, events: 2, orderLimit: 3, tableJoin: 4, rateLimit: 5, verifactu: 6 } as const;
export type LockNamespace = keyof typeof LOCKS;

export interface Db extends Queryable {
  /**
   * Column that orders rows by insertion: `seq` on PostgreSQL; `rowid` on SQLite, which `seq`
   * aliases since schema step 6 (and which databases from before that step have too).
   */
  readonly orderSeq: string;
  /** ` FOR UPDATE` in PostgreSQL, nothing in SQLite (whose write transactions are exclusive). */
  readonly forUpdate: string;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A transaction on a hot lock (a venue's order counter and event log): on PostgreSQL it
   * commits without waiting for the WAL flush, so the next request for that venue need not
   * wait for the disk while holding the lock; then, with the lock released, it waits for
   * the flush (a synchronous commit after ours covers ours: WAL is flushed in order) before
   * it resolves. Durable when it resolves, like `transaction`; waits on the disk group-commit.
   */
  hotTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction holding the database-wide start-up lock: ten instances
   * starting together migrate (and seed) once; the others wait, then find it done.
   */
  startup<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** LISTEN on a channel (PostgreSQL). `onConnect` runs on every (re)connection of the listener. */
  listen(channel: string, onMessage: (payload: string) => void, onConnect?: () => void): Promise<() => Promise<void>>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The SQLite connection (checkpoints, tests); undefined on PostgreSQL. */
  readonly sqlite?: DatabaseSync;
  /** File path of the SQLite database (checkpointer). */
  readonly path?: string;
}

export interface OpenOptions {
  /** `postgres://…`: PostgreSQL. Otherwise the SQLite file at `path`. */
  url?: string;
  path: string;
  reset?: boolean;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
}
