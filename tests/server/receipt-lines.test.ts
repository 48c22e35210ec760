/**
 * A receipt line names the dish it sold (docs/rules.md#the-bill): `productId` beside the name the venue sold it under,
 * so the receipt page names it in the diner's language (docs/architecture.md#languages). A table's line paid whole,
 * and a pickup order's lines, carry it; the delivery fee and a share of the bill (no dish) do not; a receipt line
 * without it (issued before lines carried it) still reads. Runs on SQLite and, in `server-pg`, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentResult, Receipt, ReceiptLine, TableBill } from '../../src/contract/bill.ts';
import { Order } from '../../src/contract/order.ts';
import { TableSession } from '../../src/contract/table.ts';
import { newKey, startTestServer, tacoOrder, type TestServer } from './helpers.ts';
import { cred, joinTable, lineId, TABLE_VENUE, tableTokens } from './table-kit.ts';

const V = TABLE_VENUE;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.dispose();
});

const receiptOf = async (paid: Response): Promise<Receipt> => {
  expect(paid.status, await paid.clone().text()).toBe(201);
  const { receipt } = PaymentResult.parse(await paid.json());
  return Receipt.parse(await (await s.request(`/api/receipts/${receipt.id}`)).json());
};

describe('receipt lines', () => {
  it("name the table's dish they sold by its id", async () => {
    const staff = await s.tokenFor('cocina@umenu.test');
    const tokens = await tableTokens(s, staff, V);
    const { credential } = await joinTable(s, tokens, '5', 'Emma');
    const put = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
      method: 'PUT',
      json: { productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 1 },
      headers: cred(credential),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const session = TableSession.parse(
      await (await s.request('/api/table-session', { headers: cred(credential) })).json(),
    );
    const round = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: session.cart.subtotal },
      key: newKey(),
      headers: cred(credential),
    });
    expect(round.status, await round.clone().text()).toBe(201);
    const bill = TableBill.parse(
      await (await s.request('/api/table-session/bill', { headers: cred(credential) })).json(),
    );
    const tacos = bill.lines[0]!;
    const receipt = await receiptOf(
      await s.request(`/api/venues/${V}/tables/5/payments`, {
        json: { amount: tacos.lineTotal, tip: 0, method: 'cash', lineIds: [tacos.id] },
        key: newKey(),
        token: staff,
      }),
    );
    expect(receipt.lines).toEqual([expect.objectContaining({ name: tacos.name, productId: 'tacos-al-pastor' })]);
    await s.request(`/api/venues/${V}/tables/5/close`, { json: { confirmUnpaid: true }, token: staff });
  });

  it("name a pickup order's dishes by their ids", async () => {
    const placed = await s.request('/api/orders', {
      json: tacoOrder(),
      key: newKey(),
      token: await s.tokenFor('ana@umenu.test'),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const order = Order.parse(await placed.json());
    const receipt = await receiptOf(
      await s.request(`/api/venues/${V}/orders/${order.id}/payments`, {
        json: { method: 'card' },
        key: newKey(),
        token: await s.tokenFor('cocina@umenu.test'),
      }),
    );
    expect(receipt.lines.map((l) => l.productId)).toEqual(['tacos-al-pastor']);
  });

  it('without a dish id (a receipt issued before lines carried it) still read', () => {
    expect(ReceiptLine.parse({ name: 'Tacos al pastor', quantity: 1, amount: 6900, taxRate: 1600 })).not.toHaveProperty(
      'productId',
    );
  });
});
