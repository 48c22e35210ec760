/**
 * The diner's order flow end to end against the real API: cart → checkout
 * (bad inputs of docs/rules.md#limits-and-bad-input) → sign-in round trip → `Confirmar pedido` →
 * order page with live status; idempotency, price change, refusals, /pedidos.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot, loggedStatus } from './helpers.ts';
import {
  DINER,
  STAFF,
  VENUE,
  addProduct,
  dismissToasts,
  islandsReady,
  apiLogin,
  cartButton,
  drawer,
  fillCheckout,
  myOrderCount,
  openCart,
  signInByStorage,
} from './order-helpers.ts';
import { ceiling } from '../ceiling.ts';

async function signInWithForm(page: Page): Promise<void> {
  await islandsReady(page);
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(DINER.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DINER.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

async function toCheckout(page: Page): Promise<void> {
  await openCart(page);
  await drawer(page).getByRole('button', { name: 'Hacer pedido' }).click();
  await expect(page.getByTestId('checkout-form')).toBeVisible();
}

async function signedInAt(page: Page, path: string): Promise<string> {
  await page.goto('/offline'); // any light page of the site (a 404 would log errors)
  const tokens = await apiLogin(page.request);
  await signInByStorage(page, tokens);
  await page.goto(path);
  return tokens.token;
}

test.describe('order flow', () => {
  // With the service worker (@sw), as a diner's phone has it from the first visit on: every page after the first
  // one here (sign-in, back, the order page) comes through it.
  test(
    'cart → checkout with bad inputs → sign in → back intact → Confirmar pedido → live status',
    { tag: '@sw' },
    async ({ page, request }) => {
      test.setTimeout(ceiling(90_000));
      await page.goto(`/${VENUE}?mesa=12`);
      await addProduct(page, 'Volcán de chorizo');
      await addProduct(page, 'Torta ahogada');
      await toCheckout(page);
      const form = page.getByTestId('checkout-form');

      // A table is chosen only by its QR link: a `?mesa=` address without the table's code offers no table.
      await expect(form.getByLabel('En la mesa')).toHaveCount(0);
      await expect(form.getByLabel('Número de mesa')).toHaveCount(0);
      await expect(form.getByRole('radio')).toHaveCount(2 + 4 + 2); // pickup, delivery; 4 tips; 2 payments

      // Nothing filled in: each field says what is wrong and the first one gets focus.
      await form.getByRole('button', { name: 'Confirmar pedido' }).click();
      await expect(form.getByText('Elige cómo quieres recibir tu pedido.')).toBeVisible();
      await expect(form.getByRole('radio', { name: 'Para recoger' })).toBeFocused();
      await expect(form.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByText('Escribe tu nombre.')).toBeVisible();
      await expect(form.getByText('Escribe tu teléfono.')).toBeVisible();
      await expect(form.getByText('Elige cómo vas a pagar.')).toBeVisible();
      await expectNoAxeViolations(page, 'checkout with errors');
      await screenshot(page, 'checkout-errors');

      // The bad inputs of docs/rules.md#limits-and-bad-input, one by one.
      await form.getByLabel('Nombre').fill('x'.repeat(81));
      await form.getByLabel('Teléfono').fill('12-ab');
      await form.getByLabel('A domicilio').check();
      await form.getByLabel('Nota para el local (opcional)').fill('n'.repeat(501));
      await form.getByLabel('Otra cantidad').check();
      await form.getByLabel(/Importe de la propina/).fill('-5');
      await form.getByLabel('Tarjeta').check();
      await form.getByRole('button', { name: 'Confirmar pedido' }).click();
      await expect(form.getByText('El nombre no puede pasar de 80 caracteres.')).toBeVisible();
      await expect(form.getByText(/^Teléfono no válido/)).toBeVisible();
      await expect(form.getByText('Escribe la dirección de entrega.')).toBeVisible();
      await expect(form.getByText(/La nota no puede pasar de 500 caracteres/)).toBeVisible();
      await expect(form.getByText('501/500 caracteres')).toBeVisible();
      await expect(form.getByText(/Escribe una propina válida/)).toBeVisible();
      await expect(form.getByLabel('Teléfono')).toHaveAttribute('aria-describedby', /checkout-phone-error/);
      await form.getByLabel('Dirección de entrega').fill('d'.repeat(201));
      await form.getByRole('button', { name: 'Confirmar pedido' }).click();
      await expect(form.getByText('La dirección no puede pasar de 200 caracteres.')).toBeVisible();
      await expectNoAxeViolations(page, 'checkout with every bad input');

      // Now valid: pickup, 10 % tip, note; still signed out → sign in and come back.
      await form.getByLabel('Para recoger').check();
      await form.getByLabel('Nombre').fill('Ana García');
      await form.getByLabel('Teléfono').fill('+52 55 1234-5678');
      await form.getByLabel('Nota para el local (opcional)').fill('Sin prisa, gracias');
      await form.getByLabel('10 %').check();
      // $45 + $105 = $150, tip $15 → $165
      await expect(form.getByTestId('checkout-total')).toHaveText('$165.00');
      await form.getByRole('button', { name: 'Confirmar pedido' }).click();
      await expect(page).toHaveURL(/\/login/);
      await signInWithForm(page);
      await expect(page).toHaveURL(new RegExp(`/${VENUE}`));
      const back = page.getByTestId('checkout-form');
      await expect(back).toBeVisible();
      await expect(back.getByLabel('Nombre')).toHaveValue('Ana García');
      await expect(back.getByLabel('Teléfono')).toHaveValue('+52 55 1234-5678');
      await expect(back.getByLabel('Para recoger')).toBeChecked();
      await expect(back.getByLabel('10 %')).toBeChecked();
      await expect(back.getByLabel('Tarjeta')).toBeChecked();
      await expect(back.getByTestId('checkout-total')).toHaveText('$165.00');
      await expectNoAxeViolations(page, 'checkout after sign-in');
      // On a phone the form is longer than the screen: the sticky footer ends where the drawer
      // ends, and no field shows through below it.
      if (page.viewportSize()!.width < 600) {
        const footerBox = (await back.getByTestId('checkout-footer').boundingBox())!;
        const drawerBox = (await drawer(page).boundingBox())!;
        expect(
          Math.abs(drawerBox.y + drawerBox.height - (footerBox.y + footerBox.height)),
          'gap below the sticky footer',
        ).toBeLessThan(1);
      }
      await screenshot(page, 'checkout-filled');

      await back.getByRole('button', { name: 'Confirmar pedido' }).click();
      await expect(page).toHaveURL(/\/pedidos\/ver\?id=/);
      await expect(page.getByTestId('order-status')).toContainText('Recibido');
      await expect(page.getByTestId('order-total')).toHaveText('$165.00');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Pedido');
      await expectNoAxeViolations(page, 'order page');
      await screenshot(page, 'order-received');
      const orderId = new URL(page.url()).searchParams.get('id')!;

      // The cart of that venue is empty now.
      await expect(cartButton(page)).toHaveCount(0);

      // Staff moves the order: the diner sees it live, with a toast.
      const staff = await apiLogin(request, STAFF);
      const moved = await request.post(`/api/orders/${orderId}/status`, {
        headers: { Authorization: `Bearer ${staff.token}` },
        data: { status: 'preparing' },
      });
      expect(moved.status()).toBe(200);
      await expect(page.getByTestId('order-status')).toContainText('En preparación');
      await expect(page.getByText('Tu pedido está en preparación')).toBeVisible();
      await expect(page.getByTestId('order-timeline').locator('[aria-current="step"]')).toContainText('En preparación');
      await expectNoAxeViolations(page, 'order page after a live update');
      await screenshot(page, 'order-preparing');
    },
  );

  test('a double click on Confirmar pedido places exactly one order', async ({ page }) => {
    const token = await signedInAt(page, `/${VENUE}`);
    const before = await myOrderCount(page.request, token);
    await addProduct(page, 'Torta ahogada');
    await toCheckout(page);
    await fillCheckout(page);
    await page.getByRole('button', { name: 'Confirmar pedido' }).dblclick();
    await expect(page).toHaveURL(/\/pedidos\/ver\?id=/);
    expect(await myOrderCount(page.request, token)).toBe(before + 1);
  });

  test('an answer lost on the way (timeout) and a retry never make two orders', async ({ page, allowConsoleError }) => {
    allowConsoleError(/^Failed to load resource: net::ERR_TIMED_OUT$/); // the point: the answer is lost
    const token = await signedInAt(page, `/${VENUE}`);
    const before = await myOrderCount(page.request, token);
    await addProduct(page, 'Torta ahogada');
    await toCheckout(page);
    await fillCheckout(page);
    // The server receives and stores the order, but its answers never reach the browser
    // (the client's own automatic retry included).
    let answersLost = true;
    const keys: string[] = [];
    await page.route('**/api/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!answersLost) return route.continue();
      await route.fetch();
      return route.abort('timedout');
    });
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(page.getByTestId('checkout-notice')).toContainText('no se duplicará');
    expect(await myOrderCount(page.request, token)).toBe(before + 1);
    await expectNoAxeViolations(page, 'submission outcome unknown');
    // The cart is still there, and so is the form; a reload resends the pending order by itself.
    answersLost = false;
    await page.reload();
    await expect(page).toHaveURL(/\/pedidos\/ver\?id=/);
    expect(new Set(keys).size).toBe(1);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(await myOrderCount(page.request, token)).toBe(before + 1);
  });

  test('a price that changed since it was added is shown line by line and accepted', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(loggedStatus(409)); // the point: the API refuses the old prices
    const token = await signedInAt(page, `/${VENUE}`);
    const before = await myOrderCount(page.request, token);
    await addProduct(page, 'Torta ahogada');
    await addProduct(page, 'Volcán de chorizo');
    // The diner added the Volcán when it cost $40.00 (the menu now says $45.00).
    await page.evaluate(() => {
      const state = JSON.parse(localStorage.getItem('vuex') ?? '{}');
      for (const line of state.carts['taqueria-el-guero'].lines)
        if (line.name === 'Volcán de chorizo') line.unitPrice = 4000;
      localStorage.setItem('vuex', JSON.stringify(state));
    });
    await page.reload();
    await toCheckout(page);
    await fillCheckout(page);
    await expect(page.getByTestId('checkout-total')).toHaveText('$145.00');
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    const panel = page.getByTestId('price-change');
    await expect(panel).toContainText('Algunos precios han cambiado');
    await expect(panel).toContainText('Volcán de chorizo');
    await expect(panel).toContainText('$40.00');
    await expect(panel).toContainText('$45.00');
    await expect(panel).toContainText('Nuevo total: $150.00');
    // Only what changed is listed.
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    expect(await myOrderCount(page.request, token)).toBe(before);
    await expectNoAxeViolations(page, 'price change');
    await screenshot(page, 'checkout-price-change');
    await panel.getByRole('button', { name: 'Aceptar nuevos precios' }).click();
    await expect(page).toHaveURL(/\/pedidos\/ver\?id=/);
    await expect(page.getByTestId('order-total')).toHaveText('$150.00');
    expect(await myOrderCount(page.request, token)).toBe(before + 1);
  });

  test('offline: Confirmar pedido explains it and keeps the cart', async ({ page, context }) => {
    await signedInAt(page, `/${VENUE}`);
    await addProduct(page, 'Torta ahogada');
    await toCheckout(page);
    await fillCheckout(page);
    await context.setOffline(true);
    await expect(page.getByTestId('checkout-blockers')).toContainText('Sin conexión');
    const confirm = page.getByRole('button', { name: 'Confirmar pedido' });
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    // Enter in a field still submits the form: it explains instead of sending.
    await page.getByTestId('checkout-form').getByLabel('Teléfono').press('Enter');
    await expect(page.getByTestId('checkout-notice')).toContainText('Sin conexión');
    await expect(page.getByTestId('checkout-notice')).toBeFocused();
    await expectNoAxeViolations(page, 'offline checkout');
    await screenshot(page, 'checkout-offline');
    await context.setOffline(false);
    await expect(page.getByTestId('checkout-blockers')).toHaveCount(0);
    await expect(page.getByTestId('checkout-notice')).toHaveCount(0);
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, 1 producto');
  });

  test('below the minimum order it says the minimum and how much is missing, on the button too, before the tap', async ({
    page,
  }) => {
    await signedInAt(page, `/${VENUE}`);
    await addProduct(page, 'Café de olla');
    await toCheckout(page);
    await fillCheckout(page);
    // Minimum $80.00, cart $30.00.
    await expect(page.getByTestId('checkout-blockers')).toHaveText('El pedido mínimo es $80.00; te faltan $50.00.');
    const button = page.getByTestId('confirm-order');
    await expect(button).toHaveText('Te faltan $50.00 para el mínimo');
    await expectNoAxeViolations(page, 'below minimum');
    await button.click();
    await expect(page.getByTestId('checkout-notice')).toContainText('El pedido mínimo es $80.00; te faltan $50.00.');
    await expect(page).not.toHaveURL(/\/pedidos\/ver/);
  });

  test('refusals from the API: field errors land on their fields, a closed venue is explained, nothing is lost', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(loggedStatus(409, 422)); // the point: the API refuses the order
    // The reference API and this client check the same rules, so these answers are produced by
    // intercepting the POST (route) with the problem documents the API sends in those cases.
    await signedInAt(page, `/${VENUE}`);
    await addProduct(page, 'Torta ahogada');
    await toCheckout(page);
    await fillCheckout(page);
    const answers = [
      {
        status: 422,
        body: {
          type: 'urn:umenu:problem:validation',
          title: 'Datos no válidos',
          status: 422,
          errors: { 'customer.phone': ['El local no puede llamar a ese número.'] },
        },
      },
      { status: 409, body: { type: 'urn:umenu:problem:venue-closed', title: 'Cerrado', status: 409 } },
    ];
    await page.route('**/api/orders', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const answer = answers.shift();
      if (!answer) return route.continue();
      return route.fulfill({
        status: answer.status,
        contentType: 'application/problem+json',
        body: JSON.stringify(answer.body),
      });
    });
    const form = page.getByTestId('checkout-form');
    await form.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(form.getByText('El local no puede llamar a ese número.')).toBeVisible();
    await expect(form.getByLabel('Teléfono')).toBeFocused();
    await expect(form.getByLabel('Teléfono')).toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(page.getByTestId('checkout-notice')).toContainText('El local está cerrado ahora');
    await expect(form.getByLabel('Nombre')).toHaveValue('Ana García');
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, 1 producto');
    await expectNoAxeViolations(page, 'API refusals');
  });

  test('keyboard only: open the cart, check out and confirm without a pointer', async ({ page }) => {
    await signedInAt(page, `/${VENUE}`);
    await addProduct(page, 'Torta ahogada');
    // Up to a whole round of the page: focus starts where the dish dialog returned it, anywhere in the menu.
    const tabTo = async (target: ReturnType<Page['getByRole']>) => {
      for (let i = 0; i < 200; i++) {
        if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error('could not reach the control with Tab');
    };
    await tabTo(cartButton(page));
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    await tabTo(page.getByRole('button', { name: 'Añadir una unidad de Torta ahogada' }));
    await page.keyboard.press('Enter');
    await expect(drawer(page).getByTestId('line-quantity')).toHaveText('2');
    await tabTo(page.getByRole('button', { name: 'Hacer pedido' }));
    await page.keyboard.press('Enter');
    const form = page.getByTestId('checkout-form');
    await tabTo(form.getByRole('radio', { name: 'Para recoger' }));
    await page.keyboard.press('Space');
    await expect(form.getByRole('radio', { name: 'Para recoger' })).toBeChecked();
    await tabTo(form.getByRole('textbox', { name: 'Nombre' }));
    await page.keyboard.type('Ana García');
    await page.keyboard.press('Tab');
    await page.keyboard.type('55 1234 5678');
    await tabTo(form.getByRole('radio', { name: 'Efectivo' }));
    await page.keyboard.press('Space');
    await expect(form.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
    await tabTo(form.getByRole('button', { name: 'Confirmar pedido' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pedidos\/ver\?id=/);
    await expect(page.getByTestId('order-total')).toHaveText('$210.00');
  });

  test('every control of the drawer and the checkout is at least 44 px tall', { tag: '@desktop' }, async ({ page }) => {
    await page.goto(`/${VENUE}`);
    await addProduct(page, 'Torta ahogada');
    await openCart(page);
    const measure = async () =>
      page.evaluate(() => {
        const controls = [
          ...document.querySelectorAll<HTMLElement>(
            '[data-testid="cart-drawer"] :is(button, a, input:not([type="radio"]), select, textarea, summary, label:has(input[type="radio"]))',
          ),
        ]
          // A toast passing through the drawer (e.g. "Añadido al carrito" on its way out) is not one of its controls.
          .filter((el) => el.getClientRects().length > 0 && !el.closest('[data-sonner-toaster]'));
        return {
          count: controls.length,
          small: controls.filter((el) => el.getBoundingClientRect().height < 44).map((el) => el.outerHTML.slice(0, 80)),
        };
      });
    const cart = await measure();
    expect(cart.count).toBeGreaterThanOrEqual(5);
    expect(cart.small).toEqual([]);
    await drawer(page).getByRole('button', { name: 'Hacer pedido' }).click();
    await page.getByTestId('checkout-form').getByLabel('Otra cantidad').check();
    const checkout = await measure();
    expect(checkout.count).toBeGreaterThanOrEqual(15);
    expect(checkout.small).toEqual([]);
  });

  test('a closed venue refuses the order with a clear message', async ({ page }) => {
    // Monday 04:00 in Bogotá: Café La Macarena opens at 07:00.
    await page.clock.setFixedTime(new Date('2026-11-23T09:00:00Z'));
    await signedInAt(page, '/cafe-la-macarena');
    const add = page.getByRole('button', { name: /^Añadir / }).first();
    await add.click();
    const dialog = page.getByRole('dialog').first();
    // Pick the first choice of every required group, then add.
    for (const group of await dialog.getByRole('radiogroup').all()) await group.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: /^Añadir al carrito/ }).click();
    await dismissToasts(page);
    await toCheckout(page);
    await expect(page.getByTestId('checkout-blockers')).toContainText('El local está cerrado ahora');
    await page.getByTestId('checkout-form').getByLabel('Para recoger').check();
    await page.getByTestId('checkout-form').getByLabel('Nombre').fill('Ana García');
    await page.getByTestId('checkout-form').getByLabel('Teléfono').fill('3001234567');
    await page.getByTestId('checkout-form').getByLabel('Efectivo').check();
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(page.getByTestId('checkout-notice')).toContainText('El local está cerrado ahora');
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, 1 producto');
    await expectNoAxeViolations(page, 'closed venue');
    await screenshot(page, 'checkout-closed');
  });
});
