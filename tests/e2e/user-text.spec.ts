/**
 * Names and notes one person types and others read (docs/rules.md#limits-and-bad-input): a diner
 * joins a table as «‮Luis, Marta» (a right-to-left override in front) and leaves a note with 39
 * stacked accents; the other phone and the staff board read «Luis, Marta» left to right, the
 * accents capped, each name and note in a `<bdi>` that stays inside its card and clips what it
 * draws. A name of only invisible characters gets a field error in Spanish.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { Order } from '../../src/contract/order.ts';
import { COCINA, signInStored } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { apiLogin, islandsReady } from './order-helpers.ts';
import {
  bar,
  closeTable,
  dismissToasts,
  joinAs,
  newPhone,
  openTableCart,
  tableDrawer,
  tableLink,
} from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'taqueria-el-guero';
const LIVE = { timeout: ceiling(3_000) };
const RLO = '\u202E';
const ACUTE = '\u0301';
const LONG_WORD = 'porfavorsincebollaniajoniepazoteniquesoniaguacate';
/** As typed on Luis's phone … */
const TYPED_NOTE = `${RLO}sin${ACUTE.repeat(39)} ${LONG_WORD}`;
/** … and as everyone reads it: no override, two accents over the n. */
const NOTE = `siń${ACUTE} ${LONG_WORD}`;

/** A table no other spec uses. */
const LABEL = '10';

/** The element's box lies inside the container's, and whatever it draws is clipped to it; its text is in a `<bdi>`. */
async function expectDrawnInside(element: Locator, container: Locator): Promise<void> {
  const inner = await element.boundingBox();
  const outer = await container.boundingBox();
  expect(inner && outer, 'both are on screen').toBeTruthy();
  const { x, y, width, height } = inner!;
  expect(
    x >= outer!.x - 0.5 && y >= outer!.y - 0.5,
    `${JSON.stringify(inner)} starts inside ${JSON.stringify(outer)}`,
  ).toBe(true);
  expect(
    x + width <= outer!.x + outer!.width + 0.5 && y + height <= outer!.y + outer!.height + 0.5,
    `${JSON.stringify(inner)} ends inside ${JSON.stringify(outer)}`,
  ).toBe(true);
  expect(await element.evaluate((el) => getComputedStyle(el).overflow)).toBe('clip');
  expect(await element.evaluate((el) => el.tagName === 'BDI' || el.querySelector('bdi') !== null)).toBe(true);
}

/** Where `first` and `later` are drawn on screen: a name read left to right has `first` on the left. */
async function drawnLeftToRight(element: Locator, first: string, later: string): Promise<boolean> {
  return element.evaluate(
    (el, [a, b]) => {
      const text = el.firstChild as Text;
      const left = (index: number) => {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        return range.getBoundingClientRect().left;
      };
      return left(text.data.indexOf(a!)) < left(text.data.indexOf(b!));
    },
    [first, later],
  );
}

async function addDishWithNote(page: Page, dish: string, note: string): Promise<void> {
  await page
    .getByRole('button', { name: `Añadir ${dish}`, exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: dish });
  await dialog.getByLabel('Nota para la cocina (opcional)').fill(note);
  await dialog.getByRole('button', { name: /^Añadir al carrito/ }).click();
  await expect(dialog).toBeHidden();
  await dismissToasts(page);
}

test('a name with a direction override and a note with stacked accents read as meant on the other phone and the board', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(ceiling(120_000));
  await closeTable(request, LABEL, false);
  const link = await tableLink(request, LABEL);
  const { page: luis } = await newPhone(browser, testInfo);
  const { page: ana } = await newPhone(browser, testInfo);

  // A name of only zero-width characters is no name: the field says so, in Spanish.
  await luis.goto(link);
  await islandsReady(luis);
  const nameField = luis.getByLabel('¿Cómo te llamas?');
  await nameField.fill('\u200B\u200B\u200B');
  await luis.getByRole('button', { name: 'Unirme a la mesa' }).click();
  await expect(luis.getByText('Escribe un nombre con letras o números.')).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(luis, 'join form: a name without letters');

  // «‮Luis, Marta» joins as «Luis, Marta», read left to right.
  await nameField.fill(`${RLO}Luis, Marta`);
  await luis.getByRole('button', { name: 'Unirme a la mesa' }).click();
  await expect(bar(luis).getByRole('heading', { name: `Mesa ${LABEL}` })).toBeVisible();
  await expect(bar(luis).getByTestId('table-people')).toHaveText('En la mesa: Luis, Marta (tú)');
  await addDishWithNote(luis, 'Volcán de chorizo', TYPED_NOTE);

  // Ana's phone: the people at the table and the line's author and note, as meant.
  await joinAs(ana, link, 'Ana', LABEL);
  const people = bar(ana).getByTestId('table-person');
  await expect(people).toHaveText(['Ana', 'Luis, Marta'], LIVE);
  expect(await drawnLeftToRight(people.nth(1), 'L', 'M')).toBe(true);
  await expectDrawnInside(people.nth(1), bar(ana));
  await openTableCart(ana);
  const line = tableDrawer(ana).getByTestId('table-line');
  await expect(line).toHaveCount(1, LIVE);
  await expect(line.getByTestId('line-by')).toHaveText('Añadido por Luis, Marta');
  const note = line.getByTestId('line-note');
  await expect(note).toHaveText(`Nota: ${NOTE}`);
  await expectDrawnInside(line.getByTestId('line-by').locator('bdi'), line);
  await expectDrawnInside(note, line);
  await expectNoAxeViolations(ana, 'table cart with a line of Luis, Marta');
  await screenshot(ana, 'user-text-table-cart');

  // Luis sends the round and calls the waiter.
  await openTableCart(luis);
  await tableDrawer(luis).getByRole('button', { name: 'Enviar a cocina' }).click();
  await expect(tableDrawer(luis).getByText('El carrito de la mesa está vacío')).toBeVisible();
  await tableDrawer(luis).getByRole('button', { name: 'Cerrar carrito' }).click();
  await dismissToasts(luis);
  await bar(luis).getByRole('button', { name: 'Llamar al mesero' }).click();
  await expect(luis.getByText('Avisamos al mesero: va en camino.')).toBeVisible();

  // Sofía orders a delivery through the API with an override in her name and accents piled on her address.
  const diner = await apiLogin(request);
  const placed = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${diner.token}`, 'Idempotency-Key': randomUUID() },
    data: {
      venueId: VENUE,
      mode: 'delivery',
      tip: { percent: 0 },
      payment: 'cash',
      expectedTotal: 2 * 4_500 + 3_500,
      customer: {
        name: `${RLO}Sofía Ruiz`,
        phone: '+52 55 1234 5678',
        address: `Calle Durango 200${ACUTE.repeat(39)}\nRoma Norte`,
      },
      note: `${RLO}Timbre roto, llamar`,
      lines: [{ productId: 'flan-napolitano', optionIds: [], quantity: 2 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const delivery = (await placed.json()) as Order;

  // The staff board: the table's people, its call and its round, and the kitchen's tickets.
  await signInStored(page, COCINA);
  await page.goto(`/panel?venue=${VENUE}`);
  await expect(page.getByText(/En vivo · última vez/)).toBeVisible({ timeout: ceiling(10_000) });
  const card = page
    .getByTestId('board-table')
    .filter({ has: page.getByRole('heading', { name: `Mesa ${LABEL}`, exact: true }) });
  await expect(card.getByTestId('board-table-people')).toHaveText('2 personas: Luis, Marta y Ana', LIVE);
  const boardPeople = card.getByTestId('board-table-person');
  await expect(boardPeople).toHaveText(['Luis, Marta', 'Ana']);
  expect(await drawnLeftToRight(boardPeople.first(), 'L', 'M')).toBe(true);
  await expectDrawnInside(boardPeople.first(), card);
  const call = card.getByTestId('board-table-call-text');
  await expect(call).toHaveText(`Mesa ${LABEL} · Luis, Marta llama al mesero`, LIVE);
  await expectDrawnInside(call.locator('bdi'), card);
  await expect(card.getByTestId('board-table-round')).toContainText('1 × Volcán de chorizo · Luis, Marta');

  const ticket = page.getByTestId('board-order').filter({ hasText: `Mesa ${LABEL}` });
  await expect(ticket).toHaveCount(1);
  await expect(ticket.getByTestId('board-line-by')).toHaveText('Luis, Marta');
  await expect(ticket.getByTestId('board-line-note')).toHaveText(`Nota: ${NOTE}`);
  expect(await drawnLeftToRight(ticket.getByTestId('board-line-by'), 'L', 'M')).toBe(true);
  await expectDrawnInside(ticket.getByTestId('board-line-by'), ticket);
  await expectDrawnInside(ticket.getByTestId('board-line-note'), ticket);

  const sofia = page.getByTestId('board-order').filter({ hasText: delivery.number });
  const customer = sofia.getByTestId('board-order-customer');
  await expect(customer).toHaveText('Sofía Ruiz');
  expect(await drawnLeftToRight(customer, 'S', 'R')).toBe(true);
  await expectDrawnInside(customer, sofia);
  const address = sofia.getByTestId('board-order-address');
  // Two accents left over the last 0, and the line break kept.
  expect(await address.evaluate((el) => (el as HTMLElement).innerText)).toBe(
    `Calle Durango 200${ACUTE}${ACUTE}\nRoma Norte`,
  );
  await expectDrawnInside(address, sofia);
  await expect(sofia.getByTestId('board-order-note')).toHaveText('Nota del pedido: Timbre roto, llamar');
  await expectDrawnInside(sofia.getByTestId('board-order-note'), sofia);

  await expectNoAxeViolations(page, 'board with Luis, Marta');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'user-text-board-table');
  await ticket.scrollIntoViewIfNeeded();
  await screenshot(page, 'user-text-board-ticket');
  await sofia.scrollIntoViewIfNeeded();
  await screenshot(page, 'user-text-board-delivery');

  await closeTable(request, LABEL);
});
