/**
 * Managers' small frictions (docs/rules.md#venue-self-service), against the real site and API: tables added as a
 * range («1–30») on /panel/mesas; the editor's time fields fit at 390 px when the browser shows 12-hour times
 * (locale en-US); currency, locale and time zone are chosen from lists.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { Venue } from '../../src/contract/venue.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './helpers.ts';
import { ADMIN, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

async function newVenue(request: APIRequestContext, id: string): Promise<{ Authorization: string }> {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const base = (await (await request.get('/api/venues/taqueria-el-guero')).json()) as Venue;
  const created = await request.put(`/api/venues/${id}`, {
    data: { ...base, id, name: `Local ${id}`, tables: ['1', '2'] },
    headers: auth,
  });
  expect(created.ok(), await created.text()).toBe(true);
  return auth;
}

test('tables are added as a range: «1–30» adds the 28 missing, in order', async ({ page, request }, testInfo) => {
  test.setTimeout(ceiling(90_000));
  const id = `mesas-rango-${testInfo.project.name}`;
  const auth = await newVenue(request, id);
  await signInStored(page, ADMIN);
  await page.goto(`/panel/mesas?venue=${id}`);
  const input = page.getByLabel('Nueva mesa');
  await expect(input).toBeVisible({ timeout: ceiling(15_000) });
  await input.fill('30–1');
  await page.getByRole('button', { name: 'Añadir mesas' }).click();
  await expect(page.getByText('El intervalo va de menor a mayor: 1–30.')).toBeVisible();
  await input.fill('1–30');
  await page.getByRole('button', { name: 'Añadir mesas' }).click();
  await expect(page.getByRole('status').filter({ hasText: '28 mesas añadidas (3–30). 2 ya existían.' })).toBeVisible({
    timeout: ceiling(15_000),
  });
  await expect(page.locator('.qr-card')).toHaveCount(30);
  const venue = (await (
    await request.get(`/api/venues/${id}`, { headers: { ...auth, 'cache-control': 'no-cache' } })
  ).json()) as Venue;
  expect(venue.tables).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
  await expectNoAxeViolations(page, 'tables added as a range');
});

test.describe('with 12-hour times', () => {
  test.use({ locale: 'en-US' });
  test("the editor's time fields fit at 390 px; currency, locale and time zone come from lists", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'a 390-px phone');
    test.setTimeout(ceiling(90_000));
    const id = `horas-12h-${testInfo.project.name}`;
    await newVenue(request, id);
    await signInStored(page, ADMIN);
    await page.goto(`/panel/menu?venue=${id}`);
    await expect(page.getByRole('region', { name: 'Datos del local' })).toBeVisible({ timeout: ceiling(15_000) });
    expect(
      await page.evaluate(
        () => new Intl.DateTimeFormat(navigator.language, { hour: 'numeric' }).resolvedOptions().hour12,
      ),
    ).toBe(true);
    // Every time field shows its whole value inside its box, and inside the screen.
    // What a field shows («12:00 AM», «--:-- --» when empty) in its own font, plus its padding and the clock icon
    // (about 1.5 rem), must fit in its box: the AM/PM must not run under the icon.
    const times = await page.locator('input[type="time"]').evaluateAll((inputs) =>
      inputs.map((el) => {
        const input = el as HTMLInputElement;
        const style = getComputedStyle(input);
        const [h, m] = (input.value || '00:00').split(':').map(Number);
        const shown = input.value
          ? new Intl.DateTimeFormat(navigator.language, { hour: '2-digit', minute: '2-digit' }).format(
              new Date(2026, 0, 1, h, m),
            )
          : '--:-- --';
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.position = 'absolute';
        probe.textContent = shown;
        document.body.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        const needed =
          text +
          parseFloat(style.paddingLeft) +
          parseFloat(style.paddingRight) +
          1.5 * parseFloat(getComputedStyle(document.documentElement).fontSize);
        const box = input.getBoundingClientRect();
        return {
          overflow: Math.round(needed - input.clientWidth),
          right: box.right,
          label: input.getAttribute('aria-label') ?? input.id,
        };
      }),
    );
    expect(times.length).toBeGreaterThan(10);
    for (const t of times) {
      expect(t.overflow, t.label).toBeLessThanOrEqual(0);
      expect(t.right, t.label).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page
      .getByRole('group', { name: /^Horario/ })
      .screenshot({ path: 'test-results/screens/manage-hours-12h-fields-390.png' });

    // Lists, not free text.
    const details = page.getByRole('region', { name: 'Datos del local' });
    for (const name of ['Moneda', 'Idioma y región', 'Zona horaria']) {
      await expect(details.getByRole('combobox', { name })).toBeVisible();
    }
    await expect(details.getByRole('combobox', { name: 'Moneda' })).toHaveValue('MXN');
    await expect(details.getByRole('combobox', { name: 'Zona horaria' })).toHaveValue('America/Mexico_City');
    await details.getByRole('combobox', { name: 'Moneda' }).selectOption('EUR');
    await details.getByRole('combobox', { name: 'Idioma y región' }).selectOption('es-ES');
    await details.getByRole('combobox', { name: 'Zona horaria' }).selectOption('Europe/Madrid');
    await page
      .getByRole('button', { name: 'Publish changes' })
      .or(page.getByRole('button', { name: 'Publicar cambios' }))
      .click();
    await expect(page.getByText('Menú publicado. Los clientes ya lo ven.')).toBeVisible({ timeout: ceiling(15_000) });
    const venue = (await (
      await request.get(`/api/venues/${id}`, { headers: { 'cache-control': 'no-cache' } })
    ).json()) as Venue;
    expect([venue.currency, venue.locale, venue.timezone]).toEqual(['EUR', 'es-ES', 'Europe/Madrid']);
    await page.getByRole('region', { name: 'Datos del local' }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'editor in en-US');
    await page.screenshot({ path: 'test-results/screens/manage-hours-12h-390x844.png' });
  });
});

test(
  "/panel/caja shows IVA per rate and the day's close; the counted cash is set against the expected",
  { tag: '@desktop' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(ceiling(90_000));
    const id = `caja-z-${testInfo.project.name}`;
    const auth = await newVenue(request, id);
    // In Spain at 10 %: one table pays 89,00 in cash with a 5,00 tip.
    const venue = (await (
      await request.get(`/api/venues/${id}`, { headers: { 'cache-control': 'no-cache' } })
    ).json()) as Venue;
    const saved = await request.put(`/api/venues/${id}`, {
      data: { ...venue, currency: 'EUR', locale: 'es-ES', timezone: 'Europe/Madrid', taxRate: 1000 },
      headers: auth,
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const tables = (await (await request.get(`/api/venues/${id}/tables`, { headers: auth })).json()) as {
      tables: { label: string; url: string }[];
    };
    const token = new URL(tables.tables.find((t) => t.label === '1')!.url).searchParams.get('t');
    const joined = await request.post(`/api/venues/${id}/tables/1/join`, { data: { token, name: 'Nora' } });
    expect(joined.status(), await joined.text()).toBe(201);
    const headers = { 'x-table-credential': ((await joined.json()) as { credential: string }).credential };
    expect(
      (
        await request.put(`/api/table-session/cart/lines/${randomUUID()}`, {
          headers,
          data: { productId: 'guacamole-con-totopos', optionIds: [], quantity: 1 },
        })
      ).status(),
    ).toBe(200);
    const round = await request.post('/api/table-session/rounds', {
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      data: { expectedTotal: 8900 },
    });
    expect(round.status(), await round.text()).toBe(201);
    const paid = await request.post(`/api/venues/${id}/tables/1/payments`, {
      headers: { ...auth, 'Idempotency-Key': randomUUID() },
      data: { amount: 8900, tip: 500, method: 'cash' },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const number = ((await paid.json()) as { receipt: { number: string } }).receipt.number;

    await signInStored(page, ADMIN);
    await page.goto(`/panel/caja?venue=${id}`);
    const taxes = page.getByTestId('cash-taxes');
    await expect(taxes.getByTestId('cash-tax-rate')).toHaveText(['10 %80,91 €8,09 €89,00 €'], {
      timeout: ceiling(15_000),
    });
    const close = page.getByTestId('cash-close');
    await expect(close.getByTestId('cash-close-receipts')).toHaveText(`1 recibo: del ${number} al ${number}.`);
    await expect(close.getByTestId('cash-close-row')).toHaveText(['Efectivo10 %80,91 €8,09 €89,00 €']);
    await expect(close.getByTestId('cash-expected')).toHaveText('94,00 €');
    await close.getByLabel('Efectivo contado').fill('90');
    await expect(close.getByTestId('cash-difference')).toHaveText('Faltan 4,00 €.');
    await close.getByLabel('Efectivo contado').fill('94,00');
    await expect(close.getByTestId('cash-difference')).toHaveText('Cuadra: el efectivo contado es el esperado.');
    await close.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'caja with the day close');
    const { width, height } = page.viewportSize()!;
    await page.screenshot({ path: `test-results/screens/caja-z-${width}x${height}.png` });
  },
);
