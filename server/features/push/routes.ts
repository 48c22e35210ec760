/** Web Push (docs/rules.md#ready-notifications): the public key, and a diner's subscription for an order or a table session. */
import { Hono } from 'hono';
import { TABLE_CREDENTIAL_HEADER, TABLE_MESSAGES } from '../../../src/contract/table.ts';
import { PUSH_MESSAGES } from '../../../src/contract/push.ts';
import { routes } from '../../platform/operations.ts';
import { problem } from '../../platform/problem.ts';
import { authenticator, type AuthService } from '../auth/index.ts';
import type { Order } from '../../../src/contract/order.ts';
import type { PushService } from './service.ts';
import { getPushPublicKey, subscribeOrderPush, subscribeTablePush } from './operations.ts';

/** What the push routes use (server/deps.ts gives them). */
export interface PushRouteDeps {
  push: PushService;
  auth: AuthService;
  orders: { get(id: string): Promise<{ order: Order; userId: string } | undefined> };
  tableSessions: { authenticate(credential: string | undefined): Promise<{ session: { id: string; status: string } }> };
}

export function pushRoutes({ push, auth, orders, tableSessions }: PushRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));
  const off = () => problem('notFound', 404, PUSH_MESSAGES.off);

  on(getPushPublicKey, (c) => {
    if (!push.publicKey) throw off();
    c.header('cache-control', 'no-cache');
    return c.json({ publicKey: push.publicKey });
  });

  on(subscribeOrderPush, async (c, { claims, param, body }) => {
    if (!push.publicKey) throw off();
    const id = param('id');
    const found = id.length <= 100 ? await orders.get(id) : undefined;
    if (!found || found.userId !== claims.sub) throw problem('notFound', 404, PUSH_MESSAGES.notYourOrder);
    if (found.order.status !== 'received' && found.order.status !== 'preparing')
      throw problem('invalidTransition', 409, PUSH_MESSAGES.orderClosed);
    await push.subscribe({ order: found.order.id }, await body());
    return c.body(null, 201);
  });

  on(subscribeTablePush, async (c, { body }) => {
    if (!push.publicKey) throw off();
    const who = await tableSessions.authenticate(c.req.header(TABLE_CREDENTIAL_HEADER));
    if (who.session.status !== 'open') throw problem('tableClosed', 409, TABLE_MESSAGES.sessionClosed);
    await push.subscribe({ session: who.session.id }, await body());
    return c.body(null, 201);
  });

  return app;
}
