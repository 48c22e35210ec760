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
 */
import { countedLocal, tracked } from './stats.ts';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import postgres from 'postgres';

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

export async function openDatabase(options: OpenOptions): Promise<Db> {
  const db = options.url ? openPostgres(options.url, options.poolSize ?? 10) : openSqlite(options);
  if (options.url && options.reset) await resetPostgres(db);
  return db;
}

export async function getMeta(q: Queryable, key: string): Promise<string | undefined> {
  return (await q.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]))?.value;
}

// ── SQLite ──────────────────────────────────────────────────────────────────

function openSqlite({ path, reset = false }: OpenOptions): Db {
  if (path !== ':memory:') {
    if (reset) for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    if (!existsSync(dirname(path))) mkdirSync(dirname(path), { recursive: true });
  }
  const raw = new DatabaseSync(path);
  raw.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
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

// ── PostgreSQL ──────────────────────────────────────────────────────────────

/**
 * Errors that mean "the database is not reachable right now" (restarting, failing over, the
 * network between): the request may succeed in a few seconds, so it is answered 503 with
 * Retry-After rather than 500 (server/app.ts). postgres.js reconnects by itself on the next query.
 */
const UNAVAILABLE = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND',
  'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT',
  // SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, connection_exception family.
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, errno } = e as { code?: unknown; errno?: unknown };
    if (typeof code === 'string' && UNAVAILABLE.has(code)) return true;
    if (typeof errno === 'string' && UNAVAILABLE.has(errno)) return true;
  }
  return false;
}

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

type PgSql = postgres.Sql<Record<string, never>>;
type PgRunner = PgSql | postgres.TransactionSql<Record<string, never>>;

function pgQueryable(runner: PgRunner, ended: () => boolean = () => false): Queryable {
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

/** A promise whose rejection is handled later (awaited after other work): never an unhandled rejection meanwhile. */
function later<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * How long a transaction may wait for a connection, and then take, before it counts as the database
 * being unavailable (503 with Retry-After). postgres.js 3.4.9 can leave a reservation, or a statement
 * on a reserved connection, unsettled forever when the server ends connections while they wait (faults
 * of the library, like those patches/postgres+3.4.9.patch mends): seen in about one `pg_ctl restart`
 * under load in ten (tests/server/database-restart.test.ts), an order request that never got an answer.
 * Our statements take milliseconds; these deadlines are far above any of them.
 */
const RESERVE_DEADLINE_MS = 10_000;
const TRANSACTION_DEADLINE_MS = 20_000;

/** `promise`, or after `ms` a CONNECTION_CLOSED error (unavailable) marked `deadline`. */
function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what}: no answer from the database in ${ms / 1000} s`), { code: 'CONNECTION_CLOSED', deadline: true })), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

function openPostgres(url: string, max: number): Db {
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
  /**
   * A transaction on a connection of its own, pipelined: BEGIN is sent with the first
   * statements, not awaited alone, and COMMIT goes with the last ones when the function calls
   * `commit()` (else after it returns). `hot` (a hot lock: a venue's order counter and event
   * log): it commits without waiting for the WAL flush, so the next request for that venue need
   * not wait for the disk while holding the lock; a statement that takes an xid, sent right
   * behind the COMMIT on the same connection, then commits synchronously: when it returns, the
   * WAL up to its commit record, which follows ours, is on disk (concurrent waiters share one
   * flush). So the flush is waited for with the locks released, in the same round trip.
   */
  const run = async <T>(fn: (tx: Tx) => Promise<T>, hot: boolean): Promise<T> => {
    const reserving = sql.reserve();
    let connection: Awaited<typeof reserving>;
    try {
      connection = await withDeadline(reserving, RESERVE_DEADLINE_MS, 'waiting for a connection');
    } catch (error) {
      // Given up on: should the reservation still come through, it goes straight back to the pool.
      reserving.then((late) => late.release(), () => {});
      throw error;
    }
    let ended = false;
    let committing: Promise<void> | undefined;
    const send = (statement: string) => later(tracked(() => connection.unsafe(statement)));
    const opened = later(Promise.all([send('BEGIN'), hot ? send('SET LOCAL synchronous_commit = off') : undefined]));
    const commit = () => {
      if (!committing) {
        ended = true;
        committing = later(Promise.all([send('COMMIT'), hot ? send('SELECT pg_current_xact_id()') : undefined]).then(() => {}));
      }
      return committing;
    };
    const body = (async () => {
      const result = await fn({ ...pgQueryable(connection, () => ended), commit });
      await opened;
      await commit();
      return result;
    })();
    let expired = false;
    try {
      return await withDeadline(body, TRANSACTION_DEADLINE_MS, 'a transaction');
    } catch (error) {
      expired = (error as { deadline?: unknown } | null)?.deadline === true;
      if (expired) {
        // Nobody waits for the body any more. Should it still run, it can send nothing more on this
        // connection: no statement (it would run outside the transaction), no COMMIT.
        ended = true;
        committing ??= Promise.resolve();
        body.catch(() => {});
        // The connection goes back to the pool only once a ROLLBACK behind whatever is still in flight
        // on it has settled (one that closed meanwhile is set aside by the pool): never with a
        // transaction still open on it.
        void connection.unsafe('ROLLBACK').then(() => undefined, () => undefined).then(() => connection.release());
      }
      // After a failed statement the transaction is aborted (a COMMIT already sent rolled it
      // back): ROLLBACK ends it, behind whatever is still in flight on this connection. A
      // connection that went away took its transaction with it.
      else if (!isDatabaseUnavailable(error)) await connection.unsafe('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      if (!expired) connection.release();
    }
  };
  const transaction = <T>(fn: (tx: Tx) => Promise<T>) => run(fn, false);
  const hotTransaction = <T>(fn: (tx: Tx) => Promise<T>) => run(fn, true);
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
async function resetPostgres(db: Db): Promise<void> {
  await db.startup(async (tx) => {
    const tables = await tx.all<{ name: string }>('SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename');
    if (tables.length) await tx.run(`DROP TABLE IF EXISTS ${tables.map((t) => t.name).join(', ')} CASCADE`);
  });
}

/** True for a unique-constraint violation in either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string };
  return e?.code === '23505' || e?.errcode === 2067 || e?.errcode === 1555 || /UNIQUE constraint failed/.test(e?.message ?? '');
}
