/**
 * Offline, «Mis pedidos» shows the orders the phone last saw, marked as saved (docs/rules.md#returning-on-a-bad-network),
 * instead of only an error; back online, «Reintentar» reads them afresh. The page itself comes from the service worker.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot, takeServiceWorkerControl } from './helpers.ts';
import { apiLogin, signInByStorage } from './order-helpers.ts';
import type { Order } from '../../src/contract/order.ts';
import { ceiling } from '../ceiling.ts';

const MANAGER = { email: 'gerente@umenu.test', password: 'demo1234' };

test(
  '@desktop offline, «Mis pedidos» shows the orders last seen, marked as saved',
  { tag: '@sw' },
  async ({ page, context, request, allowConsoleError }) => {
    test.setTimeout(ceiling(90_000));
    // Why: offline on purpose; the list's request fails.
    allowConsoleError(/^Failed to load resource: net::ERR_/);
    const tokens = await apiLogin(request, MANAGER);
    const placed = await request.post('/api/orders', {
      headers: { Authorization: `Bearer ${tokens.token}`, 'Idempotency-Key': randomUUID() },
      data: {
        venueId: 'taqueria-el-guero',
        mode: 'pickup',
        customer: { name: 'Gerente', phone: '+52 55 1234 5678' },
        tip: { percent: 0 },
        payment: 'card',
        lines: [{ productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 }],
        expectedTotal: 13800,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as Order;

    await takeServiceWorkerControl(page);
    await signInByStorage(page, tokens);
    await page.goto('/pedidos');
    const card = page.getByTestId('order-card').filter({ hasText: order.number });
    await expect(card).toBeVisible();
    await expect(page.getByTestId('orders-saved')).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    const saved = page.getByTestId('orders-saved');
    await expect(saved.getByRole('heading', { name: 'Pedidos guardados en este teléfono' })).toBeVisible();
    await expect(saved).toContainText('Sin conexión. Así estaban tus pedidos el');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('order-card-saved')).toHaveText('Guardado');
    await expectNoAxeViolations(page, 'Mis pedidos offline, saved');
    await screenshot(page, 'orders-offline-saved');

    await context.setOffline(false);
    await saved.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByTestId('orders-saved')).toHaveCount(0);
    await expect(card.getByTestId('order-card-saved')).toHaveCount(0);
  },
);
