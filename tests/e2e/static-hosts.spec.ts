/**
 * `/{id}` for a venue created after the build on hosts without the bundled
 * server: a host that can only answer unknown paths with `404.html` still
 * opens the venue (through the fallback shell, address kept), and a real
 * unknown path keeps the 404 page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LOGGED_404, createVenue, expectNoAxeViolations, takeServiceWorkerControl } from './helpers.ts';

/** Behave like a 404-only static host for `path`: answer it with the built 404.html and status 404. */
async function serveLike404OnlyHost(page: Page, dist: string, path: string): Promise<void> {
  const notFound = readFileSync(join(dist, '404.html'), 'utf8');
  // On the context, so the service worker's own requests are answered the same way.
  await page.context().route(
    (url) => url.pathname === path,
    (route) => route.fulfill({ status: 404, contentType: 'text/html; charset=utf-8', body: notFound }),
  );
}

for (const withServiceWorker of [false, true]) {
  test(
    `a 404-only host opens a venue created after the build, keeping its address and query${withServiceWorker ? ', service worker in control' : ''}`,
    { tag: withServiceWorker ? '@sw' : [] },
    async ({ page, request, allowConsoleError, umenu }) => {
      // Why: the host answers the venue's address with 404 before the shell opens it (Chromium logs it).
      allowConsoleError(LOGGED_404);
      const id = `cocina-del-puerto-e2e${withServiceWorker ? '-sw' : ''}`;
      await createVenue(request, id, 'Cocina del Puerto');
      if (withServiceWorker) await takeServiceWorkerControl(page);
      await serveLike404OnlyHost(page, umenu.site, `/${id}`);
      await page.goto(`/${id}?mesa=4`);
      await expect(page.getByRole('heading', { level: 1, name: 'Cocina del Puerto' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${id}\\?mesa=4$`));
      await expect(page.getByRole('button', { name: /^Añadir/ }).first()).toBeVisible();
      await expectNoAxeViolations(page, 'venue through 404.html');
    },
  );

  test(
    `a 404-only host still shows the 404 page for an unknown venue-like path${withServiceWorker ? ', service worker in control' : ''}`,
    { tag: withServiceWorker ? '@sw' : [] },
    async ({ page, allowConsoleError, umenu }) => {
      // Why: a real 404 (the document and the check for a venue by that name), logged by Chromium.
      allowConsoleError(LOGGED_404);
      if (withServiceWorker) await takeServiceWorkerControl(page);
      await serveLike404OnlyHost(page, umenu.site, '/no-existe-este-local');
      const response = await page.goto('/no-existe-este-local');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveURL(/\/no-existe-este-local$/);
      await expect(page.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/');
    },
  );
}

test('the shipped host configs send unknown one-segment paths to the fallback shell', ({ umenu }) => {
  const dist = umenu.site;
  const redirects = readFileSync(join(dist, '_redirects'), 'utf8');
  expect(redirects).toMatch(/^\/\*\s+\/venue-shell\.html\s+200$/m);
  const vercel = JSON.parse(readFileSync(join(dist, 'vercel.json'), 'utf8')) as {
    rewrites: { source: string; destination: string }[];
  };
  expect(vercel.rewrites).toContainEqual(expect.objectContaining({ destination: '/venue-shell.html' }));
});
