/**
 * What the app and its route modules are given (`createApp(deps)` in server/app.ts): in a
 * module of its own so that the route modules, which take these dependencies, do not import
 * the app that imports them.
 */
import type { Db } from './platform/db/database.ts';
import type { ServerConfig } from './platform/config.ts';
import type { VenueStore } from './features/venues/index.ts';
import type { AuthService } from './features/auth/index.ts';
import type { OnlineOrders, OrderService, OrderTiming } from './features/orders/index.ts';
import type { Observability } from './platform/observability.ts';
import type { SiteState } from './platform/static.ts';
import type { EventBus } from './platform/events/bus.ts';
import type { TableSessionService } from './features/table-sessions/index.ts';
import type { KitchenService } from './features/kitchen/index.ts';
import type { PrintingService } from './features/printing/index.ts';
import type { BillingService, Outbox } from './features/billing/index.ts';
import type { CorrectionsService } from './features/corrections/index.ts';
import type { PauseService } from './features/pause/index.ts';
import type { PaymentsService } from './features/payments/index.ts';
import type { PushService } from './features/push/index.ts';

export type { SiteState } from './platform/static.ts';

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  venues: VenueStore;
  auth: AuthService;
  orders: OrderService;
  /** Pickup and delivery times: slots, «lo antes posible», staff moving a ready time (docs/rules.md#pickup-times). */
  timing: OrderTiming;
  /** Table sessions: a table's open session, its diners, cart, rounds and calls (docs/rules.md#table-sessions). The venue's tables and their QR links are the `tables` feature. */
  tableSessions: TableSessionService;
  /** Kitchen tickets (docs/rules.md#the-kitchen). */
  kitchen: KitchenService;
  /** Print agents, printers and print jobs (server/README.md, "Printing"). */
  printing: PrintingService;
  /** The bill, payments, receipts and VERI*FACTU (docs/rules.md#the-bill). */
  billing: BillingService;
  /** Paying from the phone: checkout, the providers' confirmations, expiry (docs/rules.md#paying-from-the-phone). */
  payments: PaymentsService;
  /** `payment: "online"` on a pickup or delivery order (the payments feature's). */
  onlineOrders: OnlineOrders;
  /** Voids of sent lines, invitations and discounts, pre-bills (docs/rules.md#the-floor). */
  corrections: CorrectionsService;
  /** Pausing new orders, by staff or by the venue itself (docs/rules.md#pausing-orders). */
  pauses: PauseService;
  /** Web Push when an order is ready (docs/rules.md#ready-notifications). */
  push: PushService;
  /** VERI*FACTU records waiting to be sent (`UMENU_VERIFACTU_URL`). */
  verifactuOutbox: Outbox;
  site: SiteState;
  /** Order and venue events (stored, resumable, shared by every instance). */
  events: EventBus;
  /** Request logs, request ids and metrics (server/platform/observability.ts). */
  observability: Observability;
  /** Set on SIGTERM: new requests get 503 (the load balancer sends them elsewhere). */
  draining: boolean;
  /** Run by `Server.close()` (graceful shutdown): routes that hold resources register here. */
  closers: Array<() => void | Promise<void>>;
}
