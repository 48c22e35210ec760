/**
 * Paying from the phone (docs/rules.md#paying-from-the-phone), through the providers' local stand-ins
 * (scripts/payment-sandbox.ts, holding their notifications so the test posts them): a diner's part held
 * («Pagando…») while pending; the provider's confirmation recorded once (repeated 5 times; at once on two
 * instances on PostgreSQL) with its receipt and VERI*FACTU record; a tampered signature and another amount
 * record nothing; a denied payment and an expired one free what they held, and a late confirmation of an
 * expired payment whose lines someone else took is refused. Runs on SQLite and, in `server-pg`, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableBill, VerifactuRecords } from '../../src/contract/bill.ts';
import { CheckoutResult, OnlinePayment } from '../../src/contract/online-payments.ts';
import { TableSession } from '../../src/contract/table.ts';
import { Order } from '../../src/contract/order.ts';
import { TicketList } from '../../src/contract/kitchen.ts';
import { Venue } from '../../src/contract/venue.ts';
import { startPaymentSandbox, type PaymentSandbox } from '../../scripts/payment-sandbox.ts';
import { decodeMerchantParameters, signRedsys } from '../../server/features/payments/providers/redsys-signature.ts';
import { newKey, pgUrl, startTestServer, testDatabase, type TestServer } from './helpers.ts';
import { cred, lineId, problemOf, tableTokens } from './table-kit.ts';

const V = 'bar-el-cabanyal';
const REDSYS_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const MERCHANT = '999008881';
const SHARED = { jwtSecret: 'shared-secret-0123456789abcdef0123' } as const;
const NO_LIMITS = {
  tableJoinLimit: null,
  tableJoinAddressLimit: null,
  tableBadTokenLimit: null,
  tableCallLimit: null,
  tableCartLimit: null,
  tableCartSessionLimit: null,
  tablePayRequestLimit: null,
} as const;

const onPostgres = Boolean(pgUrl());
let database: Awaited<ReturnType<typeof testDatabase>>;
let a: TestServer;
let b: TestServer;
let sandbox: PaymentSandbox;
/** Instance a's clock runs this far ahead (an expired payment without waiting 10 minutes). */
let ahead = 0;
let manager = '';
let products: Map<string, string>;
let tokens: Map<string, string>;

beforeAll(async () => {
  database = await testDatabase();
  const config = { ...NO_LIMITS, ...SHARED };
  a = await startTestServer(config, { now: () => new Date(Date.now() + ahead) }, database);
  // On PostgreSQL a second instance on the same database; SQLite has one process per file.
  b = onPostgres ? await startTestServer(config, {}, database) : a;
  sandbox = await startPaymentSandbox({ redsys: { [MERCHANT]: REDSYS_KEY }, hold: true });
  manager = await a.tokenFor('gerente@umenu.test');
  // The bar keeps real split hours: open round the clock so the test orders at any hour.
  const venue = (await (await a.request(`/api/venues/${V}`)).json()) as Record<string, unknown>;
  const day = [{ open: '00:00', close: '24:00' }];
  const hours = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
  const put = await a.request(`/api/venues/${V}`, {
    method: 'PUT',
    token: await a.tokenFor('admin@umenu.test'),
    json: { ...venue, hours },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  const parsed = Venue.parse(await put.json());
  products = new Map(parsed.categories.flatMap((c) => c.products).map((p) => [p.name, p.id]));
  tokens = await tableTokens(a, await a.tokenFor('cocina@umenu.test'), V);
});
afterAll(async () => {
  await sandbox?.close();
  if (b !== a) await b?.close();
  await a?.close();
  await database?.drop();
});

/** The venue takes payments through Redsys, at the stand-in. */
async function useRedsys() {
  const res = await a.request(`/api/venues/${V}/payment-provider`, {
    method: 'PUT',
    token: manager,
    json: {
      provider: 'redsys',
      merchantCode: MERCHANT,
      terminal: '1',
      secretKey: REDSYS_KEY,
      environment: 'test',
      url: sandbox.url,
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A table where each person sent one dish: their credentials and their lines' ids. */
async function tableWith(table: string, order: Record<string, string>) {
  const people = new Map<string, { credential: string; line: string }>();
  for (const [name, dish] of Object.entries(order)) {
    const join = await a.request(`/api/venues/${V}/tables/${table}/join`, {
      json: { token: tokens.get(table), name },
    });
    expect(join.status, await join.clone().text()).toBe(201);
    const { credential } = (await join.json()) as { credential: string };
    const put = await a.request(`/api/table-session/cart/lines/${lineId()}`, {
      method: 'PUT',
      json: { productId: products.get(dish), optionIds: [], quantity: 1 },
      headers: cred(credential),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    people.set(name, { credential, line: '' });
  }
  const first = [...people.values()][0]!.credential;
  const session = TableSession.parse(await (await a.request('/api/table-session', { headers: cred(first) })).json());
  const round = await a.request('/api/table-session/rounds', {
    json: { expectedTotal: session.cart.subtotal },
    key: newKey(),
    headers: cred(first),
  });
  expect(round.status, await round.clone().text()).toBe(201);
  const bill = await billOf(first);
  for (const [name, person] of people) person.line = bill.lines.find((l) => l.by === name)!.id;
  return people;
}

const billOf = async (credential: string, s = a) => {
  const res = await s.request('/api/table-session/bill', { headers: cred(credential) });
  expect(res.status, await res.clone().text()).toBe(200);
  return TableBill.parse(await res.json());
};

const records = async () =>
  VerifactuRecords.parse(await (await a.request(`/api/venues/${V}/verifactu/records`, { token: manager })).json())
    .records.length;

/** «Pagar ahora», then the phone's visit to the stand-in's page; answers the payment and its Redsys order number. */
async function checkout(credential: string, body: Record<string, unknown>) {
  const res = await a.request('/api/table-session/bill/checkout', {
    json: body,
    key: newKey(),
    headers: cred(credential),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const result = CheckoutResult.parse(await res.json());
  expect(result.redirect.method).toBe('POST');
  const visit = await fetch(result.redirect.url, {
    method: 'POST',
    body: new URLSearchParams(result.redirect.fields),
    redirect: 'manual',
  });
  expect(visit.status).toBeLessThan(400);
  const parameters = decodeMerchantParameters(result.redirect.fields!.Ds_MerchantParameters!)!;
  return { ...result, reference: String(parameters.DS_MERCHANT_ORDER) };
}

/** The stand-in's «Autorizar» or «Denegar»: the signed notification it would post. */
async function decide(reference: string, decision: 'authorize' | 'deny' = 'authorize') {
  const { notification } = await sandbox.decide(reference, decision);
  return Object.fromEntries(new URLSearchParams(notification.body)) as Record<string, string>;
}

const notify = (form: Record<string, string>, s = a) =>
  s.request('/api/payments/redsys/notification', {
    method: 'POST',
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const paymentOf = async (id: string, s = a) => {
  const res = await s.request(`/api/payments/${id}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return OnlinePayment.parse(await res.json());
};

describe('paying from the phone', () => {
  it('without a provider: no «Pagar ahora» on the bill, and a checkout is refused in Spanish', async () => {
    const people = await tableWith('1', { Ana: 'Pimientos de Padrón' });
    const ana = people.get('Ana')!;
    expect((await billOf(ana.credential)).online).toBeUndefined();
    const methods = await a.request(`/api/venues/${V}/payment-methods`);
    expect(methods.status).toBe(200);
    expect(await methods.json()).toEqual({ methods: [] });
    const res = await a.request('/api/table-session/bill/checkout', {
      json: { lineIds: [ana.line], tip: 0 },
      key: newKey(),
      headers: cred(ana.credential),
    });
    expect(res.status).toBe(409);
    expect((await problemOf(res)).detail).toBe(
      'Este local no acepta pagos desde el móvil: pide que te cobren en la mesa.',
    );
  });

  it('holds the payer’s dishes («Pagando…»), records one payment and one receipt for a confirmation sent 5 times', async () => {
    await useRedsys();
    const people = await tableWith('2', { Lucia: 'Croquetas de jamón ibérico', Marta: 'Pimientos de Padrón' });
    const lucia = people.get('Lucia')!;
    const marta = people.get('Marta')!;
    expect((await billOf(lucia.credential)).online).toEqual({ methods: ['card', 'bizum'] });
    const before = await records();
    const paying = await checkout(lucia.credential, { lineIds: [lucia.line], tip: 50, method: 'bizum' });
    // Marta sees Lucía paying her croquetas, and cannot take them.
    const held = await billOf(marta.credential);
    expect(held.lines.find((l) => l.id === lucia.line)).toMatchObject({ claimedBy: 'Lucia', paying: true });
    expect(held.unassigned).toBe(held.balance - 850);
    const taken = await a.request('/api/table-session/payment-requests', {
      json: { lineIds: [lucia.line], tip: 0, method: 'card' },
      headers: cred(marta.credential),
    });
    expect(taken.status).toBe(409);
    expect((await paymentOf(paying.paymentId)).status).toBe('pending');

    const form = await decide(paying.reference);
    for (let i = 0; i < 5; i++) expect((await notify(form)).status).toBe(200);

    const paid = await paymentOf(paying.paymentId);
    expect(paid).toMatchObject({ status: 'paid', amount: 850, tip: 50, method: 'bizum' });
    const bill = await billOf(marta.credential);
    expect(bill.payments).toHaveLength(1);
    expect(bill.payments[0]).toMatchObject({
      id: paying.paymentId,
      amount: 850,
      tip: 50,
      method: 'bizum',
      provider: 'redsys',
      by: 'Lucia',
      receiptId: paid.receiptId,
    });
    expect(bill.lines.find((l) => l.id === lucia.line)).toMatchObject({ paidBy: 'Lucia' });
    expect(bill.people.find((p) => p.name === 'Lucia')?.paid).toBe(850);
    expect(bill.balance).toBe(650);
    expect(await records()).toBe(before + 1);
    const receipt = (await (await a.request(`/api/receipts/${paid.receiptId}`)).json()) as Record<string, unknown>;
    expect(receipt).toMatchObject({ method: 'bizum', amount: 850, tip: 50, total: 900, table: '2' });
    expect(receipt.verifactu).toBeDefined();
  });

  it(`two confirmations at once${onPostgres ? ' on two instances' : ''}: one payment, one receipt`, async () => {
    const people = await tableWith('3', { Bea: 'Pimientos de Padrón', Carla: 'Croquetas de jamón ibérico' });
    const bea = people.get('Bea')!;
    const before = await records();
    const paying = await checkout(bea.credential, { lineIds: [bea.line], tip: 0 });
    const form = await decide(paying.reference);
    const answers = await Promise.all([notify(form, a), notify(form, b), notify(form, a), notify(form, b)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const bill = await billOf(bea.credential, b);
    expect(bill.payments.map((p) => p.id)).toEqual([paying.paymentId]);
    expect(await records()).toBe(before + 1);
  });

  it('a tampered signature or another amount records nothing; a denied payment frees the dishes', async () => {
    const people = await tableWith('5', { Dani: 'Pimientos de Padrón' });
    const dani = people.get('Dani')!;
    const before = await records();
    const paying = await checkout(dani.credential, { lineIds: [dani.line], tip: 0 });
    const form = await decide(paying.reference);
    const tampered = { ...form, Ds_Signature: form.Ds_Signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
    expect((await notify(tampered)).status).toBe(400);
    const parameters = decodeMerchantParameters(form.Ds_MerchantParameters!)! as Record<string, string>;
    const cheaper = signRedsys(REDSYS_KEY, { ...parameters, Ds_Amount: '100' });
    const refused = await notify({ ...cheaper });
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).detail).toBe(
      'El importe o la moneda de la confirmación no coinciden con los del pago.',
    );
    expect((await paymentOf(paying.paymentId)).status).toBe('pending');
    expect((await billOf(dani.credential)).payments).toHaveLength(0);
    expect(await records()).toBe(before);

    // The stand-in's «Denegar» on a second attempt: failed, and the dish is free again.
    const other = await tableWith('6', { Eva: 'Pimientos de Padrón' });
    const eva = other.get('Eva')!;
    const denied = await checkout(eva.credential, { amount: 650, tip: 0 });
    expect((await billOf(eva.credential)).unassigned).toBe(0);
    expect((await notify(await decide(denied.reference, 'deny'))).status).toBe(200);
    expect((await paymentOf(denied.paymentId)).status).toBe('failed');
    expect((await billOf(eva.credential)).unassigned).toBe(650);
  });

  it('an expired payment frees the claimed dishes; its late confirmation, once someone else took them, is refused', async () => {
    const people = await tableWith('7', { Fran: 'Croquetas de jamón ibérico', Gema: 'Pimientos de Padrón' });
    const fran = people.get('Fran')!;
    const gema = people.get('Gema')!;
    const paying = await checkout(fran.credential, { lineIds: [fran.line], tip: 0 });
    const form = await decide(paying.reference);
    ahead = 11 * 60 * 1000;
    try {
      const bill = await billOf(gema.credential);
      const line = bill.lines.find((l) => l.id === fran.line)!;
      expect(line.claimedBy).toBeUndefined();
      expect(line.paying).toBeUndefined();
      expect(bill.unassigned).toBe(bill.balance);
      expect((await paymentOf(paying.paymentId)).status).toBe('expired');
      // Gema asks staff to take Fran's croquetas; then Fran's confirmation arrives, late.
      const asked = await a.request('/api/table-session/payment-requests', {
        json: { lineIds: [fran.line], tip: 0, method: 'card' },
        headers: cred(gema.credential),
      });
      expect(asked.status, await asked.clone().text()).toBe(201);
      expect((await notify(form)).status).toBe(200);
      expect((await paymentOf(paying.paymentId)).status).toBe('expired');
      expect((await billOf(gema.credential)).payments).toHaveLength(0);
    } finally {
      ahead = 0;
    }
  });

  it('a pickup order paid online reaches the kitchen only after the confirmation; an unpaid one expires without a ticket', async () => {
    const diner = await a.tokenFor('ana@umenu.test');
    const staff = await a.tokenFor('cocina@umenu.test');
    const ticketsOf = async (orderId: string) =>
      TicketList.parse(await (await a.request(`/api/venues/${V}/tickets`, { token: staff })).json()).tickets.filter(
        (t) => t.orderId === orderId,
      );
    const place = async () => {
      const res = await a.request('/api/orders', {
        json: {
          venueId: V,
          mode: 'pickup',
          customer: { name: 'Lucía', phone: '+34 600 000 000' },
          tip: { percent: 0 },
          payment: 'online',
          lines: [{ productId: products.get('Croquetas de jamón ibérico'), optionIds: [], quantity: 2 }],
          expectedTotal: 1700,
        },
        key: newKey(),
        token: diner,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const order = Order.parse(await res.json());
      expect(order.onlinePayment?.redirect.method).toBe('POST');
      return order;
    };
    const paid = await place();
    expect(await ticketsOf(paid.id)).toHaveLength(0);
    const fields = paid.onlinePayment!.redirect.fields!;
    await fetch(paid.onlinePayment!.redirect.url, {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
    const reference = String(decodeMerchantParameters(fields.Ds_MerchantParameters!)!.DS_MERCHANT_ORDER);
    const form = await decide(reference);
    expect((await notify(form)).status).toBe(200);
    expect((await notify(form)).status).toBe(200);
    expect(await ticketsOf(paid.id)).not.toHaveLength(0);
    const payment = await paymentOf(paid.onlinePayment!.paymentId);
    expect(payment).toMatchObject({ status: 'paid', amount: 1700, orderId: paid.id });
    const listed = (await (await a.request(`/api/venues/${V}/order-payments`, { token: staff })).json()) as {
      payments: Array<{ id: string; orderId: string; provider?: string }>;
    };
    expect(listed.payments.filter((p) => p.orderId === paid.id)).toEqual([
      expect.objectContaining({ id: payment.id, provider: 'redsys' }),
    ]);

    const unpaid = await place();
    ahead = 11 * 60 * 1000;
    try {
      expect((await paymentOf(unpaid.onlinePayment!.paymentId)).status).toBe('expired');
      const order = Order.parse(await (await a.request(`/api/orders/${unpaid.id}`, { token: diner })).json());
      expect(order.status).toBe('cancelled');
      expect(await ticketsOf(unpaid.id)).toHaveLength(0);
    } finally {
      ahead = 0;
    }
  });

  it('the checkout reads the methods a venue takes (Bizum with Redsys); a pickup order paid with Bizum', async () => {
    await useRedsys();
    const methods = await a.request(`/api/venues/${V}/payment-methods`);
    expect(methods.status).toBe(200);
    expect(await methods.json()).toEqual({ methods: ['card', 'bizum'] });
    expect((await a.request('/api/venues/no-such-venue/payment-methods')).status).toBe(404);
    const again = await a.request('/api/orders', {
      json: {
        venueId: V,
        mode: 'pickup',
        customer: { name: 'Marta', phone: '+34 600 000 001' },
        tip: { percent: 0 },
        payment: 'online',
        onlineMethod: 'bizum',
        lines: [{ productId: products.get('Pimientos de Padrón'), optionIds: [], quantity: 2 }],
        expectedTotal: 1300,
      },
      key: newKey(),
      token: await a.tokenFor('ana@umenu.test'),
    });
    expect(again.status, await again.clone().text()).toBe(201);
    const order = Order.parse(await again.json());
    const fields = order.onlinePayment!.redirect.fields!;
    expect(decodeMerchantParameters(fields.Ds_MerchantParameters!)!.DS_MERCHANT_PAYMETHODS).toBe('z');
    expect((await paymentOf(order.onlinePayment!.paymentId)).method).toBe('bizum');
  });
});
