/**
 * Printing from the board and the kitchen display (docs/rules.md#the-kitchen) against the real
 * site and API, on a venue the spec creates (the test acts as the restaurant's print agent
 * through the API: no printer needed): «Imprimir» prints just the ticket on an 80 mm roll in
 * print media; «Reimprimir» appears once the venue has printers and leaves a DUPLICADO job for
 * the agent (one ticket: at once; several: a choice of station); an offline printer shows
 * «Impresora Barra sin conexión» on the board until it is back. axe on each new state.
 */
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Order, OrderInput } from '../../src/contract/order.ts';
import type { PrintJobList } from '../../src/contract/printing.ts';
import type { Venue } from '../../src/contract/venue.ts';
import { expect, test } from './fixtures.ts';
import { createVenue, expectNoAxeViolations, screenshot } from './helpers.ts';
import { ADMIN, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const DINER = { email: 'ana@umenu.test', password: 'demo1234' };
/** How often an open board reads its printers (`PRINTERS_POLL_MS`, src/features/kitchen/printers.ts). */
const PRINTERS_POLL_MS = 10_000;

async function apiToken(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/auth/login', { data: who });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A pickup order of tacos (cocina) and an agua de jamaica (barra), placed by a diner through the API. */
async function placeOrder(request: APIRequestContext, venueId: string): Promise<Order> {
  const venue = (await (
    await request.get(`/api/venues/${venueId}`, { headers: { 'cache-control': 'no-cache' } })
  ).json()) as Venue;
  const all = venue.categories.flatMap((c) => c.products);
  let expectedTotal = 0;
  const lines: OrderInput['lines'] = ['tacos-al-pastor', 'agua-de-jamaica'].map((productId) => {
    const product = all.find((p) => p.id === productId)!;
    const options = product.optionGroups.flatMap((g) => g.options.filter((o) => o.available).slice(0, g.min));
    expectedTotal += 2 * (product.price + options.reduce((s, o) => s + o.priceDelta, 0));
    return {
      productId,
      optionIds: options.map((o) => o.id),
      quantity: 2,
      ...(productId === 'tacos-al-pastor' ? { note: 'sin cebolla' } : {}),
    };
  });
  const input: OrderInput = {
    venueId,
    mode: 'pickup',
    customer: { name: 'Lucía Impresa', phone: '+52 55 1234 5678' },
    tip: { percent: 0 },
    payment: 'cash',
    lines,
    expectedTotal,
  };
  const response = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${await apiToken(request, DINER)}`, 'Idempotency-Key': randomUUID() },
    data: input,
  });
  expect(response.status(), 'order placed').toBe(201);
  return (await response.json()) as Order;
}

/** The venue's printers (the manager's `PUT`) and a print agent token. */
async function setUpPrinting(request: APIRequestContext, venueId: string, stations: string[]): Promise<string> {
  const admin = { Authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const names: Record<string, string> = { barra: 'Barra', cocina: 'Cocina' };
  const printers = stations.map((station, i) => ({
    id: `${station}-1`,
    name: names[station],
    station,
    host: `192.168.1.${50 + i}`,
    port: 9100 + i,
    width: 80,
  }));
  expect((await request.put(`/api/venues/${venueId}/printers`, { headers: admin, data: { printers } })).status()).toBe(
    200,
  );
  const agent = await request.post(`/api/venues/${venueId}/print-agents`, { headers: admin });
  expect(agent.status()).toBe(201);
  return ((await agent.json()) as { token: string }).token;
}

/** The jobs the venue's agent would receive now (the agent's own long-poll, without waiting). */
async function agentJobs(request: APIRequestContext, venueId: string, token: string): Promise<PrintJobList['jobs']> {
  const response = await request.get(`/api/venues/${venueId}/print-jobs?wait=0`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as PrintJobList).jobs;
}

const ticketOf = (page: Page, number: string) => page.locator(`[data-testid="kitchen-ticket"][data-order="${number}"]`);
const orderOf = (page: Page, order: Order) => page.locator(`[data-testid="board-order"][data-order-id="${order.id}"]`);

async function openDisplay(page: Page, venueId: string, station: string): Promise<void> {
  await page.goto(`/panel/cocina?venue=${venueId}&estacion=${station}`);
  await expect(page.getByTestId('kitchen-display')).toHaveAttribute('data-state', 'ready');
}

test.describe('printing from the board and the kitchen display', { tag: '@desktop' }, () => {
  test('«Imprimir» prints just the ticket on an 80 mm roll; «Reimprimir» once the venue has printers sends a DUPLICADO', async ({
    page,
    request,
  }) => {
    test.setTimeout(ceiling(120_000));
    const venueId = `fonda-impresora-${test.info().project.name}`;
    await createVenue(request, venueId, 'Fonda de la Impresora');
    const order = await placeOrder(request, venueId);
    await signInStored(page, ADMIN);

    // No printers: «Imprimir» only.
    await openDisplay(page, venueId, 'barra');
    const ticket = ticketOf(page, order.number);
    await expect(ticket.getByRole('button', { name: `Imprimir, pedido ${order.number}` })).toBeVisible();
    await expect(ticket.getByRole('button', { name: /^Reimprimir/ })).toHaveCount(0);

    // The browser prints just this ticket: in print media nothing else of the page shows.
    await page.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => {
        w.printed += 1;
      };
    });
    await ticket.getByRole('button', { name: `Imprimir, pedido ${order.number}` }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const printed = page.getByTestId('print-ticket');
    await expect(printed).toBeHidden();
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 302, height: 600 });
    await page.emulateMedia({ media: 'print' });
    await expect(printed).toBeVisible();
    await expect(printed).toContainText(order.number);
    await expect(printed).toContainText('Fonda de la Impresora · Barra');
    await expect(printed).toContainText('2 × Agua de jamaica');
    await expect(printed).not.toContainText('Tacos');
    await expect(page.getByTestId('kitchen-display')).toBeHidden();
    await expect(page.locator('body > header')).toBeHidden();
    // Only the ticket is drawn: nothing else in the body has a box.
    const drawn = await page.evaluate(() =>
      [...document.body.children]
        .filter((el) => el.getBoundingClientRect().height > 0)
        .map((el) => el.id || el.tagName),
    );
    expect(drawn).toEqual(['print-ticket']);
    const box = (await printed.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(302);
    const number = await printed.locator('.pt-number').evaluate((el) => ({
      size: parseFloat(getComputedStyle(el).fontSize),
      color: getComputedStyle(el).color,
      background: getComputedStyle(document.body).backgroundColor,
    }));
    expect(number.size).toBeGreaterThanOrEqual(40);
    expect(number.color).toBe('rgb(0, 0, 0)');
    expect(number.background).toBe('rgb(255, 255, 255)');
    await page.screenshot({
      path: `test-results/screens/print-ticket-80mm-${test.info().project.name}.png`,
      fullPage: true,
    });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(viewport);

    // Printers for both stations: «Reimprimir» on the display; the agent gets a DUPLICADO of this ticket.
    const agent = await setUpPrinting(request, venueId, ['barra', 'cocina']);
    await openDisplay(page, venueId, 'barra');
    const [barraTicket] = (await agentJobs(request, venueId, agent))
      .filter((j) => j.ticket?.orderId === order.id && j.printer.id === 'barra-1')
      .map((j) => j.ticket);
    // Printers set after the order: its tickets had no printer then, so only reprints make jobs.
    expect(barraTicket).toBeUndefined();
    await ticket.getByRole('button', { name: `Reimprimir, pedido ${order.number}` }).click();
    await expect(page.getByTestId('reprint-toast')).toContainText('Ticket reenviado a la impresora');
    await expect
      .poll(async () =>
        (await agentJobs(request, venueId, agent))
          .filter((j) => j.ticket?.orderId === order.id)
          .map((j) => [j.printer.id, j.duplicate]),
      )
      .toEqual([['barra-1', true]]);
    await expectNoAxeViolations(page, 'kitchen display with «Reimprimir»');
    await screenshot(page, 'kitchen-display-print-tools');

    // The board: the order has two tickets with a printer, so «Reimprimir» asks which.
    await page.goto(`/panel?venue=${venueId}`);
    const card = orderOf(page, order);
    await card.getByRole('button', { name: `Reimprimir, pedido ${order.number}` }).click();
    const choice = card.getByRole('list', { name: `¿Qué comanda del pedido ${order.number}?` });
    await expect(choice.getByRole('button')).toHaveText(['Reimprimir Cocina', 'Reimprimir Barra']);
    await expect(choice.getByRole('button', { name: 'Reimprimir Cocina' })).toBeFocused();
    await expectNoAxeViolations(page, 'board with the reprint choice');
    await screenshot(page, 'board-reprint-choice');
    await choice.getByRole('button', { name: 'Reimprimir Cocina' }).click();
    await expect(page.getByTestId('reprint-toast')).toContainText('Ticket reenviado a la impresora');
    await expect(choice).toHaveCount(0);
    await expect
      .poll(async () =>
        (await agentJobs(request, venueId, agent))
          .filter((j) => j.ticket?.orderId === order.id)
          .map((j) => [j.printer.id, j.duplicate]),
      )
      .toEqual([
        ['barra-1', true],
        ['cocina-1', true],
      ]);
    // «Imprimir» on the board prints the whole order, alone on the page.
    await page.evaluate(() => {
      window.print = () => {};
    });
    await card.getByRole('button', { name: `Imprimir, pedido ${order.number}`, exact: true }).click();
    await page.emulateMedia({ media: 'print' });
    await expect(printed).toContainText('Fonda de la Impresora · Pedido');
    await expect(printed).toContainText('2 × Tacos al pastor');
    await expect(printed).toContainText('Nota: sin cebolla');
    await expect(printed).toContainText('2 × Agua de jamaica');
    await expect(page.getByTestId('order-board')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  });

  test('the board and the kitchen display show «Impresora Barra sin conexión» while the agent cannot reach it, not once it is back; a board order with one printed ticket is reprinted at once', async ({
    page,
    request,
    umenu,
  }) => {
    test.setTimeout(ceiling(90_000));
    const venueId = `fonda-sin-papel-${test.info().project.name}`;
    await createVenue(request, venueId, 'Fonda sin Papel');
    const agent = await setUpPrinting(request, venueId, ['barra']);
    const report = async (data: { ok: boolean; error?: string }) => {
      const response = await request.post(`/api/venues/${venueId}/printers/barra-1/status`, {
        headers: { Authorization: `Bearer ${agent}` },
        data,
      });
      expect(response.status()).toBe(204);
    };
    await signInStored(page, ADMIN);
    await page.clock.install();
    await page.goto(`/panel?venue=${venueId}`);
    await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
    const alert = page.getByTestId('printer-alerts');
    await expect(alert).toHaveCount(0);

    // The agent cannot reach the printer, for longer than the API waits before calling it offline
    // (its clock moved in the database rather than waited); the board learns it on its next read.
    await report({ ok: false, error: 'connect ECONNREFUSED 127.0.0.1:9100' });
    const db = new DatabaseSync(umenu.db);
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      db.prepare('UPDATE printers SET failing_since = failing_since - 20000 WHERE venue_id = ? AND id = ?').run(
        venueId,
        'barra-1',
      );
    } finally {
      db.close();
    }
    await page.clock.runFor(PRINTERS_POLL_MS);
    await expect(alert.getByText('Impresora Barra sin conexión', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'board with a printer offline');
    await screenshot(page, 'board-printer-offline');

    // The kitchen display says it too.
    await page.goto(`/panel/cocina?venue=${venueId}&estacion=barra`);
    await expect(page.getByTestId('kitchen-display')).toHaveAttribute('data-state', 'ready');
    await expect(alert.getByText('Impresora Barra sin conexión', { exact: true })).toBeVisible();

    await report({ ok: true });
    await page.clock.runFor(PRINTERS_POLL_MS);
    await expect(alert).toHaveCount(0);

    // Only the bar has a printer: the board's «Reimprimir» sends the order's bar ticket at once.
    const order = await placeOrder(request, venueId);
    await page.goto(`/panel?venue=${venueId}`);
    await orderOf(page, order)
      .getByRole('button', { name: `Reimprimir, pedido ${order.number}` })
      .click();
    await expect(page.getByTestId('reprint-toast')).toContainText('Ticket reenviado a la impresora');
    await expect
      .poll(async () =>
        (await agentJobs(request, venueId, agent))
          .filter((j) => j.ticket?.orderId === order.id)
          .map((j) => [j.printer.id, j.duplicate]),
      )
      .toEqual([
        ['barra-1', false],
        ['barra-1', true],
      ]);
  });
});
