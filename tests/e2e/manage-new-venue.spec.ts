/**
 * "Nuevo local" (docs/rules.md#venue-self-service): an admin creates a venue from the account menu — its id is
 * checked with the contract's rules (Spanish errors at the field, a taken id refused) —
 * the editor opens on the blank venue, nothing exists until it is published, and then the
 * venue opens for diners at `/{id}` (built before it existed: the fallback shell).
 * Managers and diners get no such entry and no such page.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { ANA } from './auth-helpers.ts';
import { ADMIN, MANAGER, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const status = async (request: APIRequestContext, id: string) =>
  (await request.get(`/api/venues/${id}`, { headers: { 'cache-control': 'no-cache' } })).status();

test(
  'an admin creates a venue: id rules in Spanish, taken id refused, editor on the blank venue, open for diners once published',
  { tag: '@desktop' },
  async ({ page, request }) => {
    // "Is this id free?" and the editor's first load ask about a venue that does not exist yet:
    // an expected answer, never a failed request in the console (the fixture fails on one).
    test.setTimeout(ceiling(120_000));
    const id = `casa-nueva-${test.info().project.name}-${Date.now().toString(36)}`;
    const NAME = 'Casa Ñandú';

    await signInStored(page, ADMIN);
    await page.getByTestId('account-button').click();
    await page.getByRole('link', { name: 'Nuevo local' }).click();
    await expect(page).toHaveURL(/\/panel\/nuevo-local$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo local' })).toBeVisible({
      timeout: ceiling(15_000),
    });
    await expectNoAxeViolations(page, 'new venue form');
    await screenshot(page, 'manage-new-venue');

    const nameInput = page.getByLabel('Nombre del local');
    const idInput = page.getByLabel('Identificador (la dirección del menú)');
    const submit = page.getByRole('button', { name: 'Crear y editar el menú' });
    await submit.click();
    await expect(page.getByText('Escribe el nombre del local')).toBeVisible();
    await expect(page.getByText('Escribe el identificador del local (p. ej. casa-pepe)')).toBeVisible();
    await expect(nameInput).toBeFocused();

    // The id follows the name (no accents, no capitals) until the admin types one.
    await nameInput.fill(NAME);
    await expect(idInput).toHaveValue('casa-nandu');

    const refused: Array<[string, string]> = [
      ['Casa Pepe', 'Solo minúsculas sin acentos, números y guiones (p. ej. casa-pepe)'],
      ['-casa', 'Debe empezar por una letra o un número'],
      ['c', 'Al menos 2 caracteres'],
      ['c'.repeat(64), 'Máximo 63 caracteres'],
      ['panel', 'Ese identificador está reservado para páginas de umenu: elige otro'],
      ['taqueria-el-guero', 'Ya existe un local con el identificador «taqueria-el-guero». Elige otro.'],
    ];
    for (const [value, message] of refused) {
      await idInput.fill(value);
      await submit.click();
      await expect(page.getByText(message, { exact: true }), value).toBeVisible();
      await expect(idInput, value).toHaveAttribute('aria-invalid', 'true');
      await expect(idInput, value).toBeFocused();
      await expect(page, value).toHaveURL(/\/panel\/nuevo-local$/);
    }
    await expectNoAxeViolations(page, 'new venue form with an error');
    await screenshot(page, 'manage-new-venue-errors');
    expect(await status(request, 'taqueria-el-guero')).toBe(200);

    // A free id: the editor opens on the blank venue; nothing exists yet.
    await idInput.fill(id);
    await submit.click();
    await expect(page.getByRole('heading', { level: 1, name: `Nuevo local · ${NAME}` })).toBeVisible({
      timeout: ceiling(15_000),
    });
    await expect(page.getByText('Local nuevo, aún sin publicar')).toBeVisible();
    await expect(page.getByLabel('Nombre del local')).toHaveValue(NAME);
    expect(await status(request, id)).toBe(404);
    await expectNoAxeViolations(page, 'editor on a new venue');
    await screenshot(page, 'manage-new-venue-editor');

    // Leaving before publishing asks first (the venue would be lost).
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'umenu' }).first().click();
    await expect.poll(() => asked).toBe('Tienes cambios sin guardar. ¿Salir sin guardarlos?');

    await page.getByRole('button', { name: 'Añadir categoría' }).click();
    const category = page.getByTestId('category-editor').last();
    await category.getByLabel('Nombre de la categoría').fill('Entrantes');
    await category.getByRole('button', { name: 'Añadir plato' }).click();
    const dish = category.getByTestId('product-editor').last();
    await dish.getByLabel('Nombre del plato').fill('Croquetas de la casa');
    await dish.getByLabel('Precio (EUR)').fill('7,50');
    // Images upload while the venue is still unpublished.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await dish.getByLabel(/^Imagen/).setInputFiles({ name: 'croquetas.png', mimeType: 'image/png', buffer: png });
    await expect(dish.getByText('Imagen subida.')).toBeVisible({ timeout: ceiling(20_000) });
    await expect(dish.getByText('No encontramos lo que buscas')).toHaveCount(0);
    await page.getByLabel('Ciudad').fill('Valencia');
    await page.getByRole('button', { name: 'Publicar local' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Local publicado' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Gestionar menú · ${NAME}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/panel/menu\\?venue=${id}$`));
    const saved = (await (
      await request.get(`/api/venues/${id}`, { headers: { 'cache-control': 'no-cache' } })
    ).json()) as {
      name: string;
      city: string;
      categories: Array<{ products: Array<{ name: string; price: number; image?: { src: string } }> }>;
    };
    expect(saved).toMatchObject({
      name: NAME,
      city: 'Valencia',
      categories: [{ products: [{ name: 'Croquetas de la casa', price: 750 }] }],
    });
    expect(saved.categories[0]!.products[0]!.image?.src).toMatch(new RegExp(`/api/media/u/${id}/[a-z0-9]+-1\\.webp$`));

    // Diners: the venue built before it existed opens through the fallback shell.
    await page.getByRole('link', { name: 'Ver menú' }).click();
    await expect(page).toHaveURL(new RegExp(`/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible({ timeout: ceiling(15_000) });
    await expect(page.getByRole('button', { name: 'Añadir Croquetas de la casa', exact: true })).toBeVisible();
  },
);

test.describe('no "Nuevo local" for anyone but an admin', () => {
  for (const [who, account] of [
    ['a manager', MANAGER],
    ['a diner', ANA],
  ] as const) {
    test(`${who}: no entry in the account menu, the page refuses, and the editor does not create`, async ({
      page,
      request,
    }) => {
      test.setTimeout(ceiling(60_000));
      await signInStored(page, account);
      await page.getByTestId('account-button').click();
      await expect(page.getByRole('link', { name: 'Mis pedidos' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Nuevo local' })).toHaveCount(0);
      await page.keyboard.press('Escape');

      await page.goto('/panel/nuevo-local');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Solo un administrador puede crear locales' }),
      ).toBeVisible({ timeout: ceiling(15_000) });
      await expect(page.getByLabel('Identificador (la dirección del menú)')).toHaveCount(0);
      await expectNoAxeViolations(page, `new venue page, ${who}`);

      // The editor's "new venue" address is no way round it.
      await page.goto('/panel/menu?venue=local-colado&nombre=Colado');
      await expect(page.getByRole('heading', { name: 'No gestionas este local' })).toBeVisible({
        timeout: ceiling(15_000),
      });
      await expect(page.getByRole('button', { name: 'Publicar local' })).toHaveCount(0);
      expect(await status(request, 'local-colado')).toBe(404);
    });
  }
});
