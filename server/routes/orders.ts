/** Orders: place (idempotent), mine, one, live SSE stream, staff board and status changes. */
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { OrderInput, OrderStatus, StatusInput, ORDER_STATUSES } from '../../src/contract/order.ts';
import type { AccessClaims } from '../../src/contract/auth.ts';
import type { Order } from '../../src/contract/order.ts';
import { isValidVenueId } from '../../src/contract/limits.ts';
import type { AppDeps } from '../app.ts';
import { isStaffOf, parseWith, readBody, readJson, requireAuth } from '../http.ts';
import { problem } from '../problem.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

export function orderRoutes({ orders, auth, venues, config }: AppDeps): Hono {
  const app = new Hono();
  /** Keys whose request is being processed right now (user + key): a concurrent duplicate gets 409. */
  const inFlight = new Set<string>();

  /** The order if this user may see it: its owner, or staff of its venue. Otherwise 404 (no hint it exists). */
  function visibleOrder(id: string, claims: AccessClaims): Order {
    const found = id.length <= 100 ? orders.get(id) : undefined;
    if (!found || (found.userId !== claims.sub && !isStaffOf(claims, found.order.venueId))) {
      throw problem('notFound', 404, 'No encontramos ese pedido en tu cuenta.');
    }
    return found.order;
  }

  app.post('/orders', async (c) => {
    const claims = requireAuth(c, auth);
    const key = c.req.header('idempotency-key');
    if (!key || !KEY_PATTERN.test(key)) {
      throw problem('idempotencyKeyMissing', 400, 'Falta la cabecera Idempotency-Key (8 a 200 caracteres) que identifica este pedido.');
    }
    const slot = `${claims.sub}\n${key}`;
    if (inFlight.has(slot)) throw problem('idempotencyConflict', 409, 'Este pedido ya se está enviando. Espera un momento y revisa «Mis pedidos».');
    inFlight.add(slot);
    try {
      const { value } = await readJson(c);
      const canonical = JSON.stringify(value);
      const result = orders.create(claims.sub, key, canonical, () => parseWith(OrderInput, value));
      c.header('location', `/api/orders/${result.order.id}`);
      c.header('cache-control', 'no-store');
      if (result.replayed) c.header('idempotent-replayed', 'true');
      return c.json(result.order, 201);
    } finally {
      inFlight.delete(slot);
    }
  });

  app.get('/orders', (c) => {
    const claims = requireAuth(c, auth);
    c.header('cache-control', 'no-store');
    return c.json({ orders: orders.listForUser(claims.sub) });
  });

  app.get('/orders/:id', (c) => {
    const claims = requireAuth(c, auth);
    c.header('cache-control', 'no-store');
    return c.json(visibleOrder(c.req.param('id'), claims));
  });

  /** SSE: `event: order` with the whole order for each entry of `initial`, then for every change. */
  function orderStream(c: Context, initial: Order[], subscribe: (listener: (order: Order) => void) => () => void): Response {
    c.header('cache-control', 'no-store');
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, async (stream) => {
      let finish: () => void = () => {};
      const done = new Promise<void>((resolve) => (finish = resolve));
      const queue: Order[] = [...initial];
      let wake: (() => void) | undefined;
      const unsubscribe = subscribe((updated) => {
        queue.push(updated);
        wake?.();
      });
      const offClose = orders.onClose(() => finish());
      stream.onAbort(() => finish());
      const heartbeat = setInterval(() => {
        void stream.write(': ping\n\n').catch(() => finish());
      }, config.sseHeartbeatMs);
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
        let ended = false;
        void done.then(() => { ended = true; wake?.(); });
        while (!ended) {
          const next = queue.shift();
          if (next) {
            await stream.writeSSE({ event: 'order', id: `${next.id}:${next.history.length}`, data: JSON.stringify(next) });
            continue;
          }
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        offClose();
      }
    });
  }

  app.get('/orders/:id/events', (c) => {
    const claims = requireAuth(c, auth);
    const order = visibleOrder(c.req.param('id'), claims);
    return orderStream(c, [order], (listener) => orders.subscribe(order.id, listener));
  });

  /** Live board: every new order of the venue and every status change (staff of the venue). */
  app.get('/venues/:id/orders/events', (c) => {
    const claims = requireAuth(c, auth);
    const id = c.req.param('id');
    if (!isValidVenueId(id) || !venues.get(id)) throw problem('notFound', 404, 'Ese local no existe.');
    if (!isStaffOf(claims, id)) throw problem('forbidden', 403, 'Solo el personal de este local puede ver sus pedidos.');
    return orderStream(c, [], (listener) => orders.subscribeVenue(id, listener));
  });

  app.get('/venues/:id/orders', (c) => {
    const claims = requireAuth(c, auth);
    const id = c.req.param('id');
    if (!isValidVenueId(id) || !venues.get(id)) throw problem('notFound', 404, 'Ese local no existe.');
    if (!isStaffOf(claims, id)) throw problem('forbidden', 403, 'Solo el personal de este local puede ver sus pedidos.');
    const statusParam = c.req.query('status');
    let statuses: OrderStatus[] | undefined;
    if (statusParam) {
      const list = statusParam.split(',').map((s) => s.trim()).filter(Boolean);
      const bad = list.filter((s) => !(ORDER_STATUSES as readonly string[]).includes(s));
      if (bad.length || list.length > 5) {
        throw problem('validation', 422, `Estado no válido. Usa: ${ORDER_STATUSES.join(', ')}.`, { errors: { status: ['Estado no válido'] } });
      }
      statuses = list.map((s) => parseWith(OrderStatus, s));
    }
    c.header('cache-control', 'no-store');
    return c.json({ orders: orders.listForVenue(id, statuses) });
  });

  app.post('/orders/:id/status', async (c) => {
    const claims = requireAuth(c, auth);
    const found = orders.get(c.req.param('id').slice(0, 100));
    if (!found) throw problem('notFound', 404, 'Ese pedido no existe.');
    if (!isStaffOf(claims, found.order.venueId)) {
      // The owner may see the order but not move it; anyone else learns nothing.
      if (found.userId === claims.sub) throw problem('forbidden', 403, 'Solo el personal del local puede cambiar el estado del pedido.');
      throw problem('notFound', 404, 'Ese pedido no existe.');
    }
    const input = await readBody(c, StatusInput);
    return c.json(orders.setStatus(found.order.id, input.status));
  });

  return app;
}
