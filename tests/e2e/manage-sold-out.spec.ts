/**
 * Sold out from the kitchen (docs/rules.md#live-menu): staff mark a dish "Agotado" from the board's list;
 * a diner's open menu shows it within 15 s without a reload and flags the cart line.
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './helpers.ts';
import { signInStored } from './manage-helpers.ts';
import { VENUE, addProduct, drawer, openCart } from './order-helpers.ts';
import { ceiling } from '../ceiling.ts';

test(
  'a dish marked sold out on the board shows "Agotado" on an open menu and in its cart line',
  { tag: '@desktop' },
  async ({ page, browser }) => {
    test.setTimeout(ceiling(90_000));
    // The diner, menu open, the dish in the cart.
    await page.goto(`/${VENUE}`);
    await addProduct(page, 'Volcán de chorizo');
    const card = page.locator('#product-volcan-de-chorizo');
    await expect(card.getByText('Agotado')).toBeHidden();

    // The kitchen, in another browser context.
    const kitchen = await browser.newContext({ viewport: page.viewportSize() ?? { width: 390, height: 844 } });
    const staff = await kitchen.newPage();
    try {
      await signInStored(staff, { email: 'cocina@umenu.test', password: 'demo1234' });
      await staff.goto(`/panel?venue=${VENUE}`);
      const list = staff.getByTestId('board-sold-out');
      await list.locator('summary').click();
      await staff.getByRole('button', { name: 'Marcar agotado: Volcán de chorizo' }).click();
      await expect(list.getByRole('status')).toHaveText('Volcán de chorizo: agotado.');
      await expect(staff.getByRole('button', { name: 'Volver a ofrecer: Volcán de chorizo' })).toBeVisible();
      await expectNoAxeViolations(staff, 'board with the sold-out list');

      await expect(card.getByText('Agotado')).toBeVisible({ timeout: ceiling(15_000) });
      await expect(page.getByRole('button', { name: 'Añadir Volcán de chorizo', exact: true })).toBeHidden();
      await openCart(page);
      await expect(drawer(page).getByTestId('line-sold-out')).toHaveText('Agotado: elimínalo para poder pedir');

      // Back on sale.
      await staff.getByRole('button', { name: 'Volver a ofrecer: Volcán de chorizo' }).click();
      await expect(drawer(page).getByTestId('line-sold-out')).toHaveCount(0, { timeout: ceiling(15_000) });
    } finally {
      await kitchen.close();
    }
  },
);
