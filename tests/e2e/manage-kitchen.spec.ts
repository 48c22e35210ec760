/**
 * The kitchen settings of the menu editor (`/panel/menu`, docs/rules.md#the-kitchen) against the
 * real site and API, on a venue the spec creates: the manager adds a station, renames one,
 * removes another (its category goes to the first station, said in Spanish, with «Deshacer»),
 * sets a category's station and course and a dish's own station, switches course holding off,
 * and publishes; then an order lands on the new station's kitchen display with exactly the
 * dishes sent there. axe on each new editor state.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Order, OrderInput } from '../../src/contract/order.ts';
import type { Venue } from '../../src/contract/venue.ts';
import { expect, test } from './fixtures.ts';
import { createVenue, expectNoAxeViolations, screenshot } from './helpers.ts';
import { ADMIN, scrollSettled, signInStored } from './manage-helpers.ts';
import { ceiling } from '../ceiling.ts';

const DINER = { email: 'ana@umenu.test', password: 'demo1234' };

async function apiToken(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/auth/login', { data: who });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function venueOf(request: APIRequestContext, id: string): Promise<Venue> {
  const response = await request.get(`/api/venues/${id}`, { headers: { 'cache-control': 'no-cache' } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Venue;
}

/** A pickup order placed by a diner through the API (as the checkout does), one of each product. */
async function placeOrder(request: APIRequestContext, venueId: string, productIds: string[]): Promise<Order> {
  const venue = await venueOf(request, venueId);
  const all = venue.categories.flatMap((c) => c.products);
  let expectedTotal = 0;
  const lines: OrderInput['lines'] = productIds.map((productId) => {
    const product = all.find((p) => p.id === productId)!;
    const options = product.optionGroups.flatMap((g) => g.options.filter((o) => o.available).slice(0, g.min));
    expectedTotal += product.price + options.reduce((s, o) => s + o.priceDelta, 0);
    return { productId, optionIds: options.map((o) => o.id), quantity: 1 };
  });
  const input: OrderInput = {
    venueId,
    mode: 'pickup',
    customer: { name: 'Rosa Plancha', phone: '+52 55 1234 5678' },
    tip: { percent: 0 },
    payment: 'cash',
    lines,
    expectedTotal,
  };
  const response = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${await apiToken(request, DINER)}`, 'Idempotency-Key': randomUUID() },
    data: input,
  });
  expect(response.status(), 'order placed').toBe(201);
  return (await response.json()) as Order;
}

/** The taquería's categories, in their order (tests/e2e/helpers.ts `createVenue` copies it). */
const CATEGORIES = ['Tacos', 'Gringas y quesadillas', 'Tortas', 'Antojitos', 'Postres', 'Bebidas'];
const categoryNamed = (page: Page, name: string) => page.getByTestId('category-editor').nth(CATEGORIES.indexOf(name));

test.describe('kitchen settings in the menu editor', { tag: '@desktop' }, () => {
  test("stations, a category's station and course, a dish's station and course holding are saved and route the next order", async ({
    page,
    request,
  }) => {
    test.setTimeout(ceiling(120_000));
    const venueId = `fonda-estaciones-${test.info().project.name}`;
    await createVenue(request, venueId, 'Fonda de las Estaciones');
    await signInStored(page, ADMIN);
    await page.goto(`/panel/menu?venue=${venueId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gestionar menú · Fonda de las Estaciones' })).toBeVisible(
      { timeout: ceiling(15_000) },
    );

    const kitchen = page.getByRole('region', { name: 'Cocina y comandas' });
    for (const [i, name] of CATEGORIES.entries())
      await expect(page.getByTestId('category-editor').nth(i).getByLabel('Nombre de la categoría')).toHaveValue(name);
    const stations = kitchen.getByTestId('station-row');
    await expect(stations).toHaveCount(2);
    await expect(kitchen.getByLabel('Nombre de la estación 1')).toHaveValue('Cocina');
    await expect(kitchen.getByLabel('Nombre de la estación 2')).toHaveValue('Barra');
    await expect(kitchen.getByLabel('Retener los tiempos en las mesas')).toBeChecked();
    await expectNoAxeViolations(page, 'editor with its stations');

    // A new station: an empty name is refused where it was typed.
    await kitchen.getByRole('button', { name: 'Añadir estación' }).click();
    await expect(kitchen.getByText('Escribe el nombre de la estación')).toBeVisible();
    await expect(kitchen.getByLabel('Nueva estación')).toHaveAttribute('aria-invalid', 'true');
    await kitchen.getByLabel('Nueva estación').fill('Plancha');
    await kitchen.getByRole('button', { name: 'Añadir estación' }).click();
    await expect(stations).toHaveCount(3);
    await expect(kitchen.getByLabel('Nombre de la estación 3')).toHaveValue('Plancha');
    await expect(kitchen.getByText('Pantalla de cocina: …&estacion=plancha')).toBeVisible();
    // A rename keeps the station's id (its kitchen display's address).
    await kitchen.getByLabel('Nombre de la estación 1').fill('Cocina caliente');

    // Tacos go to the new station; «Tortas» has no course; a dish of «Antojitos» goes to the plancha on its own.
    const tacos = categoryNamed(page, 'Tacos');
    await expect(tacos.getByLabel('Estación de la categoría').locator('option')).toHaveText([
      'La primera (Cocina caliente)',
      'Cocina caliente',
      'Barra',
      'Plancha',
    ]);
    await tacos.getByLabel('Estación de la categoría').selectOption({ label: 'Plancha' });
    await expect(tacos.getByLabel('Tiempo')).toHaveValue('principales');
    await categoryNamed(page, 'Tortas').getByLabel('Tiempo').selectOption({ label: 'Sin tiempo (sale al momento)' });
    const guacamole = categoryNamed(page, 'Antojitos')
      .getByTestId('product-editor')
      .filter({ hasText: 'Guacamole con totopos' });
    await guacamole.locator('summary').click();
    await expect(guacamole.getByLabel('Estación', { exact: true })).toHaveValue('');
    await expect(guacamole.getByLabel('Estación', { exact: true }).locator('option').first()).toHaveText(
      'La de su categoría (Cocina caliente)',
    );
    await guacamole.getByLabel('Estación', { exact: true }).selectOption({ label: 'Plancha' });

    // The bar goes: its drinks fall back to the first station, as the editor says.
    await kitchen.getByRole('button', { name: 'Quitar la estación Barra' }).click();
    await expect(stations).toHaveCount(2);
    const status = page.getByTestId('publish-bar').getByRole('status');
    await expect(status).toContainText('Estación «Barra» quitada: 1 categoría pasa a «Cocina caliente».');
    await expect(categoryNamed(page, 'Bebidas').getByLabel('Estación de la categoría')).toHaveValue('');
    // «Deshacer» brings it back with its category; removing it again is what is published.
    await status.getByRole('button', { name: 'Deshacer' }).click();
    await expect(stations).toHaveCount(3);
    await expect(categoryNamed(page, 'Bebidas').getByLabel('Estación de la categoría')).toHaveValue('barra');
    await kitchen.getByRole('button', { name: 'Quitar la estación Barra' }).click();
    await expect(stations).toHaveCount(2);
    await kitchen.getByLabel('Retener los tiempos en las mesas').uncheck();
    // axe from the top of the page, as when the editor loaded (a field half under the sticky
    // header while scrolled is reported as a small target, wherever the scroll happens to stop).
    await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
    await scrollSettled(page);
    await expectNoAxeViolations(page, 'editor after station changes');
    await kitchen.scrollIntoViewIfNeeded();
    await screenshot(page, 'manage-kitchen');

    await page.getByRole('button', { name: 'Publicar cambios' }).click();
    await expect(page.getByText('Menú publicado. Los clientes ya lo ven.')).toBeVisible();
    const saved = await venueOf(request, venueId);
    expect(saved.stations).toEqual([
      { id: 'cocina', name: 'Cocina caliente' },
      { id: 'plancha', name: 'Plancha' },
    ]);
    expect(saved.holdCourses).toBe(false);
    const category = (name: string) => saved.categories.find((c) => c.name === name)!;
    expect(category('Tacos').station).toBe('plancha');
    expect(category('Tacos').course).toBe('principales');
    expect(category('Tortas').course).toBeUndefined();
    expect(category('Bebidas').station).toBeUndefined();
    expect(category('Antojitos').products.find((p) => p.name === 'Guacamole con totopos')!.station).toBe('plancha');

    // What the cooks notice: the plancha's display gets the tacos and the guacamole, the kitchen the drink.
    const order = await placeOrder(request, venueId, ['tacos-al-pastor', 'guacamole-con-totopos', 'agua-de-jamaica']);
    await page.goto(`/panel/cocina?venue=${venueId}&estacion=plancha`);
    await expect(page.getByTestId('kitchen-display')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('kitchen-stations').getByRole('link')).toHaveText(['Cocina caliente', 'Plancha']);
    const ticket = page.locator(`[data-testid="kitchen-ticket"][data-order="${order.number}"]`);
    await expect(ticket.getByTestId('kitchen-ticket-line')).toHaveCount(2);
    await expect(ticket).toContainText('Tacos al pastor');
    await expect(ticket).toContainText('Guacamole con totopos');
    await expect(ticket).not.toContainText('jamaica');
    await page.getByTestId('kitchen-stations').getByRole('link', { name: 'Cocina caliente' }).click();
    await expect(page.getByTestId('kitchen-display')).toHaveAttribute('data-state', 'ready');
    await expect(ticket.getByTestId('kitchen-ticket-line')).toHaveCount(1);
    await expect(ticket).toContainText('Agua de jamaica');
  });
});
