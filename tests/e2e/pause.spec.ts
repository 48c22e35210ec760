/**
 * Pausing orders (docs/rules.md#pausing-orders): staff press «Pausar pedidos» on the board; a diner's venue page,
 * already open in another browser, says so by itself before checkout (the live menu), with the time in the
 * venue's zone, and its cart's «Hacer pedido» waits with the lines kept; «Reanudar» clears it. On a venue of
 * its own, so that the orders of the other specs running at the same time are not paused.
 */
import { expect, test } from './fixtures.ts';
import { createVenue, expectNoAxeViolations, screenshot } from './helpers.ts';
import { ADMIN, signInStored } from './manage-helpers.ts';
import { addProduct, drawer, openCart } from './order-helpers.ts';
import { ceiling } from '../ceiling.ts';

const ID = 'taqueria-en-pausa';

test('staff pause pickup on the board; an open venue page says so live and its cart waits; «Reanudar» clears it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(ceiling(120_000));
  await createVenue(request, ID, 'Taquería en pausa');
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const resume = () =>
    request.delete(`/api/venues/${ID}/pause`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => {
      expect(r.ok()).toBe(true);
    });
  await resume();

  // The diner, menu open, a dish in the cart.
  await page.goto(`/${ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Taquería en pausa' })).toBeVisible();
  const banner = page.getByTestId('venue-pause');
  await expect(banner).toBeHidden();
  await addProduct(page, 'Volcán de chorizo');

  // The board, in another browser context.
  const board = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const staff = await board.newPage();
  try {
    await signInStored(staff, ADMIN);
    await staff.goto(`/panel?venue=${ID}`);
    const control = staff.getByTestId('board-pause');
    await control.getByRole('button', { name: 'Pausar pedidos' }).click();
    await control.getByRole('radio', { name: '30 min' }).check();
    await control.getByLabel('Motivo (opcional)').fill('Falta gas');
    await control.getByRole('button', { name: 'Pausar', exact: true }).click();
    await expect(control.getByTestId('board-pause-countdown')).toHaveText(/^(30:00|29:[0-5]\d)$/);
    await expect(control.getByTestId('board-pause-reason')).toHaveText('Motivo: Falta gas');
    await expect(control.getByRole('status')).toHaveText('Pedidos en pausa.');
    await control.screenshot({ path: 'test-results/screens/pause-board-desktop.png' });
    await expectNoAxeViolations(staff, 'board with the pause on');

    // The until time, in the venue's zone (Ciudad de México), as the API stored it.
    const { pause } = (await (await request.get(`/api/venues/${ID}/pause`)).json()) as { pause: { until: string } };
    const time = new Intl.DateTimeFormat('es', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'America/Mexico_City',
    }).format(new Date(pause.until));
    const sentence = `El local no acepta pedidos para llevar hasta las ${time}`;

    // The diner's page says so by itself, within the live menu's 15 s.
    await expect(banner).toBeVisible({ timeout: ceiling(15_000) });
    await expect(banner).toHaveText(new RegExp(`^${sentence}`));
    await expectNoAxeViolations(page, 'venue page while paused');
    await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
    await screenshot(page, 'pause-venue');
    const phone = page.viewportSize()!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'pause-venue');
    await page.setViewportSize(phone);

    await openCart(page);
    await expect(drawer(page).getByTestId('cart-paused')).toHaveText(new RegExp(`^${sentence}`));
    await expect(drawer(page).getByRole('button', { name: 'Hacer pedido' })).toBeDisabled();
    await expect(drawer(page).getByText('Volcán de chorizo')).toBeVisible();

    // «Reanudar»: the page and its cart go back by themselves.
    await control.getByRole('button', { name: 'Reanudar' }).click();
    await expect(control.getByRole('button', { name: 'Pausar pedidos' })).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Hacer pedido' })).toBeEnabled({ timeout: ceiling(15_000) });
    await expect(drawer(page).getByTestId('cart-paused')).toHaveCount(0);
    await expect(banner).toBeHidden();
  } finally {
    await board.close();
    await resume();
  }
});
