/**
 * The one rate limiter of the server (docs/rules.md#limits-and-bad-input): hits are rows of `rate_hits`
 * (`bucket`, `at`), so a limit holds across every instance that shares the database. A bucket
 * names what is counted and for whom (`login:{address}\n{email}`, `orders:{userId}`,
 * `join-table:{venue}\n{label}`, `call:{session}`…); the feature that owns the limit picks
 * the name, the window and the Spanish message.
 */
import type { Db, Queryable } from './db/database.ts';
import { problem } from './problem.ts';

/** At most `max` hits per `windowSeconds` (parsed from `20/10m`-style settings in config.ts). */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** The wait in words: seconds up to two minutes, then minutes. */
export const waitText = (seconds: number) => (seconds >= 120 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`);

/** How long hits are kept: longer than any window the settings allow in practice. */
const KEEP_MS = 24 * 3600_000;

export interface RateLimiter {
  /**
   * Counts one hit of `bucket`, or refuses it with 429 (`Retry-After`, `message(wait)`) when the
   * window already holds `limit.max` hits. One transaction under the bucket's lock, so two
   * instances cannot both let the last one through. `limit` null: no limit, nothing counted.
   */
  hit(bucket: string, limit: RateLimit | null, message: (wait: string, seconds: number) => string): Promise<void>;
  /**
   * The same refusal without counting, inside the caller's transaction `q` (which takes the
   * bucket's lock): for limits that count only what succeeds (`record` it in the same
   * transaction) or only what fails (`record` it when it has failed).
   */
  check(
    q: Queryable,
    bucket: string,
    limit: RateLimit | null,
    message: (wait: string, seconds: number) => string,
    at?: number,
  ): Promise<void>;
  /** Counts one hit of `bucket` (after `check`). */
  record(q: Queryable, bucket: string, at?: number): Promise<void>;
  /** Forgets a bucket's hits (a good login forgets the failed ones). */
  reset(bucket: string): Promise<void>;
  /** Deletes hits older than any window (maintenance). */
  prune(): Promise<void>;
}

/** `onRefuse` hears every refusal with the kind of limit (the bucket's name up to its first `:`): the metrics count them. */
export function createRateLimiter(
  db: Db,
  now: () => number = Date.now,
  onRefuse: (limit: string) => void = () => {},
): RateLimiter {
  async function retryAfterOf(q: Queryable, bucket: string, limit: RateLimit, at: number): Promise<number> {
    const windowMs = limit.windowSeconds * 1000;
    const row = await q.get<{ n: number; first: number | null }>(
      'SELECT COUNT(*) AS n, MIN(at) AS first FROM rate_hits WHERE bucket = ? AND at > ?',
      [bucket, at - windowMs],
    );
    if (!row || Number(row.n) < limit.max) return 0;
    return Math.max(1, Math.ceil((Number(row.first) + windowMs - at) / 1000));
  }
  const refuse = (seconds: number, message: (wait: string, seconds: number) => string, bucket: string) => {
    onRefuse(bucket.split(':')[0] ?? bucket);
    return problem('rateLimited', 429, message(waitText(seconds), seconds), {}, { 'retry-after': String(seconds) });
  };

  return {
    async hit(bucket, limit, message) {
      if (!limit) return;
      const at = now();
      const retryAfter = await db.transaction(async (tx) => {
        const [, seconds] = await Promise.all([tx.lock('rateLimit', bucket), retryAfterOf(tx, bucket, limit, at)]);
        if (!seconds) await tx.run('INSERT INTO rate_hits (bucket, at) VALUES (?, ?)', [bucket, at]);
        return seconds;
      });
      if (retryAfter) throw refuse(retryAfter, message, bucket);
    },
    async check(q, bucket, limit, message, at = now()) {
      if (!limit) return;
      // Sent together (pipelined): the count runs once the lock is held.
      const [, retryAfter] = await Promise.all([q.lock('rateLimit', bucket), retryAfterOf(q, bucket, limit, at)]);
      if (retryAfter) throw refuse(retryAfter, message, bucket);
    },
    async record(q, bucket, at = now()) {
      await q.run('INSERT INTO rate_hits (bucket, at) VALUES (?, ?)', [bucket, at]);
    },
    async reset(bucket) {
      await db.run('DELETE FROM rate_hits WHERE bucket = ?', [bucket]);
    },
    async prune() {
      await db.run('DELETE FROM rate_hits WHERE at < ?', [now() - KEEP_MS]);
    },
  };
}
