/**
 * An open menu follows the kitchen (docs/rules.md#live-menu): every change is seen within 15 s without a
 * reload, and checks that find nothing new cost a 304 (the page keeps the newest ETag, so a
 * change is downloaded once, not on every check).
 */
import type { APIRequestContext, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LIVE_POLL_MS } from '../../src/features/menu/live-venue.ts';
import { addProduct, apiLogin, drawer, openCart, STAFF } from './order-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'bar-el-cabanyal';
const FIRST = { id: 'pimientos-de-padron', name: 'Pimientos de Padrón' };
const SECOND = { id: 'boquerones-en-vinagre', name: 'Boquerones en vinagre' };

async function setAvailable(
  request: APIRequestContext,
  token: string,
  productId: string,
  available: boolean,
): Promise<void> {
  const response = await request.patch(`/api/venues/${VENUE}/products/${productId}`, {
    data: { available },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `PATCH ${productId}`).toBe(true);
}

test('a second change is seen too, and checks that find nothing new get 304', async ({ page, request }) => {
  test.setTimeout(ceiling(120_000));
  const { token } = await apiLogin(request, STAFF);
  const checks: Response[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/venues/${VENUE}`) checks.push(r);
  });
  // The page's clock: each check below is the next poll (LIVE_POLL_MS), run at once, not waited for.
  await page.clock.install();
  await page.goto(`/${VENUE}`);
  await addProduct(page, SECOND.name);
  // The first check (the prerendered menu's revalidation) has been made.
  await expect.poll(() => checks.length, { timeout: ceiling(15_000) }).toBeGreaterThan(0);
  const before = checks.length;

  try {
    // First change: seen within 15 s, no reload.
    await setAvailable(request, token, FIRST.id, false);
    await page.clock.runFor(LIVE_POLL_MS);
    const first = page.locator(`#product-${FIRST.id}`);
    await expect(first.getByText('Agotado')).toBeVisible({ timeout: ceiling(15_000) });
    await expect(page.getByRole('button', { name: `Añadir ${FIRST.name}`, exact: true })).toBeHidden();

    // Second change: seen too (a page that kept the build's ETag would see it only by luck).
    await setAvailable(request, token, SECOND.id, false);
    await page.clock.runFor(LIVE_POLL_MS);
    const second = page.locator(`#product-${SECOND.id}`);
    await expect(second.getByText('Agotado')).toBeVisible({ timeout: ceiling(15_000) });
    await openCart(page);
    await expect(drawer(page).getByTestId('line-sold-out')).toHaveText('Agotado: elimínalo para poder pedir');

    // One more check with nothing new.
    const after = checks.length;
    await page.clock.runFor(LIVE_POLL_MS);
    await expect.poll(() => checks.length, { timeout: ceiling(15_000) }).toBeGreaterThan(after);
  } finally {
    await setAvailable(request, token, FIRST.id, true);
    await setAvailable(request, token, SECOND.id, true);
  }

  // Each check carried the ETag of the newest menu the page had: each change was downloaded
  // once (200), every other check was answered 304 without a body.
  const seen = checks.slice(before);
  const statuses = seen.map((r) => r.status());
  expect(
    statuses.filter((s) => s === 200),
    `statuses ${statuses.join(' ')}`,
  ).toHaveLength(2);
  expect(
    statuses.filter((s) => s !== 200 && s !== 304),
    `statuses ${statuses.join(' ')}`,
  ).toHaveLength(0);
  expect(statuses.at(-1)).toBe(304);
  let etag = await checks[before - 1]!.headerValue('etag');
  for (const r of seen) {
    expect(r.request().headers()['if-none-match']).toBe(etag);
    if (r.status() === 200) etag = await r.headerValue('etag');
  }
});
