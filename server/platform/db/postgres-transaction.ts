/**
 * A PostgreSQL transaction on a connection of its own, pipelined, and the deadlines that keep a
 * request from waiting forever on a connection the server has dropped.
 */
import { tracked } from './stats.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { pgQueryable, type PgSql } from './postgres-queryable.ts';
import type { Tx } from './types.ts';

/** A promise whose rejection is handled later (awaited after other work): never an unhandled rejection meanwhile. */
function later<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * How long a transaction may wait for a connection, and then take, before it counts as the database
 * being unavailable (503 with Retry-After). postgres.js 3.4.9 can leave a reservation, or a statement
 * on a reserved connection, unsettled forever when the server ends connections while they wait (faults
 * of the library, like those patches/postgres+3.4.9.patch mends, docs/dependencies.md#postgres-349): seen in about one `pg_ctl restart`
 * under load in ten (tests/server/database-restart.test.ts), an order request that never got an answer.
 * Our statements take milliseconds; these deadlines are far above any of them.
 */
const RESERVE_DEADLINE_MS = 10_000;
const TRANSACTION_DEADLINE_MS = 20_000;

/** `promise`, or after `ms` a CONNECTION_CLOSED error (unavailable) marked `deadline`. */
function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error(`${what}: no answer from the database in ${ms / 1000} s`), {
            code: 'CONNECTION_CLOSED',
            deadline: true,
          }),
        ),
      ms,
    );
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

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
export async function pgTransaction<T>(sql: PgSql, fn: (tx: Tx) => Promise<T>, hot: boolean): Promise<T> {
  const reserving = sql.reserve();
  let connection: Awaited<typeof reserving>;
  try {
    connection = await withDeadline(reserving, RESERVE_DEADLINE_MS, 'waiting for a connection');
  } catch (error) {
    // Given up on: should the reservation still come through, it goes straight back to the pool.
    reserving.then(
      (late) => late.release(),
      () => {},
    );
    throw error;
  }
  let ended = false;
  let committing: Promise<void> | undefined;
  const send = (statement: string) => later(tracked(() => connection.unsafe(statement)));
  const opened = later(Promise.all([send('BEGIN'), hot ? send('SET LOCAL synchronous_commit = off') : undefined]));
  const commit = () => {
    if (!committing) {
      ended = true;
      committing = later(
        Promise.all([send('COMMIT'), hot ? send('SELECT pg_current_xact_id()') : undefined]).then(() => {}),
      );
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
      void connection
        .unsafe('ROLLBACK')
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => connection.release());
    }
    // After a failed statement the transaction is aborted (a COMMIT already sent rolled it
    // back): ROLLBACK ends it, behind whatever is still in flight on this connection. A
    // connection that went away took its transaction with it.
    else if (!isDatabaseUnavailable(error)) await connection.unsafe('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    if (!expired) connection.release();
  }
}
