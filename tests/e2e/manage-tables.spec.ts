/**
 * `/panel/mesas` (docs/rules.md#venue-self-service): the printable QR sheet of a venue's tables. The codes are
 * decoded from screenshots (jsQR) and must carry each table's link as the API gives it;
 * renewing a code changes the printed link; tables are added and removed; staff and
 * diners get no sheet; axe clean; print layout; screenshots.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { MANAGER, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'cafe-la-macarena';
const SHEET = `/panel/mesas?venue=${VENUE}`;
const STAFF = { email: 'cocina@umenu.test', password: 'demo1234' };

async function apiTables(request: APIRequestContext): Promise<Map<string, string>> {
  const login = await request.post('/api/auth/login', { data: MANAGER });
  const token = ((await login.json()) as { token: string }).token;
  const res = await request.get(`/api/venues/${VENUE}/tables`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { tables: Array<{ label: string; url: string }> };
  return new Map(body.tables.map((t) => [t.label, t.url]));
}

/** The text of the QR code in a table's card, read from a screenshot of it. */
async function decodeCard(page: Page, label: string): Promise<string | undefined> {
  const image = page.getByRole('img', { name: `Código QR de la mesa ${label}`, exact: true });
  await image.scrollIntoViewIfNeeded();
  const png = PNG.sync.read(await image.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test.describe('QR sheet of the tables', () => {
  test(
    'the manager prints one decodable card per table, renews a code and manages labels',
    { tag: '@desktop' },
    async ({ page, request }) => {
      test.setTimeout(ceiling(90_000));
      await signInStored(page, MANAGER);
      await page.goto(SHEET);
      await expect(page.getByRole('heading', { level: 1, name: 'Mesas y QR · Café La Macarena' })).toBeVisible({
        timeout: ceiling(15_000),
      });

      const expected = await apiTables(request);
      const cards = page.locator('.qr-card');
      await expect(cards).toHaveCount(expected.size);
      for (const [label, url] of expected) {
        const card = cards.filter({ has: page.getByRole('heading', { name: `Mesa ${label}`, exact: true }) });
        await expect(card).toContainText('Café La Macarena');
        await expect(card).toContainText('Escanea el código con la cámara del móvil');
        expect(await decodeCard(page, label), `QR of table ${label}`).toBe(url);
        expect(new URL(url).searchParams.get('mesa')).toBe(label);
        // The link as text too, with "Copiar enlace" (a manager testing on a laptop has no camera).
        const linkGroup = card.getByRole('group', { name: `Enlace de la mesa ${label}` });
        await expect(linkGroup.getByTestId('copy-link-url')).toHaveText(url);
        await expect(linkGroup.getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
      }
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const patioLink = page.getByRole('group', { name: 'Enlace de la mesa Patio' });
      await patioLink.getByRole('button', { name: 'Copiar enlace' }).click();
      await expect(patioLink.getByRole('status')).toHaveText('Enlace copiado.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected.get('Patio'));
      await page.evaluate(() => scrollTo(0, 0));
      await expectNoAxeViolations(page, 'QR sheet');
      await screenshot(page, 'manage-qr-sheet');

      // Renew one code: the printed link changes and matches the API's new one.
      const before = expected.get('Patio')!;
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Renovar código de la mesa Patio' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Código de la mesa Patio renovado' })).toBeVisible();
      const renewed = (await apiTables(request)).get('Patio')!;
      expect(renewed).not.toBe(before);
      await expect.poll(() => decodeCard(page, 'Patio')).toBe(renewed);
      await expect(patioLink.getByTestId('copy-link-url')).toHaveText(renewed);

      // Add a table (invalid first), then remove it.
      const input = page.getByLabel('Nueva mesa');
      await input.fill('Patio');
      await page.getByRole('button', { name: 'Añadir mesa' }).click();
      await expect(page.getByText('La mesa Patio ya existe.')).toBeVisible();
      await input.fill('Terraza 9');
      await page.getByRole('button', { name: 'Añadir mesa' }).click();
      await expect(page.getByRole('heading', { name: 'Mesa Terraza 9', exact: true })).toBeVisible();
      expect(await decodeCard(page, 'Terraza 9')).toBe((await apiTables(request)).get('Terraza 9'));
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Quitar la mesa Terraza 9' }).click();
      await expect(page.getByRole('heading', { name: 'Mesa Terraza 9', exact: true })).toHaveCount(0);
      expect((await apiTables(request)).has('Terraza 9')).toBe(false);

      // A zone for the floor view (docs/rules.md#the-floor): saved, listed by the API, removed again.
      const zone = page.getByRole('textbox', { name: 'Zona de la mesa Patio' });
      await zone.fill('  Terraza ');
      await page.getByRole('button', { name: 'Guardar la zona de la mesa Patio' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Mesa Patio: zona «Terraza» guardada.' })).toBeVisible();
      const zoneOf = async () => {
        const login = await request.post('/api/auth/login', { data: MANAGER });
        const token = ((await login.json()) as { token: string }).token;
        const res = await request.get(`/api/venues/${VENUE}/tables`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await res.json()) as { tables: Array<{ label: string; zone?: string }> }).tables.find(
          (t) => t.label === 'Patio',
        )?.zone;
      };
      expect(await zoneOf()).toBe('Terraza');
      await zone.fill('');
      await page.getByRole('button', { name: 'Guardar la zona de la mesa Patio' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Mesa Patio: sin zona.' })).toBeVisible();
      expect(await zoneOf()).toBeUndefined();

      // Print: only the cards, two per row on A4.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
      await expect(page.locator('body > header')).toBeHidden();
      const columns = await page
        .locator('.qr-grid')
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(columns).toBe(2);
      await page.evaluate(() => scrollTo(0, 0));
      await screenshot(page, 'manage-qr-print');
    },
  );

  test('staff of the venue get no sheet', async ({ page }) => {
    await signInStored(page, STAFF);
    await page.goto(SHEET);
    await expect(page.getByRole('heading', { name: 'No gestionas este local' })).toBeVisible({
      timeout: ceiling(15_000),
    });
    await expect(page.locator('.qr-card')).toHaveCount(0);
  });
});
