/** Shared steps of the cart and order browser tests (real site + real API from `npm start`). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ceiling } from '../ceiling.ts';

export const VENUE = 'taqueria-el-guero';
export const DINER = { email: 'ana@umenu.test', password: 'demo1234' };
export const STAFF = { email: 'cocina@umenu.test', password: 'demo1234' };

export interface Tokens {
  token: string;
  refresh_token: string;
  expires_in: number;
  refresh_expires_in?: number;
}

export async function apiLogin(request: APIRequestContext, who = DINER): Promise<Tokens> {
  const response = await request.post('/api/auth/login', { data: who });
  expect(response.status(), 'demo login').toBe(200);
  return (await response.json()) as Tokens;
}

/** Puts a session where the auth module reads it (`auth.` keys in localStorage), before any page script runs. */
export async function signInByStorage(page: Page, tokens: Tokens): Promise<void> {
  const now = Date.now();
  const values: Record<string, string> = {
    'auth.strategy': 'local',
    'auth._token.local': `Bearer ${tokens.token}`,
    'auth._token_expiration.local': String(now + tokens.expires_in * 1000),
    'auth._refresh_token.local': tokens.refresh_token,
    'auth._refresh_token_expiration.local': String(now + (tokens.refresh_expires_in ?? 30 * 24 * 3600) * 1000),
  };
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

export async function myOrderCount(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/orders', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { orders: unknown[] }).orders.length;
}

/** Adds a product from the menu through its card's `Añadir …` button and the product dialog (to the table cart during a table session). */
export async function addProduct(page: Page, name: string, options: string[] = []): Promise<void> {
  await islandsReady(page);
  await page
    .getByRole('button', { name: `Añadir ${name}`, exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  for (const option of options) await dialog.getByLabel(option, { exact: false }).first().check();
  await dialog.getByRole('button', { name: /^Añadir al carrito/ }).click();
  await expect(dialog).toBeHidden();
  await dismissToasts(page);
}

/** Closes the menu's "Añadido al carrito" confirmations, as a diner moving on would (they also cover the header). */
export async function dismissToasts(page: Page): Promise<void> {
  // Phones show toasts at the bottom, often right where the last tap rested: a pointer resting
  // on a toast pauses it (as a hover), so move it away first, as a finger lifted off does.
  await page.mouse.move(0, 0);
  const close = page.getByRole('button', { name: 'Cerrar notificación' });
  for (let i = 0; i < 3 && (await close.count()) > 0; i++) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(close).toHaveCount(0, { timeout: ceiling(5_000) });
}

export function cartButton(page: Page) {
  return page.getByRole('button', { name: /^Carrito/ });
}

export function drawer(page: Page) {
  return page.getByTestId('cart-drawer');
}

/**
 * Waits until every island on the page has hydrated (Astro drops `ssr` from `astro-island` then).
 * Venue and home pages hydrate on the diner's first interaction (`client:touch`): a key press
 * (Shift, which changes nothing on the page) is that interaction here.
 */
export async function islandsReady(page: Page): Promise<void> {
  if ((await page.locator('astro-island[ssr]').count()) > 0) await page.keyboard.press('Shift');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

export async function openCart(page: Page): Promise<void> {
  await islandsReady(page);
  await cartButton(page).click();
  await expect(drawer(page)).toBeVisible();
}

/** Fills a valid pickup checkout (the drawer must be at the checkout step). */
export async function fillCheckout(page: Page, values: { name?: string; phone?: string } = {}): Promise<void> {
  const form = page.getByTestId('checkout-form');
  await form.getByLabel('Para recoger').check();
  await form.getByLabel('Nombre').fill(values.name ?? 'Ana García');
  await form.getByLabel('Teléfono').fill(values.phone ?? '+52 55 1234 5678');
  await form.getByLabel('Efectivo').check();
}

/** Adds a dish from an English menu page (`/en/…`): its "Add" button, then the dialog's "Add to cart". */
export async function addInEnglish(page: Page, name: string): Promise<void> {
  await islandsReady(page);
  await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^Add to cart · / }).click();
  await expect(dialog).toBeHidden();
  await page.mouse.move(0, 0);
}
