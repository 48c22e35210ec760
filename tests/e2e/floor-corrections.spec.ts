/**
 * Correcting what was sent (docs/rules.md#the-floor) against the real site and API, on a venue the spec creates
 * (a copy of the taquería, one per project): a line voided after it was sent appears struck through with
 * «ANULADO» on the kitchen display at once, in part and then whole (screenshot at 1280×800); the board prints a
 * table's pre-bill in the browser, marked «Esto no es una factura», when no printer is mapped to `caja`; and
 * `/panel/caja` lists the day's voids in «Anulaciones e invitaciones» (axe).
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Order, OrderInput } from '../../src/contract/order.ts';
import type { JoinResult, TableSession } from '../../src/contract/table.ts';
import type { Venue } from '../../src/contract/venue.ts';
import { TABLE_CREDENTIAL_HEADER } from '../../src/contract/table.ts';
import { expect, test } from './fixtures.ts';
import { createVenue, expectNoAxeViolations, screenshot } from './helpers.ts';
import { ADMIN, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const DINER = { email: 'ana@umenu.test', password: 'demo1234' };

async function bearer(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: who });
  expect(response.status()).toBe(200);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

async function optionsOf(request: APIRequestContext, venueId: string, productId: string) {
  const venue = (await (
    await request.get(`/api/venues/${venueId}`, { headers: { 'cache-control': 'no-cache' } })
  ).json()) as Venue;
  const product = venue.categories.flatMap((c) => c.products).find((p) => p.id === productId)!;
  const options = product.optionGroups.flatMap((g) => g.options.filter((o) => o.available).slice(0, g.min));
  return { ids: options.map((o) => o.id), unit: product.price + options.reduce((s, o) => s + o.priceDelta, 0) };
}

/** A pickup order of three tacos al pastor (station cocina), placed by a diner through the API. */
async function placeOrder(request: APIRequestContext, venueId: string): Promise<Order> {
  const { ids, unit } = await optionsOf(request, venueId, 'tacos-al-pastor');
  const input: OrderInput = {
    venueId,
    mode: 'pickup',
    customer: { name: 'Lucía Anulada', phone: '+52 55 1234 5678' },
    tip: { percent: 0 },
    payment: 'cash',
    lines: [{ productId: 'tacos-al-pastor', optionIds: ids, quantity: 3 }],
    expectedTotal: unit * 3,
  };
  const response = await request.post('/api/orders', {
    headers: { ...(await bearer(request, DINER)), 'Idempotency-Key': randomUUID() },
    data: input,
  });
  expect(response.status(), 'order placed').toBe(201);
  return (await response.json()) as Order;
}

async function voidLine(request: APIRequestContext, venueId: string, order: Order, quantity: number, reason: string) {
  const response = await request.post(`/api/venues/${venueId}/orders/${order.id}/lines/0/void`, {
    headers: await bearer(request, ADMIN),
    data: { quantity, reason },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Table 1 of the spec's venue: Eva joins and sends one round of tacos. */
async function seatAndOrder(request: APIRequestContext, venueId: string): Promise<Order> {
  const admin = await bearer(request, ADMIN);
  // A session left open by an earlier run is closed first (404: none).
  const closed = await request.post(`/api/venues/${venueId}/tables/1/close`, {
    headers: admin,
    data: { confirmUnpaid: true },
  });
  expect([200, 404]).toContain(closed.status());
  const tables = (await (await request.get(`/api/venues/${venueId}/tables`, { headers: admin })).json()) as {
    tables: { label: string; url: string }[];
  };
  const token = new URL(tables.tables.find((t) => t.label === '1')!.url).searchParams.get('t')!;
  const joined = await request.post(`/api/venues/${venueId}/tables/1/join`, { data: { token, name: 'Eva' } });
  expect(joined.status()).toBe(201);
  const headers = { [TABLE_CREDENTIAL_HEADER]: ((await joined.json()) as JoinResult).credential };
  const { ids } = await optionsOf(request, venueId, 'tacos-al-pastor');
  const put = await request.put(`/api/table-session/cart/lines/${randomUUID()}`, {
    headers,
    data: { productId: 'tacos-al-pastor', optionIds: ids, quantity: 2 },
  });
  expect(put.status()).toBe(200);
  const { cart } = (await (await request.get('/api/table-session', { headers })).json()) as TableSession;
  const round = await request.post('/api/table-session/rounds', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { expectedTotal: cart.subtotal },
  });
  expect(round.status()).toBe(201);
  return (await round.json()) as Order;
}

/** A waiter of the venue: an account made from a «Personal» invitation (scope `staff:{venueId}` only). */
async function staffOf(request: APIRequestContext, venueId: string) {
  const email = `camarero-${randomUUID().slice(0, 8)}@umenu.test`;
  const invited = await request.post(`/api/venues/${venueId}/invitations`, {
    headers: await bearer(request, ADMIN),
    data: { email, role: 'staff' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { token } = (await invited.json()) as { token: string };
  const accepted = await request.post('/api/invitations/accept', {
    data: { token, name: 'Luis Camarero', password: 'demo1234' },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return { email, password: 'demo1234' };
}

const ticketOf = (page: Page, number: string) => page.locator(`[data-testid="kitchen-ticket"][data-order="${number}"]`);

test.describe('correcting what was sent', { tag: '@desktop' }, () => {
  test.beforeEach(async ({ request }) => {
    await createVenue(request, `correcciones-${test.info().project.name}`, 'Fonda de las Correcciones');
  });

  test('a voided line appears struck through with ANULADO on the kitchen display, live', async ({ page, request }) => {
    test.setTimeout(ceiling(90_000));
    const venueId = `correcciones-${test.info().project.name}`;
    const order = await placeOrder(request, venueId);
    await signInStored(page, ADMIN);
    await page.goto(`/panel/cocina?venue=${venueId}&estacion=cocina`);
    await expect(page.getByTestId('kitchen-connection')).toHaveText('En vivo', { timeout: ceiling(15_000) });
    const card = ticketOf(page, order.number);
    await expect(card.getByTestId('kitchen-ticket-line')).toContainText('3 × Tacos al pastor');
    await expect(card.getByTestId('kitchen-line-voided')).toHaveCount(0);

    // One of three voided: two are still to make, the third struck through with ANULADO.
    await voidLine(request, venueId, order, 1, 'El cliente ha cambiado de idea');
    const voided = card.getByTestId('kitchen-line-voided');
    await expect(voided).toHaveText('1 × Tacos al pastor ANULADO');
    await expect(voided.locator('s')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(card.getByTestId('kitchen-ticket-line')).toContainText('2 × Tacos al pastor');
    await expectNoAxeViolations(page, 'kitchen display with a voided line');
    await screenshot(page, 'kitchen-voided-part');

    // The rest: the whole line is struck through.
    await voidLine(request, venueId, order, 2, 'Otro: se equivocó de mesa');
    await expect(voided).toHaveText('3 × Tacos al pastor ANULADO');
    await expect(card.getByTestId('kitchen-ticket-line')).not.toContainText('0 ×');
    await screenshot(page, 'kitchen-voided-line');
  });

  test('«Imprimir cuenta» on the board prints the pre-bill in the browser, «Esto no es una factura»', async ({
    page,
    request,
  }) => {
    test.setTimeout(ceiling(90_000));
    const venueId = `correcciones-${test.info().project.name}`;
    await seatAndOrder(request, venueId);
    await signInStored(page, ADMIN);
    await page.goto(`/panel?venue=${venueId}`);
    const table = page.locator('[data-testid="board-table"][data-table="1"]');
    const button = table.getByRole('button', { name: 'Imprimir cuenta, Mesa 1' });
    await expect(button).toBeVisible({ timeout: ceiling(15_000) });
    await page.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => {
        w.printed += 1;
      };
    });
    await button.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const printed = page.getByTestId('print-prebill');
    await expect(printed).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(printed).toBeVisible();
    await expect(printed).toContainText('Esto no es una factura');
    await expect(printed).toContainText('Mesa 1');
    await expect(printed).toContainText('2 × Tacos al pastor');
    await expect(printed).toContainText('A pagar');
    await page.emulateMedia({ media: 'screen' });
  });

  test('«Corregir» on the board: staff void part of a sent line with a reason; invitations say «Pide a un gerente»', async ({
    page,
    request,
  }) => {
    test.setTimeout(ceiling(90_000));
    const venueId = `correcciones-${test.info().project.name}`;
    await seatAndOrder(request, venueId);
    const waiter = await staffOf(request, venueId);
    await signInStored(page, waiter);
    await page.goto(`/panel?venue=${venueId}`);
    const table = page.locator('[data-testid="board-table"][data-table="1"]');
    await table.getByRole('button', { name: 'Corregir, Mesa 1' }).click({ timeout: ceiling(15_000) });
    const dialog = page.getByRole('dialog', { name: 'Corregir la Mesa 1' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('corrections-ask-manager')).toContainText('pide a un gerente');
    await expect(dialog.getByRole('button', { name: 'Invitar' })).toHaveCount(0);
    await expect(dialog.getByRole('radio', { name: /^2 × Tacos al pastor/ })).toBeChecked();
    await dialog.getByLabel('Cuántos anular').fill('1');
    await dialog.getByRole('radio', { name: 'Producto agotado' }).check();
    await expectNoAxeViolations(page, 'the corrections dialog');
    await screenshot(page, 'corrections-dialog');
    await dialog.getByRole('button', { name: 'Anular' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('corrected-toast')).toContainText('Mesa 1: anulado 1 × Tacos al pastor.');
    // The round on the board says so, and the bill counts one taco order.
    const line = table.getByTestId('board-table-round').locator('li[data-voided="1"]');
    await expect(line).toContainText('1 × Tacos al pastor');
    await expect(line).toContainText('1 anulado');
  });

  test("a manager invites a dish from «Corregir»: the board's bill shows «Invitación de la casa» and what is left", async ({
    page,
    request,
  }) => {
    test.setTimeout(ceiling(90_000));
    const venueId = `correcciones-${test.info().project.name}`;
    const round = await seatAndOrder(request, venueId);
    await signInStored(page, ADMIN);
    await page.goto(`/panel?venue=${venueId}`);
    const table = page.locator('[data-testid="board-table"][data-table="1"]');
    await expect(table.getByTestId('board-table-balance')).toBeVisible({ timeout: ceiling(15_000) });
    await table.getByRole('button', { name: 'Corregir, Mesa 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Corregir la Mesa 1' });
    await dialog.getByRole('checkbox', { name: /^2 × Tacos al pastor/ }).check();
    await dialog.getByLabel('Motivo de la invitación').fill('Cumpleaños');
    await dialog.getByRole('button', { name: 'Invitar' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByTestId('board-table-adjustment')).toContainText('Invitación de la casa');
    // Nothing else was ordered: nothing is left to pay.
    await expect(table.getByTestId('board-table-paid')).toBeVisible();
    expect(round.total).toBeGreaterThan(0);
  });

  test('/panel/caja lists the day’s voids with who, what and why', async ({ page, request }) => {
    test.setTimeout(ceiling(90_000));
    const venueId = `correcciones-${test.info().project.name}`;
    const order = await placeOrder(request, venueId);
    const why = `Otro: prueba de caja ${randomUUID().slice(0, 8)}`;
    await voidLine(request, venueId, order, 1, why);
    await signInStored(page, ADMIN);
    await page.goto(`/panel/caja?venue=${venueId}`);
    const section = page.getByTestId('cash-audit');
    await expect(section).toBeVisible({ timeout: ceiling(15_000) });
    const row = section.getByTestId('cash-audit-entry').filter({ hasText: why });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Anulación: 1 × Tacos al pastor');
    await expect(row).toContainText('Admin');
    await expect(row).toContainText(`Pedido ${order.number}`);
    await expect(section).toContainText('Nada de este registro se puede cambiar ni borrar.');
    await expectNoAxeViolations(page, '/panel/caja with the audit section');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'cash-audit');
  });
});
