/**
 * Both providers through their local stand-ins (scripts/payment-sandbox.ts): the request the provider
 * module makes, the hosted page's buttons, the signed notification / webhook the stand-in posts, and
 * the API's own verification of it (docs/architecture.md#online-payments). The "API" here is a small
 * listener that keeps what it is posted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentSandbox, type PaymentSandbox } from '../../../scripts/payment-sandbox.ts';
import {
  newPaymentReference,
  providerFor,
  redsysOrderOf,
  stripeReferenceOf,
  verifyRedsysNotification,
  verifyStripeWebhook,
  type CreatePaymentRequest,
  type ProviderConfig,
} from '../../../server/features/payments/index.ts';

const REDSYS_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const STRIPE_KEY = 'sk_test_umenu_sandbox';
const WEBHOOK_SECRET = 'whsec_umenu_sandbox';

interface Received {
  path: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}
let api: Server;
let apiUrl = '';
const received: Received[] = [];
let sandbox: PaymentSandbox;

beforeAll(async () => {
  api = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: Buffer.concat(chunks).toString(), headers: request.headers });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  sandbox = await startPaymentSandbox({
    redsys: { '999008881': REDSYS_KEY },
    stripe: { [STRIPE_KEY]: { webhookSecret: WEBHOOK_SECRET, webhookUrl: `${apiUrl}/api/payments/stripe/webhook` } },
  });
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => api.close(resolve));
});

const redsys = (): ProviderConfig => ({
  provider: 'redsys',
  merchantCode: '999008881',
  terminal: '1',
  secretKey: REDSYS_KEY,
  environment: 'test',
  url: sandbox.url,
});
const stripe = (): ProviderConfig => ({
  provider: 'stripe',
  secretKey: STRIPE_KEY,
  webhookSecret: WEBHOOK_SECRET,
  url: sandbox.url,
});
const request = (reference: string, method: 'card' | 'bizum' = 'card'): CreatePaymentRequest => ({
  reference,
  amount: 2450,
  currency: 'EUR',
  method,
  description: 'Mesa 3',
  okUrl: `${apiUrl}/pago/p-${reference}`,
  koUrl: `${apiUrl}/pago/p-${reference}?ko`,
  notificationUrl: `${apiUrl}/api/payments/redsys/notification`,
  language: 'es',
});

/** What a phone does with a redirect: post (or get) it, then press a button of the hosted page. */
async function payOnPage(
  redirect: { url: string; method: string; fields?: Record<string, string> },
  decision: 'authorize' | 'deny',
) {
  const first = await fetch(redirect.url, {
    method: redirect.method,
    redirect: 'manual',
    ...(redirect.fields ? { body: new URLSearchParams(redirect.fields) } : {}),
  });
  const pageUrl =
    first.status === 303 ? new URL(first.headers.get('location')!, redirect.url).toString() : redirect.url;
  const page = await (await fetch(pageUrl)).text();
  const done = await fetch(pageUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ decision }) });
  return { page, location: done.headers.get('location') ?? '' };
}

const lastNotification = (path: string) => [...received].reverse().find((r) => r.path === path)!;

describe('Redsys through its stand-in', () => {
  it('a Bizum payment: hosted page, signed notification verified with our code, back to URLOK', async () => {
    const created = await providerFor(redsys()).createPayment(request('0001BZ01', 'bizum'));
    expect(created.redirect).toMatchObject({ url: `${sandbox.url}/sis/realizarPago`, method: 'POST' });
    const { page, location } = await payOnPage(created.redirect, 'authorize');
    expect(page).toContain('Autorizar');
    expect(page).toContain('Denegar');
    expect(page).toContain('Bizum');
    expect(page).toContain('24,50');
    expect(location.startsWith(`${apiUrl}/pago/p-0001BZ01`)).toBe(true);
    expect(location).not.toContain('?ko');

    const posted = lastNotification('/api/payments/redsys/notification');
    expect(posted.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(posted.body));
    expect(redsysOrderOf(form)).toBe('0001BZ01');
    expect(verifyRedsysNotification(form, REDSYS_KEY)).toMatchObject({
      provider: 'redsys',
      reference: '0001BZ01',
      amount: 2450,
      currency: 'EUR',
      authorized: true,
      method: 'bizum',
    });
    // A tampered signature, or another merchant's key: nothing verifies.
    expect(
      verifyRedsysNotification(
        { ...form, Ds_Signature: form.Ds_Signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
        REDSYS_KEY,
      ),
    ).toBeNull();
    expect(verifyRedsysNotification(form, 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev')).toBeNull();
  });

  it('«Denegar»: a refused notification and the way back to URLKO; a refund of a paid card payment', async () => {
    const provider = providerFor(redsys());
    const denied = await payOnPage((await provider.createPayment(request('0002CD01'))).redirect, 'deny');
    expect(denied.page).not.toContain('Bizum');
    expect(denied.location).toContain('?ko');
    const form = Object.fromEntries(new URLSearchParams(lastNotification('/api/payments/redsys/notification').body));
    expect(verifyRedsysNotification(form, REDSYS_KEY)).toMatchObject({
      reference: '0002CD01',
      authorized: false,
      method: 'card',
    });

    await payOnPage((await provider.createPayment(request('0003CD01'))).redirect, 'authorize');
    await expect(provider.refund({ reference: '0003CD01', amount: 1000, currency: 'EUR' })).resolves.toMatchObject({
      providerRef: expect.stringMatching(/^\d{6}$/),
    });
    await expect(provider.refund({ reference: '0003CD01', amount: 1451, currency: 'EUR' })).rejects.toThrow(/SIS0057/);
    await expect(provider.refund({ reference: '0002CD01', amount: 100, currency: 'EUR' })).rejects.toThrow();
  });

  it('a request signed with a key the TPV does not know is refused with an error page', async () => {
    const wrong: ProviderConfig = { ...redsys(), secretKey: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev' };
    const created = await providerFor(wrong).createPayment(request('0004XX01'));
    const answer = await fetch(created.redirect.url, {
      method: 'POST',
      body: new URLSearchParams(created.redirect.fields),
    });
    expect(await answer.text()).toContain('SIS0042');
  });

  it('new references follow the Redsys order rule and differ', async () => {
    const references = new Set(Array.from({ length: 200 }, () => newPaymentReference()));
    expect(references.size).toBe(200);
    for (const reference of references) expect(reference).toMatch(/^\d{4}[0-9A-Z]{8}$/);
    // And the stand-in takes one end to end.
    const reference = newPaymentReference();
    await payOnPage((await providerFor(redsys()).createPayment(request(reference))).redirect, 'authorize');
    const form = Object.fromEntries(new URLSearchParams(lastNotification('/api/payments/redsys/notification').body));
    expect(verifyRedsysNotification(form, REDSYS_KEY)?.reference).toBe(reference);
  });

  it('resends a notification (a repeat) and holds one to deliver late', async () => {
    sandbox.setHold(true);
    const provider = providerFor(redsys());
    await provider.createPayment(request('0005LT01')).then((c) => payOnPage(c.redirect, 'authorize'));
    const held = sandbox.received().notifications.find((n) => n.reference === '0005LT01')!;
    expect(held.statuses).toEqual([]);
    sandbox.setHold(false);
    expect(await sandbox.deliver(held.id)).toBe(200);
    expect(await sandbox.resend(held.id)).toBe(200);
    const bodies = received.filter((r) => r.body === held.body);
    expect(bodies).toHaveLength(2);
    expect(sandbox.received().notifications.find((n) => n.id === held.id)!.statuses).toEqual([200, 200]);
    // The same controls over HTTP (for a browser test).
    const again = await fetch(`${sandbox.url}/_sandbox/notifications/${held.id}/resend`, { method: 'POST' });
    expect(await again.json()).toEqual({ status: 200 });
    const listed = (await (await fetch(`${sandbox.url}/_sandbox/received`)).json()) as {
      notifications: { id: string; statuses: number[] }[];
    };
    expect(listed.notifications.find((n) => n.id === held.id)?.statuses).toEqual([200, 200, 200]);
    const configured = await fetch(`${sandbox.url}/_sandbox/config`, {
      method: 'POST',
      body: JSON.stringify({ refuseRefunds: true }),
    });
    expect(configured.status).toBe(204);
    await expect(provider.refund({ reference: '0005LT01', amount: 1, currency: 'EUR' })).rejects.toThrow(/SIS0057/);
    sandbox.setRefuseRefunds(false);
  });
});

describe('Stripe through its stand-in, with the official library', () => {
  it('a Checkout Session, its hosted page and the signed checkout.session.completed webhook', async () => {
    const provider = providerFor(stripe());
    const created = await provider.createPayment(request('0006ST01'));
    expect(created.redirect.method).toBe('GET');
    expect(created.redirect.url.startsWith(`${sandbox.url}/c/pay/cs_test_`)).toBe(true);
    expect(created.providerRef).toMatch(/^cs_test_/);
    const session = sandbox.received().records.find((r) => r.reference === '0006ST01' && r.kind === 'payment')!;
    expect(session.detail).toMatchObject({
      client_reference_id: '0006ST01',
      line_items: { 0: { price_data: { currency: 'eur', unit_amount: '2450' } } },
    });

    const { page, location } = await payOnPage(created.redirect, 'authorize');
    expect(page).toContain('Autorizar');
    expect(location).toBe(`${apiUrl}/pago/p-0006ST01`);
    const webhook = lastNotification('/api/payments/stripe/webhook');
    const signature = String(webhook.headers['stripe-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}/);
    expect(stripeReferenceOf(webhook.body)).toBe('0006ST01');
    const confirmation = verifyStripeWebhook(webhook.body, signature, WEBHOOK_SECRET);
    expect(confirmation).toMatchObject({
      provider: 'stripe',
      reference: '0006ST01',
      amount: 2450,
      currency: 'EUR',
      authorized: true,
    });
    expect(verifyStripeWebhook(webhook.body.replace('2450', '2451'), signature, WEBHOOK_SECRET)).toBeNull();
    expect(verifyStripeWebhook(webhook.body, signature, 'whsec_other')).toBeNull();
    expect(verifyStripeWebhook(webhook.body, undefined, WEBHOOK_SECRET)).toBeNull();

    const refund = await provider.refund({
      reference: '0006ST01',
      providerRef: confirmation!.providerRef,
      amount: 450,
      currency: 'EUR',
    });
    expect(refund.providerRef).toMatch(/^re_/);
    await expect(
      provider.refund({ reference: '0006ST01', providerRef: confirmation!.providerRef, amount: 2001, currency: 'EUR' }),
    ).rejects.toThrow();
  });

  it('«Denegar» sends checkout.session.expired (not authorised); an unknown secret key is refused', async () => {
    const created = await providerFor(stripe()).createPayment(request('0007ST01'));
    const { location } = await payOnPage(created.redirect, 'deny');
    expect(location).toContain('?ko');
    const webhook = lastNotification('/api/payments/stripe/webhook');
    expect(
      verifyStripeWebhook(webhook.body, String(webhook.headers['stripe-signature']), WEBHOOK_SECRET),
    ).toMatchObject({
      reference: '0007ST01',
      authorized: false,
    });
    const unknown = providerFor({ ...stripe(), secretKey: 'sk_test_nobody' });
    await expect(unknown.createPayment(request('0008ST01'))).rejects.toThrow(/API Key/);
  });
});
