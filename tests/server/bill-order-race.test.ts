/**
 * One pickup order charged from several devices at the same moment (server/features/billing): one payment and its
 * receipt, and every other attempt a 409 that says the order is paid — on PostgreSQL too, where the attempts run
 * side by side and the losers meet the unique index of `bill_payments.order_id`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_MESSAGES, OrderPaymentList, PaymentResult } from '../../src/contract/bill.ts';
import { Order } from '../../src/contract/order.ts';
import { newKey, startTestServer, tacoOrder, type TestServer } from './helpers.ts';

const V = 'taqueria-el-guero';
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.dispose();
});

describe('charging one pickup order twice at once', () => {
  it('6 at once: one 201, five 409 in Spanish, one payment recorded', async () => {
    const staff = await s.tokenFor('cocina@umenu.test');
    const placed = await s.request('/api/orders', {
      json: tacoOrder({ expectedTotal: 13800 }),
      key: newKey(),
      token: await s.tokenFor('ana@umenu.test'),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const order = Order.parse(await placed.json());
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.request(`/api/venues/${V}/orders/${order.id}/payments`, {
          json: { method: 'card' },
          key: newKey(),
          token: staff,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((r) => r.status === 409)) {
      expect(((await answer.json()) as { detail: string }).detail).toBe(BILL_MESSAGES.orderPaid);
    }
    PaymentResult.parse(await answers.find((r) => r.status === 201)!.json());
    const listed = OrderPaymentList.parse(
      await (await s.request(`/api/venues/${V}/order-payments`, { token: staff })).json(),
    );
    expect(listed.payments.filter((p) => p.orderId === order.id)).toHaveLength(1);
  });
});
