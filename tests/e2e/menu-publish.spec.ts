/**
 * What a manager publishes is what every diner sees (docs/rules.md#live-menu): a prerendered
 * venue edited through the API (a dish renamed, a new price, a new dish, a dish deleted) shows
 * the edit on an open menu within 15 s without a reload, after a reload, and in a fresh
 * context, with and without the service worker in control (it keeps the build's copy of the
 * page and of `/menus/{id}.json`); the bundled server regenerates the page's HTML, which
 * shows the new menu without any script; a cart line whose price changed is flagged.
 *
 * The venue is put back as it was at the end of each test (the suite's specs may share one server).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Venue } from '../../src/contract/venue.ts';
import { stripScripts } from '../../server/platform/static.ts';
import { expect, test } from './fixtures.ts';
import { createVenue, expectNoAxeViolations, screenshot, takeServiceWorkerControl } from './helpers.ts';
import { MANAGER } from './manage-helpers.ts';
import { addProduct, apiLogin, drawer, islandsReady, openCart } from './order-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'taqueria-el-guero';
const RENAMED = { id: 'flan-napolitano', before: 'Flan napolitano', after: 'Flan de cajeta de la casa' };
const REPRICED = {
  id: 'guacamole-con-totopos',
  name: 'Guacamole con totopos',
  before: '$89.00',
  after: '$99.00',
  price: 9900,
};
const ADDED = { id: 'tlayuda-oaxaquena', name: 'Tlayuda oaxaqueña', price: '$125.00' };
const DELETED = { id: 'churros-con-chocolate', name: 'Churros con chocolate' };

async function managerToken(request: APIRequestContext): Promise<string> {
  return (await apiLogin(request, MANAGER)).token;
}

async function getVenue(request: APIRequestContext): Promise<Venue> {
  const response = await request.get(`/api/venues/${VENUE}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Venue;
}

async function putVenue(request: APIRequestContext, token: string, venue: Venue): Promise<void> {
  const response = await request.put(`/api/venues/${venue.id}`, {
    data: venue,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), `PUT /api/venues/${venue.id}: ${await response.text()}`).toBe(200);
}

/** The venue with the four edits of this spec. */
function edited(original: Venue): Venue {
  const venue = structuredClone(original);
  for (const category of venue.categories) {
    for (const product of category.products) {
      if (product.id === RENAMED.id) product.name = RENAMED.after;
      if (product.id === REPRICED.id) product.price = REPRICED.price;
    }
    category.products = category.products.filter((p) => p.id !== DELETED.id);
  }
  const antojitos = venue.categories.find((c) => c.id === 'antojitos')!;
  antojitos.products.push({
    id: ADDED.id,
    name: ADDED.name,
    description: 'Tortilla grande y crujiente con asiento, frijoles, quesillo y tasajo.',
    price: 12500,
    tags: ['nuevo'],
    allergens: ['milk'],
    available: true,
    optionGroups: [],
  });
  return venue;
}

/** The page shows the edited menu (cards by id, names and prices as a diner reads them). */
async function expectEditedMenu(page: Page, timeout = 15_000): Promise<void> {
  await expect(page.locator(`#product-${RENAMED.id} .product-name`)).toHaveText(RENAMED.after, { timeout });
  await expect(page.locator(`#product-${REPRICED.id} .product-price`)).toHaveText(REPRICED.after);
  await expect(page.locator(`#product-${ADDED.id}`)).toContainText(ADDED.name);
  await expect(page.locator(`#product-${ADDED.id} .product-price`)).toHaveText(ADDED.price);
  await expect(page.locator(`#product-${DELETED.id}`)).toHaveCount(0);
  await expect(page.getByText(RENAMED.before, { exact: true })).toHaveCount(0);
}

/** The venue back as it was, and its regenerated page too (a later spec reads the original menu). */
async function restore(request: APIRequestContext, token: string, original: Venue): Promise<void> {
  await putVenue(request, token, original);
  await expect
    .poll(async () => stripScripts(await (await request.get(`/${VENUE}`)).text()).includes(RENAMED.before), {
      timeout: ceiling(30_000),
    })
    .toBe(true);
}

test.describe('without the service worker', () => {
  test('an open menu, a reload, a fresh context and the regenerated HTML show the edit; the cart flags the new price', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(ceiling(120_000));
    const token = await managerToken(request);
    const original = await getVenue(request);
    await page.goto(`/${VENUE}`);
    await expect(page.locator(`#product-${RENAMED.id} .product-name`)).toHaveText(RENAMED.before);
    await addProduct(page, REPRICED.name);
    await addProduct(page, DELETED.name);
    // The diner reads the desserts, under the dish about to be added.
    const desserts = page.getByRole('heading', { name: 'Postres', exact: true });
    await page.locator('#cat-postres').evaluate((section) => section.scrollIntoView({ behavior: 'instant' }));
    const readingAt = await desserts.evaluate((h) => h.getBoundingClientRect().top);
    try {
      await putVenue(request, token, edited(original));

      // Open: within 15 s, no reload, and the place the diner was reading stays where it was.
      await expectEditedMenu(page);
      const shift = async () => Math.abs((await desserts.evaluate((h) => h.getBoundingClientRect().top)) - readingAt);
      await expect.poll(shift, { message: '«Postres» back where the diner read it' }).toBeLessThanOrEqual(1);
      // And it stays there once the new cards have taken their sizes.
      await page.waitForTimeout(1_500);
      expect(await shift(), '«Postres» moved after the edit').toBeLessThanOrEqual(1);
      await expectNoAxeViolations(page, 'menu after the edit');
      await page.locator(`#product-${REPRICED.id}`).scrollIntoViewIfNeeded();
      await screenshot(page, 'menu-publish-after-edit');
      // The new dish opens its dialog with its price (the island reads the newest menu).
      await addProduct(page, ADDED.name);
      await openCart(page);
      const repriced = drawer(page).getByTestId('cart-line').filter({ hasText: REPRICED.name });
      await expect(repriced.getByTestId('line-price-changed')).toHaveText(
        `El precio cambió: ahora ${REPRICED.after} c/u`,
      );
      await expect(
        drawer(page).getByTestId('cart-line').filter({ hasText: ADDED.name }).getByTestId('line-price-changed'),
      ).toHaveCount(0);
      await expect(
        drawer(page).getByTestId('cart-line').filter({ hasText: DELETED.name }).getByTestId('line-gone'),
      ).toHaveText('Ya no está en el menú: elimínalo para poder pedir');
      await expectNoAxeViolations(page, 'cart with a price-changed line');
      await screenshot(page, 'menu-publish-price-changed-cart');
      // The diner takes the new price: the line and the subtotal follow it.
      await expect(drawer(page).getByTestId('cart-subtotal')).toHaveText('$273.00');
      await repriced.getByRole('button', { name: `Usar el precio nuevo de ${REPRICED.name}` }).click();
      await expect(repriced.getByTestId('line-price-changed')).toHaveCount(0);
      await expect(repriced).toContainText(`${REPRICED.after} c/u`);
      await expect(drawer(page).getByTestId('cart-subtotal')).toHaveText('$283.00');
      await page.keyboard.press('Escape');

      // The bundled server regenerated the page: its HTML alone (no script) shows the new menu.
      await expect
        .poll(
          async () => {
            const html = stripScripts(await (await request.get(`/${VENUE}`)).text());
            return [
              html.includes(RENAMED.after),
              html.includes(ADDED.name),
              html.includes(DELETED.name),
              html.includes(REPRICED.after),
            ];
          },
          { timeout: ceiling(30_000) },
        )
        .toEqual([true, true, false, true]);
      const menuFile = (await (await request.get(`/menus/${VENUE}.json`)).json()) as Venue;
      expect(menuFile.categories.flatMap((c) => c.products.map((p) => p.name))).toContain(ADDED.name);

      // Reloaded.
      await page.reload();
      await expectEditedMenu(page, 7_000);

      // A fresh context (nothing cached, no script needed for what it reads first).
      const fresh = await browser.newContext({ javaScriptEnabled: false });
      const other = await fresh.newPage();
      await other.goto(`/${VENUE}`);
      await expectEditedMenu(other, 7_000);
      await fresh.close();
    } finally {
      await restore(request, token, original);
    }
  });
});

test.describe('with the service worker in control', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the kept page and menu file give way to the newest menu, open, reloaded and in a fresh context', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(ceiling(120_000));
    const token = await managerToken(request);
    const original = await getVenue(request);
    await takeServiceWorkerControl(page);
    await page.goto(`/${VENUE}`);
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.locator(`#product-${RENAMED.id} .product-name`)).toHaveText(RENAMED.before);
    try {
      await putVenue(request, token, edited(original));
      await expectEditedMenu(page);

      // Reloaded: the worker answers with the copy it kept of the page as first seen; the page's
      // own check shows the newest menu, and the island's dialog reads it (not the kept menu file).
      await page.reload();
      expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await expectEditedMenu(page);
      await expectNoAxeViolations(page, 'reloaded under the service worker after the edit');
      await islandsReady(page);
      await page.getByRole('button', { name: `Añadir ${RENAMED.after}`, exact: true }).click();
      await expect(page.getByRole('dialog', { name: RENAMED.after })).toBeVisible();
      await page.keyboard.press('Escape');

      // A fresh context (its worker installs from the regenerated site): the same.
      const fresh = await browser.newContext({ serviceWorkers: 'allow' });
      const other = await fresh.newPage();
      await takeServiceWorkerControl(other);
      await other.goto(`/${VENUE}`);
      await expectEditedMenu(other);
      await fresh.close();
    } finally {
      await restore(request, token, original);
    }
  });
});

test('a venue created after the build (the fallback shell) shows an edit within 15 s too', async ({
  page,
  request,
}) => {
  test.setTimeout(ceiling(60_000));
  const id = 'fonda-recien-publicada';
  await createVenue(request, id, 'Fonda Recién Publicada');
  const { token } = await apiLogin(request, { email: 'admin@umenu.test', password: 'demo1234' });
  const response = await request.get(`/api/venues/${id}`);
  const venue = (await response.json()) as Venue;
  await page.goto(`/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fonda Recién Publicada' })).toBeVisible();
  await expect(page.locator(`#product-${RENAMED.id} .product-name`)).toHaveText(RENAMED.before);
  await putVenue(request, token, { ...edited(venue), name: 'Fonda Recién Publicada y Renovada' });
  await expectEditedMenu(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Fonda Recién Publicada y Renovada' })).toBeVisible();
  await expect(page).toHaveTitle('Fonda Recién Publicada y Renovada - umenu-ui');
});
