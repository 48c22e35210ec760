/**
 * A first visit that earns its bytes (docs/rules.md#pwa): a diner who scanned one venue's QR code
 * gets the shell and that venue on the device, not the other venues; a venue visited later is
 * kept too, and opens offline with its dishes' options.
 */
import type { Page } from '@playwright/test';
import { UI_LANGUAGES } from '../../src/contract/languages.ts';
import { expect, test } from './fixtures.ts';

/** Every address the device keeps, by cache (the query left out: the precache's `?__WB_REVISION__`). */
async function deviceCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      kept[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname).sort();
    }
    return kept;
  });
}

/** The pages among them: an address without a file extension. */
const pagesIn = (kept: Record<string, string[]>) =>
  [
    ...new Set(
      Object.values(kept)
        .flat()
        .filter((path) => !/\.[a-z0-9]+$/i.test(path)),
    ),
  ].sort();
const menusIn = (kept: Record<string, string[]>) =>
  [
    ...new Set(
      Object.values(kept)
        .flat()
        .filter((path) => path.startsWith('/menus/')),
    ),
  ].sort();

const SHELL_PAGES = [
  '/',
  '/offline',
  '/venue-shell',
  ...UI_LANGUAGES.filter((lang) => lang !== 'es').map((lang) => `/${lang}/offline`),
];

test(
  'a first visit keeps the shell and the venue opened, no other venue; a venue visited later opens offline too',
  { tag: '@sw' },
  async ({ page, context, request, allowConsoleError }) => {
    // Why: offline on purpose at the end; the live menu's check and the config request fail.
    allowConsoleError(/^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)$/);
    const venues = ((await (await request.get('/api/venues')).json()) as { venues: Array<{ id: string }> }).venues.map(
      (v) => v.id,
    );
    expect(venues).toEqual(
      expect.arrayContaining(['cafe-la-macarena', 'bar-el-cabanyal', 'taqueria-el-guero', 'mercado-grande']),
    );

    // The first visit ever, from a QR code: nothing on the device, no worker yet.
    await page.goto('/cafe-la-macarena');
    await expect(page.getByRole('heading', { level: 1, name: 'Café La Macarena' })).toBeVisible();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(false);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Once the worker is active the page keeps itself and its menu file.
    await expect
      .poll(async () => menusIn(await deviceCaches(page)), { message: 'the menu file kept' })
      .toEqual(['/menus/cafe-la-macarena.json']);
    await expect
      .poll(async () => pagesIn(await deviceCaches(page)), { message: 'the pages kept' })
      .toEqual([...SHELL_PAGES, '/cafe-la-macarena'].sort());
    const kept = await deviceCaches(page);
    for (const other of venues.filter((id) => id !== 'cafe-la-macarena')) {
      expect(Object.values(kept).flat(), other).not.toContain(`/${other}`);
      expect(Object.values(kept).flat(), other).not.toContain(`/menus/${other}.json`);
    }

    // Later, online: another venue, through the worker now.
    await page.goto('/bar-el-cabanyal');
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Bar El Cabanyal' })).toBeVisible();
    await expect
      .poll(async () => menusIn(await deviceCaches(page)))
      .toEqual(['/menus/bar-el-cabanyal.json', '/menus/cafe-la-macarena.json']);
    await expect.poll(async () => pagesIn(await deviceCaches(page))).toContain('/bar-el-cabanyal');

    await context.setOffline(true);
    try {
      for (const [path, name] of [
        ['/cafe-la-macarena', 'Café La Macarena'],
        ['/bar-el-cabanyal', 'Bar El Cabanyal'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name }), path).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Sin conexión' }), path).toHaveCount(0);
      }
      // The first tap on a dish opens it with its options, read from the kept menu file.
      await page.getByRole('button', { name: 'Añadir Patatas bravas', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Patatas bravas' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('radio', { name: /^Media ración/ })).toBeVisible();
      // A venue never opened is not on the device: the offline page.
      await page.goto('/taqueria-el-guero');
      await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  },
);
