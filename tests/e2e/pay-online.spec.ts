/**
 * Paying from the phone (docs/rules.md#paying-from-the-phone), against the real site and API and the providers'
 * local stand-ins (scripts/payment-sandbox.ts): three phones at one table of Bar El Cabanyal. Lucía pays her dish
 * by card through the Redsys stand-in, Marta hers with Bizum (Redsys), Pau his through the Stripe stand-in (the
 * manager switches the venue's provider). Each phone goes to the provider's page, taps «Autorizar», comes back to
 * `/pago/{id}` and sees «Pagado» as soon as the provider's own notification has reached the API; every phone at the
 * table sees the balance change live; the table becomes «Pagada»; each receipt opens and its AEAT QR decodes.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { startPaymentSandbox, type PaymentSandbox } from '../../scripts/payment-sandbox.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay } from './helpers.ts';
import { addProduct, apiLogin } from './order-helpers.ts';
import { MANAGER, bar, closeTable, dismissToasts, joinAs, newPhone, sendRound, tableLink } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VALENCIA = 'bar-el-cabanyal';
const SHOTS = 'test-results/screens';
const LIVE = { timeout: ceiling(5_000) };
const REDSYS = { merchantCode: '999008881', secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' };
const STRIPE = { secretKey: 'sk_test_umenu_e2e', webhookSecret: 'whsec_umenu_e2e' };

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

async function useProvider(request: APIRequestContext, data: Record<string, unknown>): Promise<void> {
  const headers = { Authorization: `Bearer ${(await apiLogin(request, MANAGER)).token}` };
  const res = await request.put(`/api/venues/${VALENCIA}/payment-provider`, { headers, data });
  expect(res.status(), await res.text()).toBe(200);
}

const billOf = (page: Page) => page.getByRole('dialog', { name: 'Cuenta de la mesa' });

async function openBill(page: Page): Promise<void> {
  await dismissToasts(page);
  await bar(page).getByRole('button', { name: 'Cuenta de la mesa' }).click();
  await expect(billOf(page).getByTestId('bill-balance')).toBeVisible();
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const { width, height } = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png` });
}

/** «Marcar lo que pedí», then «Pagar ahora» (with `method` when the venue offers a choice): the provider's page. */
async function payMine(page: Page, method?: 'Tarjeta' | 'Bizum', screenshot = false): Promise<void> {
  const bill = billOf(page);
  await bill.getByRole('button', { name: 'Marcar lo que pedí' }).click();
  const payNow = bill.getByTestId('bill-pay-now');
  if (method) await payNow.getByText(method, { exact: true }).click();
  if (screenshot) {
    await payNow.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'bill: «Pagar ahora»');
    await shot(page, 'pay-now');
  }
  await payNow.getByRole('button', { name: 'Pagar ahora' }).click();
  await expect(page.getByRole('button', { name: 'Autorizar' })).toBeVisible({ timeout: ceiling(10_000) });
}

/** «Autorizar» on the stand-in's page, back on `/pago/{id}`: «Pagado»; then the receipt, whose QR decodes. */
async function authorizeAndSeeReceipt(page: Page, amount: string, screenshots = false): Promise<void> {
  if (screenshots) await shot(page, 'provider-page');
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page).toHaveURL(/\/pago\/[0-9a-f-]{36}$/);
  const result = page.getByTestId('pay-result');
  await expect(result.getByRole('heading', { name: 'Pagado' })).toBeVisible(LIVE);
  await expect(result).toContainText(`Has pagado ${amount}.`);
  if (screenshots) {
    await expectNoAxeViolations(page, '/pago: Pagado');
    await shot(page, 'paid');
  }
  await result.getByRole('link', { name: 'Ver mi recibo' }).click();
  await expect(page).toHaveURL(/\/recibo\/[A-Za-z0-9_-]{16,64}$/);
  const qr = page.getByTestId('receipt-qr');
  await qr.scrollIntoViewIfNeeded();
  await expect(qr).toBeVisible();
  const png = PNG.sync.read(await qr.screenshot());
  const url = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
  expect(url).toMatch(/^https:\/\/prewww2\.aeat\.es\/wlpl\/TIKE-CONT\/ValidarQR\?nif=/);
  expect(new URL(url).searchParams.get('importe')).toBe(amount.replace(/\s*€$/, '').replace(',', '.'));
}

test('three phones pay their dishes from the phone: Redsys card, Bizum, Stripe; the table becomes «Pagada» @desktop', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(ceiling(180_000));
  const label = testInfo.project.name === 'phone' ? '9' : '10';
  sandbox = await startPaymentSandbox({
    redsys: { [REDSYS.merchantCode]: REDSYS.secretKey },
    stripe: {
      [STRIPE.secretKey]: { webhookSecret: STRIPE.webhookSecret, webhookUrl: `${baseURL}/api/payments/stripe/webhook` },
    },
  });
  await useProvider(request, { provider: 'redsys', terminal: '1', environment: 'test', url: sandbox.url, ...REDSYS });
  await closeTable(request, label, false, VALENCIA);
  const link = await tableLink(request, label, VALENCIA);
  const [l, m, p] = (await Promise.all([1, 2, 3].map(() => newPhone(browser, testInfo)))).map((x) => x.page) as [
    Page,
    Page,
    Page,
  ];
  await joinAs(l, link, 'Lucía', label);
  await joinAs(m, link, 'Marta', label);
  await joinAs(p, link, 'Pau', label);
  // Lucía 8,50 €, Marta 6,50 €, Pau 7,00 €: 22,00 €.
  await addProduct(l, 'Croquetas de jamón ibérico');
  await addProduct(m, 'Pimientos de Padrón');
  await addProduct(p, 'Ensaladilla rusa');
  await sendRound(l);
  for (const page of [l, m, p]) await openBill(page);
  for (const page of [l, m, p])
    await expect(billOf(page).getByTestId('bill-balance-amount')).toHaveText('22,00 €', LIVE);

  // Lucía, by card through Redsys.
  await expect(billOf(l).getByRole('button', { name: 'Pedir que me cobren' })).toBeVisible();
  await payMine(l, 'Tarjeta', true);
  // The others see her croquetas held while she pays.
  await expect(
    billOf(m).getByTestId('bill-line').filter({ hasText: 'Croquetas' }).getByTestId('bill-line-status'),
  ).toHaveText('Lucía · Pagando…', LIVE);
  await authorizeAndSeeReceipt(l, '8,50 €', true);
  for (const page of [m, p]) {
    await expect(billOf(page).getByTestId('bill-paid-amount')).toHaveText('8,50 €', LIVE);
    await expect(billOf(page).getByTestId('bill-balance-amount')).toHaveText('13,50 €', LIVE);
  }
  // Back at the table, Lucía watches the rest.
  await l.goto(link);
  await openBill(l);
  await expect(billOf(l).getByTestId('bill-my-payment')).toContainText('Pagado');

  // Marta, with Bizum through Redsys.
  await payMine(m, 'Bizum');
  await expect(m.getByText('Bizum', { exact: true })).toBeVisible();
  await authorizeAndSeeReceipt(m, '6,50 €');
  for (const page of [l, p]) await expect(billOf(page).getByTestId('bill-balance-amount')).toHaveText('7,00 €', LIVE);

  // Pau, through Stripe (the manager switched the venue's provider).
  await useProvider(request, { provider: 'stripe', url: sandbox.url, ...STRIPE });
  await payMine(p);
  await authorizeAndSeeReceipt(p, '7,00 €');
  await expect(billOf(l).getByTestId('bill-paid')).toContainText('Pagada', LIVE);
  await expect(billOf(l).getByTestId('bill-balance-amount')).toHaveText('0,00 €');
});
