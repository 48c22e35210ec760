/**
 * Statements and round trips per request: the data layer counts what each request sends to the
 * database, so the metrics (and the API benchmark that reads them) show the cost of each
 * operation. A round trip is a wait for the database: statements sent while another of the same
 * request is still in flight (pipelined: `Promise.all` in a transaction) share one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface DbStats {
  statements: number;
  roundTrips: number;
  inFlight: number;
}

const current = new AsyncLocalStorage<DbStats>();

/** Runs `fn` (a request) with its own counters. */
export function countDbWork<T>(fn: () => Promise<T>): { stats: DbStats; done: Promise<T> } {
  const stats: DbStats = { statements: 0, roundTrips: 0, inFlight: 0 };
  return { stats, done: current.run(stats, fn) };
}

/** Counts one statement sent to a server database (PostgreSQL) while it is in flight. */
export function tracked<T>(send: () => Promise<T>): Promise<T> {
  const stats = current.getStore();
  if (!stats) return send();
  stats.statements++;
  if (stats.inFlight === 0) stats.roundTrips++;
  stats.inFlight++;
  return send().finally(() => stats.inFlight--);
}

/** Counts one statement of the embedded database (SQLite): no network, no round trip. */
export function countedLocal(): void {
  const stats = current.getStore();
  if (stats) stats.statements++;
}
