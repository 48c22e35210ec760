/**
 * The staff order board (`/panel?venue=…`) against the real site and API:
 * sign-in round trip, scope gate, live arrival of a diner's order, moving it
 * along by clicking (checked through the diner's own order API), cancelling
 * only before preparing, a refused change keeping the board, axe and screenshots.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { Order, OrderInput } from '../../src/contract/order.ts';
import { ORDER_MODE_LABELS as MODE_LABELS } from '../../src/contract/labels.ts';
import { createVenue, expectNoAxeViolations, screenshot, loggedStatus } from './helpers.ts';
import { signInStored } from './auth-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'taqueria-el-guero';
const BOARD = `/panel?venue=${VENUE}`;
const STAFF = { email: 'cocina@umenu.test', password: 'demo1234' };
const DINER = { email: 'ana@umenu.test', password: 'demo1234' };

/** Signs in through the real login page and waits to be sent on (home or the remembered page). */
async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  if (!/\/login/.test(page.url())) await page.goto('/login');
  // Typing before the form's island has hydrated would be wiped by hydration.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: ceiling(15_000) });
  await page.getByLabel('Correo electrónico').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(who.email);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: ceiling(15_000) });
}

async function apiToken(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/auth/login', { data: who });
  expect(response.status(), `API sign-in of ${who.email}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const tacoOrder = (name: string): OrderInput => ({
  venueId: VENUE,
  // A table is chosen only by its QR link (table-mode orders go through the table session).
  mode: 'pickup',
  customer: { name, phone: '+52 55 1234 5678' },
  tip: { percent: 0 },
  payment: 'cash',
  note: 'Traer servilletas extra',
  lines: [
    {
      productId: 'tacos-al-pastor',
      optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'],
      quantity: 2,
      note: 'sin cebolla',
    },
  ],
  expectedTotal: 13800,
});

/** Ana places an order through the API, as the checkout would. */
async function placeOrder(request: APIRequestContext, token: string, name = 'Ana García'): Promise<Order> {
  const response = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: tacoOrder(name),
  });
  expect(response.status(), 'order placed').toBe(201);
  return (await response.json()) as Order;
}

/** The status the diner's own order API reports. */
async function dinerSees(request: APIRequestContext, token: string, id: string): Promise<string> {
  const response = await request.get(`/api/orders/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Order).status;
}

const column = (page: Page, status: 'received' | 'preparing' | 'ready') => page.getByTestId(`board-column-${status}`);
const card = (page: Page, number: string) =>
  page.getByTestId('board-order').filter({ has: page.getByRole('heading', { name: `Pedido ${number}`, exact: true }) });

async function openBoardAsStaff(page: Page, path = BOARD): Promise<void> {
  await signInStored(page, STAFF);
  await page.goto(path);
  await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
}

test.describe('staff order board', () => {
  test('a signed-out visitor goes to /login and comes back to the board after signing in', async ({ page }) => {
    await page.goto(BOARD);
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, STAFF);
    await expect(page).toHaveURL(new RegExp(`/panel\\?venue=${VENUE}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de pedidos' })).toBeVisible();
    await expect(page.getByTestId('board-venue')).toContainText('Taquería');
    for (const name of ['Recibido', 'En preparación', 'Listo']) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) })).toBeVisible();
    }
  });

  test('a diner sees the no-access message with a way home, and no order is fetched', async ({ page }) => {
    const boardCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/venues\/[^/]+\/orders/.test(request.url())) boardCalls.push(request.url());
    });
    await signInStored(page, DINER);
    await page.goto(BOARD);
    const alert = page.getByTestId('panel-no-access');
    await expect(alert.getByRole('heading', { name: 'No tienes acceso al panel de este local' })).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    await expect(page.getByTestId('order-board')).toHaveCount(0);
    await expectNoAxeViolations(page, 'no access');
    await screenshot(page, 'staff-no-access');
    expect(boardCalls).toEqual([]);

    // Without ?venue= a diner has no venues to pick either.
    await page.goto('/panel');
    await expect(page.getByRole('heading', { name: 'No tienes acceso al panel de ningún local' })).toBeVisible();
  });

  test('without ?venue= staff get their venues as links', async ({ page }) => {
    await signInStored(page, STAFF);
    await page.goto('/panel');
    const list = page.getByTestId('panel-venues');
    for (const name of [/Taquería El Güero/, /Macarena/, /Cabanyal/])
      await expect(list.getByRole('link', { name })).toBeVisible();
    await expectNoAxeViolations(page, 'venue list');
    await screenshot(page, 'staff-venues');
    await list.getByRole('link', { name: /Cabanyal/ }).click();
    await expect(page).toHaveURL(/\/panel\?venue=bar-el-cabanyal$/);
    await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
  });

  test('the board opens with the service worker in control (installed app)', { tag: '@sw' }, async ({ page }) => {
    await signInStored(page, STAFF);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto(BOARD);
    await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
  });

  test('an admin gets every venue and may open any board', async ({ page, allowConsoleError }) => {
    allowConsoleError(loggedStatus(404)); // the point includes a venue that does not exist
    await signInStored(page, { email: 'admin@umenu.test', password: 'demo1234' });
    await page.goto('/panel');
    const list = page.getByTestId('panel-venues');
    const venues = (await (await page.request.get('/api/venues')).json()) as { venues: { name: string }[] };
    expect(venues.venues.length).toBeGreaterThanOrEqual(3);
    await expect(list.getByRole('link')).toHaveCount(venues.venues.length);
    await list.getByRole('link', { name: /Macarena/ }).click();
    await expect(page).toHaveURL(/\/panel\?venue=cafe-la-macarena$/);
    await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');

    // A venue that does not exist says so (the API answers 404) and offers the list.
    await page.goto('/panel?venue=no-existe-este-local');
    await expect(page.getByRole('heading', { name: 'No encontramos ese local' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver mis locales' })).toHaveAttribute('href', '/panel');
    await expect(page.getByTestId('order-board')).toHaveCount(0);
  });

  test('the empty board is accessible', async ({ page, request }) => {
    // A venue of its own: other tests of this worker may have ordered at any demo venue before.
    const id = `sin-pedidos-${randomUUID().slice(0, 8)}`;
    await createVenue(request, id, 'Sin Pedidos');
    await signInStored(page, { email: 'admin@umenu.test', password: 'demo1234' });
    await page.goto(`/panel?venue=${id}`);
    await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('board-empty')).toBeVisible();
    await expectNoAxeViolations(page, 'empty board');
    await screenshot(page, 'staff-board-empty');
  });

  test(
    'a new order appears live and is moved received → preparing → ready → delivered',
    { tag: '@desktop' },
    async ({ page, request }) => {
      test.setTimeout(ceiling(60_000));
      const ana = await apiToken(request, DINER);
      const streams: { url: string; authorization: string | undefined }[] = [];
      page.on('request', (r) => {
        if (/\/orders\/events/.test(r.url())) streams.push({ url: r.url(), authorization: r.headers().authorization });
      });
      const polls: string[] = [];
      await openBoardAsStaff(page);
      // The board listens to the venue's event stream; the token goes in the header, never in the URL.
      await expect(page.getByText(/En vivo · última vez/)).toBeVisible({ timeout: ceiling(10_000) });
      expect(streams.length).toBeGreaterThan(0);
      for (const stream of streams) {
        expect(stream.url).not.toMatch(/token/i);
        expect(stream.authorization).toMatch(/^Bearer \S+$/);
      }
      page.on('request', (r) => {
        if (/\/api\/venues\/[^/]+\/orders\?/.test(r.url())) polls.push(r.url());
      });

      const order = await placeOrder(request, ana);
      // No reload, no polling: the new order arrives over the stream at once.
      const orderCard = card(page, order.number);
      await expect(column(page, 'received').getByTestId('board-order').filter({ hasText: order.number })).toBeVisible({
        timeout: ceiling(3_000),
      });
      expect(polls, 'no polling while the stream is up').toEqual([]);
      await expect(
        page.getByTestId('new-order-toast').filter({ hasText: `Nuevo pedido ${order.number}` }),
      ).toBeVisible();
      await expect(page.getByTestId('board-announcer')).toContainText(order.number);

      await expect(orderCard.getByTestId('board-order-where')).toHaveText(MODE_LABELS.pickup);
      await expect(orderCard).toContainText('Efectivo');
      await expect(orderCard).toContainText('Ana García');
      await expect(orderCard).toContainText('2 × Tacos al pastor');
      await expect(orderCard).toContainText('Nota: sin cebolla');
      await expect(orderCard).toContainText('Traer servilletas extra');
      await expect(orderCard.getByTestId('board-order-total')).toHaveText('$138.00');
      await expect(orderCard).toContainText(/hace (menos de 1|\d+) min/);
      await expect(orderCard.getByRole('button', { name: `Cancelar, pedido ${order.number}` })).toBeVisible();

      await expectNoAxeViolations(page, 'board with orders');
      await screenshot(page, 'staff-board');
      // Every control of the board is at least 44 × 44 px.
      const controls = page.getByTestId('order-board').locator('button:visible, a:visible, summary:visible');
      expect(await controls.count()).toBeGreaterThan(2);
      for (const control of await controls.all()) {
        const box = await control.boundingBox();
        const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
        expect(
          box && Math.round(box.height) >= 44 && Math.round(box.width) >= 44,
          `${name}: ${box?.width}×${box?.height}`,
        ).toBe(true);
      }

      await orderCard.getByRole('button', { name: `Empezar a preparar, pedido ${order.number}` }).click();
      await expect(
        column(page, 'preparing').getByTestId('board-order').filter({ hasText: order.number }),
      ).toBeVisible();
      await expect(orderCard.getByRole('button', { name: /^Cancelar/ })).toHaveCount(0);
      // The focus follows the order to its new column.
      await expect(orderCard.getByRole('heading', { name: `Pedido ${order.number}` })).toBeFocused();
      expect(await dinerSees(request, ana, order.id)).toBe('preparing');

      // Keyboard: from the focused card, Tab reaches its next step and Enter takes it.
      await page.keyboard.press('Tab');
      await expect(orderCard.getByRole('button', { name: `Marcar listo, pedido ${order.number}` })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(column(page, 'ready').getByTestId('board-order').filter({ hasText: order.number })).toBeVisible();
      expect(await dinerSees(request, ana, order.id)).toBe('ready');
      await expectNoAxeViolations(page, 'board after moves');

      // A pickup order ends when the diner picks it up: `Recogido`, not `Entregado`.
      await orderCard.getByRole('button', { name: `Recogido, pedido ${order.number}` }).click();
      await expect(orderCard).toHaveCount(0);
      expect(await dinerSees(request, ana, order.id)).toBe('delivered');
      const done = page.getByTestId('board-done');
      await done.getByText(/Entregados y cancelados recientemente/).click();
      await expect(done).toHaveAttribute('open', '');
      const doneRow = done.getByTestId('board-done-order').filter({ hasText: order.number });
      await expect(doneRow).toBeVisible();
      await expect(doneRow).toContainText('Recogido');
      await expect(doneRow).not.toContainText('Entregado');
      // The list just opened (the board was scanned above; scrolled down here, other tests' orders can sit
      // half under the sticky column counts, which axe takes for small targets).
      await expectNoAxeViolations(page, 'finished list open', { include: '[data-testid="board-done"]' });
      await screenshot(page, 'staff-board-done');
    },
  );

  test(
    'cancelling is offered only before preparing, and asks first',
    { tag: '@desktop' },
    async ({ page, request }) => {
      const ana = await apiToken(request, DINER);
      const order = await placeOrder(request, ana, 'Ana Cancela');
      await openBoardAsStaff(page);
      const orderCard = card(page, order.number);
      await expect(orderCard).toBeVisible();

      const cancel = orderCard.getByRole('button', { name: `Cancelar, pedido ${order.number}` });
      await cancel.click();
      const dialog = page.getByRole('dialog', { name: `¿Cancelar el pedido ${order.number}?` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'No, mantener el pedido' })).toBeFocused();
      await expectNoAxeViolations(page, 'cancel dialog');
      await screenshot(page, 'staff-cancel-dialog');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(cancel).toBeFocused();
      expect(await dinerSees(request, ana, order.id)).toBe('received');

      await cancel.click();
      await dialog.getByRole('button', { name: 'Sí, cancelar el pedido' }).click();
      await expect(orderCard).toHaveCount(0);
      expect(await dinerSees(request, ana, order.id)).toBe('cancelled');
      const done = page.getByTestId('board-done');
      await done.getByText(/Entregados y cancelados recientemente/).click();
      const doneRow = done.getByTestId('board-done-order').filter({ hasText: order.number });
      await expect(doneRow).toBeVisible();
      await expect(doneRow).toContainText('Cancelado');

      // Once the kitchen has started, no card offers cancelling.
      const second = await placeOrder(request, ana, 'Ana Prepara');
      const secondCard = card(page, second.number);
      await expect(secondCard).toBeVisible({ timeout: ceiling(12_000) });
      await secondCard.getByRole('button', { name: /^Empezar a preparar/ }).click();
      await expect(
        column(page, 'preparing').getByTestId('board-order').filter({ hasText: second.number }),
      ).toBeVisible();
      await expect(column(page, 'preparing').getByRole('button', { name: /^Cancelar/ })).toHaveCount(0);
      await expect(column(page, 'ready').getByRole('button', { name: /^Cancelar/ })).toHaveCount(0);
    },
  );

  test('a refused change shows the problem in Spanish and keeps the board', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    allowConsoleError(loggedStatus(409)); // the point: the API refuses the change
    allowConsoleError(/^Failed to load resource: net::ERR_FAILED$/); // the test cuts the event stream on purpose (polling fallback)
    const ana = await apiToken(request, DINER);
    const staff = await apiToken(request, STAFF);
    const order = await placeOrder(request, ana, 'Ana Conflicto');
    // The stream is down (the board falls back to polling), so the board can fall behind another device.
    await page.route('**/api/venues/*/orders/events', (route) => route.abort());
    await openBoardAsStaff(page);
    await expect(page.getByText(/Se actualiza cada 5 s/)).toBeVisible();
    const orderCard = card(page, order.number);
    await expect(orderCard).toBeVisible();

    // Hold the board's polls so it still shows the order as received…
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/venues/*/orders*', async (route) => {
      await held;
      // The board may have given up on a held request (timeout): nothing left to continue then.
      await route.continue().catch(() => undefined);
    });
    // …while another device starts preparing it.
    const moved = await request.post(`/api/orders/${order.id}/status`, {
      headers: { Authorization: `Bearer ${staff}` },
      data: { status: 'preparing' },
    });
    expect(moved.status()).toBe(200);

    await orderCard.getByRole('button', { name: `Cancelar, pedido ${order.number}` }).click();
    await page.getByRole('button', { name: 'Sí, cancelar el pedido' }).click();
    const alert = page.getByTestId('board-move-error');
    await expect(alert).toContainText(`No se pudo cambiar el pedido ${order.number}`);
    await expect(alert).toContainText('Ese cambio de estado no es posible para este pedido.');
    await expect(page.getByTestId('move-error-toast')).toBeVisible();
    // The board is still there, the order with it.
    await expect(column(page, 'received')).toBeVisible();
    await expect(orderCard).toBeVisible();
    expect(await dinerSees(request, ana, order.id)).toBe('preparing');

    // Let the polls through again (the route now passes everything on at once).
    release();
    await expect(column(page, 'preparing').getByTestId('board-order').filter({ hasText: order.number })).toBeVisible({
      timeout: ceiling(12_000),
    });
    await expectNoAxeViolations(page, 'after a refused change');
  });
});
