/**
 * Allergens on a menu card are named in words, in the page's language, and look unlike the diet
 * chips: a coeliac diner must not read «Sin gluten» where a dish contains gluten
 * (src/features/menu/label-icons.ts, docs/rules.md#menu-and-money).
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';

const VALENCIA = 'bar-el-cabanyal';

/** The drawing an icon shows: the path of the page's symbol its `<use>` points at. */
async function drawing(icon: Locator): Promise<string> {
  return icon.evaluate((svg) => {
    const id = svg.querySelector('use')?.getAttribute('href')?.slice(1) ?? '';
    return document.getElementById(id)?.querySelector('path')?.getAttribute('d') ?? '';
  });
}

const CASES = [
  {
    path: `/${VALENCIA}`,
    dish: 'Croquetas de jamón ibérico',
    allergens: 'Gluten · Lácteos · Huevo',
    free: 'Sin gluten',
    veggie: 'Vegetariano',
    listName: 'Alérgenos',
    shot: 'menu-allergens-es',
  },
  {
    path: `/en/${VALENCIA}`,
    dish: 'Ibérico ham croquettes',
    allergens: 'Gluten · Milk · Eggs',
    free: 'Gluten-free',
    veggie: 'Vegetarian',
    listName: 'Allergens',
    shot: 'menu-allergens-en',
  },
];

for (const c of CASES) {
  test(`${c.path}: a card names its allergens in words, and «${c.free}» is drawn unlike gluten @desktop`, async ({
    page,
  }) => {
    await page.goto(c.path);
    const card = page
      .locator('article.product-card')
      .filter({ has: page.getByRole('heading', { name: c.dish, exact: true }) });
    const allergens = card.getByTestId('product-allergens');
    // The words are on screen (not only in a <title> for screen readers).
    await expect(allergens).toBeVisible();
    await expect(allergens).toHaveText(c.allergens.replaceAll(' · ', '·'));
    const gluten = allergens.locator('li[data-allergen="gluten"]');
    await expect(gluten).toHaveText('Gluten');
    const box = await gluten.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(30);
    // A list of names for a screen reader, one item per allergen.
    await expect(card.getByRole('list', { name: c.listName }).getByRole('listitem')).toHaveCount(
      c.allergens.split(' · ').length,
    );

    // The «gluten-free» chip of another card has a drawing of its own.
    const chip = page.locator('article.product-card .badge').filter({ hasText: c.free }).first();
    await expect(chip).toBeVisible();
    const freeDrawing = await drawing(chip.locator('svg'));
    const glutenDrawing = await drawing(gluten.locator('svg'));
    expect(freeDrawing).not.toBe('');
    expect(glutenDrawing).not.toBe('');
    expect(freeDrawing).not.toBe(glutenDrawing);
    // No diet chip on the page shares any allergen's drawing («Vegetariano» and celery included).
    const chipDrawings = await Promise.all((await page.locator('article.product-card .badge svg').all()).map(drawing));
    const allergenDrawings = new Set(
      await Promise.all((await page.locator('[data-testid="product-allergens"] svg').all()).map(drawing)),
    );
    expect(chipDrawings.filter((d) => allergenDrawings.has(d))).toEqual([]);
    await expect(page.locator('article.product-card .badge').filter({ hasText: c.veggie }).first()).toBeVisible();

    await card.scrollIntoViewIfNeeded();
    await screenshot(page, c.shot);
    await expectNoAxeViolations(page);
  });
}
