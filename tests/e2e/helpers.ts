import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe (WCAG 2.2 AA tags) on the page as it is now and fails on any violation. Once per
 * screen state: on the phone project, which runs every test (the desktop project repeats only
 * the viewport-dependent ones, tests/e2e/fixtures.ts), with the page at its top. `include`: only this part of the page (a CSS
 * selector), for a popup over a page already scanned without it (axe counts a link half under the
 * popup's edge as a too-small target).
 */
export async function expectNoAxeViolations(
  page: Page,
  label = '',
  { include }: { include?: string } = {},
): Promise<void> {
  if (test.info().project.name === 'desktop') return;
  // A toast still fading in is half transparent: let toast transitions settle so axe judges the colours a diner reads.
  // A toast mounts with opacity 0 and only starts its transition a frame later, so first wait
  // until every toast is mounted (sonner's data-mounted), then for the transitions to end.
  await page.evaluate(async () => {
    const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let i = 0; i < 30; i += 1) {
      await twoFrames();
      const toasts = [...document.querySelectorAll('[data-sonner-toast]')];
      if (toasts.every((toast) => toast.getAttribute('data-mounted') === 'true')) break;
    }
    await Promise.all(
      document
        .getAnimations()
        .filter(
          (a) =>
            a.effect instanceof KeyframeEffect &&
            a.effect.target?.closest?.('[data-sonner-toast]') &&
            a.effect.getComputedTiming().endTime !== Infinity,
        )
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
  // Scanned at the top of the page, then put back: scrolled down, whatever sits half under the
  // sticky header or the board's column counts reads to axe as a too-small target, a moment of the
  // scroll and not a defect (fixed bars, at the bottom, still count at any place).
  const at = await page.evaluate(() => {
    const place = { x: scrollX, y: scrollY };
    scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return place;
  });
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (include ? builder.include(include) : builder).analyze();
  await page.evaluate(({ x, y }) => scrollTo({ top: y, left: x, behavior: 'instant' }), at);
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n  ')}`,
  );
  expect(summary, `axe violations ${label}`).toEqual([]);
}

/** Saves a screenshot under test-results/screens/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const project = test_project_name(page);
  await page.screenshot({ path: `test-results/screens/${name}-${project}.png`, fullPage: false });
}

function test_project_name(page: Page): string {
  const width = page.viewportSize()?.width ?? 0;
  return width < 600 ? 'phone' : 'desktop';
}

/** A returning visitor: the service worker is installed and controls the page (it does from the second load on). */
export async function takeServiceWorkerControl(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** What Chromium logs for a response with status 404 (the document of a 404 page, a HEAD for an unknown venue). */
export const LOGGED_404 = /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/;

/** What Chromium logs for a response with one of these statuses (an API refusal a test provokes on purpose). */
export function loggedStatus(...statuses: number[]): RegExp {
  return new RegExp(`^Failed to load resource: the server responded with a status of (${statuses.join('|')}) `);
}

/** Creates (or replaces) a venue through the API as the admin, after the build: it has no prerendered page. */
export async function createVenue(request: APIRequestContext, id: string, name: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@umenu.test', password: 'demo1234' } });
  const { token } = (await login.json()) as { token: string };
  const base = (await (await request.get('/api/venues/taqueria-el-guero')).json()) as Record<string, unknown>;
  const created = await request.put(`/api/venues/${id}`, {
    data: { ...base, id, name, tagline: 'Recién abierta' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.ok()).toBe(true);
}

/** The venue as the API answers it now: give it to `putVenueBack` after a test that edits a demo venue. */
export async function venueSnapshot(request: APIRequestContext, id: string): Promise<Record<string, unknown>> {
  const response = await request.get(`/api/venues/${id}`, { headers: { 'cache-control': 'no-cache' } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Puts a venue back as `venueSnapshot` saw it (as the admin), for the tests that run after in the same worker. */
export async function putVenueBack(
  request: APIRequestContext,
  id: string,
  venue: Record<string, unknown>,
): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@umenu.test', password: 'demo1234' } });
  const { token } = (await login.json()) as { token: string };
  const restored = await request.put(`/api/venues/${id}`, {
    data: venue,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(restored.ok(), `venue ${id} put back`).toBe(true);
}

/**
 * Opens a venue round the clock for one test and returns what puts its hours back. Bar El Cabanyal keeps
 * real split hours (docs/rules.md): a test that orders there would pass only while it is open in Valencia.
 * With `{ windows: true }` its dishes', set menus' and categories' `availability` windows are made every
 * day 00:00–24:00 too (docs/rules.md#set-menus-and-availability: the «Menú del día» is served on weekdays
 * 13:00–16:00). Through the editor's PUT: production has no bypass. Use it in `beforeEach` with the
 * returned function in `afterEach`.
 */
export async function openAllDay(
  request: APIRequestContext,
  id: string,
  { windows = false }: { windows?: boolean } = {},
): Promise<() => Promise<void>> {
  const before = await venueSnapshot(request, id);
  const day = [{ open: '00:00', close: '24:00' }];
  const hours = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
  const always = [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '00:00', until: '24:00' }];
  const widen = <T extends { availability?: unknown }>(item: T): T =>
    item.availability ? { ...item, availability: always } : item;
  type Item = { availability?: unknown; products?: Array<{ availability?: unknown }> };
  const categories = windows
    ? (before.categories as Item[]).map((c) => ({ ...widen(c), products: c.products?.map(widen) }))
    : before.categories;
  await putVenueBack(request, id, { ...before, hours, categories });
  return () => putVenueBack(request, id, before);
}

/** Waits until the shell's script runs (it is asked for after the first paint): toasts, chunk-load recovery, progress bar. */
export async function shellReady(page: Page): Promise<void> {
  await expect(page.locator('html[data-shell="ready"]')).toHaveCount(1);
}
