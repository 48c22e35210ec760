/**
 * After «Enviar a cocina» (docs/rules.md#table-sessions): the table cart shows the round as sent — its number, what
 * was in it and its live state — above the empty cart, and the state moves on as the kitchen works.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay, screenshot } from './helpers.ts';
import { addProduct, apiLogin, STAFF } from './order-helpers.ts';
import { dismissToasts, joinAs, openTableCart, tableDrawer, tableLink } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

/** A venue and tables no other spec uses (one per project: both run against one server). */
const VENUE = 'bar-el-cabanyal';

// Bar El Cabanyal keeps real hours: open it round the clock for each test that orders there (helpers.ts).
let putHoursBack: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  putHoursBack = await openAllDay(request, VENUE);
});
test.afterEach(async () => {
  await putHoursBack?.();
});
const labelFor = (project: string) => (project === 'phone' ? 'Terraza 1' : 'Terraza 2');

async function asStaff(request: APIRequestContext): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${(await apiLogin(request, STAFF)).token}` };
}

test('@desktop «Enviar a cocina» shows the round as sent (number, dishes, live state) above the empty cart', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(ceiling(90_000));
  const label = labelFor(testInfo.project.name);
  const headers = await asStaff(request);
  const closed = await request.post(`/api/venues/${VENUE}/tables/${encodeURIComponent(label)}/close`, {
    headers,
    data: { confirmUnpaid: true },
  });
  expect([200, 404]).toContain(closed.status());
  await joinAs(page, await tableLink(request, label, VENUE), 'Lucía', label);
  await addProduct(page, 'Agua mineral', ['Natural']);
  await openTableCart(page);
  await tableDrawer(page).getByRole('button', { name: 'Enviar a cocina' }).click();

  const sent = tableDrawer(page).getByTestId('table-sent-round');
  await expect(sent.getByRole('heading', { name: 'Enviado a cocina' })).toBeVisible();
  await expect(sent).toContainText(/Ronda 1 · pedido \S+/);
  await expect(sent.getByRole('listitem')).toHaveText(['1 × Agua mineral (Lucía)']);
  await expect(sent.getByTestId('table-sent-round-status')).toHaveText('Recibido');
  // The sent round comes first, then the empty cart.
  const empty = tableDrawer(page).getByTestId('table-cart-empty');
  await expect(empty).toContainText('El carrito de la mesa está vacío');
  expect((await sent.boundingBox())!.y).toBeLessThan((await empty.boundingBox())!.y);
  await dismissToasts(page);
  await expectNoAxeViolations(page, 'the table cart after a round was sent');
  await screenshot(page, 'table-sent-round');

  // The kitchen starts it: the state changes live in the open cart.
  const sessions = await request.get(`/api/venues/${VENUE}/table-sessions`, { headers });
  const { sessions: list } = (await sessions.json()) as {
    sessions: Array<{ table: string; rounds: Array<{ id: string }> }>;
  };
  const roundId = list.find((s) => s.table === label)!.rounds[0]!.id;
  const moved = await request.post(`/api/orders/${roundId}/status`, { headers, data: { status: 'preparing' } });
  expect(moved.status()).toBe(200);
  await expect(sent.getByTestId('table-sent-round-status')).toHaveText('En preparación');
});
