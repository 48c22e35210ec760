/**
 * Pickup times at the checkout (docs/rules.md#pickup-times) with the real site and API: a diner picks tomorrow's
 * «21:30» (always ahead of now, whatever the hour the test runs), another diner's open checkout sees that slot's
 * places go down, and staff pressing «+10 min» on the board moves «Listo hacia las …» on the diner's order page live.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, putVenueBack, screenshot, venueSnapshot } from './helpers.ts';
import { signInStored } from './auth-helpers.ts';
import { STAFF, VENUE, addProduct, drawer, fillCheckout, islandsReady, openCart } from './order-helpers.ts';
import { ceiling } from '../ceiling.ts';

let restore: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request }) => {
  const before = await venueSnapshot(request, VENUE);
  // Three places a slot, tomorrow may be chosen (the taquería is open round the clock).
  await putVenueBack(request, VENUE, {
    ...before,
    pickup: { slotMinutes: 15, ordersPerSlot: 3, leadMinutes: 15, daysAhead: 1 },
  });
  restore = () => putVenueBack(request, VENUE, before);
});
test.afterEach(async () => {
  await restore?.();
});

/** The menu with two dishes (above the minimum) in the cart, at the checkout, to pick up tomorrow. */
async function checkoutForTomorrow(page: Page): Promise<void> {
  await page.goto(`/${VENUE}`);
  await addProduct(page, 'Torta ahogada');
  await openCart(page);
  await drawer(page).getByRole('button', { name: 'Hacer pedido' }).click();
  const form = page.getByTestId('checkout-form');
  await form.getByLabel('Para recoger').check();
  await expect(form.getByRole('radio', { name: /^Lo antes posible \(hacia las \d\d:\d\d\)$/ })).toBeChecked();
  await form.getByLabel('Día').selectOption({ label: 'Mañana' });
}

async function newPhone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

test('a diner picks «21:30»; another checkout sees its places go down; «+10 min» shows live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(ceiling(120_000));
  // Another diner's phone, with the checkout open on the same slots.
  const other = await newPhone(browser, baseURL);
  await checkoutForTomorrow(other);
  const otherForm = other.getByTestId('checkout-form');
  await expect(otherForm.getByRole('radio', { name: '21:30 · quedan 3' })).toBeVisible();

  await page.goto('/offline');
  await signInStored(page);
  await checkoutForTomorrow(page);
  await fillCheckout(page);
  const form = page.getByTestId('checkout-form');
  const slot = form.getByRole('radio', { name: '21:30 · quedan 3' });
  await slot.check();
  await expect(slot).toBeChecked();
  await form.getByLabel('Día').scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'checkout with the slot picker');
  await screenshot(page, 'pickup-slot-picker');
  await form.getByRole('button', { name: 'Confirmar pedido' }).click();

  await expect(page.getByTestId('order-view')).toBeVisible({ timeout: ceiling(20_000) });
  await expect(page.getByTestId('order-ready-by')).toHaveText(/^Listo el .+ hacia las 21:30$/);
  await expectNoAxeViolations(page, 'order page with its ready time');

  // The other checkout reads its slots again by itself (every 15 s): one place fewer.
  await expect(otherForm.getByRole('radio', { name: '21:30 · quedan 2' })).toBeVisible({ timeout: ceiling(30_000) });
  await other.setViewportSize({ width: 1280, height: 800 });
  await otherForm.getByLabel('Día').scrollIntoViewIfNeeded();
  await screenshot(other, 'pickup-slot-picker');

  // Staff press «+10 min» on the board: the diner's order page says so without a reload.
  await other.goto('/offline');
  await signInStored(other, STAFF);
  await other.goto(`/panel?venue=${VENUE}`);
  await islandsReady(other);
  const number = await page.getByTestId('order-number').innerText();
  await other.getByRole('button', { name: `+10 min, pedido ${number}` }).click();
  await expect(page.getByTestId('order-ready-by')).toHaveText(/^Listo el .+ hacia las 21:40$/);
  await other.context().close();
});
