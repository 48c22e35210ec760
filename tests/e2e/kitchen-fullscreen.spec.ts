/**
 * The kitchen display as a wall-tablet screen (docs/rules.md#the-kitchen), against the real site and API, at 1280×800
 * landscape: no site header or footer, «Salir» in the corner back to the panel and «Pantalla completa» (the
 * Fullscreen API, asked by a tap); at least four tickets across; each line's options and note emphasised, and a
 * ticket of two courses names each line's course.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { Order, OrderInput } from '../../src/contract/order.ts';
import type { Venue } from '../../src/contract/venue.ts';
import { signInStored } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'taqueria-el-guero';
const STAFF = { email: 'cocina@umenu.test', password: 'demo1234' };
const DINER = { email: 'ana@umenu.test', password: 'demo1234' };

/** A pickup order of a guacamole (a starter) and tacos with options and a note (a main), placed by Ana through the API. */
async function placeOrder(request: APIRequestContext, name: string): Promise<Order> {
  const venue = (await (await request.get(`/api/venues/${VENUE}`)).json()) as Venue;
  const all = venue.categories.flatMap((c) => c.products);
  const lines: OrderInput['lines'] = [
    { productId: 'guacamole-con-totopos', optionIds: [], quantity: 1 },
    {
      productId: 'tacos-al-pastor',
      optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'],
      quantity: 2,
      note: 'sin cebolla',
    },
  ];
  const expectedTotal = lines.reduce((sum, line) => {
    const product = all.find((p) => p.id === line.productId)!;
    const deltas = product.optionGroups
      .flatMap((g) => g.options)
      .filter((o) => line.optionIds.includes(o.id))
      .reduce((s, o) => s + o.priceDelta, 0);
    return sum + (product.price + deltas) * line.quantity;
  }, 0);
  const login = await request.post('/api/auth/login', { data: DINER });
  const response = await request.post('/api/orders', {
    headers: {
      Authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
      'Idempotency-Key': randomUUID(),
    },
    data: {
      venueId: VENUE,
      mode: 'pickup',
      customer: { name, phone: '+52 55 1234 5678' },
      tip: { percent: 0 },
      payment: 'cash',
      lines,
      expectedTotal,
    } satisfies OrderInput,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

test(
  'the kitchen display fills a landscape tablet: no site chrome, an exit in the corner, four or more tickets across',
  { tag: '@desktop' },
  async ({ page, request }) => {
    test.skip(test.info().project.name !== 'desktop', 'a 1280×800 landscape tablet');
    test.setTimeout(ceiling(90_000));
    const orders: Order[] = [];
    for (const name of ['Mesa Uno', 'Mesa Dos', 'Mesa Tres', 'Mesa Cuatro', 'Mesa Cinco', 'Mesa Seis'])
      orders.push(await placeOrder(request, name));
    await signInStored(page, STAFF);
    await page.goto(`/panel/cocina?venue=${VENUE}&estacion=cocina`);
    await expect(page.getByTestId('kitchen-display')).toHaveAttribute('data-state', 'ready', {
      timeout: ceiling(15_000),
    });
    await expect(page.locator(`[data-testid="kitchen-ticket"][data-order="${orders.at(-1)!.number}"]`)).toBeVisible();

    // No site header (logo, account menu) nor footer links.
    await expect(page.locator('body > header')).toBeHidden();
    await expect(page.locator('body > footer')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Inspírate' })).toHaveCount(0);

    // Tickets across one row of the 1280-px screen.
    const tops = await page
      .getByTestId('kitchen-ticket')
      .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
    const perRow = tops.filter((top) => top === tops[0]).length;
    expect(perRow).toBeGreaterThanOrEqual(4);
    expect(perRow).toBeLessThanOrEqual(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // A line's options and note stand out; a ticket of a starter and a main names each line's course.
    const card = page.locator(`[data-testid="kitchen-ticket"][data-order="${orders[0]!.number}"]`);
    await expect(card.getByTestId('kitchen-line-course')).toHaveText(['Entrantes', 'Principales']);
    const options = card.getByTestId('kitchen-line-options');
    await expect(options.getByRole('listitem')).toHaveText(['Orden de 3', 'Maíz']);
    expect(Number(await options.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(700);
    const note = card.getByTestId('kitchen-line-note');
    await expect(note).toHaveText('Nota: sin cebolla');
    expect(Number(await note.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(700);

    // Full screen where the browser allows it: a button, as the API needs a tap.
    const corner = page.getByTestId('kitchen-corner');
    const full = corner.getByRole('button', { name: 'Pantalla completa' });
    if (await page.evaluate(() => document.fullscreenEnabled)) {
      await full.click();
      await expect(corner.getByRole('button', { name: 'Salir de pantalla completa' })).toBeVisible();
      expect(await page.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true);
      await corner.getByRole('button', { name: 'Salir de pantalla completa' }).click();
      await expect(full).toBeVisible();
    }
    await expectNoAxeViolations(page, 'kitchen full screen');
    await page.screenshot({ path: 'test-results/screens/kitchen-fullscreen-1280x800.png' });

    // The exit in the corner: the top right of the screen, back to the venue's panel.
    const exit = corner.getByRole('link', { name: 'Salir' });
    const box = (await exit.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1200);
    expect(box.y).toBeLessThan(80);
    await exit.click();
    await expect(page).toHaveURL(new RegExp(`/panel\\?venue=${VENUE}$`));
  },
);

test('on a phone the kitchen display has no site chrome either, one ticket across, and passes axe', async ({
  page,
  request,
}) => {
  test.skip(test.info().project.name !== 'phone', 'a phone');
  const order = await placeOrder(request, 'Mesa Móvil');
  await signInStored(page, STAFF);
  await page.goto(`/panel/cocina?venue=${VENUE}&estacion=cocina`);
  await expect(page.locator(`[data-testid="kitchen-ticket"][data-order="${order.number}"]`)).toBeVisible({
    timeout: ceiling(15_000),
  });
  await expect(page.locator('body > header')).toBeHidden();
  await expect(page.getByTestId('kitchen-corner').getByRole('link', { name: 'Salir' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'kitchen display on a phone');
  await page.screenshot({ path: 'test-results/screens/kitchen-fullscreen-390x844.png' });
});
