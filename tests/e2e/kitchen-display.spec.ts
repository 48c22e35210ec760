/**
 * The kitchen display (`/panel/cocina?venue=…&estacion=…`, docs/rules.md#the-kitchen) against the
 * real site and API: a diner's order (placed through the API, as the checkout would) appears live
 * on its station, oldest first; «Listo» by tap and by keyboard, «Deshacer»; age in colour and in
 * words as time passes (page.clock); a dropped stream shows «Reconectando…» and resumes without
 * duplicates; «Activar sonido» beeps on a new ticket; «Marchar» on the board releases a table's
 * held course to the display. axe on each screen state, screenshots on a tablet and a phone.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { Ticket } from '../../src/contract/kitchen.ts';
import type { Order, OrderInput } from '../../src/contract/order.ts';
import type { JoinResult, TableSession } from '../../src/contract/table.ts';
import { TABLE_CREDENTIAL_HEADER } from '../../src/contract/table.ts';
import { signInStored } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'taqueria-el-guero';
const STAFF = { email: 'cocina@umenu.test', password: 'demo1234' };
const DINER = { email: 'ana@umenu.test', password: 'demo1234' };
const display = (station = 'cocina') => `/panel/cocina?venue=${VENUE}&estacion=${station}`;

async function apiToken(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/auth/login', { data: who });
  expect(response.status(), `API sign-in of ${who.email}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A pickup order of tacos (cocina) and, with `drink`, an agua de jamaica (barra), placed by Ana through the API. */
async function placeOrder(request: APIRequestContext, name: string, drink = false): Promise<Order> {
  const lines: OrderInput['lines'] = [
    {
      productId: 'tacos-al-pastor',
      optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'],
      quantity: 2,
      note: 'sin cebolla',
    },
  ];
  if (drink)
    lines.push({
      productId: 'agua-de-jamaica',
      optionIds: await firstOptions(request, 'agua-de-jamaica'),
      quantity: 1,
    });
  const input: OrderInput = {
    venueId: VENUE,
    mode: 'pickup',
    customer: { name, phone: '+52 55 1234 5678' },
    tip: { percent: 0 },
    payment: 'cash',
    lines,
    expectedTotal: await totalOf(request, lines),
  };
  const response = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${await apiToken(request, DINER)}`, 'Idempotency-Key': randomUUID() },
    data: input,
  });
  expect(response.status(), 'order placed').toBe(201);
  return (await response.json()) as Order;
}

interface MenuProduct {
  id: string;
  price: number;
  optionGroups: { min: number; options: { id: string; priceDelta: number; available: boolean }[] }[];
}

async function products(request: APIRequestContext): Promise<MenuProduct[]> {
  const venue = (await (await request.get(`/api/venues/${VENUE}`)).json()) as {
    categories: { products: MenuProduct[] }[];
  };
  return venue.categories.flatMap((c) => c.products);
}

/** The first available option of every required group (what a diner picking the defaults sends). */
async function firstOptions(request: APIRequestContext, productId: string): Promise<string[]> {
  const product = (await products(request)).find((p) => p.id === productId)!;
  return product.optionGroups.flatMap((g) =>
    g.options
      .filter((o) => o.available)
      .slice(0, g.min)
      .map((o) => o.id),
  );
}

async function totalOf(request: APIRequestContext, lines: OrderInput['lines']): Promise<number> {
  const all = await products(request);
  return lines.reduce((sum, line) => {
    const product = all.find((p) => p.id === line.productId)!;
    const options = product.optionGroups.flatMap((g) => g.options).filter((o) => line.optionIds.includes(o.id));
    return sum + (product.price + options.reduce((s, o) => s + o.priceDelta, 0)) * line.quantity;
  }, 0);
}

/** The station's open tickets as the API lists them. */
async function openTickets(request: APIRequestContext, station = 'cocina'): Promise<Ticket[]> {
  const response = await request.get(`/api/venues/${VENUE}/tickets`, {
    params: { station, status: 'open' },
    headers: { Authorization: `Bearer ${await apiToken(request, STAFF)}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tickets: Ticket[] }).tickets;
}

const ticket = (page: Page, number: string) => page.locator(`[data-testid="kitchen-ticket"][data-order="${number}"]`);
const connection = (page: Page) => page.getByTestId('kitchen-connection');

async function openDisplay(page: Page, path = display()): Promise<void> {
  await signInStored(page, STAFF);
  await page.goto(path);
  await expect(page.getByTestId('kitchen-display')).toHaveAttribute('data-state', 'ready');
  await expect(connection(page)).toHaveText('En vivo');
}

test.describe('kitchen display', { tag: '@desktop' }, () => {
  test('a new order appears live with its lines; «Listo» by tap takes it off, «Deshacer» brings it back', async ({
    page,
    request,
  }) => {
    await openDisplay(page);
    await expect(page.getByRole('heading', { level: 1, name: /^Cocina/ })).toBeVisible();
    await expect(page.getByTestId('kitchen-stations').getByRole('link', { name: 'Cocina' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const order = await placeOrder(request, 'Ana Cocina', true);
    const card = ticket(page, order.number);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: `Pedido ${order.number}` })).toBeVisible();
    await expect(card.getByTestId('kitchen-ticket-who')).toContainText('Ana Cocina');
    await expect(card.getByTestId('kitchen-ticket-who').locator('bdi')).toHaveText('Ana Cocina');
    await expect(card.getByTestId('kitchen-ticket-line')).toHaveCount(1);
    await expect(card.getByTestId('kitchen-ticket-line')).toContainText('2 × Tacos al pastor');
    await expect(card.getByTestId('kitchen-ticket-line')).toContainText('Nota: sin cebolla');
    await expect(card.getByTestId('kitchen-ticket-line').locator('bdi')).toHaveText('sin cebolla');
    await expect(card.getByTestId('kitchen-ticket-age')).toHaveText('Recién llegada · A tiempo');
    // The drink went to the bar, not here.
    await expect(card).not.toContainText('jamaica');
    // Newest last: oldest first.
    await expect(page.getByTestId('kitchen-ticket').last()).toHaveAttribute('data-order', order.number);
    await expectNoAxeViolations(page, 'kitchen display with a ticket');
    await screenshot(page, 'kitchen-display');

    await card.getByRole('button', { name: `Listo, pedido ${order.number}` }).click();
    await expect(card).toHaveCount(0);
    expect((await openTickets(request)).some((t) => t.orderNumber === order.number)).toBe(false);
    const undo = page.getByRole('button', { name: /^Deshacer/ });
    await expect(undo).toContainText(`(pedido ${order.number})`);
    await expectNoAxeViolations(page, 'after a bump');

    await undo.click();
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('button', { name: `Listo, pedido ${order.number}` })).toBeFocused();
    expect((await openTickets(request)).some((t) => t.orderNumber === order.number)).toBe(true);

    // Another screen bumps it: it leaves this one too.
    const id = (await openTickets(request)).find((t) => t.orderNumber === order.number)!.id;
    const done = await request.post(`/api/venues/${VENUE}/tickets/${id}/done`, {
      headers: { Authorization: `Bearer ${await apiToken(request, STAFF)}` },
    });
    expect(done.status()).toBe(200);
    await expect(card).toHaveCount(0);
  });

  test('the keyboard moves between tickets with the arrows and bumps with Enter', async ({ page, request }) => {
    await openDisplay(page);
    const first = await placeOrder(request, 'Primero Teclado');
    const second = await placeOrder(request, 'Segundo Teclado');
    await expect(ticket(page, second.number)).toHaveCount(1);
    await screenshot(page, 'kitchen-display-grid');
    await ticket(page, first.number)
      .getByRole('button', { name: /^Listo/ })
      .focus();
    await page.keyboard.press('ArrowRight');
    await expect(ticket(page, second.number).getByRole('button', { name: /^Listo/ })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(ticket(page, first.number).getByRole('button', { name: /^Listo/ })).toBeFocused();
    if (test.info().project.name === 'desktop') {
      // Several tickets a row on the tablet: ↓ goes to the one below, ↑ back.
      const more = [
        await placeOrder(request, 'Tercero Teclado'),
        await placeOrder(request, 'Cuarto Teclado'),
        await placeOrder(request, 'Quinto Teclado'),
        await placeOrder(request, 'Sexto Teclado'),
      ];
      await expect(ticket(page, more[3]!.number)).toHaveCount(1);
      await screenshot(page, 'kitchen-display-grid-full');
      const orders = await page
        .getByTestId('kitchen-ticket')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-order')));
      const tops = await page
        .getByTestId('kitchen-ticket')
        .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().top));
      const perRow = tops.filter((top) => top === tops[0]).length;
      expect(perRow).toBeGreaterThanOrEqual(4);
      const below = orders[orders.indexOf(first.number) + perRow]!;
      await page.keyboard.press('ArrowDown');
      await expect(ticket(page, below).getByRole('button', { name: /^Listo/ })).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(ticket(page, first.number).getByRole('button', { name: /^Listo/ })).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await expect(ticket(page, first.number)).toHaveCount(0);
    // The ticket that took its place has the focus: Enter again bumps the next one.
    await expect(ticket(page, second.number).getByRole('button', { name: /^Listo/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ticket(page, second.number)).toHaveCount(0);
    const open = (await openTickets(request)).map((t) => t.orderNumber);
    expect(open).not.toContain(first.number);
    expect(open).not.toContain(second.number);
    await expect(page.getByTestId('kitchen-announcer')).toHaveText(`Pedido ${second.number}: listo`);
  });

  test("a ticket turns amber after 10 min and red after 20, saying so in words; the thresholds are this screen's", async ({
    page,
    request,
  }) => {
    await page.clock.install();
    const order = await placeOrder(request, 'Ana Reloj');
    await openDisplay(page);
    const card = ticket(page, order.number);
    const age = card.getByTestId('kitchen-ticket-age');
    await expect(age).toHaveText('Recién llegada · A tiempo');
    await expect(card).toHaveAttribute('data-tone', 'fresh');

    await page.clock.fastForward('10:05');
    await expect(age).toHaveText('10 min · Se retrasa');
    await expect(card).toHaveAttribute('data-tone', 'late');
    await expectNoAxeViolations(page, 'late ticket');
    await screenshot(page, 'kitchen-display-late');

    await page.clock.fastForward('10:00');
    await expect(age).toHaveText('20 min · Urgente');
    await expect(card).toHaveAttribute('data-tone', 'urgent');
    await expectNoAxeViolations(page, 'urgent ticket');
    await screenshot(page, 'kitchen-display-urgent');

    // This screen waits longer before calling a ticket late; it remembers after a reload.
    await page.getByText('Ajustes', { exact: true }).click();
    await page.getByLabel('Ámbar a partir de (min)').fill('25');
    await page.getByLabel('Rojo a partir de (min)').fill('40');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Guardado: ámbar a los 25 min, rojo a los 40 min.')).toBeVisible();
    await expect(age).toHaveText('20 min · A tiempo');
    await expectNoAxeViolations(page, 'settings open');
    await page.reload();
    await expect(ticket(page, order.number)).toHaveCount(1);
    await page.getByText('Ajustes', { exact: true }).click();
    await expect(page.getByLabel('Ámbar a partir de (min)')).toHaveValue('25');
    await expect(page.getByLabel('Rojo a partir de (min)')).toHaveValue('40');

    // Amber after red is refused in words.
    await page.getByLabel('Rojo a partir de (min)').fill('5');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Usa minutos enteros: ámbar desde 1, y rojo después de ámbar (como mucho 600).',
    );
    await page.getByRole('button', { name: 'Restablecer' }).click();
    await expect(page.getByLabel('Ámbar a partir de (min)')).toHaveValue('10');
  });
});

test('a dropped connection shows «Reconectando…» and catches up without duplicates', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  // The test cuts the stream (offline) on purpose: Chromium logs those failed requests.
  allowConsoleError(/^Failed to load resource: net::ERR_(CONNECTION_RESET|INTERNET_DISCONNECTED|FAILED)$/);
  const streams: (string | null)[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`/api/venues/${VENUE}/orders/events`)) streams.push(r.headers()['last-event-id'] ?? null);
  });
  await openDisplay(page);
  const before = await placeOrder(request, 'Antes Del Corte');
  await expect(ticket(page, before.number)).toHaveCount(1);

  await context.setOffline(true);
  await expect(connection(page)).toHaveText('Reconectando…');
  await expectNoAxeViolations(page, 'reconnecting');
  await screenshot(page, 'kitchen-display-reconnecting');
  const during = await placeOrder(request, 'Durante El Corte');
  await context.setOffline(false);

  await expect(connection(page)).toHaveText('En vivo', { timeout: ceiling(15_000) });
  await expect(ticket(page, during.number)).toHaveCount(1);
  await expect(ticket(page, before.number)).toHaveCount(1);
  // It resumed from where it was (Last-Event-ID), and nothing shows twice.
  expect(streams.slice(1).length).toBeGreaterThan(0);
  for (const header of streams.slice(1)) expect(header).toMatch(/^\d+$/);
  const numbers = await page
    .getByTestId('kitchen-ticket')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-order')));
  expect(new Set(numbers).size).toBe(numbers.length);
});

test('«Activar sonido» beeps on each new ticket', async ({ page, request }) => {
  // Count the tones the page starts (the beep is two), as a speaker would sound them.
  await page.addInitScript(() => {
    const w = window as unknown as { beeps: number };
    w.beeps = 0;
    const start: (this: OscillatorNode, when?: number) => void = Reflect.get(OscillatorNode.prototype, 'start');
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      w.beeps += 1;
      start.call(this, when);
    };
  });
  await openDisplay(page);
  const beeps = () => page.evaluate(() => (window as unknown as { beeps: number }).beeps);
  const first = await placeOrder(request, 'Sin Sonido');
  await expect(ticket(page, first.number)).toHaveCount(1);
  expect(await beeps()).toBe(0);

  await page.getByRole('button', { name: 'Activar sonido' }).click();
  await expect(page.getByRole('button', { name: 'Sonido activado' })).toHaveAttribute('aria-pressed', 'true');
  const tested = await beeps();
  await expectNoAxeViolations(page, 'sound on');
  const second = await placeOrder(request, 'Con Sonido');
  await expect(ticket(page, second.number)).toHaveCount(1);
  await expect.poll(beeps).toBe(tested + 2);
  await expect(page.getByTestId('kitchen-announcer')).toHaveText(`Nueva comanda: pedido ${second.number}`);
});

test('the station selector: each station shows its own tickets; the board links to them', async ({ page, request }) => {
  await signInStored(page, STAFF);
  await page.goto(`/panel?venue=${VENUE}`);
  const links = page.getByTestId('board-kitchen-links');
  await expect(links.getByRole('link', { name: 'Barra' })).toHaveAttribute('href', display('barra'));
  await links.getByRole('link', { name: 'Cocina' }).click();
  await expect(page).toHaveURL(display('cocina'));
  await expect(page.getByTestId('kitchen-display')).toHaveAttribute('data-state', 'ready');

  await page.goto(`/panel/cocina?venue=${VENUE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pantalla de cocina · Taquería El Güero' })).toBeVisible();
  await expectNoAxeViolations(page, 'station picker');
  await screenshot(page, 'kitchen-stations');
  await page.getByTestId('kitchen-stations').getByRole('link', { name: 'Barra' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Barra/ })).toBeVisible();
  await expect(connection(page)).toHaveText('En vivo');
  const order = await placeOrder(request, 'Ana Barra', true);
  const card = ticket(page, order.number);
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('kitchen-ticket-line')).toHaveCount(1);
  await expect(card).toContainText('Agua de jamaica');
  await expect(card).not.toContainText('Tacos');
});

/** Table 1 of the taquería: no other spec seats anyone there. */
const TABLE = '1';

async function seatAndOrder(request: APIRequestContext): Promise<Order> {
  const staff = { Authorization: `Bearer ${await apiToken(request, STAFF)}` };
  const closed = await request.post(`/api/venues/${VENUE}/tables/${TABLE}/close`, {
    headers: staff,
    data: { confirmUnpaid: true },
  });
  expect([200, 404]).toContain(closed.status());
  const tables = (await (await request.get(`/api/venues/${VENUE}/tables`, { headers: staff })).json()) as {
    tables: { label: string; url: string }[];
  };
  const token = new URL(tables.tables.find((t) => t.label === TABLE)!.url).searchParams.get('t')!;
  const joined = await request.post(`/api/venues/${VENUE}/tables/${TABLE}/join`, { data: { token, name: 'Eva' } });
  expect(joined.status()).toBe(201);
  const headers = { [TABLE_CREDENTIAL_HEADER]: ((await joined.json()) as JoinResult).credential };
  for (const productId of ['guacamole-con-totopos', 'tacos-al-pastor']) {
    const put = await request.put(`/api/table-session/cart/lines/${randomUUID()}`, {
      headers,
      data: { productId, optionIds: await firstOptions(request, productId), quantity: 1 },
    });
    expect(put.status()).toBe(200);
  }
  const { cart } = (await (await request.get('/api/table-session', { headers })).json()) as TableSession;
  const round = await request.post('/api/table-session/rounds', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { expectedTotal: cart.subtotal },
  });
  expect(round.status()).toBe(201);
  return (await round.json()) as Order;
}

test("«Marchar principales» on the board sends the table's held mains to the kitchen display", async ({
  page,
  context,
  request,
}, testInfo: TestInfo) => {
  test.skip(testInfo.project.name !== 'phone', "table 1 is this project's");
  await signInStored(page, STAFF);
  const order = await seatAndOrder(request);
  const kitchen = await context.newPage();
  await kitchen.goto(display());
  await expect(connection(kitchen)).toHaveText('En vivo');
  // The starter went at once; the mains wait for «Marchar».
  const card = ticket(kitchen, order.number);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Guacamole con totopos');
  await expect(card).toContainText('Entrantes');

  await page.goto(`/panel?venue=${VENUE}`);
  const table = page
    .getByTestId('board-table')
    .filter({ has: page.getByRole('heading', { name: `Mesa ${TABLE}`, exact: true }) });
  const fire = table.getByRole('button', { name: `Marchar principales, Mesa ${TABLE}` });
  await expect(fire).toHaveText('Marchar principales');
  await expectNoAxeViolations(page, 'board with a held course');
  await table.scrollIntoViewIfNeeded();
  await screenshot(page, 'board-marchar');
  await fire.click();
  await expect(page.getByTestId('fired-toast')).toContainText(`Mesa ${TABLE}: marchan principales (1 comanda).`);
  await expect(fire).toHaveCount(0);

  await expect(card).toHaveCount(2);
  await expect(card.filter({ hasText: 'Principales' })).toContainText('Tacos al pastor');
  await expect(card.filter({ hasText: 'Principales' }).getByTestId('kitchen-ticket-who')).toContainText(
    `Mesa ${TABLE}`,
  );
  await expect(card.filter({ hasText: 'Principales' })).toContainText('Eva');
  await screenshot(kitchen, 'kitchen-display-fired');
});
