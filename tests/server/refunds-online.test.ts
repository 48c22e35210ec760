/**
 * Refunds of payments made from the phone (docs/rules.md#refunds), through the providers' local stand-ins
 * (scripts/payment-sandbox.ts): a diner pays her dish through Redsys (or Stripe), the provider's signed confirmation
 * records the payment; the manager refunds part of it and the provider receives that amount for that payment, with a
 * rectifying receipt; a refusal by the provider records nothing and the manager reads why; `/panel/caja`'s day lists
 * the online payments by provider with what was refunded, and the CSV the provider's reference. Runs on SQLite and,
 * in the `server-pg` project, on PostgreSQL.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashDay, TableBill } from '../../src/contract/bill.ts';
import { CheckoutResult } from '../../src/contract/online-payments.ts';
import { REFUND_MESSAGES, RefundResult } from '../../src/contract/refund.ts';
import { TableSession } from '../../src/contract/table.ts';
import { Venue } from '../../src/contract/venue.ts';
import { startPaymentSandbox, type PaymentSandbox } from '../../scripts/payment-sandbox.ts';
import { decodeMerchantParameters } from '../../server/features/payments/providers/redsys-signature.ts';
import { zonedIso } from '../../server/features/billing/index.ts';
import { newKey, startTestServer, type TestServer } from './helpers.ts';
import { cred, lineId, problemOf, tableTokens } from './table-kit.ts';

const V = 'bar-el-cabanyal';
const REDSYS = { merchantCode: '999008881', secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' };
const STRIPE = { secretKey: 'sk_test_umenu_refunds', webhookSecret: 'whsec_umenu_refunds' };

let s: TestServer;
let sandbox: PaymentSandbox;
let manager: string;
let tokens: Map<string, string>;

beforeAll(async () => {
  s = await startTestServer();
  // Notifications are held: the test posts them to the API itself (it listens on no port).
  sandbox = await startPaymentSandbox({
    redsys: { [REDSYS.merchantCode]: REDSYS.secretKey },
    stripe: { [STRIPE.secretKey]: { webhookSecret: STRIPE.webhookSecret } },
    hold: true,
  });
  manager = await s.tokenFor('gerente@umenu.test');
  const venue = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
  const day = [{ open: '00:00', close: '24:00' }];
  venue.hours = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
  const put = await s.request(`/api/venues/${V}`, { method: 'PUT', json: venue, token: manager });
  expect(put.status, await put.clone().text()).toBe(200);
  tokens = await tableTokens(s, await s.tokenFor('cocina@umenu.test'), V);
});
afterAll(async () => {
  await sandbox?.close();
  await s?.dispose();
});

async function useProvider(provider: 'redsys' | 'stripe') {
  const json =
    provider === 'redsys'
      ? { provider, ...REDSYS, terminal: '1', environment: 'test', url: sandbox.url }
      : { provider, ...STRIPE, url: sandbox.url };
  const res = await s.request(`/api/venues/${V}/payment-provider`, { method: 'PUT', token: manager, json });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Lucía orders the cheese (9,50 €) at `table` and pays it from her phone with a tip of 0,50 €; the provider confirms. */
async function paidOnline(table: string, provider: 'redsys' | 'stripe'): Promise<string> {
  await useProvider(provider);
  const join = await s.request(`/api/venues/${V}/tables/${table}/join`, {
    json: { token: tokens.get(table), name: 'Lucía' },
  });
  expect(join.status, await join.clone().text()).toBe(201);
  const headers = cred(((await join.json()) as { credential: string }).credential);
  const put = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
    method: 'PUT',
    json: { productId: 'queso-manchego-curado', optionIds: [], quantity: 1 },
    headers,
  });
  expect(put.status, await put.clone().text()).toBe(200);
  const session = TableSession.parse(await (await s.request('/api/table-session', { headers })).json());
  const round = await s.request('/api/table-session/rounds', {
    json: { expectedTotal: session.cart.subtotal },
    key: newKey(),
    headers,
  });
  expect(round.status, await round.clone().text()).toBe(201);
  const bill = TableBill.parse(await (await s.request('/api/table-session/bill', { headers })).json());
  const res = await s.request('/api/table-session/bill/checkout', {
    json: { lineIds: [bill.lines[0]!.id], tip: 50, method: 'card' },
    key: newKey(),
    headers,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const checkout = CheckoutResult.parse(await res.json());
  let confirmed: Response;
  if (provider === 'redsys') {
    // The phone posts the signed form to the TPV; «Autorizar»; the bank's notification reaches the API.
    const visit = await fetch(checkout.redirect.url, {
      method: 'POST',
      body: new URLSearchParams(checkout.redirect.fields),
      redirect: 'manual',
    });
    expect(visit.status).toBeLessThan(400);
    const order = String(decodeMerchantParameters(checkout.redirect.fields!.Ds_MerchantParameters!)!.DS_MERCHANT_ORDER);
    const { notification } = await sandbox.decide(order, 'authorize');
    confirmed = await s.request('/api/payments/redsys/notification', {
      method: 'POST',
      body: notification.body,
      headers: { 'content-type': notification.contentType },
    });
  } else {
    const created = sandbox.received().records.filter((r) => r.provider === 'stripe' && r.kind === 'payment');
    const { notification } = await sandbox.decide(created.at(-1)!.reference!, 'authorize');
    confirmed = await s.request('/api/payments/stripe/webhook', {
      method: 'POST',
      body: notification.body,
      headers: {
        'content-type': notification.contentType,
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: notification.body,
          secret: STRIPE.webhookSecret,
        }),
      },
    });
  }
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  const paid = await s.request(`/api/payments/${checkout.paymentId}`);
  expect(await paid.json()).toMatchObject({ status: 'paid' });
  return checkout.paymentId;
}

const refund = (paymentId: string, amount: number, reason: string) =>
  s.request(`/api/venues/${V}/payments/${paymentId}/refund`, {
    json: { amount, reason },
    key: newKey(),
    token: manager,
  });

const refundsAt = (provider: 'redsys' | 'stripe') =>
  sandbox.received().records.filter((r) => r.provider === provider && r.kind === 'refund');

const cashDay = async () =>
  CashDay.parse(
    await (
      await s.request(`/api/venues/${V}/cash?date=${zonedIso(new Date(), 'Europe/Madrid').slice(0, 10)}`, {
        token: manager,
      })
    ).json(),
  );

describe('refunding a payment made from the phone', () => {
  it('through Redsys: the bank receives the amount for that order, and a rectifying receipt is issued', async () => {
    const paymentId = await paidOnline('6', 'redsys');
    const res = await refund(paymentId, 500, 'Plato frío');
    expect(res.status, await res.clone().text()).toBe(201);
    const { refund: r, receipt } = RefundResult.parse(await res.json());
    expect(r).toMatchObject({ paymentId, amount: 500, sale: 500, tip: 0, provider: 'redsys' });
    expect(r.providerRef).toBeTruthy();
    expect(receipt).toMatchObject({ type: 'R5', total: -500, method: 'card' });
    const order = (await cashDay()).receipts.find((x) => x.paymentId === paymentId && !x.type)!;
    expect(refundsAt('redsys').map((x) => x.detail.amount)).toEqual([500]);
    expect(refundsAt('redsys')[0]!.reference).toBe(
      sandbox.received().records.find((x) => x.provider === 'redsys' && x.kind === 'decision')!.reference,
    );
    expect(order).toMatchObject({ provider: 'redsys', label: 'Redsys', refundable: 500 });
  });

  it('a refusal by the provider records nothing, and the manager reads why', async () => {
    const paymentId = await paidOnline('7', 'redsys');
    const before = await cashDay();
    sandbox.setRefuseRefunds(true);
    try {
      const res = await refund(paymentId, 1000, 'Cobrado de más');
      expect(res.status).toBe(409);
      expect((await problemOf(res)).detail).toBe(REFUND_MESSAGES.providerRefused('Redsys', 'SIS0057'));
    } finally {
      sandbox.setRefuseRefunds(false);
    }
    const after = await cashDay();
    expect(after.refunds).toEqual(before.refunds);
    expect(after.receipts).toEqual(before.receipts);
    // Nothing was kept of the refused attempt: the whole payment can be refunded.
    const res = await refund(paymentId, 1000, 'Cobrado de más');
    expect(res.status, await res.clone().text()).toBe(201);
    expect(RefundResult.parse(await res.json()).refund).toMatchObject({ sale: 950, tip: 50 });
  });

  it('through Stripe: the refund of the payment intent for the amount; the day by provider and the CSV', async () => {
    const paymentId = await paidOnline('8', 'stripe');
    const res = await refund(paymentId, 950, 'Mesa equivocada');
    expect(res.status, await res.clone().text()).toBe(201);
    expect(RefundResult.parse(await res.json()).refund).toMatchObject({ provider: 'stripe', amount: 950 });
    expect(refundsAt('stripe').map((x) => x.detail.amount)).toEqual([950]);
    const over = await refund(paymentId, 51, 'Otra');
    expect(over.status).toBe(409);
    expect((await problemOf(over)).detail).toBe(REFUND_MESSAGES.overRefund('0,50\u00a0€'));
    expect(refundsAt('stripe')).toHaveLength(1);

    const day = await cashDay();
    expect(day.byProvider).toEqual([
      { label: 'Redsys', count: 2, amount: 1900, tip: 100, refunded: 1500 },
      { label: 'Stripe', count: 1, amount: 950, tip: 50, refunded: 950 },
    ]);
    const stripeReceipt = day.receipts.find((x) => x.paymentId === paymentId && !x.type)!;
    expect(stripeReceipt.providerRef).toMatch(/^pi_/);
    const csv = await (
      await s.request(`/api/venues/${V}/cash/receipts.csv?date=${day.date}`, { token: manager })
    ).text();
    expect(csv).toContain(`;F2;;Stripe;${stripeReceipt.providerRef}\r\n`);
  });
});
