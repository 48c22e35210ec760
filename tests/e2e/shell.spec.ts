/**
 * The shell on the built site served by `npm start`: layout and meta, error
 * pages, page meta, online status, toasts, chunk-load recovery, persistence,
 * reduced motion, accessibility. Exact strings come from
 * docs/rules.md#shell.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LOGGED_404, expectNoAxeViolations, screenshot, shellReady, takeServiceWorkerControl } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const PAGES = [
  { path: '/', title: 'Inicio - umenu-ui', heading: 'Encuentra tu restaurante' },
  { path: '/inspire', title: 'Inspírate - umenu-ui', heading: 'Inspírate' },
  { path: '/login', title: 'Iniciar sesión - umenu-ui', heading: 'Iniciar sesión' },
];

/** Serves a built page with its HTML changed, e.g. as a deployment with another page meta would. */
async function serveModified(page: Page, path: string, change: (html: string) => string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, body: change(await response.text()) });
    },
  );
}

const withMiddleware = (names: string[]) => (html: string) =>
  html.replace(/("middleware":)\[[^\]]*\]/, `$1${JSON.stringify(names)}`);

test.describe('layout', { tag: '@desktop' }, () => {
  for (const { path, title, heading } of PAGES) {
    test(`${path}: language, title template, meta, logo, header, self-hosted assets`, async ({ page }) => {
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'))
          foreign.push(url.href);
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0096c7');
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      expect(await page.locator('link[rel="apple-touch-startup-image"]').count()).toBeGreaterThanOrEqual(6);
      const logoLink = page.getByRole('banner').getByRole('link', { name: 'umenu, inicio' });
      await expect(logoLink).toBeVisible();
      await expect(logoLink.locator('svg')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Fonts are ours (no CDN) and icons are inline SVG (no icon font).
      expect(foreign).toEqual([]);
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
      });
      expect(fonts.some((family) => family.includes('Inter'))).toBe(true);
      expect(fonts.some((family) => /material|mdi/i.test(family))).toBe(false);
      await expectNoAxeViolations(page, path);
      await screenshot(page, `shell${path === '/' ? '-home' : path.replace(/\//g, '-')}`);
    });
  }

  test('manifest and icons are served', async ({ request }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      lang: 'es',
      scope: '/',
      start_url: '/',
      display: 'standalone',
      short_name: 'umenu',
    });
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose?: string }) => `${icon.sizes}${icon.purpose ? `:${icon.purpose}` : ''}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['64x64', '192x192', '512x512', '512x512:maskable']));
    for (const path of [
      '/pwa-64x64.png',
      '/pwa-192x192.png',
      '/pwa-512x512.png',
      '/maskable-icon-512x512.png',
      '/apple-touch-icon-180x180.png',
      '/favicon.svg',
      '/favicon.ico',
      '/apple-splash-portrait-1179x2556.png',
    ]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });
});

test.describe('error pages', () => {
  for (const withServiceWorker of [false, true]) {
    test(
      `an unmatched route shows the 404 page with a link home${withServiceWorker ? ', service worker in control' : ''}`,
      { tag: withServiceWorker ? '@sw' : [] },
      async ({ page, allowConsoleError }) => {
        // Why: the page's own document answers 404, which Chromium logs as a failed resource.
        allowConsoleError(LOGGED_404);
        if (withServiceWorker) await takeServiceWorkerControl(page);
        const response = await page.goto('/no/such/page');
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
        await expect(page.getByText('404', { exact: true })).toBeVisible();
        const home = page.getByRole('link', { name: 'Go back to home' });
        await expect(home).toHaveAttribute('href', '/');
        await expectNoAxeViolations(page, '404');
        if (!withServiceWorker) await screenshot(page, 'shell-404');
        await home.click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Encuentra tu restaurante' })).toBeVisible();
      },
    );
  }

  test('the 500 page shows its status and a link home', async ({ page }) => {
    await page.goto('/500');
    await expect(page.getByText('500', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'An error occurred' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page, '500');
  });

  test('a page naming unregistered middleware shows 500 "Unknown middleware {name}"', async ({ page }) => {
    await serveModified(page, '/inspire', withMiddleware(['nope']));
    await page.goto('/inspire');
    await expect(page.getByRole('heading', { level: 1, name: 'Unknown middleware nope' })).toBeVisible();
    await expect(page.getByText('500', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/');
    await expect(page).toHaveTitle('Unknown middleware nope - umenu-ui');
    // The page's own content is gone.
    await expect(page.getByRole('heading', { name: 'Inspírate' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'unknown middleware');
    await screenshot(page, 'shell-error-500');
  });

  test('a failing validate shows the 404 view', async ({ page }) => {
    // `/inspire` is a reserved name, so the venue-id validator refuses it.
    // (Without the service worker only: a precached page cannot be served modified. The real
    // 404s — unknown and invalid addresses — run with the service worker in control above and
    // in menu.spec.ts / shell-pwa.spec.ts.)
    await serveModified(page, '/inspire', (html) => html.replace('"validate":null', '"validate":"venueId"'));
    await page.goto('/inspire');
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/');
  });

  test('when the error page itself cannot be shown, a fallback says so', async ({ page, allowConsoleError }) => {
    allowConsoleError(/^\[umenu\] the error page could not be shown/); // the point: the template is removed
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await serveModified(page, '/inspire', (html) =>
      withMiddleware(['nope'])(html).replace(/<template id="umenu-error-template">[\s\S]*?<\/template>/, ''),
    );
    await page.goto('/inspire');
    await expect(
      page.getByRole('heading', { level: 1, name: 'An error occurred while showing the error page' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/');
    expect(errors.some((text) => text.includes('the error page could not be shown'))).toBe(true);
    await expectNoAxeViolations(page, 'error page fallback');
  });
});

test.describe('online status', () => {
  test('shows "Sin conexión" while offline and hides it when back online', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    // Islands hydrate after the first paint: a request they start may meet the network cut on purpose.
    allowConsoleError(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const badge = page.getByRole('status').getByText('Sin conexión');
    await expect(badge).toBeHidden();
    await context.setOffline(true);
    await expect(badge).toBeVisible();
    await expectNoAxeViolations(page, 'offline');
    await screenshot(page, 'shell-offline-badge');
    await context.setOffline(false);
    await expect(badge).toBeHidden();
  });
});

test.describe('toasts', () => {
  test(
    'an unexpected failure shows the generic error toast top-right (at the bottom on phones), kept while hovered',
    { tag: '@desktop' },
    async ({ page, allowPageError }, testInfo) => {
      allowPageError(/^something unexpected$/); // thrown on purpose
      // Hover needs a mouse: the phone project (touch) checks placement and text only.
      const canHover = testInfo.project.name !== 'phone';
      await page.clock.install();
      await page.goto('/inspire');
      await shellReady(page);
      await page.evaluate(() => {
        void Promise.reject(new Error('something unexpected'));
      });
      const toast = page.locator('[data-sonner-toast].my-error');
      await expect(toast).toBeVisible();
      // Hover at once: while hovered it must stay, however long the checks below take.
      if (canHover) await toast.hover();
      await expect(toast).toContainText('Oops...Something went wrong');
      await expect(toast).toHaveAttribute('data-type', 'error');
      const toaster = page.locator('[data-sonner-toaster]');
      const phone = testInfo.project.name === 'phone';
      // Phones: full width at the bottom, so the top of the screen (a table's bar, the board's
      // «En vivo») is never covered; wider screens: top right, beside the page's lines.
      await expect(toaster).toHaveAttribute('data-y-position', phone ? 'bottom' : 'top');
      await expect(toaster).toHaveAttribute('data-x-position', phone ? 'center' : 'right');
      // Where it comes to rest: let the slide-in transition finish before measuring.
      await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
      const box = (await toast.boundingBox())!;
      const viewport = page.viewportSize()!;
      if (phone) {
        // At the bottom of the screen, the width of the screen.
        expect(viewport.height - (box.y + box.height)).toBeLessThan(32);
        expect(box.width).toBeGreaterThan(viewport.width - 40);
      } else {
        // Top of the page, just under the 56 px header.
        expect(box.y).toBeGreaterThanOrEqual(56);
        expect(box.y).toBeLessThan(90);
        expect(viewport.width - (box.x + box.width)).toBeLessThan(48);
      }
      await expectNoAxeViolations(page, 'toast');
      await screenshot(page, 'shell-toast');
      if (!canHover) return;
      // Five seconds hovered (past its 4 s): still there.
      await page.clock.runFor(5000);
      await expect(toast).toBeVisible();
      // Mouse away: it leaves after its duration.
      await page.mouse.move(5, viewport.height - 5);
      await page.clock.runFor(4500);
      await expect(toast).toBeHidden();
    },
  );

  test('a toast leaves after about 4 seconds when not hovered', async ({ page, allowPageError }) => {
    allowPageError(/^x$/); // thrown on purpose to raise a toast
    await page.clock.install();
    await page.goto('/');
    await shellReady(page);
    await page.mouse.move(5, 400);
    await page.evaluate(() => {
      void Promise.reject(new Error('x'));
    });
    const toast = page.getByText('Oops...Something went wrong');
    await expect(toast).toBeVisible();
    // Still there 3.8 s later, gone by 4.5 s.
    await page.clock.runFor(3800);
    await expect(toast).toBeVisible();
    await page.clock.runFor(700);
    await expect(toast).toBeHidden();
  });
});

test.describe('failed chunk load', () => {
  test('reloads once, and not again within 60 seconds', async ({ page, allowPageError, allowConsoleError }) => {
    // The point: chunk loads fail on purpose (thrown and refused), so the toast's own chunk cannot load either.
    allowPageError(/^(first|second)$/);
    allowConsoleError(/^Failed to load resource: net::ERR_FAILED$/);
    allowConsoleError(/^\[umenu\] toast could not be shown/);
    // The toaster's chunk is loaded on demand: make it fail as after a redeploy.
    await page.route('**/_astro/toaster-mount*.js', (route) => route.abort());
    await page.goto('/inspire');
    await shellReady(page);
    let navigations = 0;
    // Full page loads only (same-document history updates do not count).
    page.on('load', () => navigations++);
    await page.evaluate(() => void Promise.reject(new Error('first')));
    await expect.poll(() => navigations).toBe(1);
    await page.waitForLoadState('load');
    await shellReady(page);
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.evaluate(() => void Promise.reject(new Error('second')));
    // The warning is the decision not to reload (src/shell/chunk-reload.ts: one or the other, synchronously).
    await expect.poll(() => warnings.some((w) => w.includes('not reloading'))).toBe(true);
    expect(navigations).toBe(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Inspírate' })).toBeVisible();
  });

  test("Vite's preload error event triggers the same single reload", async ({ page }) => {
    await page.goto('/');
    await shellReady(page);
    let navigations = 0;
    // Full page loads only (same-document history updates do not count).
    page.on('load', () => navigations++);
    await page
      .evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })))
      .catch(() => undefined); // the reload may destroy the context mid-call
    await expect.poll(() => navigations).toBe(1);
    await page.waitForLoadState('load');
    await shellReady(page);
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
    // The warning is the decision not to reload (src/shell/chunk-reload.ts: one or the other, synchronously).
    await expect.poll(() => warnings.some((w) => w.includes('not reloading'))).toBe(true);
    expect(navigations).toBe(1);
  });
});

test.describe('persistence', () => {
  test('a corrupt "vuex" entry does not break the page', async ({ page }) => {
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.addInitScript(() => localStorage.setItem('vuex', '{"cart": [oops'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Encuentra tu restaurante' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(pageErrors).toEqual([]);
  });
});

test.describe('page transition', () => {
  async function revealTransition(page: Page): Promise<boolean | null> {
    await page.addInitScript(() => {
      window.addEventListener('pagereveal', (event) => {
        (window as unknown as { __vt: boolean }).__vt = Boolean(
          (event as Event & { viewTransition?: unknown }).viewTransition,
        );
      });
    });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Inspírate' }).click();
    await expect(page).toHaveURL(/\/inspire$/);
    await page.waitForLoadState('load');
    return page.evaluate(() => (window as unknown as { __vt?: boolean }).__vt ?? null);
  }

  test('navigating between pages runs the `page` view transition', async ({ page }) => {
    expect(await revealTransition(page)).toBe(true);
    const name = await page.locator('main').evaluate((main) => getComputedStyle(main).viewTransitionName);
    expect(name).toBe('page');
  });

  test('no transition under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await revealTransition(page)).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
  });
});

test.describe('navigation progress', () => {
  test('a slow page shows the 2 px bar in the brand colour on the page being left', async ({ page }) => {
    // The page being left is mid-navigation: report the bar's looks from inside the page.
    const looks: Array<{ url: string; state?: string; height: string; color: string; top: number; opacity: string }> =
      [];
    await page.exposeFunction('__reportBar', (look: (typeof looks)[number]) => looks.push(look));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const bar = document.getElementById('umenu-progress');
        if (!bar) return;
        new MutationObserver(() => {
          const css = getComputedStyle(bar);
          (window as unknown as { __reportBar: (look: unknown) => void }).__reportBar({
            url: location.pathname,
            state: bar.dataset.state,
            height: css.height,
            color: css.backgroundColor,
            top: bar.getBoundingClientRect().top,
            opacity: bar.style.opacity,
          });
        }).observe(bar, { attributes: true, attributeFilter: ['data-state', 'style'] });
      });
    });
    await page.goto('/');
    await shellReady(page);
    // The next page answers only once the page being left has shown the bar a few times.
    let held = false;
    await page.route(
      (url) => url.pathname === '/inspire',
      async (route) => {
        held = true;
        await expect
          .poll(() => looks.filter((look) => look.url === '/' && look.state === 'active').length, {
            timeout: ceiling(10_000),
          })
          .toBeGreaterThan(2);
        await route.continue().catch(() => undefined);
      },
    );
    await page.getByRole('contentinfo').getByRole('link', { name: 'Inspírate' }).click({ noWaitAfter: true });
    await expect(page.getByRole('heading', { level: 1, name: 'Inspírate' })).toBeVisible({ timeout: ceiling(15_000) });
    expect(held).toBe(true);
    const whileLeaving = looks.filter((look) => look.url === '/' && look.state === 'active');
    expect(whileLeaving.length).toBeGreaterThan(2);
    expect(whileLeaving[0]).toMatchObject({ height: '2px', color: 'rgb(0, 150, 199)', top: 0, opacity: '1' });
  });
});
