/**
 * Uploaded dish images in the diner's menu (docs/rules.md#venue-self-service): the card offers every stored width
 * (`srcset`, 400/800/1200) with the slot's `sizes`, so a phone loads a narrow one, never the
 * 1200 px original; the first images load eagerly (the first with high priority), the rest lazily.
 */
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { createVenue } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const VENUE = 'fotos-e2e';

test('an uploaded image has a srcset with its three widths and the page loads a narrow one', async ({
  page,
  request,
}) => {
  test.setTimeout(ceiling(90_000));
  await createVenue(request, VENUE, 'Fonda de las Fotos');
  const login = await request.post('/api/auth/login', { data: { email: 'admin@umenu.test', password: 'demo1234' } });
  const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  const upload = await request.post(`/api/venues/${VENUE}/media`, {
    headers: auth,
    multipart: { file: { name: 'plato.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status()).toBe(201);
  const image = (await upload.json()) as { src: string; width: number; height: number; placeholder: string };
  expect(image.width).toBe(1200);
  const venue = (await (await request.get(`/api/venues/${VENUE}`)).json()) as {
    categories: Array<{ products: Array<{ id: string; name: string; image?: unknown }> }>;
  };
  const dish = venue.categories[0]!.products[0]!;
  dish.image = { ...image, alt: dish.name };
  expect((await request.put(`/api/venues/${VENUE}`, { data: venue, headers: auth })).ok()).toBe(true);

  const loaded: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/media/u/${VENUE}/`)) loaded.push(r.url());
  });
  await page.goto(`/${VENUE}`);
  const img = page.locator(`#product-${dish.id} img`);
  await expect(img).toHaveAttribute('srcset', /-400\.webp 400w, .*-800\.webp 800w, .*-1200\.webp 1200w$/);
  await expect(img).toHaveAttribute('sizes', '(min-width: 600px) 128px, 112px');
  // The first image of the menu: eager and first in line.
  await expect(img).toHaveAttribute('loading', 'eager');
  await expect(img).toHaveAttribute('fetchpriority', 'high');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const current = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(current).toMatch(/-(400|800)\.webp$/);
  expect(loaded.length).toBeGreaterThan(0);
  expect(
    loaded.filter((url) => url.endsWith('-1200.webp')),
    'the 1200 px image is not loaded',
  ).toEqual([]);
  // Further down the menu, images wait until they are scrolled to.
  await expect(page.locator('[data-product-id] img').last()).toHaveAttribute('loading', 'lazy');
});
