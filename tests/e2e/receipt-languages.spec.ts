/**
 * The receipt and «Mis pedidos» of a diner without an account (docs/rules.md#the-bill, docs/architecture.md#languages):
 * an English diner at a table in Valencia pays and opens the receipt in English — the dish's English name, money
 * written as the `/en/` page writes it, the legal words Spanish law asks for in Spanish with the English beside them;
 * a signed-out diner finds the round they ordered and their kept receipt on «Mis pedidos», also after a reload with
 * the service worker in control.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay, screenshot } from './helpers.ts';
import { addInEnglish, addProduct, apiLogin, islandsReady, STAFF } from './order-helpers.ts';
import { bar, closeTable, dismissToasts, joinAs, sendRound, tableDrawer, tableLink } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VALENCIA = 'bar-el-cabanyal';

// Bar El Cabanyal keeps real hours: open it round the clock for each test that orders there (helpers.ts).
let putHoursBack: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  putHoursBack = await openAllDay(request, VALENCIA);
});
test.afterEach(async () => {
  await putHoursBack?.();
});

/** Staff take the diner's pending payment request; the receipt's id. */
async function staffTakePayment(request: APIRequestContext, label: string): Promise<string> {
  const headers = { Authorization: `Bearer ${(await apiLogin(request, STAFF)).token}` };
  const table = `/api/venues/${VALENCIA}/tables/${encodeURIComponent(label)}`;
  let requests: Array<{ id: string; amount: number; tip: number; method: string }> = [];
  await expect
    .poll(async () => {
      ({ requests } = (await (await request.get(`${table}/bill`, { headers })).json()) as {
        requests: typeof requests;
      });
      return requests.length;
    })
    .toBe(1);
  const mine = requests[0]!;
  const paid = await request.post(`${table}/payments`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-receipt-lang-${mine.id}` },
    data: { amount: mine.amount, tip: mine.tip, method: mine.method, requestId: mine.id },
  });
  expect(paid.status()).toBe(201);
  return ((await paid.json()) as { payment: { receiptId: string } }).payment.receiptId;
}

const billOf = (page: Page) => page.getByTestId('bill-dialog');

test('an English diner pays at the table and reads the receipt in English', async ({ page, request }) => {
  test.setTimeout(ceiling(120_000));
  const label = '5';
  await closeTable(request, label, false, VALENCIA);
  await page.goto(`/en${await tableLink(request, label, VALENCIA)}`);
  await islandsReady(page);
  await page.getByLabel("What's your name?").fill('Emma');
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect(bar(page).getByRole('heading', { name: `Table ${label}` })).toBeVisible();
  await addInEnglish(page, 'Ibérico ham croquettes');
  await bar(page)
    .getByRole('button', { name: /^View table cart/ })
    .click();
  await tableDrawer(page).getByRole('button', { name: 'Send to kitchen' }).click();
  await expect(tableDrawer(page).getByText("The table's cart is empty")).toBeVisible();
  await tableDrawer(page).getByRole('button', { name: 'Close cart' }).click();

  await bar(page).getByRole('button', { name: 'Table bill' }).click();
  await billOf(page).getByRole('button', { name: 'Tick what I ordered' }).click();
  await billOf(page).getByRole('button', { name: 'Pay my share' }).click();
  await expect(billOf(page).getByText('Waiting for staff…')).toBeVisible();
  const receiptId = await staffTakePayment(request, label);

  // The bill's link leads to the receipt in the page's language.
  const link = billOf(page).getByRole('link', { name: 'View my receipt' });
  await expect(link).toHaveAttribute('href', `/en/recibo/${receiptId}`, { timeout: ceiling(10_000) });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/en/recibo/${receiptId}$`));
  const receipt = page.getByTestId('receipt');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The legal title in Spanish (for an inspector), its English beside it (for the diner).
  const title = receipt.getByRole('heading', { level: 1 });
  await expect(title).toContainText('Factura simplificada');
  await expect(title).toContainText('Simplified invoice');
  await expect(title.locator('[lang="es"]')).toHaveText('Factura simplificada');
  await expect(receipt.getByTestId('receipt-line')).toHaveText(['1Ibérico ham croquettes€8.50']);
  await expect(receipt.getByTestId('receipt-total')).toHaveText('€8.50');
  await expect(receipt).toContainText('IVA');
  await expect(receipt).toContainText('VAT');
  await expect(receipt.getByTestId('receipt-method')).toHaveText('Card');
  await expect(receipt).toContainText('Factura verificable en la sede electrónica de la AEAT');
  await expect(receipt).not.toContainText('Croquetas');
  await expect(receipt).not.toContainText('8,50');
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page).toHaveTitle(/^Receipt /);
  await expectNoAxeViolations(page, 'the receipt in English');
  await screenshot(page, 'receipt-en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'receipt-en');
  await closeTable(request, label, false, VALENCIA);
});

test(
  'a signed-out diner finds their round and kept receipt on «Mis pedidos», also after a reload',
  {
    tag: '@sw',
  },
  async ({ page, request }) => {
    test.setTimeout(ceiling(120_000));
    const label = '6';
    await closeTable(request, label, false, VALENCIA);
    await joinAs(page, await tableLink(request, label, VALENCIA), 'Lucía', label);
    await addProduct(page, 'Agua mineral', ['Natural']);
    await sendRound(page);
    await dismissToasts(page);
    await bar(page).getByRole('button', { name: 'Cuenta de la mesa' }).click();
    await billOf(page).getByRole('button', { name: 'Marcar lo que pedí' }).click();
    await billOf(page).getByRole('button', { name: 'Pagar mi parte' }).click();
    await expect(billOf(page).getByTestId('bill-my-request')).toContainText('Esperando al personal…');
    const receiptId = await staffTakePayment(request, label);
    await expect(billOf(page).getByTestId('bill-my-payment')).toContainText('Pagado');
    await closeTable(request, label, true, VALENCIA);
    await expect(page.getByTestId('table-closed')).toBeVisible({ timeout: ceiling(10_000) });

    // «Mis pedidos», reached from «Mesa cerrada», without an account.
    const myOrders = page.getByTestId('table-closed').getByRole('link', { name: 'Ver mis pedidos' });
    await expect(myOrders).toBeVisible();
    await myOrders.click();
    await expect(page).toHaveURL(/\/pedidos$/);
    const expectPhoneOrders = async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Mis pedidos' })).toBeVisible();
      await expect(page.getByTestId('orders-sign-in')).toContainText(
        'Inicia sesión para ver tus pedidos en todos tus dispositivos',
      );
      const order = page.getByTestId('device-order');
      await expect(order).toHaveCount(1);
      await expect(order).toContainText('Bar El Cabanyal');
      await expect(order).toContainText(`Mesa ${label}`);
      await expect(order).toContainText('1 × Agua mineral');
      const kept = page.getByTestId('saved-receipts').getByRole('link', { name: /^Recibo de Bar El Cabanyal/ });
      await expect(kept).toHaveAttribute('href', `/recibo/${receiptId}`);
    };
    await expectPhoneOrders();

    // Again after a reload, the service worker in control.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expectPhoneOrders();
    await expectNoAxeViolations(page, '«Mis pedidos» without an account');
    await screenshot(page, 'orders-signed-out');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'orders-signed-out');
  },
);
