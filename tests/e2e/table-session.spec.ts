/**
 * Table sessions, diner side (docs/rules.md#table-sessions): two and three phones at one table join under their
 * names, share one live cart (both ways within 2 s, who added each line, confirmation before
 * removing someone else's line), send a round whose status every phone follows live, call
 * the staff (the others read who called), read the bill and split it (remainder shown), and
 * see `Mesa cerrada` when staff close the table; scanning again asks the name again
 * (pre-filled) and then opens a new, empty session.
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { addProduct, islandsReady } from './order-helpers.ts';
import {
  bar,
  closeTable,
  closeTableCart,
  dismissToasts,
  joinAs,
  newPhone,
  openTableCart,
  setOrderStatus,
  tableCartButton,
  tableDrawer,
  tableFor,
  tableLink,
} from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const LIVE = { timeout: ceiling(2_000) };

test.describe('a table orders together', () => {
  // With the service worker (@sw) on every phone, as a diner's phone has it from the first visit on.
  test(
    'join, live shared cart, a round followed live, calls, the bill split and the close',
    { tag: '@sw' },
    async ({ browser, request }, testInfo) => {
      test.setTimeout(ceiling(150_000));
      const label = tableFor(testInfo, 1);
      await closeTable(request, label, false);
      const link = await tableLink(request, label);
      const ana = await newPhone(browser, testInfo);
      const luis = await newPhone(browser, testInfo);
      const a = ana.page;
      const l = luis.page;

      // Ana is asked her name once; an empty name gets a field error in Spanish.
      await a.goto(link);
      await islandsReady(a);
      const nameField = a.getByLabel('¿Cómo te llamas?');
      await expect(nameField).toBeVisible();
      await a.getByRole('button', { name: 'Unirme a la mesa' }).click();
      await expect(a.getByText('Escribe tu nombre (1 a 40 caracteres).')).toBeVisible();
      await expect(nameField).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(a, 'join form with an error');
      await screenshot(a, 'table-join');
      await nameField.fill('Ana');
      await a.getByRole('button', { name: 'Unirme a la mesa' }).click();
      await expect(bar(a).getByRole('heading', { name: `Mesa ${label}` })).toBeVisible();

      // Luis joins from his phone: Ana sees him at the table.
      await joinAs(l, link, 'Luis', label);
      await expect(bar(l).getByTestId('table-people')).toContainText('Ana');
      await expect(bar(a).getByTestId('table-people')).toContainText('Luis', LIVE);

      // The shared cart, live both ways, with who added each line.
      await addProduct(a, 'Volcán de chorizo');
      await expect(tableCartButton(l)).toHaveAccessibleName('Carrito de la mesa, 1 producto', LIVE);
      await addProduct(l, 'Torta ahogada');
      await expect(tableCartButton(a)).toHaveAccessibleName('Carrito de la mesa, 2 productos', LIVE);
      await addProduct(a, 'Guacamole con totopos');
      await expect(tableCartButton(l)).toHaveAccessibleName('Carrito de la mesa, 3 productos', LIVE);

      await openTableCart(l);
      const luisLines = tableDrawer(l).getByTestId('table-line');
      await expect(luisLines).toHaveCount(3);
      const guacamole = luisLines.filter({ hasText: 'Guacamole con totopos' });
      await expect(guacamole).toContainText('Añadido por Ana');
      await expect(luisLines.filter({ hasText: 'Torta ahogada' })).toContainText('Añadido por Luis (tú)');
      // Only your own lines have a quantity stepper.
      await expect(guacamole.getByRole('button', { name: /Añadir una unidad/ })).toHaveCount(0);
      await expectNoAxeViolations(l, 'table cart');

      // Removing someone else's line asks first; cancelling keeps it.
      await guacamole.getByRole('button', { name: 'Eliminar Guacamole con totopos (de Ana)' }).click();
      await expect(guacamole.getByText('¿Quitar Guacamole con totopos? Lo añadió Ana.')).toBeVisible();
      await expect(guacamole.getByRole('button', { name: 'Sí, quitar' })).toBeFocused();
      await expectNoAxeViolations(l, 'confirm removing another diner’s line');
      await guacamole.getByRole('button', { name: 'Cancelar' }).click();
      await expect(luisLines).toHaveCount(3);
      await guacamole.getByRole('button', { name: 'Eliminar Guacamole con totopos (de Ana)' }).click();
      await guacamole.getByRole('button', { name: 'Sí, quitar' }).click();
      await expect(luisLines).toHaveCount(2);
      await expect(tableCartButton(a)).toHaveAccessibleName('Carrito de la mesa, 2 productos', LIVE);
      // Ana is told who removed which of her dishes; Luis, who removed it, is not.
      await expect(a.getByTestId('table-line-removed')).toHaveText('Luis quitó tu Guacamole con totopos', LIVE);
      await expect(l.getByTestId('table-line-removed')).toHaveCount(0);
      await expectNoAxeViolations(a, 'notice of a line removed by another diner');
      await dismissToasts(a);

      // Ana changes her own line; Luis sees the new quantity and subtotal live.
      await openTableCart(a);
      await tableDrawer(a).getByRole('button', { name: 'Añadir una unidad de Volcán de chorizo' }).click();
      await expect(luisLines.filter({ hasText: 'Volcán de chorizo' }).getByText('2 × $45.00')).toBeVisible(LIVE);
      // $45.00 × 2 + $105.00
      await expect(tableDrawer(l).getByTestId('table-subtotal')).toHaveText('$195.00', LIVE);
      await expect(tableDrawer(a).getByTestId('table-subtotal')).toHaveText('$195.00');
      await screenshot(a, 'table-cart');

      // Ana sends the round: the cart empties on both phones and both follow its status.
      await tableDrawer(a).getByRole('button', { name: 'Enviar a cocina' }).click();
      await expect(a.getByText(/Ronda enviada a cocina/)).toBeVisible();
      await expect(tableDrawer(a).getByText('El carrito de la mesa está vacío')).toBeVisible();
      await expect(tableDrawer(l).getByText('El carrito de la mesa está vacío')).toBeVisible(LIVE);
      await closeTableCart(a);
      await closeTableCart(l);
      for (const page of [a, l]) {
        await expect(bar(page).getByTestId('table-rounds')).toContainText('Ronda 1');
        await expect(bar(page).getByTestId('round-status')).toHaveText('Recibido');
      }
      const orderId = await a.evaluate(() => {
        const state = JSON.parse(localStorage.getItem('vuex') ?? '{}') as {
          tableSnapshots?: Record<string, { rounds: Array<{ id: string }> }>;
        };
        return Object.values(state.tableSnapshots ?? {})[0]?.rounds[0]?.id ?? '';
      });
      expect(orderId).not.toBe('');
      await setOrderStatus(request, orderId, 'preparing');
      for (const page of [a, l])
        await expect(bar(page).getByTestId('round-status')).toHaveText('En preparación', { timeout: ceiling(3_000) });
      await expectNoAxeViolations(a, 'table bar with a round');
      await a.evaluate(() => scrollTo(0, 0));
      await screenshot(a, 'table-view');

      // Calls say who called: the others read the name; the second tap says the staff are already on their way.
      await bar(a).getByRole('button', { name: 'Llamar al mesero' }).click();
      await expect(a.getByText('Avisamos al mesero: va en camino.')).toBeVisible();
      await expect(bar(l).getByTestId('table-calls')).toHaveText('Ana llamó al mesero.', LIVE);
      await bar(l).getByRole('button', { name: 'Llamar al mesero' }).click();
      await expect(l.getByText('Ya avisamos al personal: va en camino.')).toBeVisible();
      await bar(a).getByRole('button', { name: 'Pedir la cuenta' }).click();
      await expect(a.getByText('Pedimos la cuenta: el personal te la trae.')).toBeVisible();
      await expect(bar(a).getByTestId('table-calls')).toContainText('Pediste la cuenta.');
      await expect(bar(l).getByTestId('table-calls')).toContainText('Ana pidió la cuenta.', LIVE);
      await expect(bar(l).getByTestId('table-calls')).not.toContainText('pediste');
      await expectNoAxeViolations(l, 'table bar after another diner asked for the bill');
      await bar(l).getByTestId('table-calls').scrollIntoViewIfNeeded();
      await screenshot(l, 'table-phone-after-call');

      // The bill: rounds, each person's total, the table total, and «A partes iguales» with the remainder shown
      // (paying is tests/e2e/table-bill.spec.ts).
      await dismissToasts(a);
      await bar(a).getByRole('button', { name: 'Cuenta de la mesa' }).click();
      const bill = a.getByRole('dialog', { name: 'Cuenta de la mesa' });
      await expect(bill.getByTestId('bill-round')).toHaveCount(1);
      await expect(bill.getByTestId('bill-round')).toContainText('2 × Volcán de chorizo (Ana)');
      await expect(bill.getByTestId('bill-people')).toContainText('Ana$90.00');
      await expect(bill.getByTestId('bill-people')).toContainText('Luis$105.00');
      await expect(bill.getByTestId('bill-total')).toHaveText('$195.00');
      await screenshot(a, 'table-bill');
      await bill.getByText('A partes iguales').click();
      await expect(bill.getByRole('heading', { name: 'Dividir entre 2' })).toBeVisible();
      await expect(bill.getByTestId('split-share')).toHaveText('Cada persona paga $97.50');
      // The tip is on one's own part: 10 % of $97.50.
      await bill.getByText('10 %').click();
      await expect(bill.getByTestId('bill-to-pay')).toHaveText('$107.25');
      for (let i = 0; i < 5; i++) await bill.getByRole('button', { name: 'Una persona más' }).click();
      await expect(bill.getByRole('heading', { name: 'Dividir entre 7' })).toBeVisible();
      // $195.00 / 7 = $27.85 each, 5 cents left over (shown, never dropped).
      await expect(bill.getByTestId('split-share')).toHaveText('Cada persona paga $27.85');
      await expect(bill.getByTestId('split-remainder')).toContainText('Sobran $0.05 por repartir');
      await expectNoAxeViolations(a, 'bill');
      await screenshot(a, 'table-bill-split');
      await bill.getByRole('button', { name: 'Cerrar la cuenta' }).click();
      await expect(bill).toBeHidden();

      // Staff close the table: `Mesa cerrada` on every phone.
      await closeTable(request, label);
      for (const page of [a, l])
        await expect(page.getByTestId('table-closed')).toContainText('Mesa cerrada', { timeout: ceiling(5_000) });
      await expect(a.getByTestId('table-bar')).toHaveCount(0);
      await expectNoAxeViolations(a, 'table closed');

      // Opening the link again asks the name again, pre-filled (no silent join, no ghost table on the board) …
      await a.goto(link);
      await islandsReady(a);
      await expect(a.getByLabel('¿Cómo te llamas?')).toHaveValue('Ana');
      await expect(bar(a)).toHaveCount(0);
      const staffLogin = await request.post('/api/auth/login', {
        data: { email: 'cocina@umenu.test', password: 'demo1234' },
      });
      const boardToken = ((await staffLogin.json()) as { token: string }).token;
      const openTables = async () =>
        (
          (await (
            await request.get('/api/venues/taqueria-el-guero/table-sessions', {
              headers: { Authorization: `Bearer ${boardToken}` },
            })
          ).json()) as { sessions: Array<{ table: string }> }
        ).sessions.map((x) => x.table);
      expect(await openTables()).not.toContain(label);
      await expectNoAxeViolations(a, 'join again after the table closed');
      // … and joining opens a new, empty session.
      await a.getByRole('button', { name: 'Unirme a la mesa' }).click();
      await expect(bar(a).getByRole('heading', { name: `Mesa ${label}` })).toBeVisible();
      expect(await openTables()).toContain(label);
      await expect(bar(a).getByTestId('table-people')).toHaveText('En la mesa: Ana (tú)');
      await expect(bar(a).getByTestId('table-rounds')).toHaveCount(0);
      await expect(tableCartButton(a)).toHaveAccessibleName('Carrito de la mesa, vacío');

      await ana.context.close();
      await luis.context.close();
    },
  );

  test('a third phone joins a table in progress and sees everything; a signed-in diner joins under the account name', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(ceiling(90_000));
    const label = tableFor(testInfo, 2);
    await closeTable(request, label, false);
    const link = await tableLink(request, label);
    const one = await newPhone(browser, testInfo);
    const two = await newPhone(browser, testInfo);
    const three = await newPhone(browser, testInfo);
    await joinAs(one.page, link, 'Marta', label);
    await addProduct(one.page, 'Esquites', ['Grande']);
    await joinAs(two.page, link, 'Pedro', label);
    await expect(tableCartButton(two.page)).toHaveAccessibleName('Carrito de la mesa, 1 producto');

    // A signed-in diner is not asked a name.
    const { apiLogin, signInByStorage } = await import('./order-helpers.ts');
    await three.page.goto('/');
    await signInByStorage(three.page, await apiLogin(request));
    await three.page.goto(link);
    await expect(bar(three.page).getByTestId('table-people')).toContainText('Ana García (tú)');
    await expect(three.page.getByLabel('¿Cómo te llamas?')).toHaveCount(0);
    for (const page of [one.page, two.page])
      await expect(bar(page).getByTestId('table-people')).toContainText('Ana García', LIVE);
    await openTableCart(three.page);
    await expect(tableDrawer(three.page).getByTestId('table-line')).toContainText('Esquites');
    await expect(tableDrawer(three.page).getByTestId('table-line')).toContainText('Grande');
    await expect(tableDrawer(three.page).getByTestId('table-line')).toContainText('Añadido por Marta');

    await closeTable(request, label);
    for (const c of [one, two, three]) await c.context.close();
  });
});
