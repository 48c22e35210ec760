/** Orders: place (idempotent), mine, one, live SSE stream, staff board and status changes. */
import { Hono, type Context } from 'hono';
import { TABLE_CREDENTIAL_HEADER, TABLE_MESSAGES } from '../../../src/contract/table.ts';
import { OrderStatus, ORDER_MESSAGES, ORDER_STATUSES } from '../../../src/contract/order.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import type { Order } from '../../../src/contract/order.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import type { ServerConfig } from '../../platform/config.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { AuthService } from '../auth/index.ts';
import type { VenueStore } from '../venues/index.ts';
import type { OrderService } from './service.ts';
import { canRunVenue } from '../../../src/contract/permissions.ts';
import { parseWith } from '../../platform/http.ts';
import { routes } from '../../platform/operations.ts';
import { authenticator } from '../auth/index.ts';
import {
  getOrder,
  listMyOrders,
  listVenueOrders,
  placeOrder,
  setOrderStatus,
  streamOrder,
  streamVenueOrders,
} from './operations.ts';
import { problem } from '../../platform/problem.ts';
import { eventStream, type StreamHolder } from '../../platform/events/sse.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

/** Header of `POST /orders` with the table's own token (the `t` of its link), for a table-mode order. */
export const TABLE_TOKEN_HEADER = 'X-Table-Token';

/**
 * How an order learns that a table-mode order comes from that table (the table sessions give it:
 * server/main.ts); written here, so that orders need not import the table sessions, which use orders.
 */
export interface TableAccess {
  check(venueId: string, label: string, token: string): Promise<boolean>;
  authenticate(
    credential: string | undefined,
  ): Promise<{ session: { status: string; venue_id: string; label: string } }>;
}

/**
 * A pickup or delivery order paid from the phone (`payment: "online"`, docs/rules.md#paying-from-the-phone): the
 * payments feature gives it (server/main.ts); written here, so that orders need not import payments, which use them.
 */
export interface OnlineOrders {
  /** Throws the problem to answer when the venue takes no payments from the phone. */
  check(venueId: unknown, method?: unknown): Promise<void>;
  /** The order's payment at the provider, started once (a repeat of the order answers the same). */
  start(order: Order, c: Context, method?: 'card' | 'bizum'): Promise<NonNullable<Order['onlinePayment']>>;
}

/** What the orders' routes use (server/deps.ts gives them). */
export interface OrderRouteDeps {
  orders: OrderService;
  auth: AuthService;
  venues: VenueStore;
  config: Pick<ServerConfig, 'sseHeartbeatMs'>;
  events: EventBus;
  tableSessions: TableAccess;
  onlineOrders?: OnlineOrders;
}

export function orderRoutes({
  orders,
  auth,
  venues,
  config,
  events,
  tableSessions,
  onlineOrders,
}: OrderRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  /**
   * A table is chosen only by its QR link (docs/rules.md#cart-checkout-and-orders): a table-mode order needs the
   * table's valid token or the credential of a participant of that table's open session.
   */
  async function requireTableAccess(c: Context, body: unknown): Promise<void> {
    const { venueId, table } = (typeof body === 'object' && body !== null ? body : {}) as {
      venueId?: unknown;
      table?: unknown;
    };
    const refused = () => problem('tableAccessRequired', 403, TABLE_MESSAGES.tableOrderNeedsLink);
    if (typeof venueId !== 'string' || typeof table !== 'string' || !isValidVenueId(venueId)) throw refused();
    const token = c.req.header(TABLE_TOKEN_HEADER);
    if (token && (await tableSessions.check(venueId, table, token))) return;
    const credential = c.req.header(TABLE_CREDENTIAL_HEADER);
    if (credential) {
      const who = await tableSessions.authenticate(credential).catch(() => undefined);
      if (who && who.session.status === 'open' && who.session.venue_id === venueId && who.session.label === table)
        return;
    }
    throw refused();
  }

  /** The order if this user may see it: its owner, or staff of its venue. Otherwise 404 (no hint it exists). */
  async function visibleOrder(id: string, claims: AccessClaims): Promise<Order> {
    return (await visibleOrderOf(id, claims)).order;
  }
  async function visibleOrderOf(id: string, claims: AccessClaims): Promise<{ order: Order; own: boolean }> {
    const found = id.length <= 100 ? await orders.get(id) : undefined;
    if (!found || (found.userId !== claims.sub && !canRunVenue(claims.scope, found.order.venueId))) {
      throw problem('notFound', 404, ORDER_MESSAGES.notYourOrder);
    }
    return { order: found.order, own: found.userId === claims.sub };
  }

  /**
   * A signed-in person's stream (server/platform/events/sse.ts): it ends with their token, and at once when their
   * access to the venue changes; `staffOf` (a venue whose staff access the stream needs) is read again from the
   * account, not from the token, when it opens.
   */
  function holderOf(claims: AccessClaims, staffOf: string | undefined, refused: () => Error): StreamHolder {
    return {
      userId: claims.sub,
      expiresAt: claims.exp * 1000,
      ...(staffOf
        ? {
            async recheck() {
              const user = await auth.userById(claims.sub);
              if (!user || !canRunVenue(JSON.parse(user.scope) as string[], staffOf)) throw refused();
            },
          }
        : {}),
    };
  }

  on(placeOrder, async (c, { claims, json, check }) => {
    const key = c.req.header('idempotency-key');
    if (!key || !KEY_PATTERN.test(key)) {
      throw problem(
        'idempotencyKeyMissing',
        400,
        PROBLEM_MESSAGES.idempotencyKeyMissing(ORDER_MESSAGES.idempotencyKeyOf),
      );
    }
    // Duplicates, also simultaneous ones on other instances, are settled by the key's primary key in the database.
    const { value } = await json();
    if (typeof value === 'object' && value !== null && (value as { mode?: unknown }).mode === 'table')
      await requireTableAccess(c, value);
    const online = (value as { payment?: unknown } | null)?.payment === 'online' && onlineOrders;
    const { venueId, onlineMethod } = (value ?? {}) as { venueId?: unknown; onlineMethod?: unknown };
    if (online) await online.check(venueId, onlineMethod);
    const canonical = JSON.stringify(value);
    const result = await orders.create(claims.sub, key, canonical, () => check(value));
    // Paid from the phone: the provider's page (the order reaches the kitchen once the payment is confirmed).
    if (online && result.order.payment === 'online' && result.order.mode !== 'table')
      result.order = {
        ...result.order,
        onlinePayment: await online.start(result.order, c, onlineMethod === 'bizum' ? 'bizum' : 'card'),
      };
    c.header('location', `/api/orders/${result.order.id}`);
    c.header('cache-control', 'no-store');
    if (result.replayed) c.header('idempotent-replayed', 'true');
    return c.json(result.order, 201);
  });

  on(listMyOrders, async (c, { claims }) => {
    c.header('cache-control', 'no-store');
    return c.json({ orders: await orders.listForUser(claims.sub) });
  });

  on(getOrder, async (c, { claims, param }) => {
    const order = await visibleOrder(param('id'), claims);
    c.header('cache-control', 'no-store');
    return c.json(order);
  });

  const streamDeps = { events, heartbeatMs: config.sseHeartbeatMs, onClose: (fn: () => void) => orders.onClose(fn) };

  /** SSE, resumable with Last-Event-ID (protocol in server/platform/events/sse.ts): the order now, then each change. */
  on(streamOrder, async (c, { claims, param }) => {
    const { order, own } = await visibleOrderOf(param('id'), claims);
    return eventStream(c, streamDeps, {
      venueId: order.venueId,
      orderId: order.id,
      holder: holderOf(claims, own ? undefined : order.venueId, () =>
        problem('notFound', 404, ORDER_MESSAGES.notYourOrder),
      ),
      async fresh() {
        const snapshot = await orders.snapshot(order.id);
        if (!snapshot) throw problem('notFound', 404, ORDER_MESSAGES.notYourOrder);
        return { cursor: snapshot.eventId, first: [{ event: 'order', data: JSON.stringify(snapshot.order) }] };
      },
    });
  });

  /** Live board: every new order of the venue, every status change, menu changes (staff of the venue). */
  on(streamVenueOrders, async (c, { claims, param }) => {
    const id = param('id');
    if (!isValidVenueId(id) || !venues.get(id))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, ORDER_MESSAGES.staffOnly);
    // Table sessions reach the board as `event: table` (their staff view), never as a participant's `session`.
    return eventStream(c, streamDeps, {
      venueId: id,
      holder: holderOf(claims, id, () => problem('forbidden', 403, ORDER_MESSAGES.staffOnly)),
      accept: (e) =>
        e.type !== 'session' && e.type !== 'cart' && e.type !== 'table-moved' && e.type !== 'participant-removed',
      fresh: async () => ({ cursor: await events.latestId(id), first: [] }),
    });
  });

  on(listVenueOrders, async (c, { claims, param }) => {
    const id = param('id');
    if (!isValidVenueId(id) || !venues.get(id))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, ORDER_MESSAGES.staffOnly);
    const statusParam = c.req.query('status');
    let statuses: OrderStatus[] | undefined;
    if (statusParam) {
      const list = statusParam
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((s) => !(ORDER_STATUSES as readonly string[]).includes(s));
      if (bad.length || list.length > 5) {
        throw problem('validation', 422, ORDER_MESSAGES.statusInvalid(ORDER_STATUSES), {
          errors: { status: [ORDER_MESSAGES.statusInvalidField] },
        });
      }
      statuses = list.map((s) => parseWith(OrderStatus, s));
    }
    c.header('cache-control', 'no-store');
    return c.json({ orders: await orders.listForVenue(id, statuses) });
  });

  on(setOrderStatus, async (c, { claims, body, param }) => {
    const found = await orders.get(param('id').slice(0, 100));
    if (!found) throw problem('notFound', 404, ORDER_MESSAGES.orderNotFound);
    if (!canRunVenue(claims.scope, found.order.venueId)) {
      // The owner may see the order but not move it; anyone else learns nothing.
      if (found.userId === claims.sub) throw problem('forbidden', 403, ORDER_MESSAGES.staffChangesStatus);
      throw problem('notFound', 404, ORDER_MESSAGES.orderNotFound);
    }
    const input = await body();
    return c.json(await orders.setStatus(found.order.id, input.status));
  });

  return app;
}
