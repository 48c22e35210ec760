/**
 * «Datos fiscales» in the menu editor and the Spanish demo venue's receipt (docs/rules.md#the-bill), against the real
 * site and API: an admin types a venue's business name, NIF (a wrong check digit is said), address, country and the
 * IVA of the venue, of a category and of a dish, publishes them, sees the NIF unconfirmed and confirms it; a shared
 * paella paid at Bar El Cabanyal (Valencia) gives a receipt with the NIF, the address, 10 % IVA, the dish and its
 * share written once, and the VERI*FACTU QR (decoded from a screenshot).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { PaymentRequest, PaymentResult, TableBill } from '../../src/contract/bill.ts';
import type { JoinResult, TableSession } from '../../src/contract/table.ts';
import { TABLE_CREDENTIAL_HEADER } from '../../src/contract/table.ts';
import type { Venue } from '../../src/contract/venue.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay } from './helpers.ts';
import { ADMIN, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const SHOTS = 'test-results/screens';

async function adminAuth(request: APIRequestContext): Promise<{ Authorization: string }> {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const { width, height } = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png`, fullPage });
}

test.describe('fiscal data', () => {
  test('an admin types the legal data and the IVA in the editor, publishes and confirms the NIF', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(ceiling(120_000));
    const id = `fiscal-e2e-${testInfo.project.name}`;
    const auth = await adminAuth(request);
    // A venue in Spain without legal data yet (a copy of the taquería's menu in euros).
    const {
      legal: _legal,
      taxRate: _rate,
      ...base
    } = (await (await request.get('/api/venues/taqueria-el-guero')).json()) as Venue;
    const created = await request.put(`/api/venues/${id}`, {
      data: { ...base, id, name: 'Casa Fiscal', currency: 'EUR', locale: 'es-ES', timezone: 'Europe/Madrid' },
      headers: auth,
    });
    expect(created.ok(), await created.text()).toBe(true);

    await signInStored(page, ADMIN);
    await page.goto(`/panel/menu?venue=${id}`);
    const section = page.getByRole('region', { name: 'Datos fiscales' });
    await expect(section).toBeVisible({ timeout: ceiling(15_000) });
    await section.getByLabel('Razón social').fill('Casa Fiscal S.L.');
    await section.getByLabel('NIF', { exact: true }).fill('B46123460');
    await section.getByLabel('Domicilio fiscal').fill('Carrer de Colón 1, 46004 València');
    await section.getByLabel('País').selectOption('ES');
    await expect(section.getByTestId('tax-id-warning')).toHaveText(
      'Este NIF no pasa la comprobación de su letra o dígito de control: revísalo.',
    );
    await section.getByLabel('NIF', { exact: true }).fill('B46123469');
    await expect(section.getByTestId('tax-id-warning')).toBeHidden();
    await section.getByLabel('IVA del local (%)').fill('10');
    // The category that holds the dish (a set menu's course offers it too, as a choice, in another category).
    const drinks = page
      .getByTestId('category-editor')
      .filter({ has: page.locator('details > summary', { hasText: 'Agua de horchata' }) });
    await drinks.getByLabel('IVA de la categoría (%)').fill('21');
    // The dish's own panel (set menus list it too, among their choices).
    const flan = page.locator('details:has(> summary:has-text("Flan napolitano"))');
    await flan.locator('summary').click();
    await flan.getByLabel('IVA del plato (%)').fill('4');
    await page.getByRole('button', { name: 'Publicar cambios' }).click();
    await expect(page.getByText('Menú publicado. Los clientes ya lo ven.')).toBeVisible({ timeout: ceiling(15_000) });

    const saved = (await (
      await request.get(`/api/venues/${id}`, { headers: { 'cache-control': 'no-cache' } })
    ).json()) as Venue;
    expect(saved.legal).toEqual({
      name: 'Casa Fiscal S.L.',
      taxId: 'B46123469',
      address: 'Carrer de Colón 1, 46004 València',
      country: 'ES',
    });
    expect(saved.taxRate).toBe(1000);
    expect(saved.categories.find((c) => c.name === 'Bebidas')!.taxRate).toBe(2100);
    expect(saved.categories.flatMap((c) => c.products).find((p) => p.name === 'Flan napolitano')!.taxRate).toBe(400);

    // Unconfirmed until an admin confirms it here.
    const status = section.getByTestId('tax-id-status');
    await expect(status).toContainText('NIF sin confirmar');
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'fiscal data unconfirmed');
    await shot(page, 'manage-fiscal-unconfirmed');
    await status.getByRole('button', { name: 'Confirmar NIF' }).click();
    await expect(status).toContainText(/NIF confirmado \(serie FS\d+\)/);
    await expect(status.getByRole('button', { name: 'Confirmar NIF' })).toBeHidden();
    const issuer = (await (await request.get(`/api/venues/${id}/verifactu/issuer`, { headers: auth })).json()) as {
      confirmed: boolean;
    };
    expect(issuer.confirmed).toBe(true);
    await expectNoAxeViolations(page, 'fiscal data confirmed');
    await shot(page, 'manage-fiscal-confirmed');
  });

  test(
    'a Valencia receipt: NIF, address, 10 % IVA, a shared paella written once and the VERI*FACTU QR',
    { tag: '@desktop' },
    async ({ page, request }) => {
      test.setTimeout(ceiling(90_000));
      const V = 'bar-el-cabanyal';
      // The bar keeps real hours: open round the clock while this test orders there (helpers.ts).
      const putHoursBack = await openAllDay(request, V);
      const table = test.info().project.name === 'phone' ? '7' : '8';
      const auth = await adminAuth(request);
      const tables = (await (await request.get(`/api/venues/${V}/tables`, { headers: auth })).json()) as {
        tables: { label: string; url: string }[];
      };
      const token = new URL(tables.tables.find((t) => t.label === table)!.url).searchParams.get('t');
      await request.post(`/api/venues/${V}/tables/${table}/close`, { headers: auth, data: { confirmUnpaid: true } });
      const joined = await request.post(`/api/venues/${V}/tables/${table}/join`, { data: { token, name: 'Lucía' } });
      expect(joined.status(), await joined.text()).toBe(201);
      const headers = { [TABLE_CREDENTIAL_HEADER]: ((await joined.json()) as JoinResult).credential };
      const added = await request.put(`/api/table-session/cart/lines/${randomUUID()}`, {
        headers,
        data: { productId: 'paella-valenciana', optionIds: ['personas-para-2'], quantity: 1 },
      });
      expect(added.status(), await added.text()).toBe(200);
      const session = (await (await request.get('/api/table-session', { headers })).json()) as TableSession;
      const round = await request.post('/api/table-session/rounds', {
        headers: { ...headers, 'Idempotency-Key': randomUUID() },
        data: { expectedTotal: session.cart.subtotal },
      });
      expect(round.status(), await round.text()).toBe(201);
      const bill = (await (await request.get('/api/table-session/bill', { headers })).json()) as TableBill;
      const paella = bill.lines.find((l) => l.name === 'Paella valenciana')!;
      const asked = await request.post('/api/table-session/payment-requests', {
        headers,
        data: { shares: [{ lineId: paella.id, of: 2 }], tip: 0, method: 'card' },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      const ask = (await asked.json()) as PaymentRequest;
      const paid = await request.post(`/api/venues/${V}/tables/${table}/payments`, {
        headers: { ...auth, 'Idempotency-Key': randomUUID() },
        data: { amount: ask.amount, tip: 0, method: 'card', requestId: ask.id },
      });
      expect(paid.status(), await paid.text()).toBe(201);
      const receipt = ((await paid.json()) as PaymentResult).receipt;

      await page.goto(`/recibo/${receipt.id}`);
      const view = page.getByTestId('receipt');
      await expect(view.getByTestId('receipt-tax-id')).toHaveText('NIF B46123451', { timeout: ceiling(15_000) });
      await expect(view.getByTestId('receipt-venue')).toHaveText('Cabanyal Tapes i Arrossos S.L.');
      await expect(view.getByTestId('receipt-address')).toHaveText('Carrer de la Reina 86, 46011 València');
      await expect(view.getByTestId('receipt-lines')).toContainText('Paella valenciana (1/2)');
      await expect(view.getByTestId('receipt-lines')).not.toContainText('(1/2) (1/2)');
      await expect(view.getByTestId('receipt-tax')).toHaveText(['10 %12,73 €1,27 €']);
      await expect(view.getByTestId('receipt-verifactu')).toContainText('VERI*FACTU');
      const image = page.getByTestId('receipt-qr');
      await image.scrollIntoViewIfNeeded();
      const png = PNG.sync.read(await image.screenshot());
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
      expect(decoded).toBe(receipt.verifactu!.qr);
      expect(new URL(decoded!).searchParams.get('nif')).toBe('B46123451');
      await expectNoAxeViolations(page, 'valencia receipt');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'receipt-valencia');
      await image.scrollIntoViewIfNeeded();
      await shot(page, 'receipt-valencia-qr');
      await putHoursBack();
    },
  );
});
