/**
 * A venue created after the build is on the home page at the first visit (no scroll or tap
 * needed), with its initials in the logo tile like the demo venues, and the search finds it
 * by any word of its name, cuisine or city ("pizza" finds "Pizzería Nueva").
 */
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

test('a new venue shows on the home page at once, with its initials, and the search finds it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(ceiling(60_000));
  const suffix = testInfo.project.name === 'phone' ? 'Centro' : 'Norte';
  const id = `pizzeria-nueva-${suffix.toLowerCase()}`;
  const name = `Pizzería Nueva ${suffix}`;
  const login = await request.post('/api/auth/login', { data: { email: 'admin@umenu.test', password: 'demo1234' } });
  const { token } = (await login.json()) as { token: string };
  const base = (await (await request.get('/api/venues/bar-el-cabanyal')).json()) as Record<string, unknown>;
  const { logo: _logo, cover: _cover, ...rest } = base;
  const created = await request.put(`/api/venues/${id}`, {
    data: { ...rest, id, name, cuisine: 'Italiana', city: 'Monterrey', tagline: 'Horno de leña' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/');
  // No interaction: the list is brought up to date by itself.
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toBeVisible({ timeout: ceiling(15_000) });
  await expect(card.getByTestId('venue-initials')).toHaveText('PN');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'home-new-venue');
  await page.evaluate(() => scrollTo(0, 0));
  await expectNoAxeViolations(page, 'home with a new venue');

  for (const q of ['pizza', 'monterrey', 'italiana', 'nueva']) {
    const box = page.getByRole('searchbox', { name: /Buscar restaurantes/ });
    await box.fill(q);
    await expect(page.getByRole('heading', { name: `Resultados para «${q}»` })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(name) }), q).toBeVisible();
  }
});
