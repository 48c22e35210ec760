/**
 * The floor seen from a diner's phone (docs/rules.md#the-floor): staff move the phone's table to another one — the
 * phone reads «Os hemos cambiado a la Mesa 12», shows the new table and keeps working (a waiter's line appears
 * live) — then merge a second phone's table into it (that phone follows: same message, the merged table with both
 * people), then remove the first person from the table: that phone reads «El personal te ha quitado de esta mesa»
 * and leaves the table. axe on those states. Phone project only (desktop runs @desktop tests); tables no other
 * spec uses.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { apiLogin, STAFF, VENUE } from './order-helpers.ts';
import { bar, closeTable, joinAs, newPhone, tableCartButton, tableLink } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const FROM = 'Barra 1';
const TO = '12';
const OTHER = 'Barra 2';

async function asStaff(request: APIRequestContext): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${(await apiLogin(request, STAFF)).token}` };
}
const tablePath = (label: string, rest: string) => `/api/venues/${VENUE}/tables/${encodeURIComponent(label)}${rest}`;

test('a phone follows its table when staff move it or merge it, and leaves it when staff remove its person', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(ceiling(120_000));
  for (const label of [FROM, TO, OTHER]) await closeTable(request, label, false);
  await joinAs(page, await tableLink(request, FROM), 'Ana', FROM);

  const headers = await asStaff(request);
  const moved = await request.post(tablePath(FROM, '/move'), { headers, data: { to: TO } });
  expect(moved.status()).toBe(200);
  await expect(page.getByTestId('table-moved')).toContainText('Os hemos cambiado a la Mesa 12');
  await expect(bar(page).getByRole('heading', { name: `Mesa ${TO}` })).toBeVisible();
  // The address no longer names the old table: a reload stays at the new one.
  expect(new URL(page.url()).searchParams.get('mesa')).toBeNull();
  await expectNoAxeViolations(page, 'table moved');
  await screenshot(page, 'table-moved');

  // The phone keeps working at its new table: a waiter's line appears in its cart live.
  const line = await request.put(tablePath(TO, '/cart/lines/waiter-line-1'), {
    headers,
    data: { productId: 'flan-napolitano', optionIds: [], quantity: 1, guest: 'Comensal 2' },
  });
  expect(line.status()).toBe(200);
  await expect(tableCartButton(page)).toHaveAccessibleName('Carrito de la mesa, 1 producto');

  // A second table merged into this one: its phone follows to table 12, with both people and the one cart.
  const luis = await newPhone(browser, testInfo, baseURL);
  await joinAs(luis.page, await tableLink(request, OTHER), 'Luis', OTHER);
  const merged = await request.post(tablePath(OTHER, '/merge'), { headers, data: { into: TO } });
  expect(merged.status()).toBe(200);
  await expect(luis.page.getByTestId('table-moved')).toContainText('Os hemos cambiado a la Mesa 12');
  await expect(bar(luis.page).getByRole('heading', { name: `Mesa ${TO}` })).toBeVisible();
  await expect(bar(luis.page).getByTestId('table-people')).toContainText('Ana');
  await expect(tableCartButton(luis.page)).toHaveAccessibleName('Carrito de la mesa, 1 producto');
  await expect(bar(page).getByTestId('table-people')).toContainText('Luis');
  await luis.context.close();

  const session = (await (await request.get(tablePath(TO, '/session'), { headers })).json()) as {
    participants: Array<{ id: string; name: string }>;
  };
  const ana = session.participants.find((p) => p.name === 'Ana')!;
  const removed = await request.delete(tablePath(TO, `/participants/${ana.id}`), { headers });
  expect(removed.status()).toBe(200);
  await expect(page.getByTestId('table-removed')).toContainText('El personal te ha quitado de esta mesa');
  await expect(bar(page)).toHaveCount(0);
  await expectNoAxeViolations(page, 'removed from the table');
  await screenshot(page, 'table-removed');
  await closeTable(request, TO);
});
