/**
 * The floor (docs/rules.md#the-floor): a waiter on a phone opens a free table from `/panel/sala`, adds three dishes
 * for two guests with the picker and sends the round, while a diner's phone at that table sees the lines arrive
 * live, and the same floor on a tablet; a merge of two tables with a phone on each (both phones follow).
 * Café La Macarena keeps real hours: the tests open it round the clock first.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { COCINA, signInStored } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay, screenshot } from './helpers.ts';
import { bar, closeTable, dismissToasts, joinAs, MANAGER, newPhone, tableLink } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'cafe-la-macarena';

const tile = (page: Page, label: string) => page.locator(`[data-testid="floor-tile"][data-table="${label}"]`);
const panel = (page: Page) => page.getByTestId('floor-table-panel');

let restoreHours: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  restoreHours = await openAllDay(request, VENUE);
});
test.afterEach(async () => {
  await restoreHours?.();
});

/** Names a table's zone as the manager does (`null`: none). */
async function setZone(request: APIRequestContext, label: string, zone: string | null): Promise<void> {
  const login = await request.post('/api/auth/login', { data: MANAGER });
  const { token } = (await login.json()) as { token: string };
  const res = await request.put(`/api/venues/${VENUE}/tables/${encodeURIComponent(label)}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { zone },
  });
  expect(res.status()).toBe(200);
}

async function openFloor(page: Page): Promise<void> {
  await signInStored(page, COCINA);
  await page.goto(`/panel/sala?venue=${VENUE}`);
  await expect(page.getByTestId('floor-view')).toHaveAttribute('data-live', 'yes', { timeout: ceiling(15_000) });
}

test('a waiter opens a free table, adds three dishes for two guests and sends the round; the diner sees it live', async ({
  page,
  browser,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(ceiling(120_000));
  const label = 'Ventana 1';
  await closeTable(page.request, label, false, VENUE);
  const link = await tableLink(page.request, label, VENUE, COCINA);

  // The manager names two zones: the floor groups the tables by them, the rest last under «Sin zona».
  await setZone(page.request, 'Patio', 'Terraza');
  await setZone(page.request, label, 'Ventanas');
  await setZone(page.request, 'Ventana 2', 'Ventanas');
  await openFloor(page);
  await expect(tile(page, label)).toContainText('Libre');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Terraza', 'Ventanas', 'Sin zona']);
  // Label order as people read it: «2» before «10», numbers before words.
  const labels = await page.getByTestId('floor-tile').evaluateAll((tiles) => tiles.map((t) => t.dataset.table));
  expect(labels).toEqual(['Patio', 'Ventana 1', 'Ventana 2', '1', '2', '3', '4', '5', '6', '7', '8']);
  await expectNoAxeViolations(page, 'floor view');

  // «Abrir mesa» on the free table: the tile says it is taken, live.
  await tile(page, label).click();
  await expect(panel(page).getByRole('heading', { name: `Mesa ${label}` })).toBeVisible();
  await panel(page).getByRole('button', { name: 'Abrir mesa' }).click();
  await expect(tile(page, label)).toContainText('Ocupada · 0 personas', { timeout: ceiling(5_000) });

  // A diner scans the QR later and joins the same session: the floor shows her.
  const { page: phone } = await newPhone(browser, testInfo);
  await joinAs(phone, link, 'Paula', label);
  await expect(tile(page, label)).toContainText('Ocupada · 1 persona', { timeout: ceiling(5_000) });
  await expect(panel(page).getByTestId('floor-people')).toContainText('Paula');
  await expectNoAxeViolations(page, 'table panel', { include: '[data-testid="floor-table-panel"]' });

  // The picker: accent-insensitive search, options, guests, quantity.
  await panel(page).getByRole('button', { name: 'Añadir platos' }).click();
  const picker = page.getByTestId('floor-picker');
  await picker.getByRole('searchbox', { name: 'Buscar un plato' }).fill('cafe con');
  await picker.getByRole('button', { name: /Café con leche/ }).click();
  const coffee = picker.getByRole('form', { name: 'Café con leche' });
  await coffee.getByRole('radio', { name: /Pequeño/ }).check();
  await coffee.getByRole('radio', { name: 'Entera' }).check();
  await picker.getByLabel('Para', { exact: true }).selectOption('Comensal 1');
  await coffee.getByRole('button', { name: /^Añadir/ }).click();
  await expect(picker.getByTestId('floor-picker-added')).toHaveText('Añadido: 1 × Café con leche para Comensal 1');

  await picker.getByRole('searchbox', { name: 'Buscar un plato' }).fill('');
  await picker.getByRole('button', { name: 'Panadería' }).click();
  await picker.getByRole('button', { name: /Pandebono/ }).click();
  const bread = picker.getByRole('form', { name: 'Pandebono' });
  await bread.getByRole('button', { name: 'Uno más' }).click();
  await picker.getByLabel('Para', { exact: true }).selectOption('Comensal 2');
  await bread.getByRole('button', { name: /^Añadir/ }).click();
  await expect(picker.getByTestId('floor-picker-added')).toHaveText('Añadido: 2 × Pandebono para Comensal 2');

  await picker.getByRole('button', { name: 'Todo' }).click();
  await picker.getByRole('searchbox', { name: 'Buscar un plato' }).fill('espresso');
  await picker.getByRole('button', { name: /Espresso/ }).click();
  await picker
    .getByRole('form', { name: 'Espresso' })
    .getByRole('button', { name: /^Añadir/ })
    .click();
  await expect(picker.getByTestId('floor-picker-added')).toHaveText('Añadido: 1 × Espresso para Comensal 2');
  // Recent dishes come first on this device.
  await picker.getByRole('searchbox', { name: 'Buscar un plato' }).fill('');
  await expect(picker.getByTestId('floor-picker-list').getByRole('button').first()).toContainText('Espresso');
  await dismissToasts(page);
  await screenshot(page, 'floor-picker');
  await expectNoAxeViolations(page, 'picker', { include: '[data-testid="floor-table-panel"]' });
  await panel(page).getByRole('button', { name: 'Hecho' }).click();

  // The diner's phone sees the waiter's lines live, each saying who added it.
  await expect(panel(page).getByTestId('floor-cart-line')).toHaveCount(3);
  await expect(panel(page).getByTestId('floor-cart-line').filter({ hasText: 'sin enviar' })).toHaveCount(0, {
    timeout: ceiling(10_000),
  });
  await expect(tile(page, label)).toContainText('Pidiendo', { timeout: ceiling(5_000) });
  await phone.getByRole('button', { name: /^Carrito de la mesa/ }).click();
  const drawer = phone.getByTestId('table-drawer');
  await expect(drawer.getByText('Café con leche')).toBeVisible({ timeout: ceiling(5_000) });
  await expect(drawer.getByText('Pandebono')).toBeVisible();
  await expect(drawer.getByText('Espresso')).toBeVisible();

  // «Enviar a cocina»: one round; the phone sees it sent and the tile says the kitchen has it.
  await panel(page)
    .getByRole('button', { name: /^Enviar a cocina/ })
    .click();
  await expect(panel(page).getByTestId('floor-rounds')).toContainText('Pandebono', { timeout: ceiling(10_000) });
  await expect(tile(page, label)).toContainText(/En cocina · \d+ min/, { timeout: ceiling(5_000) });
  await expect(drawer.getByText('El carrito de la mesa está vacío')).toBeVisible({ timeout: ceiling(5_000) });
  await expect(panel(page).getByTestId('floor-rounds').getByRole('listitem')).toHaveCount(4);
  // Each line says where it is in the kitchen (its station's ticket).
  await expect(panel(page).getByTestId('floor-line-state').first()).toHaveText(/En cocina|En espera/);
  // A sent line voided with a reason: struck through, «ANULADO»; a waiter asks a manager for invitations.
  await panel(page).getByRole('button', { name: 'Anular Espresso' }).click();
  const voidForm = panel(page).getByRole('form', { name: 'Anular Espresso' });
  await voidForm.getByLabel('Motivo').selectOption('Error al pedir');
  await voidForm.getByRole('button', { name: 'Anular 1' }).click();
  const espresso = panel(page).getByTestId('floor-round').getByRole('listitem').filter({ hasText: 'Espresso' });
  await expect(espresso).toContainText('ANULADO', { timeout: ceiling(5_000) });
  await expect(espresso.getByTestId('floor-line-state')).toHaveText('Anulado');
  await expect(panel(page).getByTestId('floor-ask-manager')).toContainText('Pide a un gerente');
  await dismissToasts(page);
  await screenshot(page, 'floor-table-panel');

  // Offline, the waiter's line and round wait on the device; a second tap is the same round; back online, one round.
  // The board's store polls while its stream is down: those reads fail while offline, as they should.
  allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
  await page.context().setOffline(true);
  await panel(page).getByRole('button', { name: 'Añadir platos' }).click();
  await picker.getByRole('searchbox', { name: 'Buscar un plato' }).fill('tinto');
  await picker.getByRole('button', { name: /^Tinto/ }).click();
  const tinto = picker.getByRole('form', { name: 'Tinto' });
  await tinto.getByRole('radio', { name: /Pequeño/ }).check();
  await tinto.getByRole('button', { name: /^Añadir/ }).click();
  await panel(page).getByRole('button', { name: 'Hecho' }).click();
  await expect(panel(page).getByTestId('floor-cart-line').filter({ hasText: 'Tinto' })).toContainText(
    'sin enviar todavía',
  );
  const send = panel(page).getByRole('button', { name: /^Enviar a cocina/ });
  await send.click();
  await expect(panel(page).getByText('La ronda espera conexión')).toBeVisible();
  await send.click();
  await page.context().setOffline(false);
  await expect(panel(page).getByTestId('floor-round')).toHaveCount(2, { timeout: ceiling(10_000) });
  await expect(panel(page).getByText('La ronda espera conexión')).toHaveCount(0);
  const staff = await page.request.post('/api/auth/login', { data: COCINA });
  const { token } = (await staff.json()) as { token: string };
  const read = await page.request.get(`/api/venues/${VENUE}/tables/${encodeURIComponent(label)}/session`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await read.json()) as { rounds: unknown[] }).rounds).toHaveLength(2);

  await panel(page).getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(tile(page, label)).toHaveAttribute('data-state', 'kitchen');
  await dismissToasts(page);
  await screenshot(page, 'floor-view');
  await expectNoAxeViolations(page, 'floor view with a table in the kitchen');

  // The diner asks for the bill: the tile says so, with the call, live.
  await phone.keyboard.press('Escape');
  await bar(phone).getByRole('button', { name: 'Pedir la cuenta' }).click();
  await expect(tile(page, label)).toContainText('Pide la cuenta', { timeout: ceiling(5_000) });
  await expect(tile(page, label).getByTestId('floor-tile-call')).toHaveText('Aviso: Pedir la cuenta');
  await expectNoAxeViolations(page, 'floor view with a bill call');

  // The same floor on a tablet (1180 × 820): four tiles to a row.
  await page.setViewportSize({ width: 1180, height: 820 });
  await dismissToasts(page);
  const [first, fourth] = [await tile(page, '1').boundingBox(), await tile(page, '4').boundingBox()];
  expect(first?.y).toBe(fourth?.y);
  await page.screenshot({ path: 'test-results/screens/floor-view-tablet.png' });
  await tile(page, label).click();
  await expect(panel(page).getByTestId('floor-rounds')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/floor-table-panel-tablet.png' });

  await closeTable(page.request, label, true, VENUE);
  for (const table of ['Patio', label, 'Ventana 2']) await setZone(page.request, table, null);
});

test('a merge of two tables with a phone on each: both phones follow', async ({ page, browser }, testInfo) => {
  test.setTimeout(ceiling(120_000));
  const [from, into] = ['Ventana 2', 'Patio'];
  for (const label of [from, into]) await closeTable(page.request, label, false, VENUE);
  const { page: one } = await newPhone(browser, testInfo);
  await joinAs(one, await tableLink(page.request, from, VENUE, COCINA), 'Uno', from);
  const { page: two } = await newPhone(browser, testInfo);
  await joinAs(two, await tableLink(page.request, into, VENUE, COCINA), 'Dos', into);

  await openFloor(page);
  await expect(tile(page, from)).toContainText('Ocupada · 1 persona');
  await tile(page, from).click();
  await panel(page).getByLabel('Juntar con…').selectOption(into);
  await panel(page).getByRole('button', { name: 'Juntar', exact: true }).click();

  // The floor shows one table with both people; both phones are at the same table now.
  await expect(tile(page, from)).toContainText('Libre', { timeout: ceiling(5_000) });
  await expect(tile(page, into)).toContainText('Ocupada · 2 personas', { timeout: ceiling(5_000) });
  await expect(bar(one).getByRole('heading', { name: `Mesa ${into}` })).toBeVisible({ timeout: ceiling(10_000) });
  await expect(one.getByText(`Os hemos cambiado a la Mesa ${into}`)).toBeVisible();
  await expect(bar(one).getByTestId('table-people')).toContainText('Dos');
  await expect(bar(two).getByTestId('table-people')).toContainText('Uno', { timeout: ceiling(10_000) });

  // Without a venue in the address, the floor lists the venues, each opening its floor.
  await page.goto('/panel/sala');
  await expect(page.getByRole('main').getByRole('link', { name: /Café La Macarena/ })).toHaveAttribute(
    'href',
    `/panel/sala?venue=${VENUE}`,
  );

  await closeTable(page.request, into, true, VENUE);
});

test('a manager invites a sent dish from the floor: the bill shows «Invitación de la casa»', async ({ page }) => {
  test.setTimeout(ceiling(90_000));
  const label = '8';
  await closeTable(page.request, label, false, VENUE);
  // A waiter opened the table and sent a round (the API, as the floor does it).
  const login = await page.request.post('/api/auth/login', { data: COCINA });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const path = `/api/venues/${VENUE}/tables/${label}`;
  expect((await page.request.post(`${path}/open`, { headers })).status()).toBe(201);
  const put = await page.request.put(`${path}/cart/lines/floor-spec-line-1`, {
    headers,
    data: { productId: 'pandebono', optionIds: [], quantity: 2, guest: 'Comensal 1' },
  });
  expect(put.status()).toBe(200);
  const round = await page.request.post(`${path}/rounds`, {
    headers: { ...headers, 'Idempotency-Key': `floor-spec-${Date.now()}` },
  });
  expect(round.status()).toBe(201);

  await signInStored(page, MANAGER);
  await page.goto(`/panel/sala?venue=${VENUE}`);
  await expect(tile(page, label)).toContainText(/En cocina · \d+ min/, { timeout: ceiling(15_000) });
  await tile(page, label).click();
  const form = panel(page).getByRole('form', { name: 'Invitar o descontar' });
  await form.getByRole('checkbox', { name: '2 × Pandebono' }).check();
  await form.getByLabel('Motivo').fill('Cliente habitual');
  await form.getByRole('button', { name: 'Invitar' }).click();
  await expect(panel(page).getByTestId('floor-bill-adjustments')).toContainText('Invitación de la casa', {
    timeout: ceiling(5_000),
  });
  await expect(panel(page).getByTestId('floor-bill')).toContainText('queda $ 0');
  await expectNoAxeViolations(page, 'table panel of a manager', { include: '[data-testid="floor-table-panel"]' });
  await closeTable(page.request, label, true, VENUE);
});
