/**
 * «Menús» in the menu editor (docs/rules.md#set-menus-and-availability): a manager makes a small set from
 * the venue's dishes (two courses, a supplement, the bread included, weekday lunch hours), publishes it,
 * and the menu page shows it with when it is served; its course names wait in «Idiomas y traducciones».
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, putVenueBack, screenshot, venueSnapshot } from './helpers.ts';
import { MANAGER, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'bar-el-cabanyal';

test('a manager creates a set menu and sees it on the menu', async ({ page, request, isMobile }) => {
  test.skip(!isMobile, 'one run is enough: the phone project');
  test.setTimeout(ceiling(120_000));
  const before = await venueSnapshot(request, VENUE);
  try {
    await signInStored(page, MANAGER);
    await page.goto(`/panel/menu?venue=${VENUE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gestionar menú · Bar El Cabanyal' })).toBeVisible({
      timeout: ceiling(15_000),
    });
    const overview = page.getByTestId('sets-overview');
    await expect(overview.getByRole('button', { name: /^Menú del día · Menús · 13,50/ })).toBeVisible();

    // «Añadir menú» in the «Menús» category: a set with two courses to fill in.
    const menus = page
      .getByTestId('category-editor')
      .filter({ has: page.getByRole('button', { name: 'Subir Menús' }) });
    await menus.getByRole('button', { name: 'Añadir menú' }).click();
    const set = menus.getByTestId('product-editor').last();
    await set.getByLabel('Nombre del menú').fill('Menú exprés');
    await set.getByLabel('Precio (EUR)').fill('9,90');
    const [first, second] = [set.getByTestId('set-course-editor').nth(0), set.getByTestId('set-course-editor').nth(1)];
    await expect(first.getByLabel('Nombre del paso')).toHaveValue('Primer plato');
    await first.getByLabel('Ensalada valenciana', { exact: true }).check();
    await first.getByLabel('Esgarraet', { exact: true }).check();
    await second.getByLabel('Pollo al ajillo', { exact: true }).check();
    await second.getByLabel('Entrecot a la brasa', { exact: true }).check();
    await second.getByLabel('Suplemento de Entrecot a la brasa').fill('2,50');
    await set
      .getByRole('group', { name: /^Incluido/ })
      .getByLabel('Pan de payés', { exact: true })
      .check();
    await set.getByRole('button', { name: 'Añadir horario' }).click();
    await expect(set.getByTestId('availability-said')).toHaveText(
      'Se verá así: «Disponible de lunes a viernes, de 13:00 a 16:00»',
    );
    await expectNoAxeViolations(page, 'editor: a new set menu');
    await set.scrollIntoViewIfNeeded();
    await screenshot(page, 'manage-set-editor');

    await page.getByRole('button', { name: 'Publicar cambios' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /publicad/i })
        .first(),
    ).toBeVisible({
      timeout: ceiling(15_000),
    });
    const saved = (await venueSnapshot(request, VENUE)) as {
      categories: Array<{ products: Array<{ name: string; kind?: string; courses?: unknown[]; price: number }> }>;
    };
    const express = saved.categories.flatMap((c) => c.products).find((p) => p.name === 'Menú exprés')!;
    expect(express).toMatchObject({ kind: 'set', price: 990 });
    expect(express.courses).toHaveLength(2);

    // Its course names are there to translate.
    const texts = page.getByRole('region', { name: 'Idiomas y traducciones' });
    await texts.getByRole('tab', { name: /^Inglés/ }).click();
    const course = texts
      .getByTestId('translation-row')
      .filter({ hasText: 'Paso del menú' })
      .filter({ hasText: 'Segundo plato' });
    await expect(course.first()).toBeVisible();
    await expect(course.first().getByLabel(/^Paso del menú en inglés/)).toBeVisible();

    // The menu page shows it, with when it is served.
    await page.goto(`/${VENUE}`);
    const card = page.locator('article', { has: page.getByRole('heading', { name: 'Menú exprés', exact: true }) });
    await expect(card).toBeVisible({ timeout: ceiling(15_000) });
    await expect(card.getByTestId('product-availability')).toHaveText(
      'Disponible de lunes a viernes, de 13:00 a 16:00',
    );
    await expect(card.getByRole('button', { name: 'Añadir Menú exprés' })).toBeVisible();
  } finally {
    await putVenueBack(request, VENUE, before);
  }
});
