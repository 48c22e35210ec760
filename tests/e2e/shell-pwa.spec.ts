/** The service worker: registered from /sw.js with scope /, precached shell, pages kept as visited, offline page. */
import { expect, test } from './fixtures.ts';
import { LOGGED_404, createVenue, expectNoAxeViolations, takeServiceWorkerControl } from './helpers.ts';

test.use({ serviceWorkers: 'allow' });

test('registers /sw.js for scope / and works offline: the home page and a page visited once open, never-visited routes get the offline page', async ({
  page,
  context,
  allowConsoleError,
}) => {
  // Why: offline on purpose; /inspire shows dishes of venues never visited, whose images cannot load.
  allowConsoleError(/^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)$/);
  await page.goto('/');
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL ?? '' };
  });
  expect(new URL(registration.scope).pathname).toBe('/');
  expect(new URL(registration.script).pathname).toBe('/sw.js');
  // Controlled from the next load on (no skipWaiting: updates wait for the diner).
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Visited once online (not precached: kept as it is visited).
  await page.goto('/inspire');
  await expect(page.getByRole('heading', { level: 1, name: 'Inspírate' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  for (const path of ['/inspire', '/']) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: path === '/' ? 'Encuentra tu restaurante' : 'Inspírate' }),
      path,
    ).toBeVisible();
    await expect(page.getByRole('status').getByText('Sin conexión'), path).toBeVisible();
  }

  for (const path of ['/pagina-nunca-visitada/detalle', '/local-nunca-visitado', '/local-nunca-visitado?mesa=3']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' }), path).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  }
  await expectNoAxeViolations(page, 'offline page');
  await context.setOffline(false);
});

test.describe('a venue created after the build (served by the fallback shell), with the service worker in control', () => {
  for (const query of ['', '?mesa=7']) {
    test(`opens online on the first visit and after two reloads${query ? ` (${query})` : ''}`, async ({
      page,
      request,
    }) => {
      const id = `fonda-sw-e2e${query ? '-mesa' : ''}`;
      await createVenue(request, id, 'Fonda del Service Worker');
      await takeServiceWorkerControl(page);
      const heading = page.getByRole('heading', { level: 1, name: 'Fonda del Service Worker' });
      for (const visit of ['first visit', 'reload', 'second reload']) {
        const response = visit === 'first visit' ? await page.goto(`/${id}${query}`) : await page.reload();
        expect(response?.status(), visit).toBe(200);
        await expect(heading, visit).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Sin conexión' }), visit).toHaveCount(0);
        await expect(page.getByRole('button', { name: /^Añadir/ }).first(), visit).toBeVisible();
        await expect(page, visit).toHaveURL(new RegExp(`/${id}${query.replace('?', '\\?')}$`));
        expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), visit).toBe(true);
      }
    });
  }

  test('stays readable offline once visited', async ({ page, context, request }) => {
    const id = 'fonda-sw-offline-e2e';
    await createVenue(request, id, 'Fonda Sin Red');
    await takeServiceWorkerControl(page);
    await page.goto(`/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fonda Sin Red' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    try {
      for (const path of [`/${id}`, `/${id}?mesa=2`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: 'Fonda Sin Red' }), path).toBeVisible();
        await expect(page.getByRole('button', { name: /^Añadir/ }).first(), path).toBeVisible();
      }
    } finally {
      await context.setOffline(false);
    }
  });
  test('offline, opens through the fallback shell when only its menu was kept (reached via a 404-only host)', async ({
    page,
    context,
    request,
  }) => {
    const id = 'fonda-sw-404host-e2e';
    await createVenue(request, id, 'Fonda del Anfitrión');
    await takeServiceWorkerControl(page);
    // What a 404-only host's 404.html does: open the shell, which restores the venue's address.
    await page.goto(`/venue-shell?venue=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fonda del Anfitrión' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${id}$`));
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    try {
      await page.goto(`/${id}?mesa=3`);
      await expect(page.getByRole('heading', { level: 1, name: 'Fonda del Anfitrión' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Añadir/ }).first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});

test.describe('unknown addresses, with the service worker in control, online', () => {
  for (const path of ['/a/b/c', '/pedidos/x/y', '/NOT_A_VALID_ID!!', '/no-existe-este-local']) {
    test(`${path} shows the 404 page, not the offline page`, async ({ page, allowConsoleError }) => {
      // Why: the document itself answers 404, which Chromium logs as a failed resource.
      allowConsoleError(LOGGED_404);
      await takeServiceWorkerControl(page);
      // Followed as a link, as a diner would.
      await page.evaluate((href) => {
        const link = Object.assign(document.createElement('a'), { href, textContent: 'enlace roto' });
        document.body.append(link);
      }, path);
      const navigation = page.waitForResponse((response) => response.request().isNavigationRequest());
      await page.getByRole('link', { name: 'enlace roto' }).click();
      expect((await navigation).status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('heading', { name: 'Sin conexión' })).toHaveCount(0);
    });
  }
});
