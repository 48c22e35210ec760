/**
 * Menus in the diner's language (docs/architecture.md#languages): the English taquería, the
 * switcher that keeps the cart, the table link and the place, the first-visit suggestion, and an
 * English diner's order reaching the Spanish board with its "EN" tag.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { VENUE, addInEnglish, apiLogin, drawer, islandsReady, signInByStorage, STAFF } from './order-helpers.ts';
import { signInStored } from './auth-helpers.ts';
import { ceiling } from '../ceiling.ts';

const EN = `/en/${VENUE}`;

const cart = (page: Page, name: RegExp) => page.getByRole('button', { name });

test.describe("menus in the diner's language", () => {
  test('/en/{venue}: English words and dish names, lang, canonical and hreflang; filters by allergen in English', async ({
    page,
  }) => {
    await page.goto(EN);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/en/${VENUE}$`));
    for (const lang of ['es', 'en', 'fr', 'de', 'it', 'pt', 'ca']) {
      await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute(
        'href',
        new RegExp(lang === 'es' ? `/${VENUE}$` : `/${lang}/${VENUE}$`),
      );
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Taquería El Güero');
    await expect(page.getByText('Spit-roasted al pastor tacos since 1987, open around the clock')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Al pastor tacos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Drinks' })).toBeAttached();
    await expect(page.locator('#product-tacos-de-tripa').getByText('Sold out')).toBeVisible();
    await expect(cart(page, /^Cart, empty$/)).toBeVisible();
    // Money in English, in the venue's currency.
    await expect(page.locator('#product-tacos-al-pastor [data-price]')).toHaveText(/^MX\$69\.00$|^\$69\.00$/);
    await expectNoAxeViolations(page, 'English menu');
    await screenshot(page, 'languages-en-menu');

    await islandsReady(page);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByText('No fish', { exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /dishes$/ })).toBeVisible();
    await expect(page.locator('#product-tacos-de-pescado-estilo-ensenada')).toBeHidden();
    await expect(page.locator('#product-tacos-al-pastor')).toBeVisible();
    // Search finds a dish by its English name and by its Spanish one.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('cactus');
    await expect(page.getByRole('status').filter({ hasText: '1 dish' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('nopales');
    await expect(page.getByRole('status').filter({ hasText: '1 dish' })).toBeVisible();
    await expect(page.locator('#product-tacos-de-nopales')).toBeVisible();
    await expectNoAxeViolations(page, 'English menu filtered');
  });

  test('an untranslated dish keeps the venue\'s name, marked lang="es"', async ({ page }) => {
    await page.goto('/en/bar-el-cabanyal');
    await expect(page.getByRole('heading', { name: 'Garlic prawns' })).not.toHaveAttribute('lang');
    await expect(page.getByRole('heading', { name: 'Pimientos de Padrón' })).toHaveAttribute('lang', 'es');
    await expectNoAxeViolations(page, 'English menu with Spanish fallbacks');
  });

  test('the switcher keeps the cart, the table link and the place on the page, and is remembered', async ({ page }) => {
    await page.goto(`${EN}?mesa=3`);
    await addInEnglish(page, 'Chorizo volcán');
    await expect(cart(page, /^Cart, 1 item$/)).toBeVisible();
    await drawerCheck(page);
    // Down to the drinks, then Català from the header.
    await page.locator('#cat-bebidas').evaluate((section) => section.scrollIntoView());
    await expect(page.locator('[data-nav-category="bebidas"] a')).toHaveAttribute('aria-current', 'true');
    await page.getByText('en', { exact: true }).click();
    await expectNoAxeViolations(page, 'language switcher open');
    await screenshot(page, 'languages-switcher');
    await page.getByRole('link', { name: 'Català' }).click();
    await expect(page).toHaveURL(new RegExp(`/ca/${VENUE}\\?mesa=3#cat-bebidas$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(cart(page, /^Cistella, 1 producte$/)).toBeVisible();
    // The taquería has no Catalan but has English: its words fall back to English before its
    // Spanish, marked as such.
    await expect(page.getByRole('heading', { name: 'Drinks' })).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Drinks' })).toHaveAttribute('lang', 'en');
    const remembered = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('vuex') ?? '{}') as { language?: string }).language,
    );
    expect(remembered).toBe('ca');
    await expectNoAxeViolations(page, 'Catalan menu');
  });

  test('a first visit in English to a Spanish menu suggests English, dismissably, never redirecting', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/${VENUE}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const suggestion = page.locator('#umenu-lang-suggest');
    await expect(suggestion.getByRole('link', { name: 'Read this menu in English?' })).toBeVisible();
    await expect(suggestion).toHaveAttribute('lang', 'en');
    await expect(page).toHaveURL(new RegExp(`/${VENUE}$`));
    await expectNoAxeViolations(page, 'language suggestion');
    await screenshot(page, 'languages-suggestion');
    await suggestion.getByRole('button', { name: 'No, thanks' }).click();
    await expect(suggestion).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForFunction(() => document.documentElement.dataset.shell === 'ready');
    await expect(suggestion).toBeHidden();
    await context.close();
  });

  test('an English diner orders; the board shows the dishes in Spanish with an "EN" tag', async ({ page, browser }) => {
    test.setTimeout(ceiling(90_000));
    await page.goto('/offline');
    await signInByStorage(page, await apiLogin(page.request));
    await page.goto(EN);
    // Two, to reach the taquería's minimum order.
    await addInEnglish(page, 'Chorizo volcán');
    await addInEnglish(page, 'Chorizo volcán');
    await islandsReady(page);
    await cart(page, /^Cart, \d items?$/).click();
    await expect(drawer(page).getByRole('heading', { name: /^Your cart/ })).toBeVisible();
    await expect(drawer(page).getByTestId('cart-line')).toContainText('Chorizo volcán');
    await expectNoAxeViolations(page, 'English cart');
    await screenshot(page, 'languages-en-cart');
    await drawer(page).getByRole('button', { name: 'Place order' }).click();
    // The checkout in English too (its words: tests/e2e/languages-flow.spec.ts).
    const form = page.getByTestId('checkout-form');
    await form.getByLabel('Pickup').check();
    await form.getByLabel('Name').fill('Emma Jones');
    await form.getByLabel('Phone', { exact: true }).fill('+52 55 1234 5678');
    await form.getByLabel('Cash').check();
    await form.getByLabel('Note for the restaurant (optional)').fill('No onions please');
    await form.getByRole('button', { name: 'Confirm order' }).click();
    await expect(page).toHaveURL(/\/en\/pedidos\/ver\?id=/);

    const staff = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const board = await staff.newPage();
    await signInStored(board, STAFF);
    await board.goto(`/panel?venue=${VENUE}`);
    await expect(board.getByTestId('order-board')).toHaveAttribute('data-state', 'ready');
    const order = board.getByTestId('board-order').filter({ hasText: 'Emma Jones' });
    await expect(order).toContainText('Volcán de chorizo');
    await expect(order).not.toContainText('Chorizo volcán');
    await expect(order.getByTestId('board-order-language')).toHaveText(/EN/i);
    await expect(order.getByTestId('board-order-language')).toHaveAccessibleName(/Cliente en inglés/);
    await expect(order.getByTestId('board-order-note').locator('bdi')).toHaveAttribute('lang', 'en');
    await order.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(board, 'board with an English order');
    await screenshot(board, 'languages-board-en');
    await staff.close();
  });
});

/** The English cart drawer, opened and closed. */
async function drawerCheck(page: Page): Promise<void> {
  await cart(page, /^Cart, 1 item$/).click();
  await expect(drawer(page).getByRole('heading', { name: /^Your cart/ })).toBeVisible();
  await expect(drawer(page).getByText('Subtotal')).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Close cart' }).click();
  await expect(drawer(page)).toBeHidden();
}
