import { expect, test } from './fixtures.ts';

// The menu's scripts are held back below; a service worker would fetch them past page.route.
test.use({ serviceWorkers: 'block' });

test('a tap on "Añadir" before the menu\'s script has loaded opens that dish once it has', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/taqueria-el-guero', { waitUntil: 'commit' });
  const opener = page.getByRole('button', { name: 'Añadir Agua de jamaica' });
  await opener.click();
  await expect(page.getByRole('dialog')).toHaveCount(0); // nothing handles it yet: the island is not loaded

  release();
  const dialog = page.getByRole('dialog', { name: /Agua de jamaica/ });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
