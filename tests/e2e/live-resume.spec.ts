/**
 * Live pages survive a dropped event stream and a reload: the order page and
 * the staff board reconnect with `Last-Event-ID`, get what happened meanwhile
 * from the server, and show it once (no repeated card, toast or step).
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { Order, OrderInput } from '../../src/contract/order.ts';
import { STAFF, VENUE, apiLogin, signInByStorage } from './order-helpers.ts';
import { ceiling } from '../ceiling.ts';

const tacoOrder = (name: string): OrderInput => ({
  venueId: VENUE,
  mode: 'pickup',
  customer: { name, phone: '+52 55 1234 5678' },
  tip: { percent: 0 },
  payment: 'cash',
  lines: [{ productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 }],
  expectedTotal: 13800,
});

async function placeOrder(request: APIRequestContext, token: string, name: string): Promise<Order> {
  const response = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: tacoOrder(name),
  });
  expect(response.status(), 'order placed').toBe(201);
  return (await response.json()) as Order;
}

async function moveOrder(request: APIRequestContext, staffToken: string, id: string, status: string): Promise<void> {
  const response = await request.post(`/api/orders/${id}/status`, {
    headers: { Authorization: `Bearer ${staffToken}` },
    data: { status },
  });
  expect(response.status(), `order moved to ${status}`).toBe(200);
}

/** The `Last-Event-ID` header (or null) of every request to an event stream matching `pattern`, in order. */
function streamRequests(page: Page, pattern: RegExp): Array<string | null> {
  const seen: Array<string | null> = [];
  page.on('request', (request: Request) => {
    if (!pattern.test(new URL(request.url()).pathname)) return;
    seen.push(request.headers()['last-event-id'] ?? null);
  });
  return seen;
}

/** Fails the next request to `pattern` (after running `meanwhile`), lets every later one through. */
async function abortOnce(page: Page, pattern: RegExp, meanwhile: () => Promise<unknown>): Promise<void> {
  let done = false;
  await page.route(
    (url) => pattern.test(url.pathname),
    async (route) => {
      if (done) return route.continue();
      done = true;
      await meanwhile();
      await route.abort('connectionreset');
    },
  );
}

test('order page: a dropped stream and a reload resume with Last-Event-ID and show the change once', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  // The test cuts the stream (offline, an aborted request) on purpose: Chromium logs those failed requests.
  allowConsoleError(/^Failed to load resource: net::ERR_(CONNECTION_RESET|INTERNET_DISCONNECTED|FAILED)$/);
  test.setTimeout(ceiling(60_000));
  const diner = await apiLogin(request);
  const staff = await apiLogin(request, STAFF);
  const order = await placeOrder(request, diner.token, 'Ana Reconecta');
  const streams = streamRequests(page, new RegExp(`/api/orders/${order.id}/events$`));

  await page.goto('/offline');
  await signInByStorage(page, diner);
  await page.goto(`/pedidos/ver?id=${order.id}`);
  const status = page.getByTestId('order-status');
  await expect(status).toContainText('Recibido');
  await expect(page.getByText('Se actualiza en vivo.')).toBeVisible();
  expect(streams).toEqual([null]);

  // The connection drops; meanwhile the kitchen starts the order.
  await context.setOffline(true);
  await expect(page.getByText('Se actualiza automáticamente.')).toBeVisible();
  await moveOrder(request, staff.token, order.id, 'preparing');
  await context.setOffline(false);

  await expect(status).toContainText('En preparación');
  await expect(page.getByText('Se actualiza en vivo.')).toBeVisible({ timeout: ceiling(15_000) });
  await expect(page.getByText('Tu pedido está en preparación')).toHaveCount(1);
  await expect(page.getByTestId('order-timeline').getByRole('listitem')).toHaveCount(4);
  const reconnects = streams.slice(1);
  expect(reconnects.length).toBeGreaterThan(0);
  for (const header of reconnects) expect(header).toMatch(/^\d+$/);

  // After a reload the stream resumes too. Its first attempt fails (while the order is
  // made ready); the next one asks for what came after the last event this tab saw.
  await abortOnce(page, new RegExp(`/api/orders/${order.id}/events$`), () =>
    moveOrder(request, staff.token, order.id, 'ready'),
  );
  const before = streams.length;
  await page.reload();
  await expect(status).toContainText('Listo');
  await expect(page.getByText('Se actualiza en vivo.')).toBeVisible({ timeout: ceiling(15_000) });
  expect(streams.length).toBeGreaterThanOrEqual(before + 2);
  for (const header of streams.slice(before)) expect(header).toMatch(/^\d+$/);
  await expect(page.getByText('Tu pedido está listo')).toHaveCount(1);
  await expect(page.getByTestId('order-timeline').getByRole('listitem')).toHaveCount(4);
});

test('staff board: an order placed while the stream was down appears once after it resumes', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  // The test cuts the stream (offline, an aborted request) on purpose: Chromium logs those failed requests.
  allowConsoleError(/^Failed to load resource: net::ERR_(CONNECTION_RESET|INTERNET_DISCONNECTED|FAILED)$/);
  test.setTimeout(ceiling(60_000));
  const diner = await apiLogin(request);
  const staff = await apiLogin(request, STAFF);
  const streams = streamRequests(page, new RegExp(`/api/venues/${VENUE}/orders/events$`));

  await page.goto('/offline');
  await signInByStorage(page, staff);
  await page.goto(`/panel?venue=${VENUE}`);
  const board = page.getByTestId('order-board');
  await expect(board).toHaveAttribute('data-state', 'ready');
  await expect(board.getByText(/^En vivo/)).toBeVisible();

  await context.setOffline(true);
  await expect(board.getByText(/^Se actualiza cada 5 s/)).toBeVisible();
  const placed = await placeOrder(request, diner.token, 'Beto Desconectado');
  await context.setOffline(false);

  const cards = page
    .getByTestId('board-order')
    .filter({ has: page.getByRole('heading', { name: `Pedido ${placed.number}`, exact: true }) });
  await expect(cards).toHaveCount(1);
  await expect(board.getByText(/^En vivo/)).toBeVisible({ timeout: ceiling(15_000) });
  await expect(page.getByTestId('new-order-toast').filter({ hasText: `Nuevo pedido ${placed.number}` })).toHaveCount(1);
  expect(streams.slice(1).length).toBeGreaterThan(0);
  for (const header of streams.slice(1)) expect(header).toMatch(/^\d+$/);

  // The kitchen moves it from another device: shown live, still one card.
  await moveOrder(request, staff.token, placed.id, 'preparing');
  await expect(
    page.getByTestId('board-column-preparing').getByRole('heading', { name: `Pedido ${placed.number}`, exact: true }),
  ).toBeVisible();
  await expect(cards).toHaveCount(1);

  // A reload resumes from the last event id kept for this tab; its first attempt fails
  // while another order comes in.
  let late: Order | undefined;
  await abortOnce(page, new RegExp(`/api/venues/${VENUE}/orders/events$`), async () => {
    late = await placeOrder(request, diner.token, 'Carla Recarga');
  });
  const before = streams.length;
  await page.reload();
  await expect(board).toHaveAttribute('data-state', 'ready');
  await expect(board.getByText(/^En vivo/)).toBeVisible({ timeout: ceiling(15_000) });
  expect(streams.length).toBeGreaterThanOrEqual(before + 2);
  for (const header of streams.slice(before)) expect(header).toMatch(/^\d+$/);
  await expect(cards).toHaveCount(1);
  const lateCards = page
    .getByTestId('board-order')
    .filter({ has: page.getByRole('heading', { name: `Pedido ${late!.number}`, exact: true }) });
  await expect(lateCards).toHaveCount(1);
});
