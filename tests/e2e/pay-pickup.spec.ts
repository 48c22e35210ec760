/**
 * A pickup order paid from the phone at checkout (docs/rules.md#paying-from-the-phone), against the real site and
 * API and the Redsys stand-in (scripts/payment-sandbox.ts): the venue's checkout offers «Pagar ahora con tarjeta»
 * (and Bizum); the diner places the order with it, authorises on the stand-in's page and lands on «Pagado» with
 * «Ver mi pedido». The kitchen has no ticket of the order until the provider's notification has arrived.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { startPaymentSandbox, type PaymentSandbox } from '../../scripts/payment-sandbox.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay } from './helpers.ts';
import { addProduct, apiLogin, drawer, openCart, signInByStorage } from './order-helpers.ts';
import { MANAGER } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VALENCIA = 'bar-el-cabanyal';
const REDSYS = { merchantCode: '999008881', secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' };

let putHoursBack: (() => Promise<void>) | undefined;
let sandbox: PaymentSandbox | undefined;
test.beforeEach(async ({ request }) => {
  putHoursBack = await openAllDay(request, VALENCIA);
});
test.afterEach(async ({ request }) => {
  // Other specs order at this venue: it takes no payments from the phone again.
  const headers = { Authorization: `Bearer ${(await apiLogin(request, MANAGER)).token}` };
  await request.delete(`/api/venues/${VALENCIA}/payment-provider`, { headers });
  await sandbox?.close();
  await putHoursBack?.();
});

/** The kitchen's open tickets of one order, as the API lists them. */
async function ticketsOf(request: APIRequestContext, token: string, orderId: string): Promise<number> {
  const res = await request.get(`/api/venues/${VALENCIA}/tickets`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { tickets: Array<{ orderId: string }> }).tickets.filter((t) => t.orderId === orderId)
    .length;
}

test('a pickup order paid at checkout with «Pagar ahora con tarjeta» reaches the kitchen once the payment is confirmed', async ({
  page,
  request,
}) => {
  test.setTimeout(ceiling(120_000));
  sandbox = await startPaymentSandbox({ redsys: { [REDSYS.merchantCode]: REDSYS.secretKey } });
  const manager = (await apiLogin(request, MANAGER)).token;
  const put = await request.put(`/api/venues/${VALENCIA}/payment-provider`, {
    headers: { Authorization: `Bearer ${manager}` },
    data: { provider: 'redsys', terminal: '1', environment: 'test', url: sandbox.url, ...REDSYS },
  });
  expect(put.status(), await put.text()).toBe(200);

  await page.goto('/offline'); // any light page of the site, to sign in through storage
  const diner = await apiLogin(page.request);
  await signInByStorage(page, diner);
  await page.goto(`/${VALENCIA}`);
  await addProduct(page, 'Croquetas de jamón ibérico');
  await addProduct(page, 'Croquetas de jamón ibérico');
  await openCart(page);
  await drawer(page).getByRole('button', { name: 'Hacer pedido' }).click();
  const form = page.getByTestId('checkout-form');
  await form.getByLabel('Para recoger').check();
  await form.getByLabel('Nombre').fill('Lucía Ferrer');
  await form.getByLabel('Teléfono').fill('+34 600 123 456');
  const payment = form.getByRole('group', { name: 'Pago' });
  await expect(payment.getByLabel('Pagar ahora con Bizum')).toBeVisible();
  await payment.getByLabel('Pagar ahora con tarjeta').check();
  await payment.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'checkout: «Pagar ahora con tarjeta»');
  mkdirSync('test-results/screens', { recursive: true });
  await page.screenshot({ path: 'test-results/screens/checkout-pay-now-390x844.png' });

  await page.getByTestId('confirm-order').click();
  await expect(page.getByRole('button', { name: 'Autorizar' })).toBeVisible({ timeout: ceiling(10_000) });
  // Created, unpaid, and not in the kitchen while the diner is on the provider's page.
  const mine = await request.get('/api/orders', { headers: { Authorization: `Bearer ${diner.token}` } });
  const order = (
    (await mine.json()) as { orders: Array<{ id: string; venueId: string; payment?: string }> }
  ).orders.find((o) => o.venueId === VALENCIA && o.payment === 'online')!;
  expect(order).toBeDefined();
  expect(await ticketsOf(request, manager, order.id)).toBe(0);

  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page).toHaveURL(/\/pago\/[0-9a-f-]{36}$/);
  const result = page.getByTestId('pay-result');
  await expect(result.getByRole('heading', { name: 'Pagado' })).toBeVisible({ timeout: ceiling(5_000) });
  await expect(result).toContainText('Has pagado 17,00 €.');
  await expect(result.getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute(
    'href',
    `/pedidos/ver?id=${order.id}`,
  );
  await expect.poll(() => ticketsOf(request, manager, order.id)).toBeGreaterThan(0);
});
