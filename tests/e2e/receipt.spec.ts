/**
 * The receipt page `/recibo/{id}` (docs/rules.md#the-bill), against the real site and API: a venue in Spain with its
 * legal data, a table that orders and pays through the API; the page shows the factura simplificada (legal data,
 * number, date and time in the venue's zone, lines, base and tax per rate, tip, total, method) and the AEAT
 * verification QR, decoded from a screenshot (jsQR) with the URL's nif, numserie, fecha and importe; it prints on an
 * 80 mm roll and on A4; it opens on the reference server, on a host that only serves 404.html, and the shipped host
 * configs send `/recibo/{id}` to it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Receipt, PaymentResult, TableBill } from '../../src/contract/bill.ts';
import type { JoinResult, TableSession } from '../../src/contract/table.ts';
import { TABLE_CREDENTIAL_HEADER } from '../../src/contract/table.ts';
import { formatMoney } from '../../src/contract/money-format.ts';
import { expect, test } from './fixtures.ts';
import { LOGGED_404, expectNoAxeViolations } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const SHOTS = 'test-results/screens';
const LEGAL = {
  name: 'Cabanyal Tapas S.L.',
  taxId: 'B98765432',
  address: 'Carrer de la Reina 1, 46011 València',
  country: 'ES',
};
const money = (minor: number) => formatMoney(minor, 'EUR', 'es-ES');

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@umenu.test', password: 'demo1234' } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** A venue in Spain (a copy of the taquería's menu and tables in euros), its table 1 orders and pays by card with a tip. */
async function paidReceipt(request: APIRequestContext, id: string): Promise<Receipt> {
  const auth = { Authorization: `Bearer ${await adminToken(request)}` };
  const base = (await (await request.get('/api/venues/taqueria-el-guero')).json()) as Record<string, unknown>;
  const created = await request.put(`/api/venues/${id}`, {
    data: {
      ...base,
      id,
      name: 'Tapas del Cabanyal',
      currency: 'EUR',
      locale: 'es-ES',
      timezone: 'Europe/Madrid',
      legal: LEGAL,
      taxRate: 1000,
    },
    headers: auth,
  });
  expect(created.ok(), await created.text()).toBe(true);
  // Its receipts join the issuer's VERI*FACTU chain once an admin confirmed its tax id (server/README.md#the-bill).
  const confirmed = await request.post(`/api/venues/${id}/verifactu/issuer`, {
    data: { taxId: LEGAL.taxId },
    headers: auth,
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const tables = (await (await request.get(`/api/venues/${id}/tables`, { headers: auth })).json()) as {
    tables: { label: string; url: string }[];
  };
  const token = new URL(tables.tables.find((t) => t.label === '1')!.url).searchParams.get('t');
  await request.post(`/api/venues/${id}/tables/1/close`, { headers: auth, data: { confirmUnpaid: true } });
  const joined = await request.post(`/api/venues/${id}/tables/1/join`, { data: { token, name: 'Lucía' } });
  expect(joined.status(), await joined.text()).toBe(201);
  const headers = { [TABLE_CREDENTIAL_HEADER]: ((await joined.json()) as JoinResult).credential };
  const added = await request.put(`/api/table-session/cart/lines/${randomUUID()}`, {
    headers,
    data: { productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 },
  });
  expect(added.status()).toBe(200);
  const session = (await (await request.get('/api/table-session', { headers })).json()) as TableSession;
  const round = await request.post('/api/table-session/rounds', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { expectedTotal: session.cart.subtotal },
  });
  expect(round.status(), await round.text()).toBe(201);
  // Staff charge the table's lines by hand: the receipt lists them.
  const bill = (await (await request.get(`/api/venues/${id}/tables/1/bill`, { headers: auth })).json()) as TableBill;
  const paid = await request.post(`/api/venues/${id}/tables/1/payments`, {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { amount: bill.total, tip: 1000, method: 'card', lineIds: bill.lines.map((l) => l.id) },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return ((await paid.json()) as PaymentResult).receipt;
}

/** The text of the receipt's QR code, read from a screenshot of it. */
async function decodeQr(page: Page): Promise<string | undefined> {
  const image = page.getByTestId('receipt-qr');
  await image.scrollIntoViewIfNeeded();
  const png = PNG.sync.read(await image.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const { width, height } = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png`, fullPage });
}

test.describe('the receipt page', () => {
  test(
    'shows the factura simplificada with the AEAT QR, prints on 80 mm and A4',
    { tag: '@desktop' },
    async ({ page, request }, testInfo) => {
      test.setTimeout(ceiling(90_000));
      const receipt = await paidReceipt(request, `recibos-e2e-${testInfo.project.name}`);
      expect(receipt.verifactu).toBeDefined();
      await page.goto(`/recibo/${receipt.id}`);
      const view = page.getByTestId('receipt');
      await expect(view.getByRole('heading', { level: 1, name: 'Factura simplificada' })).toBeVisible({
        timeout: ceiling(15_000),
      });
      await expect(page).toHaveTitle(`Recibo ${receipt.number} - umenu-ui`);
      await expect(view.getByTestId('receipt-venue')).toHaveText(LEGAL.name);
      await expect(view.getByTestId('receipt-tax-id')).toHaveText(`NIF ${LEGAL.taxId}`);
      await expect(view.getByTestId('receipt-address')).toHaveText(LEGAL.address);
      await expect(view.getByTestId('receipt-number')).toHaveText(receipt.number);
      expect(receipt.number).toMatch(/^FS\d+-\d{4}-\d+$/);
      // The time as the venue's clock (Europe/Madrid) read it.
      const local = new Intl.DateTimeFormat('es-ES', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Europe/Madrid',
      }).format(new Date(receipt.issuedAt));
      await expect(view.getByTestId('receipt-date')).toHaveText(local);
      expect(local).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
      await expect(view.getByTestId('receipt-lines')).toContainText('Tacos al pastor');
      await expect(view.getByTestId('receipt-lines')).toContainText(money(13800));
      const [tax] = receipt.taxes;
      expect(receipt.taxes).toEqual([{ rate: 1000, base: 12545, tax: 1255 }]);
      await expect(view.getByTestId('receipt-tax')).toHaveText(['10 %' + money(tax!.base) + money(tax!.tax)]);
      await expect(view.getByTestId('receipt-tip')).toHaveText(money(1000));
      await expect(view.getByTestId('receipt-total')).toHaveText(money(14800));
      await expect(view.getByTestId('receipt-method')).toHaveText('Tarjeta');
      const verifactu = view.getByTestId('receipt-verifactu');
      await expect(verifactu).toContainText('Factura verificable en la sede electrónica de la AEAT');
      await expect(verifactu).toContainText('VERI*FACTU');

      // The QR carries the AEAT's verification URL: nif, numserie, fecha (dd-mm-yyyy) and importe (the amount, no tip).
      const decoded = await decodeQr(page);
      expect(decoded).toBe(receipt.verifactu!.qr);
      const url = new URL(decoded!);
      expect(`${url.origin}${url.pathname}`).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
      const day = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Madrid',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      })
        .format(new Date(receipt.issuedAt))
        .replaceAll('/', '-');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        nif: LEGAL.taxId,
        numserie: receipt.number,
        fecha: day,
        importe: '138.00',
      });

      await expectNoAxeViolations(page, 'receipt');
      await shot(page, 'receipt', true);

      // Printed: only the receipt, on an 80 mm roll (302 px) and on A4.
      await page.emulateMedia({ media: 'print' });
      await page.setViewportSize({ width: 302, height: 1100 });
      await expect(page.locator('body > header')).toBeHidden();
      await expect(page.locator('body > footer')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
      await expect(verifactu).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(302);
      const roll = (await view.boundingBox())!;
      expect(roll.width).toBeGreaterThan(250);
      await shot(page, 'receipt-print-80mm');
      await page.setViewportSize({ width: 794, height: 1123 });
      const a4 = (await view.boundingBox())!;
      expect(a4.width).toBeLessThanOrEqual(303);
      // A ticket-wide column in the middle of the page.
      expect(Math.abs(a4.x + a4.width / 2 - 397)).toBeLessThan(20);
      await shot(page, 'receipt-print-a4');
      await page.emulateMedia({ media: 'screen' });
    },
  );

  test('opens through a host that only serves 404.html, keeping its address; an unknown id says so', async ({
    page,
    request,
    allowConsoleError,
    umenu,
  }, testInfo) => {
    // Why: the host answers the receipt's address with 404, and the unknown receipt is a 404 of the API; Chromium logs both.
    allowConsoleError(LOGGED_404);
    const receipt = await paidReceipt(request, `recibos-404-e2e-${testInfo.project.name}`);
    const path = `/recibo/${receipt.id}`;
    const notFound = readFileSync(join(umenu.site, '404.html'), 'utf8');
    await page.context().route(
      (u) => u.pathname === path,
      (route) => route.fulfill({ status: 404, contentType: 'text/html; charset=utf-8', body: notFound }),
    );
    await page.goto(path);
    await expect(page.getByTestId('receipt-number')).toHaveText(receipt.number, { timeout: ceiling(15_000) });
    await expect(page).toHaveURL(new RegExp(`${path}$`));

    await page.goto('/recibo/AAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByRole('heading', { name: 'Recibo no encontrado' })).toBeVisible();
    await expectNoAxeViolations(page, 'receipt not found');
  });

  test('the shipped host configs send /recibo/{id} and /{lang}/recibo/{id} to the receipt page', ({ umenu }) => {
    const redirects = readFileSync(join(umenu.site, '_redirects'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    const receiptRule = redirects.findIndex((l) => /^\/recibo\/\*\s+\/recibo\.html\s+200$/.test(l));
    expect(receiptRule).toBeGreaterThanOrEqual(0);
    // Before the two-segment 404 rule, which would win otherwise.
    expect(receiptRule).toBeLessThan(redirects.findIndex((l) => l.startsWith('/*/*')));
    const english = redirects.findIndex((l) => /^\/en\/recibo\/\*\s+\/en\/recibo\.html\s+200$/.test(l));
    expect(english).toBeGreaterThanOrEqual(0);
    expect(english).toBeLessThan(redirects.findIndex((l) => l.startsWith('/*/*')));
    const vercel = JSON.parse(readFileSync(join(umenu.site, 'vercel.json'), 'utf8')) as {
      rewrites: { source: string; destination: string }[];
    };
    const rule = vercel.rewrites.find((r) => r.destination === '/recibo.html');
    expect(rule?.source).toMatch(/^\/recibo\/:id/);
    const other = vercel.rewrites.find((r) => r.destination === '/:lang/recibo.html');
    expect(other?.source).toMatch(/^\/:lang\(en\|fr\|de\|it\|pt\|ca\)\/recibo\/:id/);
  });
});
