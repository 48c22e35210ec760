/**
 * Wires the server's parts together: database, stores, services, app.
 * Used by `scripts/start.ts`, the benchmark and the tests.
 */
import type { ServerConfig } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { startCheckpointer } from './db/checkpointer.ts';
import { createVenueStore } from './venues.ts';
import { createAuthService } from './auth/service.ts';
import { createOrderService } from './orders.ts';
import { grantDemoStaff, seedIfEmpty } from './db/seed.ts';
import { generateLargeVenue } from './db/generate-large.ts';
import { createApp, type AppDeps, type SiteState } from './app.ts';
import type { Hono } from 'hono';

export interface Server {
  app: Hono;
  deps: AppDeps;
  /** Ends live streams, stops the checkpoint worker, checkpoints and closes the database. */
  close(): Promise<void>;
}

export interface ServerOptions {
  site?: SiteState;
  /** Clock for orders and opening hours (tests). */
  now?: () => Date;
}

export async function createServer(config: ServerConfig, options: ServerOptions = {}, existingDb?: Db): Promise<Server> {
  const site = options.site ?? { building: false, files: undefined };
  const db = existingDb ?? openDatabase({ path: config.dbPath, reset: config.resetDb });
  const checkpointer = startCheckpointer(db, config.dbPath);
  const venues = createVenueStore(db);
  if (config.seedDemo) await seedIfEmpty(db, venues);
  if (config.seedLarge && !venues.get('mercado-grande')) {
    venues.put(generateLargeVenue());
    grantDemoStaff(db, 'mercado-grande');
  }
  const auth = createAuthService(db, config);
  const orders = createOrderService(db, venues, options.now);
  const deps: AppDeps = { db, config, venues, auth, orders, site, closers: [] };
  const app = createApp(deps);
  return {
    app,
    deps,
    async close() {
      orders.close();
      await Promise.allSettled(deps.closers.map((close) => close()));
      await checkpointer.stop();
      try {
        db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } catch { /* closing anyway */ }
      db.close();
    },
  };
}
