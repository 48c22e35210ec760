/**
 * Managers' small frictions (docs/rules.md#venue-self-service), against the real site and API: tables added as a
 * range («1–30») on /panel/mesas; the editor's time fields fit at 390 px when the browser shows 12-hour times
 * (locale en-US); currency, locale and time zone are chosen from lists.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Venue } from '../../src/contract/venue.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './helpers.ts';
import { ADMIN, signInStored } from './manage-helpers.ts';

async function newVenue(request: APIRequestContext, id: string): Promise<{ Authorization: string }> {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const base = (await (await request.get('/api/venues/taqueria-el-guero')).json()) as Venue;
  const created = await request.put(`/api/venues/${id}`, { data: { ...base, id, name: `Local ${id}`, tables: ['1', '2'] }, headers: auth });
  expect(created.ok(), await created.text()).toBe(true);
  return auth;
}

test('tables are added as a range: «1–30» adds the 28 missing, in order', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const id = `mesas-rango-${testInfo.project.name}`;
  const auth = await newVenue(request, id);
  await signInStored(page, ADMIN);
  await page.goto(`/panel/mesas?venue=${id}`);
  const input = page.getByLabel('Nueva mesa');
  await expect(input).toBeVisible({ timeout: 15_000 });
  await input.fill('30–1');
  await page.getByRole('button', { name: 'Añadir mesas' }).click();
  await expect(page.getByText('El intervalo va de menor a mayor: 1–30.')).toBeVisible();
  await input.fill('1–30');
  await page.getByRole('button', { name: 'Añadir mesas' }).click();
  await expect(page.getByRole('status').filter({ hasText: '28 mesas añadidas (3–30). 2 ya existían.' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.qr-card')).toHaveCount(30);
  const venue = (await (await request.get(`/api/venues/${id}`, { headers: { ...auth, 'cache-control': 'no-cache' } })).json()) as Venue;
  expect(venue.tables).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
  await expectNoAxeViolations(page, 'tables added as a range');
});

test.describe('with 12-hour times', () => {
  test.use({ locale: 'en-US' });
  test('the editor\'s time fields fit at 390 px; currency, locale and time zone come from lists', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'a 390-px phone');
    test.setTimeout(90_000);
    const id = `horas-12h-${testInfo.project.name}`;
    await newVenue(request, id);
    await signInStored(page, ADMIN);
    await page.goto(`/panel/menu?venue=${id}`);
    await expect(page.getByRole('region', { name: 'Datos del local' })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => new Intl.DateTimeFormat(navigator.language, { hour: 'numeric' }).resolvedOptions().hour12)).toBe(true);
    // Every time field shows its whole value inside its box, and inside the screen.
    // What a field shows («12:00 AM», «--:-- --» when empty) in its own font, plus its padding and the clock icon
    // (about 1.5 rem), must fit in its box: the AM/PM must not run under the icon.
    const times = await page.locator('input[type="time"]').evaluateAll((inputs) => inputs.map((el) => {
      const input = el as HTMLInputElement;
      const style = getComputedStyle(input);
      const [h, m] = (input.value || '00:00').split(':').map(Number);
      const shown = input.value ? new Intl.DateTimeFormat(navigator.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(2026, 0, 1, h, m)) : '--:-- --';
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.textContent = shown;
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      const needed = text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 1.5 * parseFloat(getComputedStyle(document.documentElement).fontSize);
      const box = input.getBoundingClientRect();
      return { overflow: Math.round(needed - input.clientWidth), right: box.right, label: input.getAttribute('aria-label') ?? input.id };
    }));
    expect(times.length).toBeGreaterThan(10);
    for (const t of times) {
      expect(t.overflow, t.label).toBeLessThanOrEqual(0);
      expect(t.right, t.label).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('group', { name: /^Horario/ }).screenshot({ path: 'test-results/screens/manage-hours-12h-fields-390.png' });

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
    await page.getByRole('button', { name: 'Publish changes' }).or(page.getByRole('button', { name: 'Publicar cambios' })).click();
    await expect(page.getByText('Menú publicado. Los clientes ya lo ven.')).toBeVisible({ timeout: 15_000 });
    const venue = (await (await request.get(`/api/venues/${id}`, { headers: { 'cache-control': 'no-cache' } })).json()) as Venue;
    expect([venue.currency, venue.locale, venue.timezone]).toEqual(['EUR', 'es-ES', 'Europe/Madrid']);
    await page.getByRole('region', { name: 'Datos del local' }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'editor in en-US');
    await page.screenshot({ path: 'test-results/screens/manage-hours-12h-390x844.png' });
  });
});
