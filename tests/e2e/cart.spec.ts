/** The cart drawer on the venue page: lines, quantity, remove + undo, persistence, keyboard, axe. */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { VENUE, addProduct, cartButton, drawer, islandsReady, openCart } from './order-helpers.ts';
import { ceiling } from '../ceiling.ts';

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

  test('lines with options and note, quantity stepper, remove with undo, subtotal; kept across reload', async ({
    page,
  }) => {
    test.setTimeout(ceiling(60_000));
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
    // expectNoAxeViolations waits for the toast to finish sliding in: axe measures colours as painted.
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
    // Opening the cart sends the "Añadido al carrito" confirmation away.
    await expect(page.getByText('Añadido al carrito')).toBeHidden();
    // Tab stays inside the modal drawer: it never reaches the page behind. (Past the last control a
    // native modal dialog hands the focus to the browser's own UI, seen here as no focused element.)
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'browser';
        return active.closest('[data-testid="cart-drawer"], #umenu-toaster')
          ? 'drawer'
          : active.outerHTML.slice(0, 120);
      });
      expect(['drawer', 'browser']).toContain(where);
    }
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
  });

  test('a corrupt stored cart is discarded and the page keeps working', async ({ page }) => {
    await page.goto(`/${VENUE}`);
    await page.evaluate(() =>
      localStorage.setItem('vuex', '{"carts": {"taqueria-el-guero": {"lines": "oops"}}, "pendingOrder": 7'),
    );
    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, vacío');
    await addProduct(page, 'Volcán de chorizo');
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, 1 producto');
  });

  test(
    'the "Añadido al carrito" confirmation gets out of the way when the cart opens',
    { tag: '@desktop' },
    async ({ page }) => {
      await page.goto(`/${VENUE}`);
      await islandsReady(page);
      await page.getByRole('button', { name: 'Añadir Volcán de chorizo', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Volcán de chorizo' })
        .getByRole('button', { name: /^Añadir al carrito/ })
        .click();
      const added = page.getByText('Añadido al carrito');
      await expect(added).toBeVisible();
      // Straight to the cart, well within the toast's 4 s.
      await cartButton(page).click();
      await expect(drawer(page)).toBeVisible();
      await expect(added).toBeHidden({ timeout: ceiling(1_500) });
      const firstLine = await drawer(page).getByTestId('cart-line').first().boundingBox();
      const heading = await drawer(page)
        .getByRole('heading', { name: /Tu carrito/ })
        .boundingBox();
      const toasts = await page.locator('[data-sonner-toast]').evaluateAll((nodes) =>
        nodes
          .map((n) => n.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height > 0)
          .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
      );
      const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      for (const toast of toasts) {
        expect(overlaps(toast, firstLine!), 'a toast covers the first cart line').toBe(false);
        expect(overlaps(toast, heading!), 'a toast covers the top of the sheet').toBe(false);
      }
      await screenshot(page, 'cart-open-after-add');
    },
  );

  test('the checkout summary counts units: two of one dish are "2 productos"', async ({ page }) => {
    await page.goto(`/${VENUE}`);
    await addProduct(page, 'Volcán de chorizo');
    await openCart(page);
    await drawer(page).getByRole('button', { name: 'Añadir una unidad de Volcán de chorizo' }).click();
    await expect(drawer(page).getByTestId('line-quantity')).toHaveText('2');
    await drawer(page).getByRole('button', { name: 'Hacer pedido' }).click();
    await expect(page.getByTestId('checkout-summary').locator('summary')).toHaveText('Tu pedido: 2 productos · $90.00');
  });
});
