/**
 * Table sessions on a real phone's bad days (docs/rules.md#table-sessions): a renewed code is refused (menu still
 * browsable, the diner's own cart still works), a reload keeps the seat and the cart, and an
 * edit made offline is sent when the phone is back online.
 */
import { expect, test } from './fixtures.ts';
import { createVenue, expectNoAxeViolations, loggedStatus } from './helpers.ts';
import { addProduct, islandsReady } from './order-helpers.ts';
import { apiLogin, VENUE } from './order-helpers.ts';
import {
  bar,
  closeTable,
  joinAs,
  MANAGER,
  newPhone,
  openTableCart,
  rotateToken,
  tableCartButton,
  tableDrawer,
  tableFor,
  tableLink,
} from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

test.describe('table sessions: bad links, reloads and lost connections', () => {
  test('a renewed code refuses the old link; the menu and the own cart still work', async ({
    browser,
    request,
    allowConsoleError,
  }, testInfo) => {
    test.setTimeout(ceiling(60_000));
    // Why: the old link's check answers 404 on purpose, which Chromium logs.
    allowConsoleError(loggedStatus(404));
    const label = tableFor(testInfo, 3);
    const old = await tableLink(request, label);
    const fresh = await rotateToken(request, label);
    const { context, page } = await newPhone(browser, testInfo);
    await page.goto(old);
    await islandsReady(page);
    await expect(page.getByTestId('table-invalid')).toContainText('Este código de mesa no es válido');
    await expect(page.getByLabel('¿Cómo te llamas?')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Unirme a la mesa' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'invalid table code');
    await addProduct(page, 'Volcán de chorizo');
    await expect(page.getByRole('button', { name: /^Carrito/ })).toHaveAccessibleName('Carrito, 1 producto');

    // A forged token: the same message.
    await page.goto(`${fresh.split('&t=')[0]}&t=forged-token-123`);
    await expect(page.getByTestId('table-invalid')).toContainText('Este código de mesa no es válido');
    // The new link is welcome.
    await page.goto(fresh);
    await expect(page.getByLabel('¿Cómo te llamas?')).toBeVisible();
    await context.close();
  });

  test(
    'a reload keeps the seat and the cart; an edit made offline reaches the table once back online',
    { tag: '@sw' },
    async ({ browser, request, allowConsoleError }, testInfo) => {
      test.setTimeout(ceiling(90_000));
      // Why: requests made while the phone is offline fail on purpose.
      allowConsoleError(/ERR_INTERNET_DISCONNECTED|net::ERR_/);
      const label = tableFor(testInfo, 4);
      await closeTable(request, label, false);
      const link = await tableLink(request, label);
      const ana = await newPhone(browser, testInfo);
      const luis = await newPhone(browser, testInfo);
      await joinAs(ana.page, link, 'Ana', label);
      await joinAs(luis.page, link, 'Luis', label);
      await addProduct(ana.page, 'Flan napolitano');
      await expect(tableCartButton(luis.page)).toHaveAccessibleName('Carrito de la mesa, 1 producto', {
        timeout: ceiling(2_000),
      });

      // Reload (and a plain visit to the venue without the link): still at the table, nothing lost.
      await ana.page.reload();
      await expect(bar(ana.page).getByTestId('table-people')).toContainText('Ana (tú), Luis');
      await expect(tableCartButton(ana.page)).toHaveAccessibleName('Carrito de la mesa, 1 producto');
      await ana.page.goto(link.split('?')[0]!);
      await expect(bar(ana.page).getByTestId('table-people')).toContainText('Ana (tú), Luis');

      // Offline: the edit is shown at once, kept across a reload (the page from the service worker), and sent later.
      await expect.poll(() => ana.page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await ana.context.setOffline(true);
      await openTableCart(ana.page);
      await tableDrawer(ana.page).getByRole('button', { name: 'Añadir una unidad de Flan napolitano' }).click();
      await expect(tableDrawer(ana.page).getByTestId('line-quantity')).toHaveText('2');
      await expect(tableDrawer(ana.page).getByText('Pendiente de enviar')).toBeVisible();
      const queued = await ana.page.evaluate(
        () =>
          (JSON.parse(localStorage.getItem('vuex') ?? '{}') as { tableQueue?: Record<string, unknown[]> }).tableQueue,
      );
      expect(Object.values(queued ?? {}).flat()).toHaveLength(1);
      await tableDrawer(ana.page).getByRole('button', { name: 'Cerrar carrito' }).click();
      await addProduct(ana.page, 'Churros con chocolate');
      await expect(tableCartButton(ana.page)).toHaveAccessibleName('Carrito de la mesa, 2 productos');
      await ana.page.reload();
      await expect(bar(ana.page).getByTestId('table-people')).toContainText('Ana (tú), Luis');
      await expect(tableCartButton(ana.page)).toHaveAccessibleName('Carrito de la mesa, 2 productos');
      await expect(bar(ana.page).getByTestId('table-pending')).toContainText('Sin conexión');
      await ana.page.evaluate(() => scrollTo(0, 0));
      await expectNoAxeViolations(ana.page, 'offline with a queued edit');
      // Luis still sees 1 until Ana is back.
      await expect(tableCartButton(luis.page)).toHaveAccessibleName('Carrito de la mesa, 1 producto');
      await ana.context.setOffline(false);
      await expect(tableCartButton(luis.page)).toHaveAccessibleName('Carrito de la mesa, 2 productos', {
        timeout: ceiling(5_000),
      });
      await openTableCart(luis.page);
      await expect(
        tableDrawer(luis.page).getByTestId('table-line').filter({ hasText: 'Flan napolitano' }),
      ).toContainText('2 × $45.00');
      await expect(bar(ana.page).getByTestId('table-pending')).toHaveCount(0);

      await closeTable(request, label);
      await ana.context.close();
      await luis.context.close();
    },
  );

  test('a price changed since the cart was shown: the round shows the new price and is sent once accepted', async ({
    browser,
    request,
    allowConsoleError,
  }, testInfo) => {
    test.setTimeout(ceiling(60_000));
    // Why: the first send is refused with 409 on purpose, which Chromium logs.
    allowConsoleError(loggedStatus(409));
    const label = tableFor(testInfo, 5);
    await closeTable(request, label, false);
    const link = await tableLink(request, label);
    const venue = (await (await request.get(`/api/venues/${VENUE}`)).json()) as {
      categories: Array<{ products: Array<{ id: string; name: string; price: number }> }>;
    };
    const torta = venue.categories.flatMap((c) => c.products).find((p) => p.name === 'Torta cubana')!;
    const manager = { Authorization: `Bearer ${(await apiLogin(request, MANAGER)).token}` };
    const setPrice = async (price: number) => {
      const res = await request.patch(`/api/venues/${VENUE}/products/${torta.id}`, {
        headers: manager,
        data: { price },
      });
      expect(res.ok()).toBe(true);
    };
    const { context, page } = await newPhone(browser, testInfo);
    try {
      await joinAs(page, link, 'Sofía', label);
      await addProduct(page, 'Torta cubana');
      await openTableCart(page);
      await expect(tableDrawer(page).getByTestId('table-subtotal')).toHaveText('$145.00');
      await setPrice(15_000);
      await tableDrawer(page).getByRole('button', { name: 'Enviar a cocina' }).click();
      const notice = tableDrawer(page).getByTestId('price-change');
      await expect(notice).toContainText('Algunos precios han cambiado');
      await expect(notice).toContainText('Nuevo total: $150.00');
      await expect(tableDrawer(page).getByRole('button', { name: 'Enviar a cocina' })).toBeDisabled();
      await expectNoAxeViolations(page, 'price changed');
      await notice.getByRole('button', { name: 'Aceptar y enviar' }).click();
      await expect(page.getByText(/Ronda enviada a cocina/)).toBeVisible();
      await expect(tableDrawer(page).getByText('El carrito de la mesa está vacío')).toBeVisible();
    } finally {
      await setPrice(torta.price);
      await closeTable(request, label, false);
      await context.close();
    }
  });

  test('a venue created after the build (fallback shell) has table sessions too', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(ceiling(60_000));
    const venue = `mesas-shell-${testInfo.project.name}`;
    await createVenue(request, venue, 'Mesas del Shell');
    const link = await tableLink(request, '3', venue, { email: 'admin@umenu.test', password: 'demo1234' });
    const { context, page } = await newPhone(browser, testInfo);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Mesas del Shell' })).toBeVisible({
      timeout: ceiling(15_000),
    });
    await page.getByLabel('¿Cómo te llamas?').fill('Irene');
    await page.getByRole('button', { name: 'Unirme a la mesa' }).click();
    await expect(bar(page).getByTestId('table-people')).toContainText('Irene (tú)');
    await addProduct(page, 'Volcán de chorizo');
    await expect(tableCartButton(page)).toHaveAccessibleName('Carrito de la mesa, 1 producto');
    await expectNoAxeViolations(page, 'table on the fallback shell');
    await context.close();
  });
});
