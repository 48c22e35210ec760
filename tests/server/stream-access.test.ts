/**
 * Live streams follow the person's access (docs/rules.md#live-streams-and-access): a stream lasts no longer
 * than the token it was opened with, and it ends at once when that person is removed from the venue's team —
 * on every instance (PostgreSQL: the removal goes through one instance, the stream is open on another). A
 * removed person cannot reopen it with a token signed before the removal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/contract/order.ts';
import {
  newKey,
  openEvents,
  orderEvents,
  pgUrl,
  startTestServer,
  tacoOrder,
  testDatabase,
  type TestServer,
} from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const V = 'taqueria-el-guero';
const BOARD = `/api/venues/${V}/orders/events`;

async function place(s: TestServer, token: string): Promise<Order> {
  const res = await s.request('/api/orders', { token, key: newKey(), json: tacoOrder() });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Order;
}

describe('a stream ends with its token', () => {
  let s: TestServer;
  beforeAll(async () => {
    // Tokens of 2 s: the stream opened with one must end when it expires.
    s = await startTestServer({ accessTtlSeconds: 2 });
  });
  afterAll(async () => {
    s?.deps.orders.close();
    await s?.dispose();
  });

  it(
    'the board ends when the token expires, says why, and a fresh token resumes it without losing an order',
    { timeout: ceiling(20_000) },
    async () => {
      const cook = (await s.login('cocina@umenu.test')).token;
      const board = await openEvents(s, BOARD, cook);
      expect(board.status).toBe(200);
      const ready = (await board.until((m) => m.some((x) => x.event === 'ready')))[0]!;
      const text = await Promise.race([
        board.ended,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 8_000)),
      ]);
      expect(text, 'the stream was still open 8 s after its 2 s token expired').toBeDefined();
      expect(text).toContain('el token de este stream ha caducado');
      expect(text).toMatch(/retry: 500/);
      // Meanwhile an order was placed; a fresh token resumes from the last id and gets it.
      const ana = (await s.login('ana@umenu.test')).token;
      const order = await place(s, ana);
      const again = await openEvents(s, BOARD, (await s.login('cocina@umenu.test')).token, {
        'last-event-id': ready.id!,
      });
      expect(again.status).toBe(200);
      const events = orderEvents(await again.until((m) => orderEvents(m).some((e) => e.order.id === order.id)));
      expect(events.filter((e) => e.order.id === order.id)).toHaveLength(1);
      again.close();
    },
  );

  it("a diner's order page ends with its token too", { timeout: ceiling(20_000) }, async () => {
    const ana = (await s.login('ana@umenu.test')).token;
    const order = await place(s, ana);
    const page = await openEvents(s, `/api/orders/${order.id}/events`, ana);
    await page.until((m) => m.some((x) => x.event === 'order'));
    const text = await Promise.race([
      page.ended,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 8_000)),
    ]);
    expect(text, 'the order stream was still open 8 s after its 2 s token expired').toBeDefined();
    expect(text).toContain('el token de este stream ha caducado');
  });
});

/** A staff member of the venue only (their own account), with a token and its id. */
async function newStaff(s: TestServer, email: string) {
  const user = await s.deps.auth.findOrCreateUserByEmail({ email, name: 'Camarera temporal' });
  await s.deps.db.run('UPDATE users SET scope = ? WHERE id = ?', [JSON.stringify([`staff:${V}`]), user.id]);
  return { id: user.id, token: (await s.deps.auth.issueTokenPair(user.id)).token };
}

/** The removal through `via`, the streams open on `on` (the same instance on SQLite, another on PostgreSQL). */
function removalEndsStreams(
  name: string,
  setup: () => Promise<{ on: TestServer; via: TestServer; close: () => Promise<void> }>,
) {
  describe(name, () => {
    let on: TestServer, via: TestServer, close: () => Promise<void>;
    beforeAll(async () => {
      ({ on, via, close } = await setup());
    });
    afterAll(async () => {
      await close?.();
    });

    it(
      "«Quitar acceso» ends the person's board and order streams at once; their token, still valid, cannot reopen them",
      { timeout: ceiling(30_000) },
      async () => {
        const temp = await newStaff(on, `temporal-${newKey()}@umenu.test`);
        const other = (await on.login('cocina@umenu.test')).token;
        const ana = (await on.login('ana@umenu.test')).token;
        const before = await place(on, ana);
        const board = await openEvents(on, BOARD, temp.token);
        const otherBoard = await openEvents(on, BOARD, other);
        const orderPage = await openEvents(on, `/api/orders/${before.id}/events`, temp.token);
        expect([board.status, otherBoard.status, orderPage.status]).toEqual([200, 200, 200]);
        await Promise.all([board, otherBoard].map((b) => b.until((m) => m.some((x) => x.event === 'ready'))));
        await orderPage.until((m) => m.some((x) => x.event === 'order'));

        const manager = (await via.login('gerente@umenu.test')).token;
        const removed = await via.request(`/api/venues/${V}/team/${temp.id}`, { method: 'DELETE', token: manager });
        expect(removed.status).toBe(204);
        const ended = (stream: typeof board) =>
          Promise.race([
            stream.ended,
            new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000)),
          ]);
        const [boardText, pageText] = await Promise.all([ended(board), ended(orderPage)]);
        expect(boardText, "the removed person's board was still open 5 s after the removal").toBeDefined();
        expect(boardText).toContain('tu acceso a este local ha cambiado');
        expect(pageText, "the removed person's order stream was still open 5 s after the removal").toBeDefined();

        // An order placed after the removal reaches the team, not the removed person.
        const after = await place(via, ana);
        await otherBoard.until((m) => orderEvents(m).some((e) => e.order.id === after.id), 10_000);
        expect(boardText).not.toContain(after.id);
        expect(otherBoard.messages().some((m) => m.event === 'access' || (m.data ?? '').includes(temp.id))).toBe(false);
        otherBoard.close();

        // The token still verifies (it lives its 10 minutes), but the streams read the account's access now.
        const reopened = await openEvents(on, BOARD, temp.token);
        expect(reopened.status).toBe(403);
        reopened.close();
        const reopenedPage = await openEvents(on, `/api/orders/${before.id}/events`, temp.token);
        expect(reopenedPage.status).toBe(404);
        reopenedPage.close();
      },
    );
  });
}

removalEndsStreams('removal from the team, one instance', async () => {
  const s = await startTestServer();
  return {
    on: s,
    via: s,
    async close() {
      s.deps.orders.close();
      await s.dispose();
    },
  };
});

describe.skipIf(!pgUrl())('on PostgreSQL with two instances', () => {
  removalEndsStreams('removal through one instance, streams open on the other', async () => {
    const database = await testDatabase();
    const start = () =>
      startTestServer({ jwtSecret: 'two-instances-one-secret-for-this-test-only-0123456789' }, {}, database);
    const a = await start();
    const b = await start();
    return {
      on: a,
      via: b,
      async close() {
        for (const s of [a, b]) s.deps.orders.close();
        await Promise.allSettled([a.close(), b.close()]);
        await database.drop();
      },
    };
  });
});
