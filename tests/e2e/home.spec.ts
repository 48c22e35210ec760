import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';

test.describe('home and inspire', () => {
  test('home lists venues and searches them by name, city or cuisine (accent-insensitive)', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Encuentra tu restaurante' })).toBeVisible();
    const results = page.getByRole('region', { name: /Restaurantes destacados|Resultados/ });
    await expect(page.getByRole('link', { name: /Taquería El Güero/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Café La Macarena/ })).toBeVisible();
    await expectNoAxeViolations(page, 'home');
    await screenshot(page, 'home');

    await page.getByRole('searchbox', { name: /Buscar restaurantes/ }).fill('bogota');
    await expect(page.getByRole('heading', { name: 'Resultados para «bogota»' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 restaurante' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Café La Macarena/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Taquería El Güero/ })).toHaveCount(0);
    await expect(page).toHaveURL(/\?q=bogota$/);
    await expect(results).toBeVisible();

    await page.getByRole('searchbox', { name: /Buscar restaurantes/ }).fill('sushi de marte');
    await expect(page.getByText('No encontramos restaurantes con esa búsqueda.')).toBeVisible();
    await expectNoAxeViolations(page, 'home no results');

    // `/?q=` searches on load.
    await page.goto('/?q=tapas');
    await expect(page.getByRole('searchbox', { name: /Buscar restaurantes/ })).toHaveValue('tapas');
    await expect(page.getByRole('link', { name: /Bar El Cabanyal/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Taquería El Güero/ })).toHaveCount(0);
  });

  test('venues opened on this device show under "Visitados recientemente"', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Visitados recientemente' })).toHaveCount(0);
    await page.goto('/cafe-la-macarena');
    await expect(page.getByRole('heading', { level: 1, name: 'Café La Macarena' })).toBeVisible();
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('vuex') ?? '{}').recentVenues ?? []).length > 0);
    await page.goto('/');
    const recent = page.getByRole('region', { name: 'Visitados recientemente' });
    await expect(recent.getByRole('link', { name: /Café La Macarena/ })).toHaveAttribute('href', '/cafe-la-macarena');
    await expectNoAxeViolations(page, 'home with recent venues');
  });

  test('inspire shows featured dishes that link into their venue', async ({ page }) => {
    await page.goto('/inspire');
    await expect(page.getByRole('heading', { level: 1, name: 'Inspírate' })).toBeVisible();
    const popular = page.getByRole('region', { name: 'Los más pedidos' });
    await expect(popular).toBeVisible();
    await expect(page.getByRole('region', { name: 'Veganos' })).toBeVisible();
    const dish = popular.getByRole('link', { name: /Tacos al pastor en Taquería El Güero/ });
    await expect(dish).toHaveAttribute('href', '/taqueria-el-guero#product-tacos-al-pastor');
    await expectNoAxeViolations(page, 'inspire');
    await screenshot(page, 'inspire');
    await dish.click();
    await expect(page).toHaveURL(/\/taqueria-el-guero#product-tacos-al-pastor$/);
    await expect(page.locator('#product-tacos-al-pastor')).toBeInViewport();
  });
});
