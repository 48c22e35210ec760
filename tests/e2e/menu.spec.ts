import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LOGGED_404, expectNoAxeViolations, screenshot, takeServiceWorkerControl } from './helpers.ts';

const TAQUERIA = '/taqueria-el-guero';

async function cartsInStorage(
  page: Page,
): Promise<
  Record<
    string,
    { lines: Array<{ productId: string; quantity: number; optionNames: string[]; note?: string; unitPrice: number }> }
  >
> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('vuex') ?? '{}').carts ?? {});
}

test.describe('venue menu', () => {
  test('is prerendered: readable with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(TAQUERIA);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Taquería El Güero' })).toBeVisible();
    const card = page.locator('#product-tacos-al-pastor');
    await expect(card.getByRole('heading', { name: 'Tacos al pastor' })).toBeVisible();
    await expect(card).toContainText('$69.00');
    await expect(
      page.getByRole('navigation', { name: 'Categorías' }).getByRole('link', { name: 'Tortas' }),
    ).toHaveAttribute('href', '#cat-tortas');
    await expect(page.locator('#product-tacos-de-tripa')).toContainText('Agotado');
    await context.close();
  });

  test('header, cards and accessibility at first load', async ({ page }) => {
    await page.goto(TAQUERIA);
    await expect(page).toHaveTitle('Taquería El Güero - umenu-ui');
    await expect(page.locator('#venue-open-status')).toHaveText('Abierto ahora · Hoy abierto 24 horas');
    await expect(page.getByRole('button', { name: 'Añadir Tacos al pastor' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Añadir Tacos de tripa' })).toBeHidden();
    // Images have reserved space (width/height) and a placeholder colour.
    const img = page.locator('#product-tacos-al-pastor img');
    await expect(img).toHaveAttribute('width', '400');
    await expect(img).toHaveAttribute('height', '300');
    const minTarget = await page.getByRole('button', { name: 'Añadir Tacos al pastor' }).boundingBox();
    expect(minTarget!.height).toBeGreaterThanOrEqual(44);
    await expectNoAxeViolations(page, 'menu');
    await screenshot(page, 'menu');
  });

  test('search is accent-insensitive and filters exclude allergens, also in options', async ({ page }) => {
    await page.goto(TAQUERIA);
    const search = page.getByRole('searchbox', { name: 'Buscar en el menú' });
    await search.fill('jalapenos');
    await expect(page.getByRole('heading', { name: 'Torta de milanesa' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tacos al pastor' })).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: /plato/ })).toHaveText(/^\d+ platos?$/);
    await search.fill('zzzz sin resultados');
    await expect(page.getByRole('status').filter({ hasText: 'Ningún plato coincide' })).toBeVisible();
    await expectNoAxeViolations(page, 'no results');
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Tacos al pastor' })).toBeVisible();

    // Tacos carry gluten only through the "Harina" tortilla option.
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Sin gluten' }).check();
    await expect(page.getByRole('heading', { name: 'Tacos al pastor' })).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: /plato/ })).toBeVisible();
    await expectNoAxeViolations(page, 'filters applied');
    await screenshot(page, 'menu-filters');
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(page.getByRole('heading', { name: 'Tacos al pastor' })).toBeVisible();

    await page.getByRole('checkbox', { name: 'Vegano' }).check();
    await expect(page.getByRole('heading', { name: 'Agua de jamaica' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tacos al pastor' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Postres' })).toBeHidden();
  });

  test('product detail: options with min/max, quantity, note, live price, add to cart', async ({ page }) => {
    await page.goto(TAQUERIA);
    const opener = page.getByRole('button', { name: 'Añadir Tacos al pastor' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Tacos al pastor' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    const confirm = dialog.getByRole('button', { name: /^Añadir al carrito · / });
    await expect(confirm).toHaveText('Añadir al carrito · $69.00');
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await expect(dialog.getByText('Elige: Cantidad, Tortilla')).toBeVisible();
    await expectNoAxeViolations(page, 'dialog open');
    await screenshot(page, 'menu-dialog');

    await dialog.getByRole('radio', { name: /Orden de 5/ }).check();
    await dialog.getByRole('radio', { name: /Harina/ }).check();
    // Salsas: max 2 — a third stays disabled; Morita is sold out.
    await dialog.getByRole('checkbox', { name: 'Verde' }).check();
    await dialog.getByRole('checkbox', { name: 'Roja' }).check();
    await expect(dialog.getByRole('checkbox', { name: 'Habanero' })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: /Morita/ })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Aumentar cantidad' }).click();
    // (6900 + 5600 + 500) × 2 = 26000
    await expect(confirm).toHaveText('Añadir al carrito · $260.00');
    await dialog.getByRole('textbox', { name: 'Nota para la cocina (opcional)' }).fill('Sin cebolla, por favor');
    await expect(dialog.getByText('22/200')).toBeVisible();
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Añadido al carrito')).toBeVisible();
    await expect(opener).toBeFocused();

    const carts = await cartsInStorage(page);
    const line = carts['taqueria-el-guero']!.lines[0]!;
    expect(line).toMatchObject({
      productId: 'tacos-al-pastor',
      quantity: 2,
      unitPrice: 13000,
      note: 'Sin cebolla, por favor',
    });
    expect(line.optionNames).toEqual(['Orden de 5', 'Harina', 'Verde', 'Roja']);

    // Same product + options + note merges; the cart survives a reload.
    await opener.click();
    await dialog.getByRole('radio', { name: /Orden de 5/ }).check();
    await dialog.getByRole('radio', { name: /Harina/ }).check();
    await dialog.getByRole('checkbox', { name: 'Roja' }).check();
    await dialog.getByRole('checkbox', { name: 'Verde' }).check();
    await dialog.getByRole('textbox', { name: 'Nota para la cocina (opcional)' }).fill('Sin cebolla, por favor');
    await dialog.getByRole('button', { name: /^Añadir al carrito/ }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    const after = await cartsInStorage(page);
    expect(after['taqueria-el-guero']!.lines).toHaveLength(1);
    expect(after['taqueria-el-guero']!.lines[0]!.quantity).toBe(3);
  });

  test('dialog is keyboard-only: Escape closes and focus returns to the card button', async ({ page }) => {
    await page.goto(TAQUERIA);
    const opener = page.getByRole('button', { name: 'Añadir Agua de jamaica' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a stored cart with bad data is repaired, not lost', async ({ page }) => {
    // Write storage from a same-origin page that runs no app code (an app page could overwrite it).
    await page.goto('/config.json');
    await page.evaluate(() => {
      localStorage.setItem(
        'vuex',
        JSON.stringify({
          carts: {
            'taqueria-el-guero': {
              venueId: 'taqueria-el-guero',
              currency: 'MXN',
              locale: 'es-MX',
              updatedAt: 'x',
              lines: [
                {
                  key: 'k',
                  productId: 'agua-de-jamaica',
                  name: 'Agua de jamaica',
                  optionIds: [],
                  optionNames: [],
                  unitPrice: 3500,
                  quantity: 400,
                },
                { productId: 42 },
              ],
            },
            'otro-lugar': 'basura',
          },
        }),
      );
    });
    await page.goto(TAQUERIA);
    await page.getByRole('button', { name: 'Añadir Tacos de bistec' }).waitFor();
    // Any write makes the repaired value visible in storage.
    await page.getByRole('button', { name: 'Añadir Tacos de bistec' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Orden de 3/ }).check();
    await dialog.getByRole('radio', { name: /Maíz/ }).check();
    await dialog.getByRole('button', { name: /^Añadir al carrito/ }).click();
    await expect(dialog).toBeHidden();
    const carts = await cartsInStorage(page);
    expect(Object.keys(carts)).toEqual(['taqueria-el-guero']);
    expect(carts['taqueria-el-guero']!.lines.map((l) => [l.productId, l.quantity])).toEqual([
      ['agua-de-jamaica', 99],
      ['tacos-de-bistec', 1],
    ]);
  });

  for (const withServiceWorker of [false, true]) {
    test(
      `invalid and unknown venue ids show the 404 page${withServiceWorker ? ', service worker in control' : ''}`,
      { tag: withServiceWorker ? '@sw' : [] },
      async ({ page, allowConsoleError }) => {
        // Why: these documents answer 404, which Chromium logs as a failed resource.
        allowConsoleError(LOGGED_404);
        if (withServiceWorker) await takeServiceWorkerControl(page);
        const unknown = await page.goto('/no-existe-este-lugar');
        expect(unknown?.status()).toBe(404);
        await expect(page.getByText('This page could not be found')).toBeVisible();
        const invalid = await page.goto('/Mal_Id!');
        expect(invalid?.status()).toBe(404);
        await expect(page.getByText('This page could not be found')).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Sin conexión' })).toHaveCount(0);
      },
    );
  }
});

test.describe('menu freshness and venues created after the build', () => {
  async function token(request: import('@playwright/test').APIRequestContext, email: string): Promise<string> {
    const response = await request.post('/api/auth/login', { data: { email, password: 'demo1234' } });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  test('prices and availability are revalidated from the API in place', async ({ page, request }) => {
    const staff = await token(request, 'gerente@umenu.test'); // prices: the manager (docs/rules.md#scopes)
    const patch = (productId: string, data: object) =>
      request.patch(`/api/venues/taqueria-el-guero/products/${productId}`, {
        data,
        headers: { Authorization: `Bearer ${staff}` },
      });
    expect((await patch('tacos-de-bistec', { price: 8100, available: false })).ok()).toBe(true);
    try {
      await page.goto(TAQUERIA);
      const card = page.locator('#product-tacos-de-bistec');
      await expect(card).toContainText('$81.00');
      await expect(card.getByText('Agotado')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Añadir Tacos de bistec' })).toBeHidden();
    } finally {
      await patch('tacos-de-bistec', { price: 7500, available: true });
    }
  });

  test(
    'a venue created after the build renders through the fallback shell',
    { tag: '@sw' },
    async ({ page, request }) => {
      const admin = await token(request, 'admin@umenu.test');
      const base = (await (await request.get('/api/venues/taqueria-el-guero')).json()) as Record<string, unknown>;
      const id = 'fonda-nueva-e2e';
      const created = await request.put(`/api/venues/${id}`, {
        data: { ...base, id, name: 'Fonda Nueva', tagline: 'Recién abierta' },
        headers: { Authorization: `Bearer ${admin}` },
      });
      expect(created.ok()).toBe(true);
      // With the service worker in control (a returning diner), a new venue must still reach the network.
      await page.goto('/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const response = await page.goto(`/${id}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Fonda Nueva' })).toBeVisible();
      await expect(page).toHaveTitle('Fonda Nueva - umenu-ui');
      await page.getByRole('searchbox', { name: 'Buscar en el menú' }).fill('jalapenos');
      await expect(page.getByRole('heading', { name: 'Torta de milanesa' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Tacos al pastor' })).toBeHidden();
      await page.getByRole('button', { name: 'Quitar filtros' }).click();
      await page.getByRole('button', { name: 'Añadir Agua de jamaica' }).click();
      const dialog = page.getByRole('dialog', { name: 'Agua de jamaica' });
      await dialog.getByRole('radio', { name: /Chico/ }).check();
      await dialog.getByRole('button', { name: /^Añadir al carrito/ }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: /^Carrito, 1 producto/ })).toBeVisible();
      await expectNoAxeViolations(page, 'venue shell');
      await screenshot(page, 'menu-shell');
    },
  );
});

test(
  'a visited menu stays readable offline, images included',
  { tag: '@sw' },
  async ({ page, context, allowConsoleError }) => {
    // Offline on purpose: the menu's revalidation request fails (the page keeps the menu it has).
    allowConsoleError(/^Failed to load resource: net::ERR_FAILED$/);
    await page.goto('/cafe-la-macarena');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Once the service worker controls the page, what the menu loads is cached.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const firstImage = page.locator('[data-product-id] img').first();
    await expect
      .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // The service worker has stored the image (it caches after answering).
    await expect
      .poll(() =>
        firstImage.evaluate(async (img: HTMLImageElement) => Boolean(await caches.match(img.currentSrc || img.src))),
      )
      .toBe(true);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Café La Macarena' })).toBeVisible();
      await expect
        .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await expect(page.getByRole('button', { name: /^Añadir / }).first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  },
);

test('an unchanged prerendered menu revalidates with a conditional request (304, no menu download)', async ({
  page,
  request,
}) => {
  // mercado-grande: a prerendered venue no spec edits, so its page still carries the ETag the
  // worker's API answers, whatever ran before in this worker (the site was built from this database).
  const VENUE = 'mercado-grande';
  const current = (await request.head(`/api/venues/${VENUE}`)).headers()['etag'];
  expect(current).toBeTruthy();
  const html = await (await request.get(`/${VENUE}`)).text();
  expect(html, "the prerendered page carries the API's current ETag").toContain(current!.replace(/"/g, ''));
  const revalidation = page.waitForResponse((r) => r.url().endsWith(`/api/venues/${VENUE}`));
  await page.goto(`/${VENUE}`);
  const response = await revalidation;
  expect(response.request().headers()['if-none-match']).toBe(current);
  expect(response.status()).toBe(304);
  await expect(page.locator('#venue-open-status')).not.toHaveText('Horario');
});
