/**
 * The day's cash (docs/rules.md#the-bill, `GET /api/venues/{id}/cash`): IVA per rate and the day's close (Z report) —
 * sales by method and rate, the first and last receipt, and the cash expected in the till (cash payments and their
 * tips). A venue in Spain: 10 % on food, 21 % on drinks; one table pays the guacamole by card and the coffee in
 * cash with a tip. Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashDay, PaymentResult, TableBill } from '../../src/contract/bill.ts';
import { TableSession } from '../../src/contract/table.ts';
import { Venue } from '../../src/contract/venue.ts';
import { zonedIso } from '../../server/features/billing/index.ts';
import { newKey, startTestServer, type TestServer } from './helpers.ts';
import { cred, joinTable, lineId, tableTokens } from './table-kit.ts';

const V = 'taqueria-el-guero';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.dispose();
});

describe("the day's close", () => {
  it('sums IVA per rate, sales by method and rate, the first and last receipt and the cash expected', async () => {
    const manager = await s.tokenFor('gerente@umenu.test');
    const staff = await s.tokenFor('cocina@umenu.test');
    const venue = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
    venue.legal = {
      name: 'Taquería El Güero S.L.',
      taxId: 'B46123469',
      address: 'Calle Mayor 1, 46001 València',
      country: 'ES',
    };
    venue.taxRate = 1000;
    for (const c of venue.categories) if (c.products.some((p) => p.name === 'Café de olla')) c.taxRate = 2100;
    expect((await s.request(`/api/venues/${V}`, { method: 'PUT', json: venue, token: manager })).status).toBe(200);

    const tokens = await tableTokens(s, staff);
    const { credential } = await joinTable(s, tokens, '6', 'Nora');
    for (const productId of ['guacamole-con-totopos', 'cafe-de-olla']) {
      const res = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
        method: 'PUT',
        json: { productId, optionIds: [], quantity: 1 },
        headers: cred(credential),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const session = TableSession.parse(
      await (await s.request('/api/table-session', { headers: cred(credential) })).json(),
    );
    expect(
      (
        await s.request('/api/table-session/rounds', {
          json: { expectedTotal: session.cart.subtotal },
          key: newKey(),
          headers: cred(credential),
        })
      ).status,
    ).toBe(201);
    const bill = TableBill.parse(
      await (await s.request('/api/table-session/bill', { headers: cred(credential) })).json(),
    );
    const line = (name: string) => bill.lines.find((l) => l.name === name)!;
    const pay = async (body: unknown) => {
      const res = await s.request(`/api/venues/${V}/tables/6/payments`, { json: body, key: newKey(), token: staff });
      expect(res.status, await res.clone().text()).toBe(201);
      return PaymentResult.parse(await res.json()).receipt;
    };
    const first = await pay({ amount: 8900, tip: 0, method: 'card', lineIds: [line('Guacamole con totopos').id] });
    const last = await pay({ amount: 3000, tip: 500, method: 'cash', lineIds: [line('Café de olla').id] });

    const date = zonedIso(new Date(), 'America/Mexico_City').slice(0, 10);
    const day = CashDay.parse(await (await s.request(`/api/venues/${V}/cash?date=${date}`, { token: manager })).json());
    // 8 900 at 10 %: base 8 091, IVA 809; 3 000 at 21 %: base 2 479, IVA 521.
    expect(day.taxes).toEqual([
      { rate: 2100, base: 2479, tax: 521 },
      { rate: 1000, base: 8091, tax: 809 },
    ]);
    expect(day.close.byMethodAndRate).toEqual([
      { method: 'card', rate: 1000, base: 8091, tax: 809, amount: 8900 },
      { method: 'cash', rate: 2100, base: 2479, tax: 521, amount: 3000 },
    ]);
    expect(day.close).toMatchObject({
      firstReceipt: first.number,
      lastReceipt: last.number,
      receiptCount: 2,
      cashExpected: 3500,
    });
    expect(day.byMethod.cash).toEqual({ count: 1, amount: 3000, tip: 500 });
  });

  it('a day without receipts closes at zero', async () => {
    const day = CashDay.parse(
      await (
        await s.request(`/api/venues/${V}/cash?date=2020-01-01`, { token: await s.tokenFor('gerente@umenu.test') })
      ).json(),
    );
    expect(day.taxes).toEqual([]);
    expect(day.close).toEqual({ byMethodAndRate: [], receiptCount: 0, cashExpected: 0 });
  });
});
