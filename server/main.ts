/**
 * Wires the server's parts together: database, event bus, stores, services, app.
 * Used by `scripts/start.ts`, the benchmark and the tests.
 */
import type { ServerConfig } from './platform/config.ts';
import { openDatabase, type Db } from './platform/db/database.ts';
import { migrate } from './platform/db/migrations.ts';
import { startCheckpointer } from './platform/db/checkpointer.ts';
import { createRateLimiter } from './platform/rate-limit.ts';
import { createObservability } from './platform/observability.ts';
import { configureImageJobs, imageQueueLength } from './features/media/index.ts';
import { configureSecrets } from './platform/secrets.ts';
import { createBuildHook, createVenueStore, startPrerender } from './features/venues/index.ts';
import { createAuthService } from './features/auth/index.ts';
import { createOrderService, createOrderTiming } from './features/orders/index.ts';
import { createKitchenService, ticketWriter } from './features/kitchen/index.ts';
import { createPrintingService } from './features/printing/index.ts';
import { stationsOf } from '../src/contract/kitchen.ts';
import { CASH_DESK_STATION } from '../src/contract/printing.ts';
import { seedGeneratedVenues, seedIfEmpty, seedVenueIfMissing } from './demo/seed.ts';
import { generateLargeVenue } from './demo/generate-large.ts';
import { generateVenues } from './demo/generate-venues.ts';
import { createEventBus } from './platform/events/bus.ts';
import { createApp } from './app.ts';
import { createTableSessionService } from './features/table-sessions/index.ts';
import { tableForToken } from './features/tables/index.ts';
import { createBillingService, createOutbox } from './features/billing/index.ts';
import { createCorrectionsService } from './features/corrections/index.ts';
import { createPauseService, watchAutoPause } from './features/pause/index.ts';
import { createPaymentsService, loadProviderConfig, providerFor, refundOnline } from './features/payments/index.ts';
import { createPushService } from './features/push/index.ts';
import type { BillingHook } from './features/table-sessions/index.ts';
import type { AppDeps, SiteState } from './deps.ts';
import type { Hono } from 'hono';
import { HOME_PAGE_SIZE } from '../src/contract/limits.ts';

export interface Server {
  app: Hono;
  deps: AppDeps;
  /** Ends live streams, stops the background work and closes the database. */
  close(): Promise<void>;
}

export interface ServerOptions {
  site?: SiteState;
  /** Clock for orders and opening hours (tests). */
  now?: () => Date;
  /** Where the request log lines go instead of stdout (tests). */
  logTo?: { write(line: string): void };
}

/** Old events and login failures are deleted this often. */
const MAINTENANCE_MS = 15 * 60_000;

export async function createServer(
  config: ServerConfig,
  options: ServerOptions = {},
  existingDb?: Db,
): Promise<Server> {
  const site = options.site ?? { building: false, files: undefined };
  const db =
    existingDb ??
    (await openDatabase({
      ...(config.databaseUrl ? { url: config.databaseUrl } : {}),
      path: config.dbPath,
      reset: config.resetDb,
      poolSize: config.dbPoolSize,
    }));
  // Migrations and first-start data, once, however many instances start at the same moment.
  await db.startup(async (tx) => {
    await migrate(tx);
    if (config.seedDemo) await seedIfEmpty(tx);
    // `UMENU_SEED_LARGE`: 1 is the one 520-product venue; N > 1, N venues of 40 dishes (server/platform/config.ts).
    if (config.seedLarge === 1) await seedVenueIfMissing(tx, () => generateLargeVenue());
    else if (config.seedLarge > 1) await seedGeneratedVenues(tx, generateVenues(config.seedLarge));
  });
  const checkpointer = db.sqlite && db.path ? startCheckpointer(db.sqlite, db.path) : { stop: async () => {} };
  const events = await createEventBus(db);
  const venues = await createVenueStore(db, events);
  // The table sessions' service is made after the limiter the metrics count for: read when scraped.
  const later: { tableSessions?: { openCount(): Promise<number> } } = {};
  const observability = createObservability({
    log: config.log,
    ...(config.metricsToken ? { metricsToken: config.metricsToken } : {}),
    ...(config.instance ? { instance: config.instance } : {}),
    ...(options.logTo ? { destination: options.logTo } : {}),
    gauges: {
      tableSessionsOpen: () => later.tableSessions?.openCount() ?? Promise.resolve(0),
      imageQueue: imageQueueLength,
    },
  });
  configureImageJobs(config.imageJobs, config.imageQueue);
  configureSecrets(config);
  const limiter = createRateLimiter(db, Date.now, (limit) => observability.refused(limit));
  const auth = await createAuthService(db, config, limiter);
  // Print jobs are written with the tickets they print (the kitchen's `TicketPrinting` hook).
  const printing = createPrintingService(
    db,
    events,
    (venueId, station) =>
      [...stationsOf(venues.get(venueId)?.venue ?? {}), CASH_DESK_STATION].find((s) => s.id === station)?.name ??
      station,
  );
  const tickets = ticketWriter(venues, events, options.now, printing);
  const timing = createOrderTiming(db, events, options.now);
  const push = createPushService(db, {
    vapid: config.vapid,
    endpoints: config.pushEndpoints,
    venue: (id) => venues.get(id)?.venue,
    ...(options.now ? { now: options.now } : {}),
  });
  const orders = createOrderService(db, venues, {
    statusChanged: (order, sessionId) => push.statusChanged(order, sessionId),
    ...(options.now ? { now: options.now } : {}),
    events,
    limit: config.orderLimit,
    limiter,
    tickets,
    timing,
  });
  // Closing a table asks the bill what it still owes (the billing service is made after the table sessions').
  const billingHook: BillingHook = {};
  const tableSessions = createTableSessionService(db, venues, orders, events, {
    billing: billingHook,
    limits: {
      joinsPerTable: config.tableJoinLimit,
      joinsPerAddress: config.tableJoinAddressLimit,
      badTokensPerAddress: config.tableBadTokenLimit,
      maxPeople: config.tableMaxPeople,
      callsPerSession: config.tableCallLimit,
      cartWritesPerParticipant: config.tableCartLimit,
      cartWritesPerSession: config.tableCartSessionLimit,
    },
    tableForToken,
    limiter,
    paidCloseMs: config.paidTableCloseS * 1000,
    ...(options.now ? { now: options.now } : {}),
  });
  later.tableSessions = tableSessions;
  const kitchen = createKitchenService(db, orders, tableSessions, events, options.now, printing);
  const verifactuOutbox = createOutbox(db, {
    url: config.verifactuUrl,
    pollMs: config.verifactuPollMs,
    retryMs: config.verifactuRetryMs,
    retryMaxMs: 3600_000,
  });
  const billing = createBillingService(db, venues, tableSessions, orders, events, {
    verifactuEnvironment: config.verifactuEnvironment,
    outbox: verifactuOutbox,
    ...(options.now ? { now: options.now } : {}),
    printReceipt: (tx, venueId, receiptId) => printing.receiptIssued(tx, venueId, receiptId),
    limiter,
    payRequestLimit: config.tablePayRequestLimit,
    onlineMethods: (venueId) => payments.methods(venueId),
    refundOnline: (venueId, request) => refundOnline(db, venueId, request),
  });
  billingHook.current = billing;
  const payments = createPaymentsService(db, venues, events, billing, orders, {
    // A pickup or delivery order paid from the phone reaches the kitchen in its payment's transaction.
    sendToKitchen: async (tx, order) =>
      tickets.write(tx, order, undefined, await tickets.prepare(tx, order.venueId, undefined)),
    loadConfig: (venueId) => loadProviderConfig(db, venueId),
    providerFor,
    recordWritten: () => verifactuOutbox.kick(),
    ...(options.now ? { now: options.now } : {}),
  });
  const corrections = createCorrectionsService(db, events, billing, printing, tableSessions, options.now);
  const pauses = createPauseService(db, venues, events, { now: options.now });
  const deps: AppDeps = {
    db,
    config,
    venues,
    auth,
    orders,
    timing,
    tableSessions,
    kitchen,
    printing,
    billing,
    corrections,
    pauses,
    payments,
    onlineOrders: payments.orders(config),
    push,
    verifactuOutbox,
    events,
    site,
    observability,
    closers: [],
    draining: false,
  };
  deps.closers.push(() => printing.close());
  deps.closers.push(() => verifactuOutbox.close());
  const autoPause = watchAutoPause(venues, events, pauses);
  deps.closers.push(() => autoPause.close());
  deps.closers.push(() => push.settled());
  const app = createApp(deps);
  // The served site's venue pages follow every venue change, from any instance (server/features/venues/prerender.ts).
  const prerender = startPrerender({
    distDir: config.distDir,
    site,
    fetchVenue: (id) => Promise.resolve(app.request(`/api/venues/${encodeURIComponent(id)}`)),
    fetchVenues: () => Promise.resolve(app.request(`/api/venues?limit=${HOME_PAGE_SIZE}`)),
  });
  // This instance's writes, and (PostgreSQL) every instance's: a venue scheduled twice is regenerated once.
  venues.onPut((venueId) => prerender.schedule(venueId));
  events.onVenueEvent((venueId) => prerender.schedule(venueId));
  deps.closers.push(() => prerender.close());
  // A static host's CI rebuilds after a change made here (server/features/venues/build-hook.ts).
  if (config.buildHook) {
    const hook = createBuildHook(config.buildHook, { debounceMs: config.buildHookDebounceMs });
    venues.onPut((venueId) => hook.changed(venueId));
    deps.closers.push(() => hook.flush().finally(() => hook.close()));
  }
  const maintenance = setInterval(() => {
    void Promise.all([events.prune(), limiter.prune()]).catch((error: unknown) =>
      console.error('[umenu] maintenance failed', error),
    );
  }, MAINTENANCE_MS);
  maintenance.unref();
  // Paid tables close by themselves (docs/rules.md#table-sessions): every instance looks, each session closes once (under its row lock).
  const paidSweep = setInterval(
    () => {
      void tableSessions
        .closePaid()
        .catch((error: unknown) => console.error('[umenu] closing paid tables failed', error));
    },
    Math.min(60_000, Math.max(200, config.paidTableCloseS * 250)),
  );
  paidSweep.unref();
  // Payments from the phone still pending after 10 minutes expire and free what they held (docs/rules.md#paying-from-the-phone).
  const paymentSweep = setInterval(() => {
    void payments.expireDue().catch((error: unknown) => console.error('[umenu] expiring payments failed', error));
  }, 30_000);
  paymentSweep.unref();
  let closing: Promise<void> | undefined;
  return {
    app,
    deps,
    close() {
      closing ??= (async () => {
        clearInterval(maintenance);
        clearInterval(paidSweep);
        clearInterval(paymentSweep);
        orders.close();
        await Promise.allSettled(deps.closers.map(async (close) => close()));
        await events.close();
        await checkpointer.stop();
        if (db.sqlite?.isOpen) {
          try {
            db.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
          } catch {
            /* closing anyway */
          }
        }
        await db.close();
      })();
      return closing;
    },
  };
}
