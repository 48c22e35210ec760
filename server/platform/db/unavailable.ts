/**
 * Errors that mean "the database is not reachable right now" (restarting, failing over, the
 * network between): the request may succeed in a few seconds, so it is answered 503 with
 * Retry-After rather than 500 (server/app.ts). postgres.js reconnects by itself on the next query.
 */
const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, connection_exception family.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, errno } = e as { code?: unknown; errno?: unknown };
    if (typeof code === 'string' && UNAVAILABLE.has(code)) return true;
    if (typeof errno === 'string' && UNAVAILABLE.has(errno)) return true;
  }
  return false;
}
