/**
 * Table sessions on the staff board (docs/rules.md#table-sessions), against the real site and API: diners at
 * a table act through the API with their participant credential (join, cart, round,
 * calls), the staff board (`/panel?venue=…`) shows it live, acknowledges calls and closes
 * the table after confirming; the diners' session then answers `closed`.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { Order } from '../../src/contract/order.ts';
import type { CallResult, JoinResult, TableSession } from '../../src/contract/table.ts';
import { TABLE_CREDENTIAL_HEADER } from '../../src/contract/table.ts';
import { COCINA, signInStored } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'taqueria-el-guero';
const BOARD = `/panel?venue=${VENUE}`;

/** Each project gets its own table (both run against one server, one after the other). */
function tableFor(testInfo: TestInfo, which: 0 | 1): string {
  const labels = testInfo.project.name === 'phone' ? ['Barra 2', '11'] : ['Barra 3', '12'];
  return labels[which]!;
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: COCINA });
  expect(response.status(), 'staff API sign-in').toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The token of a table's link, as the printed QR code carries it. */
async function tableLinkToken(request: APIRequestContext, label: string): Promise<string> {
  const response = await request.get(`/api/venues/${VENUE}/tables`, {
    headers: { Authorization: `Bearer ${await staffToken(request)}` },
  });
  expect(response.status()).toBe(200);
  const { tables } = (await response.json()) as { tables: { label: string; url: string }[] };
  const url = tables.find((table) => table.label === label)?.url;
  expect(url, `link of table ${label}`).toBeTruthy();
  return new URL(url!).searchParams.get('t')!;
}

interface Diner {
  name: string;
  headers: Record<string, string>;
}

/** A diner scans the table's code and joins with a first name. */
async function join(request: APIRequestContext, label: string, token: string, name: string): Promise<Diner> {
  const check = await request.get(`/api/venues/${VENUE}/tables/${encodeURIComponent(label)}/check`, {
    params: { t: token },
  });
  expect(check.status(), 'table link check').toBe(200);
  const response = await request.post(`/api/venues/${VENUE}/tables/${encodeURIComponent(label)}/join`, {
    data: { token, name },
  });
  expect(response.status(), `${name} joins`).toBe(201);
  const joined = (await response.json()) as JoinResult;
  return { name, headers: { [TABLE_CREDENTIAL_HEADER]: joined.credential } };
}

async function session(request: APIRequestContext, diner: Diner): Promise<TableSession> {
  const response = await request.get('/api/table-session', { headers: diner.headers });
  expect(response.status()).toBe(200);
  return (await response.json()) as TableSession;
}

async function addTacos(request: APIRequestContext, diner: Diner, quantity: number): Promise<void> {
  const response = await request.put(`/api/table-session/cart/lines/${randomUUID()}`, {
    headers: diner.headers,
    data: { productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity },
  });
  expect(response.status(), `${diner.name} adds tacos`).toBe(200);
}

async function sendRound(request: APIRequestContext, diner: Diner): Promise<Order> {
  const { cart } = await session(request, diner);
  const response = await request.post('/api/table-session/rounds', {
    headers: { ...diner.headers, 'Idempotency-Key': randomUUID() },
    data: { expectedTotal: cart.subtotal },
  });
  expect(response.status(), 'round sent').toBe(201);
  return (await response.json()) as Order;
}

async function callStaff(request: APIRequestContext, diner: Diner, kind: 'waiter' | 'bill'): Promise<CallResult> {
  const response = await request.post('/api/table-session/calls', { headers: diner.headers, data: { kind } });
  expect([200, 201], `${kind} call`).toContain(response.status());
  return (await response.json()) as CallResult;
}

async function openBoard(page: Page): Promise<void> {
  await signInStored(page, COCINA);
  await page.goto(BOARD);
  await expect(page.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByText(/En vivo · última vez/)).toBeVisible({ timeout: ceiling(10_000) });
  await expect(page.getByTestId('board-tables')).toBeVisible();
}

/** Lets dialog transitions (opening or closing) end: the screenshot and axe see what a person sees. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          return target?.closest('dialog') && animation.effect?.getComputedTiming().endTime !== Infinity;
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

const tableCard = (page: Page, label: string) =>
  page.getByTestId('board-table').filter({ has: page.getByRole('heading', { name: `Mesa ${label}`, exact: true }) });

test.describe('table sessions on the staff board', { tag: '@desktop' }, () => {
  test('a table appears live with its people, rounds and calls; calls are acknowledged; Cerrar mesa asks, then ends the session', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(ceiling(90_000));
    const label = tableFor(testInfo, 0);
    const token = await tableLinkToken(request, label);
    await openBoard(page);
    const card = tableCard(page, label);
    await expect(card).toHaveCount(0);

    // Lucía scans the code: her table appears on the board at once, with her name.
    const lucia = await join(request, label, token, 'Lucía');
    await expect(card).toBeVisible({ timeout: ceiling(3_000) });
    await expect(card.getByTestId('board-table-people')).toHaveText('1 persona: Lucía');
    await expect(card).toContainText('Todavía no han enviado ninguna ronda.');

    // Marco joins and both add tacos to the table cart.
    const marco = await join(request, label, token, 'Marco');
    await expect(card.getByTestId('board-table-people')).toHaveText('2 personas: Lucía y Marco');
    await addTacos(request, lucia, 2);
    await addTacos(request, marco, 1);
    await expect(card.getByTestId('board-table-cart')).toHaveText('En el carrito, sin enviar: 3 productos');

    // They send the round: it shows on the table with who asked for what, and in the kitchen's column.
    const round = await sendRound(request, marco);
    const rounds = card.getByTestId('board-table-round');
    await expect(rounds).toHaveCount(1);
    await expect(rounds.first()).toContainText('Ronda 1');
    await expect(rounds.first()).toContainText(round.number);
    await expect(rounds.first()).toContainText('Recibido');
    await expect(rounds.first()).toContainText('2 × Tacos al pastor · Lucía');
    await expect(rounds.first()).toContainText('1 × Tacos al pastor · Marco');
    await expect(card.getByTestId('board-table-cart')).toHaveCount(0);
    const kitchenCard = page
      .getByTestId('board-column-received')
      .getByTestId('board-order')
      .filter({ hasText: round.number });
    await expect(kitchenCard).toContainText(`Mesa ${label}`);
    await expect(kitchenCard).toContainText('2 × Tacos al pastor · Lucía');
    // Nobody paid a round: no payment method is made up for it (it is paid with the bill).
    await expect(kitchenCard).not.toContainText('Efectivo');
    await expect(kitchenCard).not.toContainText('Tarjeta');
    await expectNoAxeViolations(page, 'board with a table');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'table-staff-board');

    // The kitchen starts it: the table's round says so too.
    await kitchenCard.getByRole('button', { name: `Empezar a preparar, pedido ${round.number}` }).click();
    await expect(rounds.first()).toContainText('En preparación');

    // Lucía calls the waiter: highlighted on her table, announced politely, with a toast naming the table.
    const first = await callStaff(request, lucia, 'waiter');
    expect(first.alreadyOpen).toBe(false);
    const calls = card.getByTestId('board-table-call');
    await expect(calls).toHaveCount(1, { timeout: ceiling(3_000) });
    await expect(calls.first()).toContainText(`Mesa ${label} · Lucía llama al mesero`);
    await expect(card).toHaveAttribute('data-called', 'true');
    await expect(
      page.getByTestId('table-call-toast').filter({ hasText: `Mesa ${label} · Lucía llama al mesero` }),
    ).toBeVisible();
    await expect(page.getByTestId('board-announcer')).toContainText(`Mesa ${label} · Lucía llama al mesero`);
    await expect(page.getByTestId('board-tables-calls')).toHaveText('1 aviso');

    // Marco taps it again: the API says it is on its way, the board does not show it twice.
    const again = await callStaff(request, marco, 'waiter');
    expect(again.alreadyOpen).toBe(true);
    expect(again.call.id).toBe(first.call.id);
    // Then asks for the bill: a second call of another kind appears (and proves the board is up to date).
    await callStaff(request, marco, 'bill');
    await expect(calls).toHaveCount(2, { timeout: ceiling(3_000) });
    await expect(card.locator('[data-testid="board-table-call"][data-kind="waiter"]')).toHaveCount(1);
    await expect(card.locator('[data-testid="board-table-call"][data-kind="bill"]')).toContainText(
      `Mesa ${label} · Marco pide la cuenta`,
    );
    await expect(page.getByTestId('board-tables-calls')).toHaveText('2 avisos');
    // The tables' section, where the calls appeared (the board was scanned above; other tests' orders further
    // down can sit half under the sticky column counts at this scroll position, which axe takes for small targets).
    await expectNoAxeViolations(page, 'board with table calls', { include: '[data-testid="board-tables"]' });
    // Every control of the table is at least 44 × 44 px.
    for (const control of await card.getByRole('button').all()) {
      const box = await control.boundingBox();
      const name = await control.getAttribute('aria-label');
      expect(
        box && Math.round(box.height) >= 44 && Math.round(box.width) >= 44,
        `${name}: ${box?.width}×${box?.height}`,
      ).toBe(true);
    }
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'table-staff-call');

    // Acknowledging the waiter call takes it off the board (and off the diners' session).
    const ack = card.getByRole('button', { name: `Atendido: Llamar al mesero, Mesa ${label}` });
    await ack.click();
    await expect(card.locator('[data-testid="board-table-call"][data-kind="waiter"]')).toHaveCount(0);
    await expect(calls).toHaveCount(1);
    await expect(card.getByRole('heading', { name: `Mesa ${label}` })).toBeFocused();
    await expect(page.getByTestId('board-announcer')).toContainText('atendido');
    await expect.poll(async () => (await session(request, lucia)).calls.map((call) => call.kind)).toEqual(['bill']);
    // Once answered, a new tap is a new call.
    expect((await callStaff(request, lucia, 'waiter')).alreadyOpen).toBe(false);
    await expect(calls).toHaveCount(2, { timeout: ceiling(3_000) });

    // Cerrar mesa asks first; keeping the table open changes nothing.
    const close = card.getByRole('button', { name: `Cerrar mesa, Mesa ${label}` });
    await close.click();
    const dialog = page.getByRole('dialog', { name: `¿Cerrar la Mesa ${label}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Mesa cerrada');
    await expect(dialog.getByRole('button', { name: 'No, dejarla abierta' })).toBeFocused();
    await settled(page);
    await expectNoAxeViolations(page, 'close table dialog');
    await screenshot(page, 'table-staff-close-dialog');
    await dialog.getByRole('button', { name: 'No, dejarla abierta' }).click();
    await expect(dialog).toBeHidden();
    await expect(close).toBeFocused();
    expect((await session(request, lucia)).status).toBe('open');

    // Confirmed: the table leaves the board and every phone's session is closed.
    await close.click();
    await dialog.getByRole('button', { name: 'Sí, cerrar la mesa' }).click();
    await expect(card).toHaveCount(0);
    // The dialog fades out; axe must not measure its half-transparent buttons.
    await expect(dialog).toBeHidden();
    await settled(page);
    await expect(page.getByRole('heading', { name: /^Mesas/ })).toBeFocused();
    await expect(page.getByTestId('board-announcer')).toContainText(`Mesa ${label} cerrada`);
    for (const diner of [lucia, marco]) {
      const closed = await session(request, diner);
      expect(closed.status).toBe('closed');
      expect(closed.participants).toEqual([]);
      expect(closed.rounds).toEqual([]);
    }
    // The round stays in the kitchen.
    await expect(
      page.getByTestId('board-column-preparing').getByTestId('board-order').filter({ hasText: round.number }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'after closing the table');
  });

  test('a board opened later shows the open tables and their calls, announcing nothing old; a table closed elsewhere leaves', async ({
    page,
    request,
  }, testInfo) => {
    const label = tableFor(testInfo, 1);
    const token = await tableLinkToken(request, label);
    const ines = await join(request, label, token, 'Inés');
    await callStaff(request, ines, 'bill');

    await openBoard(page);
    const card = tableCard(page, label);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('board-table-people')).toHaveText('1 persona: Inés');
    await expect(card.getByTestId('board-table-call')).toContainText(`Mesa ${label} · Inés pide la cuenta`);
    // Tables with a call come first.
    await expect(page.getByTestId('board-table').first()).toHaveAttribute('data-called', 'true');
    await expect(page.getByTestId('table-call-toast')).toHaveCount(0);
    await expect(page.getByTestId('board-announcer')).toHaveText('');

    // Another device closes the table (the API staff use): it leaves this board live.
    const closed = await request.post(`/api/venues/${VENUE}/tables/${encodeURIComponent(label)}/close`, {
      headers: { Authorization: `Bearer ${await staffToken(request)}` },
    });
    expect(closed.status()).toBe(200);
    await expect(card).toHaveCount(0, { timeout: ceiling(3_000) });
    expect((await session(request, ines)).status).toBe('closed');
  });
});
