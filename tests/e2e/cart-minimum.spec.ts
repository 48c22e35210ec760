/**
 * The venue's minimum order is told in the cart (src/contract/minimum.ts), not only at checkout:
 * a diner at Taquería El Güero (minimum $80.00) sees what is missing before «Hacer pedido», and
 * the note goes once the minimum is reached.
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { addProduct, drawer, openCart, VENUE } from './order-helpers.ts';

test('the cart says the minimum order and what is missing @desktop', async ({ page }) => {
  await page.goto(`/${VENUE}`);
  await addProduct(page, 'Volcán de chorizo');
  await openCart(page);
  await expect(drawer(page).getByTestId('cart-subtotal')).toHaveText('$45.00');
  await expect(drawer(page).getByTestId('cart-minimum')).toHaveText('Pedido mínimo $80.00: te faltan $35.00');
  await screenshot(page, 'cart-minimum');
  await expectNoAxeViolations(page);

  // A second one reaches $90.00: nothing is missing any more.
  await drawer(page).getByRole('button', { name: 'Añadir una unidad de Volcán de chorizo' }).click();
  await expect(drawer(page).getByTestId('cart-subtotal')).toHaveText('$90.00');
  await expect(drawer(page).getByTestId('cart-minimum')).toHaveCount(0);
});
