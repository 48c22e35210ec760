/**
 * The token lifecycle in a real browser against the real API: silent refresh
 * (expired on the device, refused by the API, and ahead of expiry), two tabs
 * refreshing at once, and a reused refresh token ending the session cleanly.
 */
import type { Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loggedStatus } from './helpers.ts';
import { signJwt } from '../../server/features/auth/jwt.ts';
import type { AccessClaims } from '../../src/contract/auth.ts';
import {
  ANA,
  expectSignedIn,
  expectSignedOut,
  expireAccessTokenOnDevice,
  SESSION_ENDED_REUSED,
  signIn,
  storedSession,
} from './auth-helpers.ts';
import { ceiling } from '../ceiling.ts';

const isRefresh = (response: Response) => new URL(response.url()).pathname === '/api/auth/refresh';

test('an access token expired on the device is refreshed at start-up without the user noticing', async ({ page }) => {
  await signIn(page);
  const before = await storedSession(page);
  await expireAccessTokenOnDevice(page);
  const refreshed = page.waitForResponse(isRefresh);
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expectSignedIn(page);
  // The refresh answer arrives before the page has stored the new pair: wait for the write.
  await expect.poll(async () => (await storedSession(page)).token).not.toBe(before.token);
  const after = await storedSession(page);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(Number(after.tokenExpiresAt)).toBeGreaterThan(Date.now());
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

test('an access token the API refuses as expired is refreshed and the request retried, invisibly', async ({
  page,
  allowConsoleError,
  umenu,
}) => {
  allowConsoleError(loggedStatus(401)); // the point: the API refuses the expired token, then the refresh retries
  await signIn(page);
  // A genuinely expired access token for Ana, while the device still thinks it is valid.
  const claims = JSON.parse(
    Buffer.from((await storedSession(page)).token!.split('.')[1]!, 'base64url').toString(),
  ) as AccessClaims;
  const now = Math.floor(Date.now() / 1000);
  const expired = signJwt({ ...claims, iat: now - 660, exp: now - 60 }, umenu.jwtSecret);
  await page.evaluate((token) => {
    localStorage.setItem('auth._token.local', `Bearer ${token}`);
    localStorage.setItem('auth._token_expiration.local', String(Date.now() + 5 * 60_000));
  }, expired);

  const statuses: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/auth/') || path === '/api/orders') statuses.push(`${path} ${response.status()}`);
  });
  await page.goto('/pedidos');
  await expect(page.getByRole('heading', { name: 'Mis pedidos', level: 1 })).toBeVisible();
  await expectSignedIn(page);
  await expect(page).toHaveURL(/\/pedidos$/);
  await expect.poll(() => statuses).toContain('/api/auth/refresh 200');
  expect(statuses).toContain('/api/auth/user 401');
  expect(statuses).toContain('/api/auth/user 200');
  expect(statuses.filter((s) => s.startsWith('/api/auth/refresh'))).toHaveLength(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  expect((await storedSession(page)).token).not.toContain(expired);
});

test('the access token is refreshed ahead of expiry while the page stays open', async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  const before = await storedSession(page);
  const refreshed = page.waitForResponse(isRefresh);
  // Nine and a half minutes later: inside the last minute of a ten-minute token.
  await page.clock.fastForward('09:30');
  expect((await refreshed).status()).toBe(200);
  await expect.poll(async () => (await storedSession(page)).token).not.toBe(before.token);
  await expectSignedIn(page);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

test('two tabs refreshing at once both stay signed in (one rotation, no reuse)', async ({ page, context, request }) => {
  await signIn(page);
  const second = await context.newPage();
  await second.goto('/');
  await expectSignedIn(second);
  const before = await storedSession(page);

  // The refresh is held until the other tab waits for the refresh lock (src/features/auth/refresh-lock.ts):
  // both tabs are certainly refreshing at the same time.
  await context.route('**/api/auth/refresh', async (route) => {
    await expect
      .poll(() => second.evaluate(async () => (await navigator.locks.query()).pending?.length ?? 0), {
        timeout: ceiling(15_000),
      })
      .toBeGreaterThan(0);
    await route.continue();
  });
  const refreshes: number[] = [];
  context.on('response', (response) => {
    if (isRefresh(response)) refreshes.push(response.status());
  });
  await expireAccessTokenOnDevice(page);
  await Promise.all([page.reload(), second.reload()]);
  await expectSignedIn(page);
  await expectSignedIn(second);
  await expect.poll(() => refreshes.length).toBeGreaterThan(0);
  expect(refreshes).toEqual([200]);

  const after = await storedSession(second);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  // The family is intact: the current refresh token still works.
  const check = await request.post('/api/auth/refresh', { data: { refresh_token: after.refreshToken } });
  expect(check.status()).toBe(200);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expect(second.locator('[data-sonner-toast]')).toHaveCount(0);
});

test('a reused refresh token ends the session cleanly, with a Spanish message and no error page', async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(loggedStatus(401)); // the point: the API refuses the reused refresh token
  await page.clock.install();
  await signIn(page);
  const { refreshToken } = await storedSession(page);
  // Someone else uses the refresh token first (a copy of it leaked): it rotates on their side.
  const stolen = await request.post('/api/auth/refresh', { data: { refresh_token: refreshToken } });
  expect(stolen.status()).toBe(200);

  // The page's own refresh now presents a used token: the API revokes the whole family.
  const refused = page.waitForResponse(isRefresh);
  await page.clock.fastForward('09:30');
  expect((await refused).status()).toBe(401);
  await expect(page.getByText(SESSION_ENDED_REUSED)).toBeVisible();
  await expectSignedOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Oops...Something went wrong')).toHaveCount(0);
  await expect(page.getByText('An error occurred')).toHaveCount(0);
  expect((await storedSession(page)).token).toBeNull();
  // The other copy is dead too.
  const theirs = (await stolen.json()) as { refresh_token: string };
  expect((await request.post('/api/auth/refresh', { data: { refresh_token: theirs.refresh_token } })).status()).toBe(
    401,
  );
});

test('a session that ends on a protected page goes to /login and says why', async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(loggedStatus(401)); // the point: the API refuses the session
  await signIn(page, ANA);
  const { refreshToken } = await storedSession(page);
  expect((await request.post('/api/auth/refresh', { data: { refresh_token: refreshToken } })).status()).toBe(200);
  await expireAccessTokenOnDevice(page);
  await page.goto('/pedidos/ver?id=cualquiera');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(SESSION_ENDED_REUSED)).toBeVisible();
  await expectSignedOut(page);
});
