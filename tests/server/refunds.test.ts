/**
 * Refunds (docs/rules.md#refunds): a manager gives back all or part of a payment taken at the venue; each refund is
 * a rectifying receipt (R5) with negative amounts split by tax rate, and a VERI*FACTU record chained after the
 * issuer's last one; the refunds of a payment never exceed it and add up to its receipt to the cent; the day's cash
 * subtracts them. Bar El Cabanyal (confirmed NIF, 10 % IVA; its drinks at 21 % here). Runs on SQLite and, in the
 * `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashDay, PaymentResult, Receipt, TableBill, VerifactuRecords } from '../../src/contract/bill.ts';
import { REFUND_MESSAGES, RefundResult } from '../../src/contract/refund.ts';
import { formatMoney } from '../../src/contract/money-format.ts';
import { TableSession } from '../../src/contract/table.ts';
import { Venue } from '../../src/contract/venue.ts';
import { huellaOf, zonedIso } from '../../server/features/billing/index.ts';
import { newKey, startTestServer, type TestServer } from './helpers.ts';
import { cred, lineId, problemOf, tableTokens } from './table-kit.ts';

const V = 'bar-el-cabanyal';
let s: TestServer;
let manager: string;
let staff: string;
let tokens: Map<string, string>;

beforeAll(async () => {
  s = await startTestServer();
  manager = await s.tokenFor('gerente@umenu.test');
  staff = await s.tokenFor('cocina@umenu.test');
  // The bar keeps real split hours: open round the clock, so the test passes at any hour; drinks at 21 %.
  const venue = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
  const day = [{ open: '00:00', close: '24:00' }];
  venue.hours = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
  for (const c of venue.categories) if (c.name === 'Bebidas') c.taxRate = 2100;
  const put = await s.request(`/api/venues/${V}`, { method: 'PUT', json: venue, token: manager });
  expect(put.status, await put.clone().text()).toBe(200);
  tokens = await tableTokens(s, staff, V);
});
afterAll(async () => {
  await s?.dispose();
});

/** A table orders the cheese (10 %) and a jug of Agua de Valencia (21 %): 9,50 € + 18,00 € = 27,50 €. */
async function tableOwing(table: string): Promise<TableBill> {
  const join = await s.request(`/api/venues/${V}/tables/${table}/join`, {
    json: { token: tokens.get(table), name: 'Lucía' },
  });
  expect(join.status, await join.clone().text()).toBe(201);
  const { credential } = (await join.json()) as { credential: string };
  for (const productId of ['queso-manchego-curado', 'agua-de-valencia']) {
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
  const round = await s.request('/api/table-session/rounds', {
    json: { expectedTotal: session.cart.subtotal },
    key: newKey(),
    headers: cred(credential),
  });
  expect(round.status, await round.clone().text()).toBe(201);
  return TableBill.parse(await (await s.request('/api/table-session/bill', { headers: cred(credential) })).json());
}

async function payAll(table: string, method: 'card' | 'cash', tip: number): Promise<PaymentResult> {
  const bill = await tableOwing(table);
  expect(bill.balance).toBe(2750);
  const res = await s.request(`/api/venues/${V}/tables/${table}/payments`, {
    json: { amount: bill.balance, tip, method },
    key: newKey(),
    token: staff,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return PaymentResult.parse(await res.json());
}

const refund = (paymentId: string, body: unknown, token = manager, key: string | undefined = newKey()) =>
  s.request(`/api/venues/${V}/payments/${paymentId}/refund`, { json: body, token, ...(key ? { key } : {}) });

async function refunded(paymentId: string, amount: number, reason: string): Promise<RefundResult> {
  const res = await refund(paymentId, { amount, reason });
  expect(res.status, await res.clone().text()).toBe(201);
  return RefundResult.parse(await res.json());
}

const records = async () =>
  VerifactuRecords.parse(await (await s.request(`/api/venues/${V}/verifactu/records`, { token: manager })).json())
    .records;
const euros = (minor: number) => formatMoney(minor, 'EUR', 'es-ES');

describe('a cash refund', () => {
  it('is a rectifying receipt R5 with negative amounts by rate, chained after the last VERI*FACTU record', async () => {
    const { payment, receipt: original } = await payAll('2', 'cash', 250);
    expect(original.taxes).toEqual([
      { rate: 1000, base: 864, tax: 86 },
      { rate: 2100, base: 1488, tax: 312 },
    ]);
    const before = (await records()).at(-1)!;
    expect(before.NumSerieFactura).toBe(original.number);

    const { refund: r, receipt } = await refunded(payment.id, 1000, 'Plato frío');
    expect(r).toMatchObject({ paymentId: payment.id, amount: 1000, sale: 1000, tip: 0, method: 'cash' });
    expect(receipt.type).toBe('R5');
    expect(receipt.number).toMatch(/^R1-\d{4}-1$/);
    expect(receipt.rectifies).toMatchObject({ id: original.id, number: original.number });
    expect(receipt.reason).toBe('Plato frío');
    // 10,00 € spread over 9,50 € at 10 % and 18,00 € at 21 %: 3,45 € and 6,55 € (largest remainder).
    expect(receipt.lines.map((l) => [l.taxRate, l.amount])).toEqual([
      [1000, -345],
      [2100, -655],
    ]);
    expect(receipt.taxes).toEqual([
      { rate: 1000, base: -314, tax: -31 },
      { rate: 2100, base: -541, tax: -114 },
    ]);
    expect([receipt.amount, receipt.tip, receipt.total]).toEqual([-1000, 0, -1000]);

    const record = (await records()).at(-1)!;
    expect(record).toMatchObject({
      NumSerieFactura: receipt.number,
      TipoFactura: 'R5',
      TipoRectificativa: 'I',
      FacturasRectificadas: [
        {
          IDEmisorFactura: 'B46123451',
          NumSerieFactura: original.number,
          FechaExpedicionFactura: original.verifactu!.FechaExpedicionFactura,
        },
      ],
      CuotaTotal: '-1.45',
      ImporteTotal: '-10.00',
      HuellaAnterior: before.Huella,
    });
    const { Huella, qr: _qr, TipoRectificativa: _t, FacturasRectificadas: _f, ...fields } = record;
    expect(huellaOf(fields)).toBe(Huella);
    expect(receipt.verifactu).toMatchObject({ TipoFactura: 'R5', Huella, ImporteTotal: '-10.00' });
    expect(receipt.verifactu!.qr).toContain('importe=-10.00');

    // The receipt page's data: the rectifying one as stored, the original with its rectification.
    expect(Receipt.parse(await (await s.request(`/api/receipts/${receipt.id}`)).json())).toEqual(receipt);
    const again = Receipt.parse(await (await s.request(`/api/receipts/${original.id}`)).json());
    expect(again.rectifications).toEqual([
      { id: receipt.id, number: receipt.number, issuedAt: receipt.issuedAt, total: -1000 },
    ]);
  });

  it('refunds in parts up to the payment, tip last, summing to its receipt to the cent, and no further', async () => {
    const { payment, receipt: original } = await payAll('3', 'card', 250);
    const first = await refunded(payment.id, 1000, 'Plato frío');
    // 30,00 € paid, 10,00 € back: 20,00 € left.
    const over = await refund(payment.id, { amount: 2001, reason: 'Error' });
    expect(over.status).toBe(409);
    expect((await problemOf(over)).detail).toBe(REFUND_MESSAGES.overRefund(euros(2000)));
    const second = await refunded(payment.id, 1500, 'Cobrado de más');
    expect(second.refund).toMatchObject({ sale: 1500, tip: 0 });
    // The rest of the sale (2,50 €) and the tip (2,50 €).
    const third = await refunded(payment.id, 500, 'Cliente se queja');
    expect(third.refund).toMatchObject({ sale: 250, tip: 250 });
    expect(third.receipt).toMatchObject({ amount: -250, tip: -250, total: -500 });
    for (const rate of [1000, 2100]) {
      const of = (r: Receipt) => r.taxes.find((t) => t.rate === rate) ?? { base: 0, tax: 0 };
      const back = [first, second, third].map((x) => of(x.receipt));
      expect(back.reduce((sum, t) => sum + t.base, 0)).toBe(-of(original).base);
      expect(back.reduce((sum, t) => sum + t.tax, 0)).toBe(-of(original).tax);
    }
    const more = await refund(payment.id, { amount: 1, reason: 'Otra vez' });
    expect(more.status).toBe(409);
    expect((await problemOf(more)).detail).toBe(REFUND_MESSAGES.fullyRefunded);
    const numbers = [first, second, third].map((x) => Number(x.receipt.number.split('-')[2]));
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
  });

  it('only managers refund, with a key; a repeat answers the first refund; the tip only goes with the sale', async () => {
    const { payment } = await payAll('5', 'cash', 300);
    const asStaff = await refund(payment.id, { amount: 100, reason: 'Error' }, staff);
    expect(asStaff.status).toBe(403);
    expect((await problemOf(asStaff)).detail).toBe(REFUND_MESSAGES.managerOnly);
    expect((await refund(payment.id, { amount: 100, reason: 'Error' }, manager, '')).status).toBe(400);
    expect((await refund('no-such-payment', { amount: 100, reason: 'Error' })).status).toBe(404);
    expect((await refund(payment.id, { amount: 100, reason: '  ' })).status).toBe(422);

    const key = newKey();
    const once = await refund(payment.id, { amount: 2750, reason: 'Mesa equivocada' }, manager, key);
    expect(once.status, await once.clone().text()).toBe(201);
    const repeat = await refund(payment.id, { amount: 2750, reason: 'Mesa equivocada' }, manager, key);
    expect(repeat.status).toBe(200);
    expect(RefundResult.parse(await repeat.json()).receipt.id).toBe(RefundResult.parse(await once.json()).receipt.id);
    expect((await refund(payment.id, { amount: 10, reason: 'Otra' }, manager, key)).status).toBe(422);
    // The sale is all back: the tip alone is not refunded.
    const tipOnly = await refund(payment.id, { amount: 300, reason: 'Propina' });
    expect(tipOnly.status).toBe(409);
    expect((await problemOf(tipOnly)).detail).toBe(REFUND_MESSAGES.tipOnly);
  });

  it("the day's cash lists the refunds and its receipts add up with them subtracted", async () => {
    const date = zonedIso(new Date(), 'Europe/Madrid').slice(0, 10);
    const day = CashDay.parse(await (await s.request(`/api/venues/${V}/cash?date=${date}`, { token: manager })).json());
    // Three payments of 27,50 € (tips 2,50 €, 2,50 €, 3,00 €); refunds of 10,00 €, 30,00 € and 27,50 €.
    expect(day.refunds!.map((r) => r.amount)).toEqual([1000, 1000, 1500, 500, 2750]);
    expect(day.refunds!.every((r) => /^R1-\d{4}-\d+$/.test(r.number) && r.rectifies.startsWith('FS1-'))).toBe(true);
    expect(day.total).toBe(3 * 2750 + 250 + 250 + 300 - 6750);
    expect(day.receipts.reduce((sum, r) => sum + r.total, 0)).toBe(day.total);
    expect(day.taxes.reduce((sum, t) => sum + t.base + t.tax, 0)).toBe(day.amount);
    // The till: the cash payments and their tips (27,50 € + 2,50 €, 27,50 € + 3,00 €) less the cash given back.
    expect(day.close.cashExpected).toBe(3000 + 3050 - 1000 - 2750);
    const refundedRow = day.receipts.find((r) => r.type === 'R5')!;
    expect(refundedRow.rectifies).toMatch(/^FS1-/);
    expect(day.receipts.filter((r) => !r.type).map((r) => r.refundable)).toEqual([2000, 0, 300]);
    const csv = await (await s.request(`/api/venues/${V}/cash/receipts.csv?date=${date}`, { token: manager })).text();
    expect(csv).toContain(`;R5;${refundedRow.rectifies};;\r\n`);
  });
});
