/** Shared steps of the table-session browser tests (docs/rules.md#table-sessions): table links, phones at one table, staff calls. */
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { VENUE, apiLogin, islandsReady, STAFF } from './order-helpers.ts';

export const MANAGER = { email: 'gerente@umenu.test', password: 'demo1234' };

/** Each project gets its own tables (`index` 1–5): both run against one server and one database. */
export function tableFor(testInfo: TestInfo, index: number): string {
  return String((testInfo.project.name === 'phone' ? 1 : 6) + index);
}

/** Closes the toasts on screen, as a diner moving on would (they may cover what comes next). */
export async function dismissToasts(page: Page): Promise<void> {
  // Phones show toasts at the bottom, often right where the last tap rested: a pointer resting
  // on a toast pauses it (as a hover), so move it away first, as a finger lifted off does.
  await page.mouse.move(0, 0);
  const close = page.getByRole('button', { name: 'Cerrar notificación' });
  for (let i = 0; i < 4 && (await close.count()) > 0; i++)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
}

async function bearer(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${(await apiLogin(request, who)).token}` };
}

/** The table's link as printed on its QR code, as a path on this site. */
export async function tableLink(
  request: APIRequestContext,
  label: string,
  venue = VENUE,
  who = MANAGER,
): Promise<string> {
  const res = await request.get(`/api/venues/${venue}/tables`, { headers: await bearer(request, who) });
  expect(res.status()).toBe(200);
  const { tables } = (await res.json()) as { tables: Array<{ label: string; url: string }> };
  const url = new URL(tables.find((t) => t.label === label)!.url);
  return `/${venue}${url.search}`;
}

/** Renews the table's code (as the manager); the old link stops working. */
export async function rotateToken(request: APIRequestContext, label: string): Promise<string> {
  const res = await request.post(`/api/venues/${VENUE}/tables/${encodeURIComponent(label)}/token`, {
    headers: await bearer(request, MANAGER),
  });
  expect(res.status()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return `/${VENUE}${new URL(url).search}`;
}

/** Staff end the table's session (a table left open by an earlier run is fine: 404). */
export async function closeTable(
  request: APIRequestContext,
  label: string,
  expectOpen = true,
  venue = VENUE,
): Promise<void> {
  // Staff confirm closing a table that still owes part of its bill (docs/rules.md#the-bill).
  const res = await request.post(`/api/venues/${venue}/tables/${encodeURIComponent(label)}/close`, {
    headers: await bearer(request, STAFF),
    data: { confirmUnpaid: true },
  });
  if (expectOpen) expect(res.status()).toBe(200);
  else expect([200, 404]).toContain(res.status());
}

export async function setOrderStatus(request: APIRequestContext, orderId: string, status: string): Promise<void> {
  const res = await request.post(`/api/orders/${orderId}/status`, {
    headers: await bearer(request, STAFF),
    data: { status },
  });
  expect(res.status()).toBe(200);
}

/** A phone of its own (separate storage), like the project's. */
export async function newPhone(
  browser: Browser,
  testInfo: TestInfo,
  baseURL?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    // The worker's server (tests/e2e/fixtures.ts), which contexts made here also default to.
    ...(baseURL ? { baseURL } : {}),
    viewport: use.viewport,
    locale: use.locale,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    userAgent: use.userAgent,
  });
  return { context, page: await context.newPage() };
}

export const bar = (page: Page) => page.getByTestId('table-bar');
export const tableDrawer = (page: Page) => page.getByTestId('table-drawer');
export const tableCartButton = (page: Page) => page.getByRole('button', { name: /^Carrito de la mesa/ });

/** Opens a table link and joins with `name` (when the phone is asked). */
export async function joinAs(page: Page, link: string, name: string, label: string): Promise<void> {
  await page.goto(link);
  await islandsReady(page);
  await page.getByLabel('¿Cómo te llamas?').fill(name);
  await page.getByRole('button', { name: 'Unirme a la mesa' }).click();
  await expect(bar(page).getByRole('heading', { name: `Mesa ${label}` })).toBeVisible();
  await expect(bar(page).getByTestId('table-people')).toContainText(`${name} (tú)`);
}

export async function openTableCart(page: Page): Promise<void> {
  await tableCartButton(page).click();
  await expect(tableDrawer(page)).toBeVisible();
}

export async function closeTableCart(page: Page): Promise<void> {
  await tableDrawer(page).getByRole('button', { name: 'Cerrar carrito' }).click();
  await expect(tableDrawer(page)).toBeHidden();
}

/** Opens the table cart, sends it to the kitchen as a round, sees it empty and closes it. */
export async function sendRound(page: Page): Promise<void> {
  await openTableCart(page);
  await tableDrawer(page).getByRole('button', { name: 'Enviar a cocina' }).click();
  await expect(tableDrawer(page).getByText('El carrito de la mesa está vacío')).toBeVisible();
  await closeTableCart(page);
}
