/**
 * A refund from `/panel/caja` (docs/rules.md#refunds), against the real site and API: a table at Bar El Cabanyal pays
 * 27,50 € + 2,50 € of tip in cash; the manager refunds 10,00 € of it («Devolver»: the full amount prefilled, a reason,
 * a confirmation), sees the refund in the day, and opens the rectifying receipt — «Factura rectificativa», what it
 * rectifies and why, −10,00 € and its VERI*FACTU QR —, whose original now lists it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PaymentResult } from '../../src/contract/bill.ts';
import { formatMoney } from '../../src/contract/money-format.ts';
import { formatMoneyText } from '../../src/contract/money-text.ts';
import { TABLE_CREDENTIAL_HEADER, type JoinResult, type TableSession } from '../../src/contract/table.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay } from './helpers.ts';
import { signInStored } from './auth-helpers.ts';
import { apiLogin, STAFF } from './order-helpers.ts';
import { MANAGER } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'bar-el-cabanyal';
/** A table no other spec uses at the bar. */
const LABEL = 'Barra';
const SHOTS = 'test-results/screens';
const money = (minor: number) => formatMoney(minor, 'EUR', 'es-ES');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const { width, height } = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png` });
}

/** The table orders the cheese and a jug of Agua de Valencia (27,50 €) and staff take it in cash with 2,50 € of tip. */
async function paidInCash(request: APIRequestContext): Promise<PaymentResult> {
  const auth = { Authorization: `Bearer ${(await apiLogin(request, STAFF)).token}` };
  const table = `/api/venues/${VENUE}/tables/${encodeURIComponent(LABEL)}`;
  expect([200, 404]).toContain(
    (await request.post(`${table}/close`, { headers: auth, data: { confirmUnpaid: true } })).status(),
  );
  const tables = (await (await request.get(`/api/venues/${VENUE}/tables`, { headers: auth })).json()) as {
    tables: { label: string; url: string }[];
  };
  const token = new URL(tables.tables.find((t) => t.label === LABEL)!.url).searchParams.get('t');
  const joined = await request.post(`${table}/join`, { data: { token, name: 'Lucía' } });
  expect(joined.status(), await joined.text()).toBe(201);
  const headers = { [TABLE_CREDENTIAL_HEADER]: ((await joined.json()) as JoinResult).credential };
  for (const productId of ['queso-manchego-curado', 'agua-de-valencia']) {
    const added = await request.put(`/api/table-session/cart/lines/${randomUUID()}`, {
      headers,
      data: { productId, optionIds: [], quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  const session = (await (await request.get('/api/table-session', { headers })).json()) as TableSession;
  const round = await request.post('/api/table-session/rounds', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { expectedTotal: session.cart.subtotal },
  });
  expect(round.status(), await round.text()).toBe(201);
  const paid = await request.post(`${table}/payments`, {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { amount: 2750, tip: 250, method: 'cash' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return (await paid.json()) as PaymentResult;
}

let putHoursBack: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  putHoursBack = await openAllDay(request, VENUE);
});
test.afterEach(async () => {
  await putHoursBack?.();
});

test('a manager refunds part of a cash payment from the cash desk and opens the rectifying receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(ceiling(90_000));
  const { receipt: original } = await paidInCash(request);
  await signInStored(page, MANAGER);
  await page.goto(`/panel/caja?venue=${VENUE}`);
  const row = page.getByTestId('cash-receipt').filter({ hasText: original.number });
  await row.getByRole('button', { name: `Devolver ${original.number}` }).click({ timeout: ceiling(15_000) });

  const dialog = page.getByRole('dialog', { name: `Devolver un cobro · ${original.number}` });
  const amount = dialog.getByLabel('Importe a devolver');
  await expect(amount).toHaveValue(formatMoneyText(3000, 'EUR', 'es-ES'));
  // The reason is required: it goes on the rectifying receipt.
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByText('Escribe el motivo: aparece en la factura rectificativa.')).toBeVisible();
  await amount.fill('10,00');
  await dialog.getByLabel(/^Motivo/).fill('Plato frío');
  await expect(dialog.getByText('Escribe el motivo: aparece en la factura rectificativa.')).toBeHidden();
  await shot(page, 'refund-dialog');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByTestId('refund-confirm')).toHaveText(
    `¿Devolver ${money(1000)} de ${original.number} por «Plato frío»? Entrega el dinero en efectivo; queda registrado con su factura rectificativa.`,
  );
  await expectNoAxeViolations(page, 'the refund dialog');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'refund-dialog');
  await dialog.getByRole('button', { name: `Sí, devolver ${money(1000)}` }).click();

  const done = dialog.getByTestId('refund-done');
  await expect(done).toContainText(`Devueltos ${money(1000)}. Factura rectificativa R1-`);
  const number = (await done.getByRole('link').textContent())!;
  // The day lists the refund, and the rectifying receipt among its receipts, negative.
  await expect(page.getByTestId('cash-refund').filter({ hasText: number })).toContainText(
    `rectifica ${original.number} · Efectivo · «Plato frío»`,
  );
  await expect(page.getByTestId('cash-receipt').filter({ hasText: number })).toContainText(money(-1000));

  await done.getByRole('link', { name: number }).click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { level: 1 })).toHaveText('Factura rectificativa');
  await expect(receipt.getByTestId('receipt-number')).toHaveText(number);
  await expect(receipt.getByTestId('receipt-rectifies')).toContainText(original.number);
  await expect(receipt.getByTestId('receipt-reason')).toHaveText('Plato frío');
  await expect(receipt.getByTestId('receipt-total')).toHaveText(money(-1000));
  await expect(receipt.getByTestId('receipt-qr')).toBeVisible();
  await expectNoAxeViolations(page, 'the rectifying receipt');
  await shot(page, 'rectifying-receipt');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'rectifying-receipt');

  // The original receipt names its rectification.
  await receipt.getByTestId('receipt-rectifies').getByRole('link').click();
  await expect(page.getByTestId('receipt-number')).toHaveText(original.number);
  await expect(page.getByTestId('receipt-rectifications').getByRole('link')).toContainText(number);
});
