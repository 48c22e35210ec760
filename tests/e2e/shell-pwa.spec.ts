/** The service worker: registered from /sw.js with scope /, precached shell, offline page. */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers.ts';

test.use({ serviceWorkers: 'allow' });

test('registers /sw.js for scope / and works offline, with the offline page for never-visited routes', async ({ page, context }) => {
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

  await context.setOffline(true);
  await page.goto('/inspire');
  await expect(page.getByRole('heading', { level: 1, name: 'Inspírate' })).toBeVisible();
  await expect(page.getByRole('status').getByText('Sin conexión')).toBeVisible();

  await page.goto('/pagina-nunca-visitada/detalle');
  await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page, 'offline page');
  await context.setOffline(false);
});
