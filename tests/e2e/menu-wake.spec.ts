/**
 * Venue and home pages hydrate their React islands on the diner's first interaction
 * (`client:touch`), or at once when stored state needs them; what the menu does on its own
 * (open-now line, live prices) runs without React; the whole menu is a file beside the page.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { addProduct, cartButton } from './order-helpers.ts';
import { ceiling } from '../ceiling.ts';

/** Records every script the page asks for. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

/**
 * The page's idle-time work has run: idle callbacks run in the order asked for, so two of ours
 * come after every one the page asked for before (src/features/menu/idle.ts `whenIdle`), and
 * the network has settled again after whatever they started.
 */
async function idleWorkDone(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
  );
  await page.waitForLoadState('networkidle');
}

/** The code of the page's islands (component and renderer: React) that must not load before a touch. */
async function islandCode(page: Page): Promise<string[]> {
  return page
    .locator('astro-island')
    .evaluateAll((islands) =>
      islands
        .flatMap((island) => [island.getAttribute('component-url'), island.getAttribute('renderer-url')])
        .filter((url): url is string => Boolean(url)),
    );
}

test('a diner who only reads a menu loads no React; the first tap wakes the page and is not lost', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/taqueria-el-guero');
  // The page's own script runs without any interaction: the open-now line is computed.
  await expect(page.locator('#venue-open-status')).toHaveText(/^(Abierto|Cerrado)/);
  await page.waitForLoadState('networkidle');
  await idleWorkDone(page);
  const code = await islandCode(page);
  expect(code.length).toBeGreaterThanOrEqual(2);
  expect(scripts.filter((url) => code.includes(url))).toEqual([]);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(2);
  // The whole menu is not in the page: it is a file of its own, asked for when the island wakes.
  await expect(page.locator('#venue-data')).toHaveCount(0);
  expect(await page.locator('script[type="application/json"]').evaluateAll((els) => els.map((el) => el.id))).toEqual([
    'umenu-page-meta',
    'venue-facts',
  ]);

  // The first tap lands on "Filtros" before React is there: the panel still opens.
  const menuJson = page.waitForResponse((response) => response.url().endsWith('/menus/taqueria-el-guero.json'));
  await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Filtros', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#menu-filters')).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect((await menuJson).status()).toBe(200);
  await expectNoAxeViolations(page, 'menu woken by a tap on Filtros');
  await screenshot(page, 'menu-woken-filters');
});

test('a returning diner sees the cart counted without touching the page', async ({ page }) => {
  await page.goto('/taqueria-el-guero');
  await addProduct(page, 'Volcán de chorizo');
  await page.reload();
  // No key, tap or scroll: the stored cart wakes the cart button.
  await expect(cartButton(page)).toHaveAccessibleName('Carrito, 1 producto');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
});

test(
  'offline, the first tap on "Añadir" opens the dish from the copy the service worker keeps',
  { tag: '@sw' },
  async ({ page, context, allowConsoleError }) => {
    // Offline on purpose: the live menu's check and the config request fail.
    allowConsoleError(/^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)$/);
    // Seen once, on the visit that installs the service worker, and never touched: the page keeps
    // itself and its menu file once the worker is active (src/shell/sw-keep.ts).
    await page.goto('/bar-el-cabanyal');
    await expect(page.getByRole('heading', { level: 1, name: 'Bar El Cabanyal' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          Boolean((await caches.match('/bar-el-cabanyal')) && (await caches.match('/menus/bar-el-cabanyal.json'))),
        ),
      )
      .toBe(true);
    await context.setOffline(true);
    try {
      await page.goto('/bar-el-cabanyal');
      await expect(page.getByRole('heading', { level: 1, name: 'Bar El Cabanyal' })).toBeVisible();
      await page.getByRole('button', { name: 'Añadir Patatas bravas', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Patatas bravas' });
      await expect(dialog).toBeVisible();
      // Its options come from the menu file, which the page itself does not carry.
      await expect(dialog.getByRole('radio', { name: /^Media ración/ })).toBeVisible();
      await screenshot(page, 'menu-offline-first-tap');
    } finally {
      await context.setOffline(false);
    }
  },
);

test('home runs no React until the diner types, and what was typed first is searched', async ({ page }) => {
  const scripts = scriptRequests(page);
  // A venue another test created after the build wakes the list on purpose (home-new-venue.spec.ts):
  // here the API lists exactly the venues the served home page shows.
  const html = await (await page.request.get('/')).text();
  await page.route(/\/api\/venues$/, async (route) => {
    const body = (await (await route.fetch()).json()) as { venues: Array<{ id: string }> };
    await route.fulfill({ json: { venues: body.venues.filter((v) => html.includes(`href="/${v.id}"`)) } });
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await idleWorkDone(page);
  const code = await islandCode(page);
  expect(scripts.filter((url) => code.includes(url))).toEqual([]);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(2);
  await page.getByRole('searchbox', { name: /Buscar restaurantes/ }).pressSequentially('bogota');
  await expect(page.getByRole('heading', { name: 'Resultados para «bogota»' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Café La Macarena/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Taquería El Güero/ })).toHaveCount(0);
});

test("inspire shows the build's dishes without React; the first touch refreshes them from the API", async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  await page.goto('/inspire');
  await expect(page.getByRole('region', { name: 'Los más pedidos' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await idleWorkDone(page);
  const code = await islandCode(page);
  expect(scripts.filter((url) => code.includes(url))).toEqual([]);
  const refresh = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/venues');
  await page.mouse.wheel(0, 200);
  expect((await refresh).status()).toBe(200);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Los más pedidos' })).toBeVisible();
});

test('a first visit stays in the fallback font; the next page is in Inter', async ({ page }) => {
  await page.goto('/bar-el-cabanyal');
  // Inter is fetched for later pages once this one is idle...
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('umenu:font-ready')), { timeout: ceiling(10_000) })
    .toBe('1');
  // ...but never handed to this page's fonts (that would restyle every card): it stays in the fallback.
  const first = await page.evaluate(() => ({
    inter: [...document.fonts].filter((face) => face.family.includes('Inter Variable')).map((face) => face.status),
    family: getComputedStyle(document.querySelector('h1')!).fontFamily,
  }));
  expect(first.inter.length).toBeGreaterThan(0);
  expect(first.inter.every((status) => status === 'unloaded')).toBe(true);
  expect(first.family).toMatch(/^"?Inter Fallback/);
  // The cards' allergens are named in words beside their drawing.
  await expect(
    page.locator('[data-product-id]').getByTestId('product-allergens').getByText('Gluten', { exact: true }).first(),
  ).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bumenu-fonts\b/);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toMatch(
    /^"?Inter Variable/,
  );
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some((face) => face.family.includes('Inter Variable') && face.status === 'loaded'),
      ),
    )
    .toBe(true);
});
