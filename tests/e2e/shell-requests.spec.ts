/**
 * Shell behaviours driven by real API calls from a real screen (the sign-in
 * form): the progress bar during a slow request and in the error colour when
 * it fails, and the runtime API base from /config.json (overridden, broken).
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loggedStatus } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const INVALID_CREDENTIALS = {
  type: 'urn:umenu:problem:invalid-credentials',
  title: 'Credenciales no válidas',
  status: 401,
};

async function submitLogin(page: Page): Promise<void> {
  await page.getByLabel('Correo electrónico').fill('ana@umenu.test');
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

const barLooks = (page: Page) =>
  page.locator('#umenu-progress').evaluate((el) => {
    const css = getComputedStyle(el);
    return { state: el.dataset.state, height: css.height, color: css.backgroundColor, opacity: css.opacity };
  });

test('a slow request shows the 2 px progress bar, red when it fails, then hides', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(loggedStatus(500)); // the point: the request fails
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await released;
    await route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'urn:umenu:problem:server', status: 500, title: 'Error' }),
    });
  });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await submitLogin(page);
  // After the 200 ms throttle, in the brand colour, 2 px high.
  await expect
    .poll(() => barLooks(page))
    .toEqual({ state: 'active', height: '2px', color: 'rgb(0, 150, 199)', opacity: '1' });
  const first = await page.locator('#umenu-progress').evaluate((el) => parseFloat(el.style.width));
  // It keeps creeping forward while the request is out.
  await expect
    .poll(() => page.locator('#umenu-progress').evaluate((el) => parseFloat(el.style.width)))
    .toBeGreaterThan(first);
  // Every state the bar takes from now on, with its colour then (the failed state lasts only ~500 ms:
  // a poll can step over it on a loaded machine).
  await page.locator('#umenu-progress').evaluate((el) => {
    const seen: { state: string | undefined; color: string }[] = [];
    (window as unknown as { barStates: typeof seen }).barStates = seen;
    new MutationObserver(() => seen.push({ state: el.dataset.state, color: el.style.backgroundColor })).observe(el, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  release();
  // Failure: full width in the error colour #ef476f …
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { barStates: { state: string | undefined; color: string }[] }).barStates,
      ),
    )
    .toContainEqual({ state: 'failed', color: 'rgb(239, 71, 111)' });
  // … then gone about 500 ms later.
  await expect.poll(() => barLooks(page), { timeout: ceiling(3000) }).toMatchObject({ state: 'idle', opacity: '0' });
});

test('a fast request does not flash the bar (200 ms throttle)', async ({ page, allowConsoleError }) => {
  allowConsoleError(loggedStatus(401)); // any quick request will do: a refused sign-in
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({ status: 401, contentType: 'application/problem+json', body: JSON.stringify(INVALID_CREDENTIALS) }),
  );
  await page.clock.install();
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const bar = document.getElementById('umenu-progress')!;
    (window as unknown as { __states: string[] }).__states = [];
    new MutationObserver(() =>
      (window as unknown as { __states: string[] }).__states.push(bar.dataset.state ?? ''),
    ).observe(bar, { attributes: true });
  });
  // Page time stands still while the request is out, so it is "fast" however loaded the machine.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await submitLogin(page);
  await expect(page.getByText('Correo o contraseña incorrectos.').first()).toBeVisible();
  // Past the 200 ms throttle (twice over): a bar still due would show now.
  await page.clock.runFor(400);
  const states = await page.evaluate(() => (window as unknown as { __states: string[] }).__states);
  expect(states.filter((state) => state === 'active')).toEqual([]);
});

test.describe('runtime config', () => {
  test('/config.json on the deployed site moves API calls to another base, no rebuild', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(loggedStatus(401)); // a refused sign-in shows where the request went
    const calls: Request[] = [];
    await page.route('**/config.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ apiBase: '/alt-api' }) }),
    );
    await page.route('**/alt-api/**', async (route) => {
      calls.push(route.request());
      await route.fulfill({
        status: 401,
        contentType: 'application/problem+json',
        body: JSON.stringify(INVALID_CREDENTIALS),
      });
    });
    const defaultCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) defaultCalls.push(request.url());
    });
    await page.goto('/login');
    await submitLogin(page);
    await expect.poll(() => calls.map((call) => new URL(call.url()).pathname)).toContain('/alt-api/auth/login');
    const login = calls.find((call) => call.url().endsWith('/alt-api/auth/login'))!;
    expect(login.headers()['accept']).toBe('application/json, text/plain, */*');
    expect(defaultCalls).toEqual([]);
    await expect(page.getByText('Correo o contraseña incorrectos.').first()).toBeVisible();
  });

  test('a broken /config.json falls back to the build default with a console warning', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(loggedStatus(401)); // a refused sign-in shows where the request went
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.route('**/config.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"apiBase": ' }),
    );
    const apiCalls: string[] = [];
    await page.route('**/api/auth/login', async (route) => {
      apiCalls.push(new URL(route.request().url()).pathname);
      await route.fulfill({
        status: 401,
        contentType: 'application/problem+json',
        body: JSON.stringify(INVALID_CREDENTIALS),
      });
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await submitLogin(page);
    await expect.poll(() => apiCalls).toEqual(['/api/auth/login']);
    expect(warnings.some((text) => text.includes('/config.json is not valid JSON'))).toBe(true);
    await expect(page.getByText('Correo o contraseña incorrectos.').first()).toBeVisible();
  });

  test('a missing /config.json also falls back, never a blank page', async ({ page, allowConsoleError }) => {
    allowConsoleError(loggedStatus(401, 404)); // the point: config.json is missing; a refused sign-in shows where the request went
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.route('**/config.json', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Encuentra tu restaurante' })).toBeVisible();
    await page.goto('/login');
    await submitLogin(page);
    await expect.poll(() => warnings.some((text) => text.includes('/config.json answered HTTP 404'))).toBe(true);
  });
});
