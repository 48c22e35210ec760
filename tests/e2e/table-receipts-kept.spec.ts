/**
 * The receipt outlives the table (docs/rules.md#the-bill): a diner's receipts are kept on the phone, so after the
 * table closes «Mesa cerrada» still links them, «Mis pedidos» lists them, and the receipt's link can be shared
 * (the Web Share API where the browser has it, else the link is copied).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay, screenshot } from './helpers.ts';
import { addProduct, apiLogin, signInByStorage, STAFF } from './order-helpers.ts';
import { bar, dismissToasts, joinAs, sendRound, tableLink } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

/** A venue and tables no other spec uses (one per project: both run against one server). */
const VENUE = 'bar-el-cabanyal';

// Bar El Cabanyal keeps real hours: open it round the clock for each test that orders there (helpers.ts).
let putHoursBack: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  putHoursBack = await openAllDay(request, VENUE);
});
test.afterEach(async () => {
  await putHoursBack?.();
});
const labelFor = (project: string) => (project === 'phone' ? '9' : '10');
const DINER = { email: 'ana@umenu.test', password: 'demo1234' };

const billOf = (page: Page) => page.getByRole('dialog', { name: 'Cuenta de la mesa' });

test('@desktop after the table closes the diner still reaches their receipt from the phone, and shares its link', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(ceiling(120_000));
  const label = labelFor(testInfo.project.name);
  const headers = { Authorization: `Bearer ${(await apiLogin(request, STAFF)).token}` };
  const table = `/api/venues/${VENUE}/tables/${encodeURIComponent(label)}`;
  expect([200, 404]).toContain(
    (await request.post(`${table}/close`, { headers, data: { confirmUnpaid: true } })).status(),
  );

  await joinAs(page, await tableLink(request, label, VENUE), 'Lucía', label);
  await addProduct(page, 'Agua mineral', ['Natural']);
  await sendRound(page);
  await dismissToasts(page);
  await bar(page).getByRole('button', { name: 'Cuenta de la mesa' }).click();
  await billOf(page).getByRole('button', { name: 'Marcar lo que pedí' }).click();
  await billOf(page).getByRole('button', { name: 'Pagar mi parte' }).click();
  await expect(billOf(page).getByTestId('bill-my-request')).toContainText('Esperando al personal…');

  // Staff take the payment; then they close the paid table.
  const { requests } = (await (await request.get(`${table}/bill`, { headers })).json()) as {
    requests: Array<{ id: string; amount: number; tip: number; method: string }>;
  };
  const mine = requests[0]!;
  const paid = await request.post(`${table}/payments`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-kept-${mine.id}` },
    data: { amount: mine.amount, tip: mine.tip, method: mine.method, requestId: mine.id },
  });
  expect(paid.status()).toBe(201);
  const { payment } = (await paid.json()) as { payment: { receiptId: string } };
  await expect(billOf(page).getByTestId('bill-my-payment')).toContainText('Pagado');
  expect((await request.post(`${table}/close`, { headers, data: {} })).status()).toBe(200);

  // «Mesa cerrada», and the receipt is still one tap away.
  const closed = page.getByTestId('table-closed');
  await expect(closed).toBeVisible({ timeout: ceiling(10_000) });
  const kept = closed.getByTestId('saved-receipts');
  await expect(kept.getByRole('heading', { name: 'Mis recibos' })).toBeVisible();
  const link = kept.getByRole('link', { name: /^Recibo de Bar El Cabanyal/ });
  await expect(link).toHaveAttribute('href', `/recibo/${payment.receiptId}`);
  await expect(link).toContainText(`Mesa ${label}`);
  await expectNoAxeViolations(page, "a closed table with the diner's receipts");
  await screenshot(page, 'table-closed-receipts');

  // The receipt page, and its link shared (copied where the browser has no Web Share).
  await link.click();
  await expect(page.getByTestId('receipt')).toBeVisible();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const canShare = await page.evaluate(() => typeof navigator.share === 'function');
  if (!canShare) {
    await page.getByRole('button', { name: 'Compartir' }).click();
    await expect(page.getByText('Enlace copiado.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(`/recibo/${payment.receiptId}`, page.url()).href,
    );
  }

  // «Mis pedidos» lists it too (there the diner is signed in).
  await signInByStorage(page, await apiLogin(request, DINER));
  await page.goto('/pedidos');
  const list = page.getByTestId('saved-receipts');
  await expect(list.getByRole('link', { name: /^Recibo de Bar El Cabanyal/ })).toHaveAttribute(
    'href',
    `/recibo/${payment.receiptId}`,
  );
  // Opened once here, it carries the receipt's number.
  await expect(list.getByRole('link', { name: /^Recibo de Bar El Cabanyal/ })).toContainText(
    /Recibo de Bar El Cabanyal \S+-?\d+/,
  );
  await expectNoAxeViolations(page, 'Mis pedidos with the receipts kept on the phone');
  await screenshot(page, 'orders-saved-receipts');
});
