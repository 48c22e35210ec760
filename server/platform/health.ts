/**
 * `GET /api/health` for load balancers and monitors: 200 `{"status":"ok","db":"sqlite"|"postgres",…}`
 * when the database answers (within 2 s), 503 `{"status":"error",…}` when it does not or
 * while the instance shuts down.
 */
import type { Context } from 'hono';
import type { Db } from './db/database.ts';

/** What the answer reads: the database, whether the instance shuts down, whether the bundled server is building the site. */
export interface HealthSource {
  db: Db;
  readonly draining: boolean;
  site: { readonly building: boolean };
}

const TIMEOUT_MS = 2000;

export function healthRoute(deps: HealthSource) {
  return async (c: Context) => {
    const started = performance.now();
    let dbOk: boolean;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.db.ping(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS))),
      ]);
      dbOk = true;
    } catch {
      dbOk = false;
    } finally {
      clearTimeout(timer);
    }
    const ok = dbOk && !deps.draining;
    c.header('cache-control', 'no-store');
    return c.json(
      {
        status: ok ? 'ok' : 'error',
        db: deps.db.dialect,
        dbLatencyMs: Math.round((performance.now() - started) * 10) / 10,
        ...(deps.draining ? { draining: true } : {}),
        building: deps.site.building,
      },
      ok ? 200 : 503,
    );
  };
}
