/**
 * The menu editor `/panel/menu` (docs/rules.md#venue-self-service) against the real site and API: a category and a
 * dish with options are added and published; bad inputs are shown at their fields and
 * change nothing; keyboard reordering; delete with undo; image upload; CSV import with a
 * bad row; unsaved-changes guard; scope gate; axe and screenshots.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, loggedStatus, putVenueBack, screenshot, venueSnapshot } from './helpers.ts';
import { MANAGER, clearOfStickyBars, scrollSettled, signInStored } from './manage-helpers.ts';
import type { Venue } from '../../src/contract/venue.ts';
import { ceiling } from '../ceiling.ts';

const editorOf = (venue: string) => `/panel/menu?venue=${venue}`;

async function apiVenue(request: APIRequestContext, id: string): Promise<{ venue: Venue; etag: string }> {
  const res = await request.get(`/api/venues/${id}`, { headers: { 'cache-control': 'no-cache' } });
  expect(res.status()).toBe(200);
  return { venue: (await res.json()) as Venue, etag: res.headers()['etag']! };
}

async function openEditor(page: Page, venue: string, name: string): Promise<void> {
  await signInStored(page, MANAGER);
  await page.goto(editorOf(venue));
  await expect(page.getByRole('heading', { level: 1, name: `Gestionar menú · ${name}` })).toBeVisible({
    timeout: ceiling(15_000),
  });
}

test.describe('menu editor', () => {
  // The demo venues a test publishes changes to are put back after it, for the specs that run
  // after it on the same worker (they read these menus as seeded).
  const edited: Array<{ id: string; venue: Record<string, unknown> }> = [];
  async function willEdit(request: APIRequestContext, id: string): Promise<void> {
    edited.push({ id, venue: await venueSnapshot(request, id) });
  }
  test.afterEach(async ({ request }) => {
    for (const { id, venue } of edited.splice(0)) await putVenueBack(request, id, venue);
  });

  test(
    'adds a category and a dish with options, refuses bad input at its field, reorders by keyboard, deletes with undo',
    { tag: '@desktop' },
    async ({ page, request }) => {
      test.setTimeout(ceiling(120_000));
      const venueId = 'bar-el-cabanyal';
      await willEdit(request, venueId);
      // Named per project, as each project's run adds its own.
      const CATEGORY = `Postres de temporada ${test.info().project.name}`;
      await openEditor(page, venueId, 'Bar El Cabanyal');
      await expectNoAxeViolations(page, 'editor loaded');
      await screenshot(page, 'manage-editor');

      // A new category with a new dish with one option group.
      await page.getByRole('button', { name: 'Añadir categoría' }).click();
      const category = page.getByTestId('category-editor').last();
      await category.getByLabel('Nombre de la categoría').fill(CATEGORY);
      await category.getByRole('button', { name: 'Añadir plato' }).click();
      const dish = category.getByTestId('product-editor').last();
      await dish.getByLabel('Nombre del plato').fill('Tarta de calabaza');
      await dish.getByLabel('Precio (EUR)').fill('-3');
      await dish.getByLabel('Lácteos').check();
      await dish.getByRole('button', { name: 'Añadir grupo de opciones' }).click();
      await dish.getByLabel('Nombre del grupo', { exact: true }).fill('Acompañamiento');
      await dish.getByLabel('Mínimo', { exact: true }).fill('2');
      await dish.getByLabel('Máximo', { exact: true }).fill('1');
      await dish.getByRole('button', { name: 'Añadir opción' }).click();
      await dish.getByRole('button', { name: 'Añadir opción' }).click();
      await dish.getByLabel('Opción 1', { exact: true }).fill('Sola');
      await dish.getByLabel('Opción 2', { exact: true }).fill('Con nata');
      await dish.getByLabel('Suplemento').nth(1).fill('1,20');

      // Bad input: shown at the fields, nothing saved.
      const before = await apiVenue(request, venueId);
      await page.getByRole('button', { name: 'Publicar cambios' }).click();
      await expect(dish.getByText('El precio no puede ser negativo')).toBeVisible();
      await expect(dish.getByText('El mínimo no puede ser mayor que el máximo')).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'no se ha guardado nada' })).toBeVisible();
      await expect(dish.getByLabel('Precio (EUR)')).toHaveAttribute('aria-invalid', 'true');
      expect((await apiVenue(request, venueId)).etag).toBe(before.etag);
      // The first wrong field gets the focus and is scrolled into view with its message, clear of the bars.
      await expect(dish.getByLabel('Precio (EUR)')).toBeFocused();
      await scrollSettled(page);
      const price = await clearOfStickyBars(page, '[aria-invalid="true"]:focus');
      const message = await clearOfStickyBars(
        page,
        `#${await dish.getByLabel('Precio (EUR)').getAttribute('aria-describedby')}`,
      );
      expect(price.top).toBeGreaterThanOrEqual(price.headerBottom);
      expect(message.bottom).toBeLessThanOrEqual(message.barTop);
      await expectNoAxeViolations(page, 'editor with errors');
      await screenshot(page, 'manage-editor-errors');

      await dish.getByLabel('Precio (EUR)').fill('6,50');
      await dish.getByLabel('Mínimo', { exact: true }).fill('1');
      await page.getByRole('button', { name: 'Publicar cambios' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Menú publicado' })).toBeVisible();
      const saved = (await apiVenue(request, venueId)).venue;
      const newCat = saved.categories.at(-1)!;
      expect(newCat.name).toBe(CATEGORY);
      expect(newCat.products[0]).toMatchObject({
        name: 'Tarta de calabaza',
        price: 650,
        allergens: ['milk'],
        available: true,
        optionGroups: [
          {
            name: 'Acompañamiento',
            min: 1,
            max: 1,
            options: [
              { name: 'Sola', priceDelta: 0 },
              { name: 'Con nata', priceDelta: 120 },
            ],
          },
        ],
      });

      // Keyboard reordering: the first category moves down one place.
      const [first, second] = saved.categories.map((c) => c.name);
      await page.getByRole('button', { name: `Bajar ${first}` }).focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('status').filter({ hasText: `«${first}» ahora está en la posición 2` }),
      ).toBeAttached();
      await expect(page.getByTestId('category-editor').first().getByLabel('Nombre de la categoría')).toHaveValue(
        second!,
      );
      await expect(page.getByRole('button', { name: `Bajar ${first}` })).toBeFocused();

      // Delete with undo.
      await page.getByRole('button', { name: `Eliminar categoría ${CATEGORY}` }).click();
      await expect(page.getByRole('button', { name: `Eliminar categoría ${CATEGORY}` })).toHaveCount(0);
      await page.getByRole('button', { name: 'Deshacer' }).click();
      await expect(page.getByRole('button', { name: `Eliminar categoría ${CATEGORY}` })).toBeVisible();

      await page.getByRole('button', { name: 'Publicar cambios' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Menú publicado' })).toBeVisible();
      const reordered = (await apiVenue(request, venueId)).venue;
      expect(reordered.categories.slice(0, 2).map((c) => c.name)).toEqual([second, first]);
      expect(reordered.categories.at(-1)!.name).toBe(CATEGORY);
    },
  );

  test('asks before leaving with unsaved changes', async ({ page }) => {
    test.setTimeout(ceiling(60_000));
    await openEditor(page, 'taqueria-el-guero', 'Taquería El Güero');
    await page.getByLabel('Lema').fill('Cambiado sin guardar');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Mesas y QR' }).first().click();
    await expect.poll(() => asked).toBe('Tienes cambios sin guardar. ¿Salir sin guardarlos?');
    await expect(page).toHaveURL(/\/panel\/menu/);
    await expect(page.getByLabel('Lema')).toHaveValue('Cambiado sin guardar');
  });

  test('uploads a dish image and imports a CSV with a bad row', async ({ page, request, allowConsoleError }) => {
    allowConsoleError(loggedStatus(415)); // the point: a file that is not an image is refused
    test.setTimeout(ceiling(120_000));
    const venueId = 'cafe-la-macarena';
    await willEdit(request, venueId);
    // A price changed from outside the editor appears in the dish's history.
    const login = await request.post('/api/auth/login', { data: MANAGER });
    const token = ((await login.json()) as { token: string }).token;
    const first = (await apiVenue(request, venueId)).venue.categories[0]!.products[0]!;
    expect(
      (
        await request.patch(`/api/venues/${venueId}/products/${first.id}`, {
          data: { price: first.price + 100000 },
          headers: { Authorization: `Bearer ${token}` },
        })
      ).status(),
    ).toBe(200);
    await openEditor(page, venueId, 'Café La Macarena');
    const firstDish = page.getByTestId('product-editor').first();
    await firstDish.locator('summary').first().click();
    await firstDish.getByRole('button', { name: 'Ver historial' }).click();
    await expect(firstDish.getByRole('list', { name: 'Historial de cambios' })).toContainText(
      /Gerente umenu: precio [\d.,]+ → [\d.,]+/,
    );
    // A real PNG (1×1 would do, but a bigger one exercises the resizing).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await firstDish.getByLabel(/^Imagen/).setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
    await expect(firstDish.getByText('Imagen subida.')).toBeVisible({ timeout: ceiling(20_000) });
    const uploaded = await firstDish.getByTestId('dish-image').getAttribute('src');
    // Bad files: a clear Spanish reason next to the field, the dish keeps its image.
    const status = firstDish.getByTestId('image-status');
    await firstDish.getByLabel(/^Imagen/).setInputFiles({
      name: 'menu.png',
      mimeType: 'image/png',
      buffer: Buffer.from('%PDF-1.7 not an image at all, just text pretending'),
    });
    await expect(status).toHaveText('Formato de imagen no admitido: sube una foto JPEG, PNG, WebP o AVIF.');
    await firstDish
      .getByLabel(/^Imagen/)
      .setInputFiles({ name: 'enorme.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(20 * 1024 * 1024, 0xff) });
    await expect(status).toHaveText(
      'La imagen pesa 20 MB y el máximo es 8 MB: redúcela o expórtala con más compresión.',
    );
    await expectNoAxeViolations(page, 'image refused');
    await expect(firstDish.getByTestId('dish-image')).toHaveAttribute('src', uploaded!);

    // A file longer than the limit says so, not "500 filas correctas y 0 con errores".
    const long = ['category,name,price', ...Array.from({ length: 10_000 }, (_, i) => `Platos,Plato ${i},1000`)].join(
      '\n',
    );
    await page
      .getByLabel(/^Archivo CSV/)
      .setInputFiles({ name: 'largo.csv', mimeType: 'text/csv', buffer: Buffer.from(long) });
    await expect(page.getByTestId('csv-limit')).toHaveText(
      'El archivo tiene 10.000 filas. Solo se importan las primeras 500 filas: divide el archivo para importar el resto.',
    );
    await expect(page.getByTestId('csv-summary')).toContainText(
      'De las primeras 500 filas: 500 filas correctas y 0 con errores',
    );
    await page.getByRole('button', { name: 'Cancelar', exact: true }).click();

    const csv =
      'category,name,description,price,allergens,tags\nPostres,Flan de café,Casero,"4.500",huevo;lácteos,nuevo\nPostres,,Sin nombre,3000,,\nPostres,Alfajor,,2500,cacahuate;trigo,\nPostres,Helado de maní,,3000,maní;plomo,\n';
    await page
      .getByLabel(/^Archivo CSV/)
      .setInputFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByRole('table', { name: 'Vista previa del CSV' });
    await expect(preview).toContainText('Falta el nombre');
    await expect(preview).toContainText('Correcta');
    // A row with errors names its dish.
    await expect(preview.getByRole('row').filter({ hasText: 'Alérgeno desconocido: «plomo»' })).toContainText(
      'Helado de maní',
    );
    await expect(page.getByTestId('csv-limit')).toHaveCount(0);
    await expectNoAxeViolations(page, 'CSV preview');
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, 'manage-editor-csv');
    const before = await apiVenue(request, venueId);
    await page.getByRole('button', { name: 'Importar 2 platos' }).click();
    expect((await apiVenue(request, venueId)).etag).toBe(before.etag);
    await page.getByRole('button', { name: 'Publicar cambios' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Menú publicado' })).toBeVisible();
    const saved = (await apiVenue(request, venueId)).venue;
    const flan = saved.categories.flatMap((c) => c.products).find((p) => p.name === 'Flan de café');
    expect(flan).toMatchObject({ price: 450000, allergens: ['eggs', 'milk'], tags: ['nuevo'] });
    expect(saved.categories.flatMap((c) => c.products).find((p) => p.name === 'Alfajor')).toMatchObject({
      allergens: ['peanuts', 'gluten'],
    });
    expect(saved.categories[0]!.products[0]!.image?.src).toMatch(
      /\/api\/media\/u\/cafe-la-macarena\/[a-z0-9]+-1\.webp$/,
    );
  });

  test(
    '10,000-character names are refused at their fields and nothing is saved',
    { tag: '@desktop' },
    async ({ page, request }) => {
      test.setTimeout(ceiling(90_000));
      const venueId = 'taqueria-el-guero';
      await openEditor(page, venueId, 'Taquería El Güero');
      const before = await apiVenue(request, venueId);
      const long = 'x'.repeat(10_000);
      await page.getByLabel('Nombre del local').fill(long);
      const dish = page.getByTestId('product-editor').first();
      await dish.locator('summary').first().click();
      await dish.getByLabel('Nombre del plato').fill(long);
      await page.getByRole('button', { name: 'Publicar cambios' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'no se ha guardado nada' })).toBeVisible();
      for (const field of [page.getByLabel('Nombre del local'), dish.getByLabel('Nombre del plato')]) {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        const message = page.locator(`#${await field.getAttribute('aria-describedby')}`);
        await expect(message).toHaveText('Máximo 80 caracteres');
      }
      await expect(page.getByLabel('Nombre del local')).toBeFocused();
      // The long name does not widen the page (the dish's title is cut, the bar stays usable).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      await expectNoAxeViolations(page, '10,000-character names refused');
      expect((await apiVenue(request, venueId)).etag).toBe(before.etag);
      await expect(page.getByRole('heading', { level: 1, name: 'Gestionar menú · Taquería El Güero' })).toBeVisible();
    },
  );

  test('keyboard focus is never hidden by the publish bar or the header (phone width)', async ({ page }) => {
    test.setTimeout(ceiling(120_000));
    await page.setViewportSize({ width: 390, height: 844 });
    await openEditor(page, 'taqueria-el-guero', 'Taquería El Güero');
    // The last dish open too: its fields are the deepest in the form.
    await page.getByTestId('product-editor').last().locator('summary').click();
    await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
    await page.getByLabel('Nombre del local').focus();
    const publish = page.getByRole('button', { name: 'Publicar cambios' });
    const seen: string[] = [];
    for (let stop = 0; stop < 600; stop++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(async () => {
        // Wait for the focus scroll (smooth) to settle: scrollY unchanged for three checks in a row.
        let last = scrollY;
        for (let i = 0, still = 0; i < 90 && still < 3; i++) {
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          still = scrollY === last ? still + 1 : 0;
          last = scrollY;
        }
        const el = document.activeElement as HTMLElement;
        const bar = document.querySelector('[data-testid="publish-bar"]')!.getBoundingClientRect();
        const header = document.querySelector('body > header')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        const name =
          el.getAttribute('aria-label') ??
          (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) ??
          el.textContent ??
          el.tagName;
        return {
          inBar: Boolean(el.closest('[data-testid="publish-bar"]')),
          top: r.top,
          bottom: r.bottom,
          barTop: bar.top,
          headerBottom: header.bottom,
          name: `${el.tagName} ${name.trim().slice(0, 40)}`,
        };
      });
      if (where.inBar) break;
      seen.push(where.name);
      expect(where.bottom, `${where.name} (stop ${stop}) is above the publish bar`).toBeLessThanOrEqual(where.barTop);
      expect(where.top, `${where.name} (stop ${stop}) is below the header`).toBeGreaterThanOrEqual(where.headerBottom);
    }
    await expect(publish).toBeFocused();
    // The walk reached the end of the form: the CSV file input is its last field.
    expect(seen.length).toBeGreaterThan(40);
    expect(seen.at(-1)).toMatch(/Archivo CSV/);
  });

  test('staff get no editor', async ({ page }) => {
    test.setTimeout(ceiling(60_000));
    await signInStored(page, { email: 'cocina@umenu.test', password: 'demo1234' });
    await page.goto(editorOf('bar-el-cabanyal'));
    await expect(page.getByRole('heading', { name: 'No gestionas este local' })).toBeVisible({
      timeout: ceiling(15_000),
    });
  });
});
