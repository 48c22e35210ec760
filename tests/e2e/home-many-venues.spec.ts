/**
 * The home page with more venues than its first screen: it shows the first 12 and how many there
 * are, «Ver más restaurantes» adds the next 12 (focus on the first new one) until all are shown,
 * and the search finds a venue beyond the first page, accent-insensitive ("marisqueria" finds
 * «Marisquería …»).
 *
 * Its own server (not the worker's: the tests of a worker share its database, and 30 more venues
 * would change what other specs see on `/`): the built site copied, a fresh database with
 * `UMENU_SEED_LARGE=30` (30 generated venues beside the 3 demo ones). The built home page lists
 * the build's venues; an edit of a venue regenerates it (server/features/venues/prerender.ts)
 * with this database's first page and total, as after any menu edit in production.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createServer } from '../../server/main.ts';
import { loadSite } from '../../server/platform/static.ts';
import { generateVenues } from '../../server/demo/generate-venues.ts';
import { e2eConfig } from '../../scripts/site-build.ts';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, screenshot } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const GENERATED = 30;
const TOTAL = GENERATED + 3;

async function startCrowdedServer(builtSite: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'umenu-e2e-many-'));
  const site = join(dir, 'site');
  cpSync(builtSite, site, { recursive: true });
  cpSync(`${builtSite}-render`, `${site}-render`, { recursive: true });
  const state = { building: false, files: loadSite(site, { precompress: false }) };
  const umenu = await createServer(
    e2eConfig({ dbPath: join(dir, 'umenu.sqlite'), resetDb: true, distDir: site, seedLarge: GENERATED }),
    { site: state },
  );
  const http = await new Promise<ReturnType<typeof serve>>((listening) => {
    const s = serve({ fetch: umenu.app.fetch, port: 0, hostname: '127.0.0.1' }, () => listening(s));
  });
  const { port } = http.address() as AddressInfo;
  umenu.deps.config.port = port;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((closed) => {
        http.close(() => closed());
        (http as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await umenu.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test.describe('home page with many venues', { tag: '@desktop' }, () => {
  test('lists the first 12, loads more page by page, and the search finds a venue beyond the first page', async ({
    page,
    umenu,
  }) => {
    test.setTimeout(ceiling(90_000));
    const crowd = await startCrowdedServer(umenu.site);
    try {
      // An edit of the first venue regenerates `/` with this database's first page and total.
      const login = await fetch(`${crowd.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@umenu.test', password: 'demo1234' }),
      });
      const { token } = (await login.json()) as { token: string };
      const ids = [
        ...generateVenues(GENERATED).map((v) => v.id),
        'bar-el-cabanyal',
        'cafe-la-macarena',
        'taqueria-el-guero',
      ].sort();
      const first = (await (await fetch(`${crowd.url}/api/venues/${ids[0]}`)).json()) as Record<string, unknown>;
      const { updatedAt: _updatedAt, ...rest } = first;
      const saved = await fetch(`${crowd.url}/api/venues/${ids[0]}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...rest, tagline: 'Recién renovado, con terraza' }),
      });
      expect(saved.status).toBe(200);
      await expect
        .poll(
          async () => (await (await fetch(`${crowd.url}/`)).text()).includes(`Mostrando 12 de ${TOTAL} restaurantes`),
          { timeout: ceiling(15_000) },
        )
        .toBe(true);

      // This spec's own server: an absolute address (every other spec uses the worker's, relative).
      await page.goto(`${crowd.url}/`);
      const list = page.getByRole('region', { name: 'Restaurantes destacados' });
      // The list's status line (the page has others: the connection's).
      const status = page.locator('#home-venues-title + [role="status"]');
      const cards = list.getByRole('listitem');
      await expect(cards).toHaveCount(12);
      await expect(status).toHaveText(`Mostrando 12 de ${TOTAL} restaurantes`);
      await expect(list.getByRole('link', { name: /Recién renovado, con terraza/ })).toBeVisible();
      const more = page.getByRole('button', { name: 'Ver más restaurantes' });
      await expect(more).toBeVisible();
      await expectNoAxeViolations(page, 'home with more venues than a page');
      await screenshot(page, 'home-many-venues');
      await more.scrollIntoViewIfNeeded();
      await screenshot(page, 'home-many-venues-button');

      await more.click();
      await expect(cards).toHaveCount(24);
      await expect(status).toHaveText(`Mostrando 24 de ${TOTAL} restaurantes`);
      // Reading goes on at the first venue added, in id order like the API's pages.
      await expect(cards.nth(12).getByRole('link')).toBeFocused();
      await expect(cards.nth(12).getByRole('link')).toHaveAttribute('href', `/${ids[12]}`);
      await expectNoAxeViolations(page, 'home after «Ver más restaurantes»');
      await screenshot(page, 'home-many-venues-more');

      await more.click();
      await expect(cards).toHaveCount(TOTAL);
      await expect(more).toHaveCount(0);
      await expect(cards.last().getByRole('link')).toHaveAttribute('href', `/${ids[TOTAL - 1]}`);

      // A venue beyond the first page, by words of its name and city typed without accents.
      const target =
        generateVenues(GENERATED).find((v) => ids.indexOf(v.id) >= 12 && /[áéíóú]/i.test(v.name)) ??
        generateVenues(GENERATED).find((v) => ids.indexOf(v.id) >= 12)!;
      const words = `${target.name} ${target.city}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
      await page.getByRole('searchbox', { name: /Buscar restaurantes/ }).fill(words);
      await expect(page.getByRole('heading', { name: `Resultados para «${words}»` })).toBeVisible();
      const results = page.getByRole('region', { name: `Resultados para «${words}»` });
      await expect(results.getByRole('listitem')).toHaveCount(1);
      await expect(status).toHaveText('1 restaurante');
      const found = results.getByRole('link', { name: new RegExp(target.name) });
      await expect(found).toBeVisible();
      await expectNoAxeViolations(page, 'home search of a venue beyond the first page');
      await screenshot(page, 'home-many-venues-search');

      // A search with more matches than a page pages the same way.
      await page.getByRole('searchbox', { name: /Buscar restaurantes/ }).fill('a');
      await expect(page.getByRole('heading', { name: 'Resultados para «a»' })).toBeVisible();
      await expect(status).toHaveText(/^Mostrando 12 de \d+ restaurantes$/);
      await page.getByRole('button', { name: 'Ver más restaurantes' }).click();
      await expect(status).toHaveText(/^(Mostrando 24 de \d+|\d+) restaurantes$/);

      await page.getByRole('searchbox', { name: /Buscar restaurantes/ }).fill(words);
      await expect(found).toBeVisible();
      await found.click();
      await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible({
        timeout: ceiling(15_000),
      });
    } finally {
      // Nothing of the page may still ask the server once it is stopped.
      await page.goto('about:blank');
      await crowd.stop();
    }
  });
});
