/**
 * What the app and its route modules are given (`createApp(deps)` in server/app.ts): in a
 * module of its own so that the route modules, which take these dependencies, do not import
 * the app that imports them.
 */
import type { Db } from './db/database.ts';
import type { ServerConfig } from './config.ts';
import type { VenueStore } from './venues.ts';
import type { AuthService } from './auth/service.ts';
import type { OrderService } from './orders.ts';
import type { SiteFiles } from './static.ts';
import type { EventBus } from './events/bus.ts';
import type { TableSessionService } from './table-sessions.ts';

/** What the site part serves; `start.ts` swaps `files` after a build. */
export interface SiteState {
  building: boolean;
  files: SiteFiles | undefined;
}

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  venues: VenueStore;
  auth: AuthService;
  orders: OrderService;
  /** Table sessions (docs/rules.md#table-sessions). */
  tables: TableSessionService;
  site: SiteState;
  /** Order and venue events (stored, resumable, shared by every instance). */
  events: EventBus;
  /** Set on SIGTERM: new requests get 503 (the load balancer sends them elsewhere). */
  draining: boolean;
  /** Run by `Server.close()` (graceful shutdown): routes that hold resources register here. */
  closers: Array<() => void | Promise<void>>;
}
