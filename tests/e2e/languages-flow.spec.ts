/**
 * The rest of the diner's screens in their language (docs/architecture.md#languages): an English
 * diner checks out and follows the order page and its toasts in English, joins a table in
 * English while a Spanish phone at the same table reads Spanish, the cart's lines follow a switch
 * of language, and the offline, 404 and sign-in pages come in the address's language.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LOGGED_404, expectNoAxeViolations, takeServiceWorkerControl } from './helpers.ts';
import { STAFF, VENUE, addInEnglish, apiLogin, drawer, islandsReady, signInByStorage } from './order-helpers.ts';
import { signInStored } from './auth-helpers.ts';
import { bar, closeTable, newPhone, setOrderStatus, tableDrawer, tableFor, tableLink } from './table-helpers.ts';
import { ceiling } from '../ceiling.ts';

const EN = `/en/${VENUE}`;
const SHOTS = 'test-results/screens';

/** A screenshot for a person to look at (390×844, the phone project's viewport). */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Closes the toasts on screen, whatever their language's close button says. */
async function dismissToasts(page: Page, close: string): Promise<void> {
  await page.mouse.move(0, 0);
  const buttons = page.getByRole('button', { name: close });
  for (let i = 0; i < 4 && (await buttons.count()) > 0; i++)
    await buttons
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
}

test.describe("the diner's screens in their language", () => {
  test('an English diner checks out in English and follows the order page and its toasts in English', async ({
    page,
    request,
  }) => {
    test.setTimeout(ceiling(90_000));
    await page.goto('/offline');
    await signInByStorage(page, await apiLogin(page.request));
    // One added on the Spanish page, one on the English page: the cart's line follows the language.
    await page.goto(`/${VENUE}`);
    await islandsReady(page);
    await page.getByRole('button', { name: 'Añadir Volcán de chorizo', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Volcán de chorizo' })
      .getByRole('button', { name: /^Añadir al carrito/ })
      .click();
    await expect(page.getByRole('button', { name: /^Carrito, 1 producto$/ })).toBeVisible();
    await page.goto(EN);
    await addInEnglish(page, 'Chorizo volcán');
    await islandsReady(page);
    await page.getByRole('button', { name: /^Cart, \d items?$/ }).click();
    await expect(drawer(page).getByTestId('cart-line')).toHaveCount(1);
    await expect(drawer(page).getByTestId('cart-line')).toContainText('Chorizo volcán');
    await expect(drawer(page).getByTestId('cart-line')).not.toContainText('Volcán de chorizo');
    await drawer(page).getByRole('button', { name: 'Place order' }).click();

    const form = page.getByTestId('checkout-form');
    await expect(drawer(page).getByRole('heading', { name: /^Confirm your order/ })).toBeVisible();
    await expect(form.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expect(form.getByText('Your order: 2 items ·')).toBeVisible();
    // An English refusal before anything is sent.
    await form.getByRole('button', { name: 'Confirm order' }).click();
    await expect(form.getByText('Enter your phone number.')).toBeVisible();
    await form.getByLabel('Pickup').check();
    await form.getByLabel('Name').fill('Olivia Brown');
    await form.getByLabel('Phone', { exact: true }).fill('+52 55 1234 5678');
    await form.getByLabel('Cash').check();
    await form.getByLabel('10%').check();
    await expect(form.getByTestId('checkout-totals')).toContainText('Tip');
    await expect(form.getByText('Enter your phone number.')).toBeHidden();
    await expectNoAxeViolations(page, 'English checkout');
    await shot(page, 'en-checkout');
    await form.getByRole('button', { name: 'Confirm order' }).click();

    // The order page in English, at its English address.
    await expect(page).toHaveURL(/\/en\/pedidos\/ver\?id=/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order \S+$/);
    await expect(page.getByTestId('order-status')).toHaveText('Status: Received');
    await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible();
    await expect(page.getByText('Pickup · Cash')).toBeVisible();
    await expect(page.getByTestId('order-timeline')).toContainText('Being prepared');
    await expect(page.getByTestId('order-timeline')).toContainText('Picked up');
    await expect(page).toHaveTitle(/^Order \S+ - umenu-ui$/);
    // The dish by its English name (the order keeps the kitchen's Spanish), dates in English.
    await expect(page.getByText('2 × Chorizo volcán')).toBeVisible();
    await expect(page.getByText(/Taquería El Güero · Nov \d+, 20\d\d/)).toBeVisible();
    await expect(page.getByText(/hora de/)).toHaveCount(0);
    const orderId = new URL(page.url()).searchParams.get('id')!;
    await dismissToasts(page, 'Close notification');
    await expectNoAxeViolations(page, 'English order page');

    // The kitchen moves it on: the toast and the status say so in English.
    await setOrderStatus(request, orderId, 'preparing');
    await expect(page.getByTestId('status-toast')).toContainText('Your order is being prepared');
    await expect(page.getByTestId('order-status')).toHaveText('Status: Being prepared');
    await shot(page, 'en-order-status');
    await expectNoAxeViolations(page, 'English order page with its toast');

    // My orders, in English.
    await page.getByRole('link', { name: 'All my orders' }).click();
    await expect(page).toHaveURL(/\/en\/pedidos$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(page.getByTestId('orders-open').getByTestId('order-card-status').first()).toHaveText('Being prepared');
    await expect(page.getByRole('heading', { name: 'In progress' })).toBeVisible();
    await expectNoAxeViolations(page, 'English orders list');
  });

  test('an English phone and a Spanish phone at one table: each reads its own language, the lines too', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(ceiling(90_000));
    const label = tableFor(testInfo, 5);
    await closeTable(request, label, false);
    const link = await tableLink(request, label);

    // The English diner opens the table's link in English.
    await page.goto(`/en${link}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await islandsReady(page);
    await expect(page.getByRole('heading', { name: `Table ${label}` })).toBeVisible();
    await expect(
      page.getByText('Order together with your table from your phone: everyone sees the same cart.'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'English join card');
    await page.getByLabel("What's your name?").fill('Emma');
    await page.getByRole('button', { name: 'Join the table' }).click();
    await expect(bar(page).getByTestId('table-people')).toContainText('Emma (you)');
    await expect(bar(page).getByRole('button', { name: 'Call the waiter' })).toBeVisible();

    // The Spanish phone at the same table.
    const spanish = await newPhone(browser, testInfo, baseURL);
    await spanish.page.goto(link);
    await islandsReady(spanish.page);
    await spanish.page.getByLabel('¿Cómo te llamas?').fill('Mateo');
    await spanish.page.getByRole('button', { name: 'Unirme a la mesa' }).click();
    await expect(bar(spanish.page).getByRole('heading', { name: `Mesa ${label}` })).toBeVisible();
    await expect(bar(spanish.page).getByTestId('table-people')).toContainText('Mateo (tú)');

    // Emma adds a dish in English; each phone names it in its own language.
    await addInEnglish(page, 'Chorizo volcán');
    await dismissToasts(page, 'Close notification');
    await expect(bar(page).getByTestId('table-people')).toContainText('Mateo');
    await expect(bar(page).getByRole('button', { name: 'View table cart (1)' })).toBeVisible();
    await page.evaluate(() => scrollTo(0, 0));
    await expectNoAxeViolations(page, 'English table bar');
    await shot(page, 'en-table-bar');
    await bar(page).getByRole('button', { name: 'View table cart (1)' }).click();
    await expect(tableDrawer(page).getByRole('heading', { name: /^Table cart/ })).toBeVisible();
    await expect(tableDrawer(page).getByTestId('table-line')).toContainText('Chorizo volcán');
    await expect(tableDrawer(page).getByTestId('line-by')).toHaveText('Added by Emma (you)');
    await expectNoAxeViolations(page, 'English table cart');
    await shot(page, 'en-table-cart');

    await bar(spanish.page).getByRole('button', { name: 'Ver carrito de la mesa (1)' }).click();
    await expect(tableDrawer(spanish.page).getByRole('heading', { name: /^Carrito de la mesa/ })).toBeVisible();
    await expect(tableDrawer(spanish.page).getByTestId('table-line')).toContainText('Volcán de chorizo');
    await expect(tableDrawer(spanish.page).getByTestId('line-by')).toHaveText('Añadido por Emma');

    // Sent from the English phone: the toast in English, the round in both bars.
    await tableDrawer(page).getByRole('button', { name: 'Send to kitchen' }).click();
    await expect(page.getByText(/^Round sent to the kitchen \(order \S+\)$/)).toBeVisible();
    await expect(bar(page).getByRole('heading', { name: 'Rounds sent' })).toBeVisible();
    await expect(bar(page).getByTestId('round-status')).toHaveText('Received');
    await expect(bar(spanish.page).getByTestId('round-status')).toHaveText('Recibido');
    await spanish.context.close();

    // The board reads the round in Spanish, tagged with the language of the phone that sent it.
    const staff = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const board = await staff.newPage();
    await signInStored(board, STAFF);
    await board.goto(`/panel?venue=${VENUE}`);
    await expect(board.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
    const round = board
      .getByTestId('board-order')
      .filter({ hasText: `Mesa ${label}` })
      .filter({ hasText: 'Volcán de chorizo' });
    await expect(round).toHaveCount(1);
    await expect(round).not.toContainText('Chorizo volcán');
    await expect(round.getByTestId('board-order-language')).toHaveText(/EN/i);
    await expect(round.getByTestId('board-order-language')).toHaveAccessibleName(/Cliente en inglés/);
    await staff.close();
    await closeTable(request, label);
  });

  test('English offline page; English and German 404s; French sign-in', async ({ page, allowConsoleError }) => {
    // Why: the 404 documents answer 404, which Chromium logs as a failed resource.
    allowConsoleError(LOGGED_404);
    await page.goto('/en/offline');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en/');
    await expectNoAxeViolations(page, 'English offline page');

    for (const path of ['/en/no-such-page/at-all', '/en/no-existe-este-local']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
      await expect(page.getByText("The page you're looking for doesn't exist or has moved.")).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/en/');
    }
    await expectNoAxeViolations(page, 'English 404');

    expect((await page.goto('/de/gibt-es-nicht/hier'))?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite wurde nicht gefunden' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/de/');
    await expectNoAxeViolations(page, 'German 404');

    await page.goto('/fr/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuer avec Google' })).toBeVisible();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Saisissez votre adresse e-mail.')).toBeVisible();
    await expectNoAxeViolations(page, 'French sign-in with an error');
  });

  test.describe('with the service worker in control', () => {
    test.use({ serviceWorkers: 'allow' });

    test("offline, a page never visited answers in the address's language", async ({
      page,
      context,
      allowConsoleError,
    }) => {
      // Why: offline on purpose; the pages' requests fail.
      allowConsoleError(/^Failed to load resource: net::ERR_/);
      await takeServiceWorkerControl(page);
      await context.setOffline(true);
      await page.goto('/en/pedidos');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
      await expectNoAxeViolations(page, 'English offline page from the service worker');
      await page.goto('/pagina-nunca-visitada/detalle');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
      await context.setOffline(false);
    });
  });
});
