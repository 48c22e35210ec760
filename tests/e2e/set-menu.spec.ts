/**
 * Set menus on a phone (docs/rules.md#set-menus-and-availability): at a table of Bar El Cabanyal a diner
 * orders the «Menú del día» step by step (a course missing is named, the entrecot's supplement and its
 * «Punto de la carne», a running total, a summary), another phone at the table sees the line live with
 * its dishes; «Cambiar platos» reopens the dialog with the choices kept; the first course reaches the
 * kitchen display at once and the second only after «Marchar principales»; the receipt prints the set as
 * one line with its dishes under it. Outside its hours (the phone's clock on a Saturday morning) the
 * card and the dialog say when it is served and it cannot be added. axe on each step, the cart line and
 * the receipt; screenshots at 390×844.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, openAllDay, screenshot } from './helpers.ts';
import { apiLogin, islandsReady, STAFF } from './order-helpers.ts';
import {
  bar,
  closeTableCart,
  dismissToasts,
  joinAs,
  newPhone,
  openTableCart,
  tableDrawer,
  tableLink,
} from './table-helpers.ts';
import { signInStored } from './auth-helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'bar-el-cabanyal';
const LABEL = '5';
const LIVE = { timeout: ceiling(5_000) };

const setDialog = (page: Page) => page.getByRole('dialog', { name: 'Menú del día' });
const course = (page: Page) =>
  setDialog(page).getByRole('group', { name: /^(Primer plato|Segundo plato|Postre o café|Bebida):/ });

async function openSet(page: Page): Promise<void> {
  await islandsReady(page);
  await page.getByRole('button', { name: 'Añadir Menú del día', exact: true }).click();
  await expect(setDialog(page)).toBeVisible();
}

test.describe('set menus', () => {
  test.skip(({ isMobile }) => !isMobile, 'a phone flow (the desktop project does not repeat it)');

  test('a diner orders a menú del día at a table; the other phone, the kitchen and the receipt see one set line', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(ceiling(180_000));
    // The bar keeps real hours and the menu is served on weekdays 13:00–16:00: open both round the clock (helpers.ts).
    const putBack = await openAllDay(request, VENUE, { windows: true });
    try {
      const headers = { Authorization: `Bearer ${(await apiLogin(request, STAFF)).token}` };
      const table = `/api/venues/${VENUE}/tables/${encodeURIComponent(LABEL)}`;
      expect([200, 404]).toContain(
        (await request.post(`${table}/close`, { headers, data: { confirmUnpaid: true } })).status(),
      );
      const link = await tableLink(request, LABEL, VENUE);
      const other = await newPhone(browser, testInfo);
      await joinAs(page, link, 'Ana', LABEL);
      await joinAs(other.page, link, 'Luis', LABEL);

      // Step 1: the first course; «Siguiente» without a dish names the course.
      await openSet(page);
      const dialog = setDialog(page);
      await expect(course(page)).toHaveAccessibleName('Primer plato: elige 1');
      await expect(dialog.getByTestId('set-step')).toHaveText('Paso 1 de 5');
      await expect(dialog.getByTestId('set-total')).toContainText('13,50 €');
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Elige en «Primer plato»');
      await expect(course(page)).toHaveAccessibleName('Primer plato: elige 1');
      await dialog.getByRole('radio', { name: 'Ensalada valenciana' }).check();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await expectNoAxeViolations(page, 'set dialog: first course', { include: 'dialog[open]' });
      await dialog.getByRole('button', { name: 'Siguiente' }).click();

      // Step 2: the entrecot's supplement beside it, its «Punto de la carne» inline, the total runs.
      await expect(course(page)).toHaveAccessibleName('Segundo plato: elige 1');
      await expect(course(page)).toBeFocused();
      await expect(dialog.getByTestId('set-choice').filter({ hasText: 'Entrecot a la brasa' })).toContainText(
        '+3,00 €',
      );
      await dialog.getByRole('radio', { name: 'Entrecot a la brasa' }).check();
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Entrecot a la brasa: elige Punto de la carne');
      const steak = dialog.getByRole('group', { name: 'Opciones de Entrecot a la brasa' });
      await steak.getByLabel('Al punto').check();
      // A chosen dish keeps its own note for the kitchen.
      await steak.getByRole('textbox', { name: 'Nota para la cocina' }).fill('Sin sal');
      await expect(dialog.getByTestId('set-total')).toContainText('16,50 €');
      await expectNoAxeViolations(page, 'set dialog: second course with options', { include: 'dialog[open]' });
      await screenshot(page, 'set-dialog-step');
      await dialog.getByRole('button', { name: 'Siguiente' }).click();

      // Step 3 is optional («Nada» at first); «Atrás» keeps what was chosen.
      await expect(course(page)).toHaveAccessibleName('Postre o café: opcional, hasta 1');
      await expect(dialog.getByRole('radio', { name: 'Nada' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Atrás' }).click();
      await expect(dialog.getByRole('radio', { name: 'Entrecot a la brasa' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await dialog.getByRole('radio', { name: 'Crema catalana' }).check();
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await expect(course(page)).toHaveAccessibleName('Bebida: elige 1');
      await dialog.getByRole('radio', { name: 'Vino de la casa' }).check();
      await dialog.getByRole('group', { name: 'Opciones de Vino de la casa' }).getByLabel('Tinto').check();
      await dialog.getByRole('button', { name: 'Siguiente' }).click();

      // The summary, then «Añadir al carrito».
      const summary = dialog.getByTestId('set-summary');
      await expect(summary).toContainText('Ensalada valenciana');
      await expect(summary).toContainText('Entrecot a la brasa (Al punto) · «Sin sal»');
      await expect(summary).toContainText('Pan de payés');
      await expectNoAxeViolations(page, 'set dialog: summary', { include: 'dialog[open]' });
      await dialog.getByRole('button', { name: 'Añadir al carrito · 16,50 €' }).click();
      await expect(dialog).toBeHidden();
      await dismissToasts(page);

      // The other phone sees one line with its dishes, live.
      await openTableCart(other.page);
      const seen = tableDrawer(other.page).getByTestId('table-line').filter({ hasText: 'Menú del día' });
      await expect(seen).toHaveCount(1, LIVE);
      await expect(seen.getByRole('list', { name: 'Platos elegidos de Menú del día' })).toContainText(
        'Entrecot a la brasa (Al punto)',
        LIVE,
      );
      await expect(seen).toContainText('16,50 €');
      await closeTableCart(other.page);

      // «Cambiar platos» reopens the dialog with the choices kept; the line stays one line.
      await openTableCart(page);
      const line = tableDrawer(page).getByTestId('table-line').filter({ hasText: 'Menú del día' });
      await expect(line.getByTestId('line-choices')).toContainText('Crema catalana');
      await expectNoAxeViolations(page, 'table cart with a set line', { include: '[data-testid="table-drawer"]' });
      await screenshot(page, 'set-cart-line');
      await line.getByRole('button', { name: 'Cambiar platos: Menú del día' }).click();
      await expect(setDialog(page)).toBeVisible();
      await expect(dialog.getByRole('radio', { name: 'Ensalada valenciana' })).toBeChecked();
      for (let i = 0; i < 4; i += 1) await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await expect(dialog.getByTestId('set-summary')).toContainText('Entrecot a la brasa (Al punto) · «Sin sal»');
      await dialog.getByRole('button', { name: 'Atrás' }).click();
      await dialog.getByRole('button', { name: 'Atrás' }).click();
      await expect(dialog.getByRole('radio', { name: 'Crema catalana' })).toBeChecked();
      await dialog.getByRole('radio', { name: 'Tarta de queso al horno' }).check();
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await dialog.getByRole('button', { name: /^Guardar cambios · 16,50 €/ }).click();
      await expect(dialog).toBeHidden();
      await dismissToasts(page);
      await openTableCart(page);
      await expect(line).toHaveCount(1);
      await expect(line.getByTestId('line-choices')).toContainText('Tarta de queso al horno', LIVE);
      await expect(line.getByTestId('line-choices')).not.toContainText('Crema catalana');
      await tableDrawer(page).getByRole('button', { name: 'Enviar a cocina' }).click();
      await expect(tableDrawer(page).getByText('El carrito de la mesa está vacío')).toBeVisible(LIVE);
      await closeTableCart(page);
      await expect(bar(other.page).getByTestId('table-rounds')).toContainText('Ronda 1', LIVE);

      // The kitchen: the salad (first course) at once, marked with its set; the entrecot after «Marchar principales».
      const staff = await newPhone(browser, testInfo);
      await signInStored(staff.page, STAFF);
      await staff.page.goto(`/panel/cocina?venue=${VENUE}&estacion=cocina`);
      await expect(staff.page.getByTestId('kitchen-connection')).toHaveText('En vivo');
      const tickets = staff.page.getByTestId('kitchen-ticket').filter({ hasText: `Mesa ${LABEL}` });
      await expect(tickets.filter({ hasText: 'Ensalada valenciana' })).toHaveCount(1, LIVE);
      // Marked with its set and step (the included bread goes with it, marked with the set's name).
      await expect(
        tickets.filter({ hasText: 'Ensalada valenciana' }).getByTestId('kitchen-line-set').filter({ hasText: '1º' }),
      ).toHaveText('Menú del día · 1º');
      await expect(tickets.filter({ hasText: 'Entrecot a la brasa' })).toHaveCount(0);
      const board = await staff.context.newPage();
      await board.goto(`/panel?venue=${VENUE}`);
      const onBoard = board
        .getByTestId('board-table')
        .filter({ has: board.getByRole('heading', { name: `Mesa ${LABEL}`, exact: true }) });
      await onBoard.getByRole('button', { name: `Marchar principales, Mesa ${LABEL}` }).click();
      await expect(tickets.filter({ hasText: 'Entrecot a la brasa' })).toHaveCount(1, LIVE);
      await expect(tickets.filter({ hasText: 'Entrecot a la brasa' })).toContainText('Al punto');
      await expect(tickets.filter({ hasText: 'Entrecot a la brasa' }).getByTestId('kitchen-line-note')).toContainText(
        'Sin sal',
      );

      // The receipt: the staff take the whole bill; one line for the set, its dishes under it.
      const bill = (await (await request.get(`${table}/bill`, { headers })).json()) as {
        balance: number;
        lines: Array<{ id: string; name: string }>;
      };
      const setLine = bill.lines.find((l) => l.name === 'Menú del día')!;
      const paid = await request.post(`${table}/payments`, {
        headers: { ...headers, 'Idempotency-Key': `e2e-set-${Date.now()}` },
        data: { amount: bill.balance, tip: 0, method: 'cash', lineIds: [setLine.id] },
      });
      expect(paid.status()).toBe(201);
      const { payment } = (await paid.json()) as { payment: { receiptId: string } };
      await page.goto(`/recibo/${payment.receiptId}`);
      const lines = page.getByTestId('receipt-lines');
      await expect(lines.getByRole('row').filter({ hasText: 'Menú del día' })).toHaveCount(1);
      const choices = lines.getByTestId('receipt-line-choices');
      await expect(choices).toContainText('Ensalada valenciana');
      await expect(choices).toContainText('Entrecot a la brasa · Al punto');
      await expect(choices).toContainText('Pan de payés');
      await expect(lines).toContainText('Suplemento Entrecot a la brasa');
      await expectNoAxeViolations(page, 'receipt with a set menu');
      await screenshot(page, 'set-receipt');
      await other.context.close();
      await staff.context.close();
    } finally {
      await putBack();
    }
  });

  test('outside its days and hours the menu says when it is served and cannot be added', async ({ page, request }) => {
    // The bar is open round the clock, the menu's own hours are kept; the phone's clock reads Saturday 10:00 in Valencia.
    const putBack = await openAllDay(request, VENUE);
    try {
      await page.clock.setFixedTime(new Date('2026-11-28T09:00:00Z'));
      await page.goto(`/${VENUE}`);
      const card = page.locator('article', { has: page.getByRole('heading', { name: 'Menú del día', exact: true }) });
      await expect(card.getByTestId('product-availability')).toHaveText(
        'Disponible de lunes a viernes, de 13:00 a 16:00',
      );
      await openSet(page);
      const dialog = setDialog(page);
      await expect(dialog.getByTestId('set-unavailable')).toHaveText('Disponible de lunes a viernes, de 13:00 a 16:00');
      await dialog.getByRole('radio', { name: 'Ensalada valenciana' }).check();
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await dialog.getByRole('radio', { name: 'Pollo al ajillo' }).check();
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await dialog.getByRole('radio', { name: 'Agua mineral' }).check();
      await dialog.getByRole('group', { name: 'Opciones de Agua mineral' }).getByLabel('Natural').check();
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      const add = dialog.getByRole('button', { name: /^Añadir al carrito/ });
      await expect(add).toHaveAttribute('aria-disabled', 'true');
      // Pressed anyway (it stays focusable, as aria-disabled keeps it): nothing is added.
      await add.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('button', { name: /^Carrito/ }).first()).toHaveAccessibleName('Carrito, vacío');
    } finally {
      await putBack();
    }
  });
});
