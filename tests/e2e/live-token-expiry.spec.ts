/**
 * A live board outlives its access token (docs/rules.md#live-streams-and-access): the API ends the board's
 * stream when the token it was opened with expires; the board reconnects, its token — which this device
 * still believed valid — is refused with 401 and refreshed, and the stream comes back with the new one. An
 * order placed afterwards arrives live, without a reload.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { loggedStatus } from './helpers.ts';
import { signInStored, storedSession } from './auth-helpers.ts';
import { signJwt } from '../../server/features/auth/jwt.ts';
import type { AccessClaims } from '../../src/contract/auth.ts';
import type { Order, OrderInput } from '../../src/contract/order.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'taqueria-el-guero';
const STAFF = { email: 'cocina@umenu.test', password: 'demo1234' };
const DINER = { email: 'ana@umenu.test', password: 'demo1234' };
const ORDER: OrderInput = {
  venueId: VENUE,
  mode: 'pickup',
  customer: { name: 'Ana Caducada', phone: '+52 55 1234 5678' },
  tip: { percent: 0 },
  payment: 'cash',
  lines: [{ productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 }],
  expectedTotal: 13800,
};

test("the board's stream ends with its token and comes back with a refreshed one; a new order still arrives live", async ({
  page,
  umenu,
  allowConsoleError,
}) => {
  test.setTimeout(ceiling(60_000));
  allowConsoleError(loggedStatus(401)); // the point: the expired token is refused once (stream or poll), then refreshed
  await signInStored(page, STAFF);
  // A token of 6 s for the staff account; the device believes it valid for 10 minutes (its clock has not caught up).
  const claims = JSON.parse(
    Buffer.from((await storedSession(page)).token!.split('.')[1]!, 'base64url').toString(),
  ) as AccessClaims;
  const now = Math.floor(Date.now() / 1000);
  const short = signJwt({ ...claims, iat: now, exp: now + 6 }, umenu.jwtSecret);
  await page.evaluate((token) => {
    localStorage.setItem('auth._token.local', `Bearer ${token}`);
    localStorage.setItem('auth._token_expiration.local', String(Date.now() + 10 * 60_000));
  }, short);

  const streams: Array<{ status: number; token: string }> = [];
  page.on('response', (response) => {
    if (/\/api\/venues\/[^/]+\/orders\/events$/.test(new URL(response.url()).pathname)) {
      streams.push({
        status: response.status(),
        token: (response.request().headers().authorization ?? '').replace(/^Bearer /, ''),
      });
    }
  });
  await page.goto(`/panel?venue=${VENUE}`);
  await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByText(/En vivo · última vez/)).toBeVisible({ timeout: ceiling(10_000) });
  expect(streams[0]).toEqual({ status: 200, token: short });

  // The token expires: the stream ends, and the board opens it again with a refreshed token (the board's catch-up
  // poll may be the one refused first; the stream itself may be refused once with the old token).
  await expect
    .poll(() => streams.some((s) => s.status === 200 && s.token !== short), { timeout: ceiling(20_000) })
    .toBe(true);
  const refreshed = streams.findIndex((s) => s.token !== short);
  expect(streams.slice(1, refreshed).map((s) => s.status)).toEqual(streams.slice(1, refreshed).map(() => 401));
  await expect(page.getByText(/En vivo · última vez/)).toBeVisible();
  const count = streams.length;

  const login = await page.request.post('/api/auth/login', { data: DINER });
  const ana = ((await login.json()) as { token: string }).token;
  const placed = await page.request.post('/api/orders', {
    headers: { Authorization: `Bearer ${ana}`, 'Idempotency-Key': randomUUID() },
    data: ORDER,
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as Order;
  await expect(page.getByTestId('board-order').filter({ hasText: order.number })).toBeVisible({
    timeout: ceiling(5_000),
  });
  // Live over the same stream: nothing reconnected meanwhile.
  expect(streams).toHaveLength(count);
});
