/**
 * A pickup or delivery order marked paid reaches the board live (docs/rules.md#the-bill): the venue's stream gets
 * `event: payment` with the payment (its order and receipt), once, also when the same Idempotency-Key is sent again.
 * Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment, PaymentResult } from '../../src/contract/bill.ts';
import { Order } from '../../src/contract/order.ts';
import { newKey, openEvents, startTestServer, tacoOrder, type TestServer } from './helpers.ts';

const V = 'taqueria-el-guero';

describe('a paid pickup order on the board', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s.dispose();
  });

  it('appends event: payment to the venue stream, once per payment', async () => {
    const staff = await s.tokenFor('cocina@umenu.test');
    const orderRes = await s.request('/api/orders', {
      json: tacoOrder({ tip: { amount: 1000 }, expectedTotal: 14800 }),
      key: newKey(),
      token: await s.tokenFor('ana@umenu.test'),
    });
    expect(orderRes.status, await orderRes.clone().text()).toBe(201);
    const order = Order.parse(await orderRes.json());
    const board = await openEvents(s, `/api/venues/${V}/orders/events`, staff);
    try {
      const key = newKey();
      const res = await s.request(`/api/venues/${V}/orders/${order.id}/payments`, {
        json: { method: 'card' },
        key,
        token: staff,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { receipt } = PaymentResult.parse(await res.json());
      const messages = await board.until((m) => m.some((e) => e.event === 'payment'));
      const payments = messages.filter((m) => m.event === 'payment').map((m) => Payment.parse(JSON.parse(m.data!)));
      expect(payments).toEqual([
        expect.objectContaining({ orderId: order.id, method: 'card', amount: 13800, tip: 1000, receiptId: receipt.id }),
      ]);
      // A repeat of the same key answers the same payment and appends nothing.
      const again = await s.request(`/api/venues/${V}/orders/${order.id}/payments`, {
        json: { method: 'card' },
        key,
        token: staff,
      });
      expect(again.status).toBe(200);
      // Something after it on the stream proves the repeat appended nothing in between.
      const next = await s.request(`/api/orders/${order.id}/status`, { json: { status: 'preparing' }, token: staff });
      expect(next.status, await next.clone().text()).toBe(200);
      const after = await board.until((m) =>
        m.some((e) => e.event === 'order' && (JSON.parse(e.data!) as { status: string }).status === 'preparing'),
      );
      expect(after.filter((m) => m.event === 'payment')).toHaveLength(1);
    } finally {
      board.close();
    }
  });
});
