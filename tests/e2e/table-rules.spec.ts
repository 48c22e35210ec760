/**
 * Rules of the table and the venue (docs/rules.md#cart-checkout-and-orders, #table-sessions, #live-menu), as people see them: a round
 * from a table has no minimum, calls say who called (on the other phones and on the board),
 * renewing a table's code shows `Mesa cerrada` on every phone, and an order's time reads the
 * same in "Mis pedidos" and on its own page (the venue's time, with its zone named).
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { COCINA, fillLogin } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, loggedStatus, screenshot } from './helpers.ts';
import { addProduct, VENUE, apiLogin, islandsReady, signInByStorage } from './order-helpers.ts';
import {
  bar,
  closeTable,
  dismissToasts,
  joinAs,
  newPhone,
  openTableCart,
  rotateToken,
  tableDrawer,
  tableLink,
} from './table-helpers.ts';
import { formatVenueTime } from '../../src/contract/time-format.ts';
import type { Order } from '../../src/contract/order.ts';
import { ceiling } from '../ceiling.ts';

const LIVE = { timeout: ceiling(3_000) };
/** The one table no other spec uses (the projects run one after the other and close it first). */
const LABEL = '1';

/** Where an element's content is drawn (its text's lines, not the whole width of its block). */
async function contentBoxes(locator: Locator): Promise<Array<{ x: number; y: number; width: number; height: number }>> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    const boxes = rects.length ? rects : [el.getBoundingClientRect()];
    return boxes.map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
}

/** True when `a` (a toast, a badge) covers any part of what `b` shows. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const x = (await a.boundingBox())!;
  return (await contentBoxes(b)).some(
    (y) => x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height,
  );
}

/** Lets a toast's slide-in end, so it is measured where it rests. */
async function rested(toast: Locator): Promise<void> {
  await expect(toast).toBeVisible();
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
}

async function openBoard(page: Page): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, COCINA.email, COCINA.password);
  await expect(page).not.toHaveURL(/\/login/, { timeout: ceiling(15_000) });
  await page.goto(`/panel?venue=${VENUE}`);
  await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByText(/En vivo · última vez/)).toBeVisible({ timeout: ceiling(10_000) });
}

test('a table: a one-dish round has no minimum, calls say who called, and renewing the code closes the table on every phone', async ({
  page,
  browser,
  request,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(ceiling(120_000));
  // Why: the old link's check answers 404 on purpose, which Chromium logs.
  allowConsoleError(loggedStatus(404));
  await closeTable(request, LABEL, false);
  const link = await tableLink(request, LABEL);
  await openBoard(page);
  const card = page
    .getByTestId('board-table')
    .filter({ has: page.getByRole('heading', { name: `Mesa ${LABEL}`, exact: true }) });

  const mateo = await newPhone(browser, testInfo);
  const lucia = await newPhone(browser, testInfo);
  const m = mateo.page;
  const l = lucia.page;
  await joinAs(m, link, 'Mateo', LABEL);
  await joinAs(l, link, 'Lucía', LABEL);
  await expect(card.getByTestId('board-table-people')).toHaveText('2 personas: Mateo y Lucía', LIVE);

  // One flan ($45.00, below the venue's $80.00 minimum) goes to the kitchen: a table round has no minimum.
  await addProduct(m, 'Flan napolitano');
  await openTableCart(m);
  await tableDrawer(m).getByRole('button', { name: 'Enviar a cocina' }).click();
  await expect(m.getByText(/Ronda enviada a cocina/)).toBeVisible();
  await tableDrawer(m).getByRole('button', { name: 'Cerrar carrito' }).click();
  await dismissToasts(m);
  await expect(card.getByTestId('board-table-round')).toHaveCount(1, LIVE);

  // Mateo asks for the bill, Lucía calls the waiter: each phone and the board say who.
  await m.evaluate(() => scrollTo(0, 0));
  await bar(m).getByRole('button', { name: 'Pedir la cuenta' }).click();
  // The confirmation does not cover the table bar (nothing important may be covered).
  const confirmation = m.locator('[data-sonner-toast]').filter({ hasText: 'Pedimos la cuenta' });
  await rested(confirmation);
  if (testInfo.project.name === 'phone')
    expect(await overlap(confirmation, bar(m)), 'toast clear of the table bar').toBe(false);
  await expect(bar(l).getByTestId('table-calls')).toHaveText('Mateo pidió la cuenta.', LIVE);
  await bar(l).getByRole('button', { name: 'Llamar al mesero' }).click();
  await expect(bar(m).getByTestId('table-calls')).toContainText('Lucía llamó al mesero.', LIVE);
  await expect(bar(m).getByTestId('table-calls')).toContainText('Pediste la cuenta.');
  await expect(bar(l).getByTestId('table-calls')).not.toContainText('pediste');
  await expect(card.locator('[data-testid="board-table-call"][data-kind="bill"]')).toContainText(
    `Mesa ${LABEL} · Mateo pide la cuenta`,
    LIVE,
  );
  await expect(card.locator('[data-testid="board-table-call"][data-kind="waiter"]')).toContainText(
    `Mesa ${LABEL} · Lucía llama al mesero`,
    LIVE,
  );
  // The board's call toast leaves «En vivo» and the table's card readable.
  const boardToast = page.getByTestId('table-call-toast').last();
  await rested(boardToast);
  expect(await overlap(boardToast, page.getByText(/En vivo · última vez/)), 'toast clear of «En vivo»').toBe(false);
  await expectNoAxeViolations(page, 'board with calls that say who called');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'board-calls-who');
  await dismissToasts(l);
  await expectNoAxeViolations(l, 'phone after the others called');
  await bar(l).getByTestId('table-calls').scrollIntoViewIfNeeded();
  await screenshot(l, 'table-phone-calls-who');

  // The manager renews the table's code: every phone shows `Mesa cerrada`, the board drops the table.
  const fresh = await rotateToken(request, LABEL);
  for (const phone of [m, l])
    await expect(phone.getByTestId('table-closed')).toContainText('Mesa cerrada', { timeout: ceiling(5_000) });
  await expect(card).toHaveCount(0, LIVE);
  await expectNoAxeViolations(l, 'table closed by a renewed code');

  // Whoever left with the old link cannot open the table with it; the new code asks the name again.
  await m.goto(link);
  await islandsReady(m);
  await expect(m.getByTestId('table-invalid')).toContainText('Este código de mesa no es válido');
  await m.goto(fresh);
  await islandsReady(m);
  await expect(m.getByLabel('¿Cómo te llamas?')).toHaveValue('Mateo');
  await expect(card).toHaveCount(0);

  await mateo.context.close();
  await lucia.context.close();
});

test("offline, the «Sin conexión» badge leaves the venue's title in sight", async ({
  page,
  context,
  allowConsoleError,
}) => {
  allowConsoleError(/net::ERR_INTERNET_DISCONNECTED/);
  await page.goto(`/${VENUE}`);
  await islandsReady(page);
  await page.waitForLoadState('networkidle');
  const title = page.getByRole('heading', { level: 1, name: 'Taquería El Güero' });
  await context.setOffline(true);
  const badge = page.getByRole('status').getByText('Sin conexión');
  await expect(badge).toBeVisible();
  expect(await overlap(badge, title), 'badge clear of the title').toBe(false);
  await expectNoAxeViolations(page, 'venue page offline');
  await screenshot(page, 'venue-offline-badge');
  await context.setOffline(false);
  await expect(badge).toBeHidden();
});

test.describe('times', () => {
  // A diner whose phone is in another zone than the venue's.
  test.use({ timezoneId: 'Europe/Madrid' });

  test('"Mis pedidos" and the order page show an order at the same time, the venue\'s, naming its zone', async ({
    page,
  }) => {
    await page.goto('/offline');
    const tokens = await apiLogin(page.request);
    await signInByStorage(page, tokens);
    const placed = await page.request.post('/api/orders', {
      headers: { Authorization: `Bearer ${tokens.token}`, 'Idempotency-Key': randomUUID() },
      data: {
        venueId: VENUE,
        mode: 'pickup',
        customer: { name: 'Ana García', phone: '+52 55 1234 5678' },
        tip: { percent: 0 },
        payment: 'cash',
        lines: [{ productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 }],
        expectedTotal: 13800,
      },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as Order;
    const expected = formatVenueTime(order.createdAt, 'es-MX', 'America/Mexico_City', {
      style: 'dateTime',
      deviceZone: 'Europe/Madrid',
    });
    expect(expected).toContain('(hora de Ciudad de México)');

    await page.goto('/pedidos');
    const listed = page
      .locator('article, li')
      .filter({ hasText: `Pedido ${order.number}` })
      .last();
    await expect(listed).toContainText(expected);
    await page.goto(`/pedidos/ver?id=${order.id}`);
    await expect(page.getByTestId('order-view')).toContainText(`${order.venueName} · ${expected}`);
    await expectNoAxeViolations(page, "order page with the venue's time");
  });
});

test("the table cart flags a line whose dish the kitchen marks sold out, as the diner's own cart does", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(ceiling(90_000));
  const label = 'Terraza';
  await closeTable(request, label, false);
  const link = await tableLink(request, label);
  const eva = await newPhone(browser, testInfo);
  const staff = await apiLogin(request, COCINA);
  const available = (value: boolean) =>
    request.patch(`/api/venues/${VENUE}/products/volcan-de-chorizo`, {
      data: { available: value },
      headers: { Authorization: `Bearer ${staff.token}` },
    });
  try {
    await joinAs(eva.page, link, 'Eva', label);
    await addProduct(eva.page, 'Volcán de chorizo');
    await openTableCart(eva.page);
    const line = tableDrawer(eva.page).getByTestId('table-line').filter({ hasText: 'Volcán de chorizo' });
    await expect(line).toBeVisible();
    await expect(line.getByTestId('line-sold-out')).toHaveCount(0);

    expect((await available(false)).status()).toBe(200);
    await expect(line.getByTestId('line-sold-out')).toHaveText('Agotado: elimínalo para poder pedir', {
      timeout: ceiling(15_000),
    }); // the open menu checks every 10 s
    await expectNoAxeViolations(eva.page, 'table cart with a sold-out line');

    expect((await available(true)).status()).toBe(200);
    await expect(line.getByTestId('line-sold-out')).toHaveCount(0, { timeout: ceiling(15_000) }); // the open menu checks every 10 s
  } finally {
    await available(true);
    await closeTable(request, label, false);
    await eva.context.close();
  }
});
