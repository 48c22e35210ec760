/**
 * Deployed as the README says: `dist/` on a plain static host (here a tiny Node file server on
 * another port, with the `_redirects` rule for venues created after the build), `config.json`
 * pointing at the API on another origin, CORS allowed. The menu works and no image is broken:
 * every <img> loads (naturalWidth > 0) and no image request fails, on the home page, a
 * prerendered venue and a venue opened through the fallback shell.
 *
 * The suite builds the site once with the API on the site's origin (no `UMENU_API_PUBLIC_URL`),
 * so its prerendered pages carry relative image addresses (`/api/media/…`). A site built for
 * this deployment, against an API with `UMENU_API_PUBLIC_URL={apiBase}`, differs in exactly one
 * way: the API answers `{apiBase}/media/…` where it answers `/api/media/…`
 * (`publicMediaJson` in server/features/media/illustrations.ts), and the pages keep absolute addresses as they are
 * (`resolveMedia` in src/features/menu/media.ts). This host serves the HTML with that
 * substitution applied (`asBuiltFor`), i.e. the site as built for this deployment.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ceiling } from '../ceiling.ts';

let dist = '';
let apiBase = '';
let staticHostURL = '';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/** An HTML page of the suite's build as a build against an API with `UMENU_API_PUBLIC_URL={apiBase}` makes it (see the header). */
function asBuiltFor(html: string): string {
  return html.replace(/(["'(,;\s])\/api\/media\//g, `$1${apiBase}/media/`);
}

/** Files as they are; clean URLs (`/login` → `login.html`); `/{id}` → `venue-shell.html` (like `_redirects`); else `404.html`. */
function startStaticHost(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', staticHostURL).pathname);
    if (path === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      res.end(JSON.stringify({ apiBase }));
      return;
    }
    const file = (p: string) => {
      const full = normalize(join(dist, p));
      return full.startsWith(dist) && existsSync(full) && statSync(full).isFile() ? full : undefined;
    };
    let status = 200;
    let found = file(path.endsWith('/') ? `${path}index.html` : path) ?? file(`${path}.html`);
    if (!found && /^\/[a-z0-9][a-z0-9-]{1,62}$/.test(path)) found = file('venue-shell.html');
    if (!found) {
      status = 404;
      found = file('404.html')!;
    }
    const type = TYPES[extname(found)] ?? 'application/octet-stream';
    res.writeHead(status, { 'content-type': type });
    res.end(
      req.method === 'HEAD'
        ? undefined
        : type.startsWith('text/html')
          ? asBuiltFor(readFileSync(found, 'utf8'))
          : readFileSync(found),
    );
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveServer(server));
  });
}

let host: Server;
test.beforeAll(async ({ umenu }) => {
  dist = resolve(umenu.site);
  apiBase = `${umenu.url}/api`;
  staticHostURL = umenu.staticHostURL;
  host = await startStaticHost(umenu.staticHostPort);
});
test.afterAll(async () => {
  await new Promise<void>((done) => host.close(() => done()));
});

/** Records failed image requests (network errors and HTTP errors) on the page. */
function watchImages(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'image') failed.push(`${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image' && response.status() >= 400)
      failed.push(`${response.url()} (HTTP ${response.status()})`);
  });
  return failed;
}

/** Loads the lazy images too, then expects every <img> to have loaded from the API. */
async function expectNoBrokenImage(page: Page, failed: string[], atLeast: number): Promise<void> {
  await page.evaluate(() =>
    document.querySelectorAll('img').forEach((img) => {
      img.loading = 'eager';
    }),
  );
  await expect.poll(() => page.locator('img').count()).toBeGreaterThanOrEqual(atLeast);
  await expect
    .poll(
      () =>
        page
          .locator('img')
          .evaluateAll((imgs) =>
            (imgs as HTMLImageElement[])
              .filter((img) => !(img.complete && img.naturalWidth > 0))
              .map((img) => img.currentSrc || img.src),
          ),
      { timeout: ceiling(15_000) },
    )
    .toEqual([]);
  const sources = await page
    .locator('img')
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.currentSrc || img.src));
  for (const src of sources.filter((s) => !s.startsWith('data:')))
    expect(src.startsWith(`${apiBase}/media/`), src).toBe(true);
  expect(failed).toEqual([]);
}

async function createVenue(request: APIRequestContext, id: string, name: string): Promise<void> {
  const login = await request.post(`${apiBase}/auth/login`, {
    data: { email: 'admin@umenu.test', password: 'demo1234' },
  });
  const { token } = (await login.json()) as { token: string };
  const base = (await (await request.get(`${apiBase}/venues/taqueria-el-guero`)).json()) as Record<string, unknown>;
  const created = await request.put(`${apiBase}/venues/${id}`, {
    data: { ...base, id, name, tagline: 'Recién abierta' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.ok()).toBe(true);
}

test('home on a static host: every venue logo loads from the API', async ({ page }) => {
  const failed = watchImages(page);
  await page.goto(`${staticHostURL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Encuentra tu restaurante' })).toBeVisible();
  // The first screen lists the first 12 venues by id (venues other specs created may follow Bar El Cabanyal).
  await expect(page.getByRole('link', { name: /Bar El Cabanyal/ }).first()).toBeVisible();
  await expectNoBrokenImage(page, failed, 3);
  // A search answered by the API at runtime shows loaded logos too.
  await page.getByRole('searchbox').fill('taqueria');
  await expect(page.getByRole('link', { name: /Taquería El Güero/ }).first()).toBeVisible();
  await expectNoBrokenImage(page, failed, 1);
});

test('a prerendered venue on a static host: logo and every dish image load, the menu works', async ({ page }) => {
  const failed = watchImages(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${staticHostURL}/api/`)) apiCalls.push(request.url());
  });
  await page.goto(`${staticHostURL}/taqueria-el-guero`);
  await expect(page.getByRole('heading', { level: 1, name: 'Taquería El Güero' })).toBeVisible();
  await expectNoBrokenImage(page, failed, 20);
  // The product dialog's image (rendered by the island) too.
  await page.locator('[data-product-id] button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoBrokenImage(page, failed, 21);
  expect(apiCalls, 'nothing asks the static host for /api/…').toEqual([]);
});

test('a venue created after the build, through the fallback shell: its images load from the API', async ({
  page,
  request,
}) => {
  const id = 'cocina-estatica-e2e';
  await createVenue(request, id, 'Cocina Estática');
  const failed = watchImages(page);
  await page.goto(`${staticHostURL}/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cocina Estática' })).toBeVisible();
  await expectNoBrokenImage(page, failed, 20);
});
