/** `/pedidos`: open orders first (live), then history; `Repetir pedido`. */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot, loggedStatus } from './helpers.ts';
import { STAFF, VENUE, apiLogin, cartButton, drawer, signInByStorage } from './order-helpers.ts';
import { ceiling } from '../ceiling.ts';

interface VenueJson {
  categories: {
    products: { id: string; name: string; price: number; available: boolean; optionGroups: unknown[] }[];
  }[];
}

async function placeByApi(
  request: APIRequestContext,
  token: string,
  productNames: string[],
): Promise<{ id: string; number: string }> {
  const venue = (await (await request.get(`/api/venues/${VENUE}`)).json()) as VenueJson;
  const products = venue.categories.flatMap((c) => c.products);
  const lines = productNames.map((name) => {
    const product = products.find((p) => p.name === name)!;
    return { productId: product.id, optionIds: [], quantity: 1, price: product.price };
  });
  const subtotal = lines.reduce((s, l) => s + l.price, 0);
  const response = await request.post('/api/orders', {
    headers: {
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    data: {
      venueId: VENUE,
      mode: 'pickup',
      customer: { name: 'Ana García', phone: '5512345678' },
      tip: { percent: 0 },
      payment: 'cash',
      lines: lines.map(({ price: _price, ...line }) => line),
      expectedTotal: subtotal,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; number: string };
}

test(
  'my orders: open first with live status, then history; Repetir pedido refills the cart and says what is missing',
  { tag: '@desktop' },
  async ({ page, request }) => {
    test.setTimeout(ceiling(60_000));
    const diner = await apiLogin(request);
    const staff = await apiLogin(request, STAFF);
    const done = await placeByApi(request, diner.token, ['Torta ahogada', 'Volcán de chorizo']);
    for (const status of ['preparing', 'ready', 'delivered']) {
      const r = await request.post(`/api/orders/${done.id}/status`, {
        headers: { Authorization: `Bearer ${staff.token}` },
        data: { status },
      });
      expect(r.status()).toBe(200);
    }
    const open = await placeByApi(request, diner.token, ['Torta cubana']);

    await page.goto('/offline'); // any light page of the site (a 404 would log errors)
    await signInByStorage(page, diner);
    await page.goto('/pedidos');
    const openList = page.getByTestId('orders-open');
    const pastList = page.getByTestId('orders-past');
    // This test's orders, by id: the demo diner may have others from other tests, and daily
    // numbers repeat from one business day to the next.
    const cardOf = (list: typeof openList, order: { id: string }) =>
      list
        .getByTestId('order-card')
        .filter({ has: page.locator(`h3 a[href="/pedidos/ver?id=${encodeURIComponent(order.id)}"]`) });
    await expect(
      cardOf(openList, open).getByRole('heading', { name: `Pedido ${open.number} · Taquería El Güero` }),
    ).toBeVisible();
    await expect(
      cardOf(pastList, done).getByRole('heading', { name: `Pedido ${done.number} · Taquería El Güero` }),
    ).toBeVisible();
    // Open orders come before the history on the page.
    const openBox = (await openList.boundingBox())!;
    const pastBox = (await pastList.boundingBox())!;
    expect(openBox.y).toBeLessThan(pastBox.y);
    await expectNoAxeViolations(page, 'my orders');
    await screenshot(page, 'orders-list');

    // Live: the open order moves on while the page is open.
    const moved = await request.post(`/api/orders/${open.id}/status`, {
      headers: { Authorization: `Bearer ${staff.token}` },
      data: { status: 'preparing' },
    });
    expect(moved.status()).toBe(200);
    await expect(cardOf(openList, open).getByTestId('order-card-status')).toHaveText('En preparación');
    await expect(page.getByText(`Pedido ${open.number}: En preparación`)).toBeVisible();

    // The Volcán is sold out today (the venue's menu says so when the repeat reads it).
    await page.route(`**/api/venues/${VENUE}`, async (route) => {
      // The full menu, whatever the page's copy: without the page's If-None-Match, no 304.
      const headers = { ...route.request().headers() };
      delete headers['if-none-match'];
      const response = await route.fetch({ headers });
      const venue = (await response.json()) as VenueJson;
      for (const c of venue.categories)
        for (const p of c.products) if (p.name === 'Volcán de chorizo') p.available = false;
      await route.fulfill({ response, json: venue });
    });
    const doneCard = cardOf(pastList, done);
    await doneCard.getByRole('button', { name: `Repetir pedido ${done.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${VENUE}$`));
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByTestId('cart-line')).toHaveCount(1);
    await expect(drawer(page).getByTestId('cart-line')).toContainText('Torta ahogada');
    await expect(page.getByText('Ya no está disponible: Volcán de chorizo.')).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Carrito, 1 producto');
    await expectNoAxeViolations(page, 'repeated order in the cart');
    await screenshot(page, 'orders-repeat');
  },
);

test('/pedidos shows a signed-out visitor what this phone keeps and offers to sign in, no wall', async ({ page }) => {
  await page.goto('/pedidos');
  await expect(page.getByTestId('orders-sign-in')).toContainText(
    'Inicia sesión para ver tus pedidos en todos tus dispositivos',
  );
  await expect(page).toHaveURL(/\/pedidos$/);
  await expect(page.getByTestId('orders-empty')).toContainText('Aún no hay pedidos en este teléfono');
  // «Iniciar sesión» goes to the sign-in page, which comes back here.
  await page.getByTestId('orders-sign-in').getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth.redirect'))).toBe('/pedidos');
});

test('an order that does not exist, or no order id, says so and points to my orders', async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(loggedStatus(404)); // the point: the API has no such order
  const diner = await apiLogin(request);
  await page.goto('/offline'); // any light page of the site (a 404 would log errors)
  await signInByStorage(page, diner);
  await page.goto('/pedidos/ver?id=no-existe');
  await expect(page.getByRole('alert')).toContainText('No encontramos ese pedido');
  await expect(page.getByRole('link', { name: 'Ver mis pedidos' })).toBeVisible();
  await expectNoAxeViolations(page, 'order not found');
  await page.goto('/pedidos/ver');
  await expect(page.getByRole('alert')).toContainText('Falta el número de pedido');
});
