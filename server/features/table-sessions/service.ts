/**
 * Table sessions (docs/rules.md#table-sessions): everyone at a table joins one live session from their own
 * phone (no account needed), shares one cart and sends rounds to the kitchen together.
 *
 * The service is composed of its parts, each in its own file: joining and reading (joining.ts, views.ts), the
 * shared cart (cart.ts), rounds (rounds.ts), calls and the bill (calls.ts), staff actions and closing (staff.ts),
 * what staff do to the floor: open, order into, move, merge tables, remove a person (floor/, docs/rules.md#the-floor).
 * Every change locks the session row and publishes the session and the board's view (changes.ts); every SQL
 * statement is in queries.ts (calls/queries.ts, floor/queries.ts).
 * A closed session (staff closed it, or no activity for 12 h) answers a snapshot with nothing in it; writes get
 * 409 `tableClosed`. The next join opens a new session.
 */
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { VenueStore } from '../venues/index.ts';
import type { OrderService } from '../orders/index.ts';
import { TABLE_IDLE_MS, type TableContext, type TableSessionOptions, type TableSessionService } from './context.ts';
import { countOpenSessions } from './queries.ts';
import { joining } from './joining.ts';
import { cart } from './cart.ts';
import { rounds } from './rounds.ts';
import { calls } from './calls.ts';
import { staff } from './staff.ts';
import { floor } from './floor/service.ts';

export type { TableSessionService } from './context.ts';

export function createTableSessionService(
  db: Db,
  venues: VenueStore,
  orders: OrderService,
  events: EventBus,
  options: TableSessionOptions,
): TableSessionService {
  const ctx: TableContext = {
    db,
    venues,
    orders,
    events,
    limits: options.limits,
    limiter: options.limiter,
    tableForToken: options.tableForToken,
    now: options.now ?? (() => new Date()),
    paidCloseMs: options.paidCloseMs ?? 600_000,
    billing: options.billing ?? {},
  };
  return {
    ...joining(ctx),
    ...cart(ctx),
    ...rounds(ctx),
    ...calls(ctx),
    ...staff(ctx),
    ...floor(ctx),
    openCount: () => countOpenSessions(db, ctx.now().getTime() - TABLE_IDLE_MS),
  };
}
