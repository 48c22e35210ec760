/**
 * Web Push when an order is ready (docs/rules.md#ready-notifications), against a stand-in push service
 * (scripts/push-sandbox.ts) that checks the VAPID JWT and decrypts each message as a browser would: the public
 * key (on and off), a subscription's validation and the endpoint allow-list, one notification per subscription
 * when an order (or a table's round) becomes ready, and the subscription gone on 410, on delivery and when the
 * table closes. Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { Order } from '../../src/contract/order.ts';
import { PUSH_MESSAGES, PushPayload } from '../../src/contract/push.ts';
import { TableSession } from '../../src/contract/table.ts';
import { startPushSandbox, type PushSandbox } from '../../scripts/push-sandbox.ts';
import { newKey, startTestServer, testDatabase, type TestServer } from './helpers.ts';
import { cred, lineId, problemOf, tableTokens } from './table-kit.ts';

const V = 'bar-el-cabanyal';
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:avisos@umenu.test' };
let sandbox: PushSandbox;
let database: Awaited<ReturnType<typeof testDatabase>>;
let s: TestServer;
/** A second instance on the same database, without VAPID keys: push is off there. */
let off: TestServer;
let diner: string;
let staff: string;

beforeAll(async () => {
  sandbox = await startPushSandbox();
  database = await testDatabase();
  s = await startTestServer({ vapid, pushEndpoints: [sandbox.origin] }, {}, database);
  off = await startTestServer({}, {}, database);
  diner = await s.tokenFor('ana@umenu.test');
  staff = await s.tokenFor('cocina@umenu.test');
  // The bar keeps real split hours: open it round the clock, so the test passes at any hour.
  const venue = (await (await s.request(`/api/venues/${V}`)).json()) as Record<string, unknown>;
  const day = [{ open: '00:00', close: '24:00' }];
  const hours = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
  const put = await s.request(`/api/venues/${V}`, {
    method: 'PUT',
    token: await s.tokenFor('admin@umenu.test'),
    json: { ...venue, hours },
  });
  expect(put.status, await put.clone().text()).toBe(200);
});

afterAll(async () => {
  await off?.dispose();
  await s?.dispose();
  await database?.drop();
  await sandbox?.close();
});

async function pickupOrder(language?: string): Promise<Order> {
  const res = await s.request('/api/orders', {
    token: diner,
    key: newKey(),
    json: {
      venueId: V,
      mode: 'pickup',
      customer: { name: 'Ana', phone: '600123456' },
      tip: { percent: 0 },
      payment: 'cash',
      lines: [{ productId: 'croquetas-de-jamon-iberico', optionIds: [], quantity: 2 }],
      expectedTotal: 1700,
      ...(language ? { language } : {}),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return Order.parse(await res.json());
}

const subscribeOrder = (server: TestServer, orderId: string, body: unknown, token = diner) =>
  server.request(`/api/orders/${orderId}/push-subscription`, { token, json: body });

async function setStatus(orderId: string, status: string): Promise<void> {
  const res = await s.request(`/api/orders/${orderId}/status`, { token: staff, json: { status } });
  expect(res.status, await res.clone().text()).toBe(200);
}

const stored = async (owner: string) =>
  (await s.deps.db.all<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE owner = ?', [owner])).map(
    (r) => r.endpoint,
  );

describe('ready notifications', () => {
  it('offers the public key only with VAPID keys', async () => {
    const on = await s.request('/api/push/public-key');
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ publicKey: vapid.publicKey });
    const none = await off.request('/api/push/public-key');
    expect(none.status).toBe(404);
    expect((await problemOf(none)).detail).toBe(PUSH_MESSAGES.off);
    const order = await pickupOrder();
    expect((await subscribeOrder(off, order.id, sandbox.subscribe().json)).status).toBe(404);
  });

  it('refuses what is not a browser subscription, and addresses outside the push services', async () => {
    const order = await pickupOrder();
    const good = sandbox.subscribe().json;
    const refusedWith = async (body: unknown, field: string) => {
      const res = await subscribeOrder(s, order.id, body);
      expect(res.status, await res.clone().text()).toBe(422);
      const problem = await problemOf(res);
      expect(Object.keys(problem.errors ?? {})).toContain(field);
      return problem;
    };
    await refusedWith({ keys: good.keys }, 'endpoint');
    expect(
      (await refusedWith({ ...good, keys: { p256dh: good.keys.p256dh, auth: 'short' } }, 'keys.auth')).errors![
        'keys.auth'
      ],
    ).toEqual([PUSH_MESSAGES.keysInvalid]);
    // An address of the deployer's own network, plain http to a push service, another port, a look-alike host.
    for (const endpoint of [
      'http://127.0.0.1:5432/push/x',
      'https://10.0.0.7/wpush/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://metadata.google.internal/computeMetadata/v1/',
    ]) {
      const problem = await refusedWith({ ...good, endpoint }, 'endpoint');
      expect(problem.detail).toBe(PUSH_MESSAGES.endpointRefused);
    }
    // Someone else's order: not found.
    const other = (await s.newDiner('otro@umenu.test')).token;
    expect((await subscribeOrder(s, order.id, good, other)).status).toBe(404);
    expect(await stored(`order:${order.id}`)).toEqual([]);
    // The browsers' push services are accepted.
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx1',
      'https://wns2-by3p.notify.windows.com/w/?token=AAA',
    ]) {
      const res = await subscribeOrder(s, order.id, { ...good, endpoint });
      expect(res.status, `${endpoint}: ${await res.clone().text()}`).toBe(201);
    }
    expect((await stored(`order:${order.id}`)).length).toBe(4);
  });

  it('sends «Tu pedido en Bar El Cabanyal está listo» once when the order is ready, and forgets it once delivered', async () => {
    const order = await pickupOrder();
    const phone = sandbox.subscribe();
    const res = await subscribeOrder(s, order.id, { ...phone.json, language: 'es' });
    expect(res.status, await res.clone().text()).toBe(201);
    // The same browser again: still one subscription.
    expect((await subscribeOrder(s, order.id, phone.json)).status).toBe(201);
    expect(await stored(`order:${order.id}`)).toEqual([phone.json.endpoint]);

    await setStatus(order.id, 'preparing');
    await setStatus(order.id, 'ready');
    const [message] = await sandbox.until(phone.id, 1);
    expect(PushPayload.parse(JSON.parse(message!.text))).toEqual({
      title: 'Tu pedido en Bar El Cabanyal está listo',
      body: `Pedido ${order.number}: ya puedes pasar a recogerlo.`,
      url: `/pedidos/ver?id=${order.id}`,
    });
    expect(message!.vapidKey).toBe(vapid.publicKey);
    expect(message!.claims).toMatchObject({ aud: sandbox.origin, sub: vapid.subject });
    expect(message!.ttl).toBeGreaterThan(0);

    await setStatus(order.id, 'delivered');
    await s.deps.push.settled();
    expect(sandbox.messages(phone.id)).toHaveLength(1);
    expect(await stored(`order:${order.id}`)).toEqual([]);
    expect(sandbox.refused()).toEqual([]);
  });

  it('is sent by the instance that made the order ready, once, with two instances sending', async () => {
    const other = await startTestServer({ vapid, pushEndpoints: [sandbox.origin] }, {}, database);
    try {
      const order = await pickupOrder();
      const phone = sandbox.subscribe();
      expect((await subscribeOrder(s, order.id, phone.json)).status).toBe(201);
      for (const status of ['preparing', 'ready']) {
        const res = await other.request(`/api/orders/${order.id}/status`, { token: staff, json: { status } });
        expect(res.status, await res.clone().text()).toBe(200);
      }
      await sandbox.until(phone.id, 1);
      await Promise.all([s.deps.push.settled(), other.deps.push.settled()]);
      expect(sandbox.messages(phone.id)).toHaveLength(1);
    } finally {
      await other.dispose();
    }
  });

  it("writes in the diner's language, and drops a subscription the push service says is gone", async () => {
    const order = await pickupOrder('en');
    const gone = sandbox.subscribe();
    const kept = sandbox.subscribe();
    for (const phone of [gone, kept]) expect((await subscribeOrder(s, order.id, phone.json)).status).toBe(201);
    sandbox.gone(gone.id);
    await setStatus(order.id, 'preparing');
    await setStatus(order.id, 'ready');
    const [message] = await sandbox.until(kept.id, 1);
    expect(JSON.parse(message!.text)).toEqual({
      title: 'Your order at Bar El Cabanyal is ready',
      body: `Order ${order.number}: you can pick it up now.`,
      url: `/en/pedidos/ver?id=${order.id}`,
    });
    await s.deps.push.settled();
    expect(await stored(`order:${order.id}`)).toEqual([kept.json.endpoint]);
    // A ready order needs no more subscriptions.
    expect((await subscribeOrder(s, order.id, sandbox.subscribe().json)).status).toBe(409);
  });

  it("notifies a table's phones when the kitchen finishes their round, until the table closes", async () => {
    const tokens = await tableTokens(s, staff, V);
    const join = await s.request(`/api/venues/${V}/tables/5/join`, { json: { token: tokens.get('5'), name: 'Eva' } });
    expect(join.status, await join.clone().text()).toBe(201);
    const eva = ((await join.json()) as { credential: string }).credential;
    const phone = sandbox.subscribe();
    const sub = await s.request('/api/table-session/push-subscription', { json: phone.json, headers: cred(eva) });
    expect(sub.status, await sub.clone().text()).toBe(201);
    expect(
      (await s.request('/api/table-session/push-subscription', { json: phone.json })).status,
      'no credential',
    ).toBe(401);

    const put = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
      method: 'PUT',
      json: { productId: 'croquetas-de-jamon-iberico', optionIds: [], quantity: 1 },
      headers: cred(eva),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const session = TableSession.parse(await (await s.request('/api/table-session', { headers: cred(eva) })).json());
    const round = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: session.cart.subtotal, language: 'ca' },
      key: newKey(),
      headers: cred(eva),
    });
    expect(round.status, await round.clone().text()).toBe(201);
    const order = Order.parse(await round.json());
    // The kitchen bumps the round's tickets: the order becomes ready.
    const tickets = (await (
      await s.request(`/api/venues/${V}/tickets?order=${order.id}`, { token: staff })
    ).json()) as { tickets: Array<{ id: string }> };
    expect(tickets.tickets.length).toBeGreaterThan(0);
    for (const t of tickets.tickets) {
      const done = await s.request(`/api/venues/${V}/tickets/${t.id}/done`, { method: 'POST', token: staff });
      expect(done.status, await done.clone().text()).toBe(200);
    }
    const [message] = await sandbox.until(phone.id, 1);
    expect(JSON.parse(message!.text)).toEqual({
      title: 'La teua comanda a Bar El Cabanyal està llesta',
      body: `Comanda ${order.number}: de seguida te la porten a la taula.`,
      url: `/ca/${V}?mesa=5`,
    });

    // Staff merge the table into another: its phones, and their notifications, follow.
    const joined6 = await s.request(`/api/venues/${V}/tables/6/join`, {
      json: { token: tokens.get('6'), name: 'Leo' },
    });
    expect(joined6.status, await joined6.clone().text()).toBe(201);
    const leo = ((await joined6.json()) as { credential: string }).credential;
    const session6 = TableSession.parse(await (await s.request('/api/table-session', { headers: cred(leo) })).json());
    const merged = await s.request(`/api/venues/${V}/tables/5/merge`, { token: staff, json: { into: '6' } });
    expect(merged.status, await merged.clone().text()).toBe(200);
    expect(await stored(`session:${session.id}`)).toEqual([]);
    expect(await stored(`session:${session6.id}`)).toEqual([phone.json.endpoint]);

    const close = await s.request(`/api/venues/${V}/tables/6/close`, { token: staff, json: { confirmUnpaid: true } });
    expect(close.status, await close.clone().text()).toBe(200);
    expect(await stored(`session:${session6.id}`)).toEqual([]);
    await s.deps.push.settled();
    expect(sandbox.messages(phone.id)).toHaveLength(1);
  });
});
