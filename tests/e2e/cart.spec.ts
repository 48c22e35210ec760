/** The cart drawer on the venue page: lines, quantity, remove + undo, persistence, keyboard, axe. */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { VENUE, addProduct, cartButton, drawer, openCart } from './order-helpers.ts';

test.describe('cart drawer', () => {
  // The fixture fails the test on React's hydration error (#418) or any other page/console error.
  test('a venue page with a line in the cart opens and reloads without errors', async ({ page }) => {
    await page.goto(`/${VENUE}`);
    await addProduct(page, 'Volcán de chorizo');
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, 1 producto');
    for (const visit of ['reload', 'later visit']) {
      if (visit === 'reload') await page.reload();
      else await page.goto(`/${VENUE}?mesa=3`);
      await expect(cartButton(page), visit).toHaveAccessibleName('Carrito, 1 producto');
      await expect(page.getByRole('button', { name: 'Añadir Volcán de chorizo' }), visit).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
  });

  test('lines with options and note, quantity stepper, remove with undo, subtotal; kept across reload', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(`/${VENUE}`);
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, vacío');
    await openCart(page);
    await expect(drawer(page).getByText('Tu carrito está vacío')).toBeVisible();
    await expectNoAxeViolations(page, 'empty cart');
    await drawer(page).getByRole('button', { name: 'Ver el menú' }).click();
    await expect(drawer(page)).toBeHidden();

    await addProduct(page, 'Volcán de chorizo');
    await addProduct(page, 'Torta ahogada');
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, 2 productos');

    await openCart(page);
    const lines = drawer(page).getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    // $45.00 + $105.00
    await expect(drawer(page).getByTestId('cart-subtotal')).toHaveText('$150.00');
    await drawer(page).getByRole('button', { name: 'Añadir una unidad de Volcán de chorizo' }).click();
    await expect(lines.first().getByTestId('line-quantity')).toHaveText('2');
    await expect(drawer(page).getByTestId('cart-subtotal')).toHaveText('$195.00');
    await expect(drawer(page).getByRole('button', { name: 'Quitar una unidad de Torta ahogada' })).toBeDisabled();
    await expectNoAxeViolations(page, 'cart open');
    await screenshot(page, 'cart-drawer');

    await drawer(page).getByRole('button', { name: 'Eliminar Torta ahogada' }).click();
    await expect(lines).toHaveCount(1);
    const undo = page.getByRole('button', { name: 'Deshacer' });
    await expect(page.getByText('Eliminado: Torta ahogada')).toBeVisible();
    // Let the toast finish sliding in: axe measures colours as painted.
    await page.waitForTimeout(600);
    await expectNoAxeViolations(page, 'undo toast over the drawer');
    await screenshot(page, 'cart-undo-toast');
    await undo.click();
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(1)).toContainText('Torta ahogada');
    await expect(drawer(page).getByTestId('cart-subtotal')).toHaveText('$195.00');

    // Escape closes and gives focus back to the cart button.
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(cartButton(page)).toBeFocused();

    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, 2 productos');
    await openCart(page);
    await expect(drawer(page).getByTestId('cart-subtotal')).toHaveText('$195.00');
  });

  test('a line with options and a note shows them, and the drawer works by keyboard alone', async ({ page }) => {
    await page.goto(`/${VENUE}`);
    await page.getByRole('button', { name: 'Añadir Esquites', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Esquites' });
    await dialog.getByLabel(/Grande/).check();
    await dialog.getByRole('textbox').fill('sin chile');
    await dialog.getByRole('button', { name: /^Añadir al carrito/ }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, 1 producto');

    await cartButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    const line = drawer(page).getByTestId('cart-line');
    await expect(line).toContainText('Grande');
    await expect(line).toContainText('Nota: sin chile');
    await expect(line).toContainText('$65.00 c/u');
    // Tab stays inside the modal drawer.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="cart-drawer"], #umenu-toaster')));
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
  });

  test('a corrupt stored cart is discarded and the page keeps working', async ({ page }) => {
    await page.goto(`/${VENUE}`);
    await page.evaluate(() => localStorage.setItem('vuex', '{"carts": {"taqueria-el-guero": {"lines": "oops"}}, "pendingOrder": 7'));
    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, vacío');
    await addProduct(page, 'Volcán de chorizo');
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, 1 producto');
  });
});
