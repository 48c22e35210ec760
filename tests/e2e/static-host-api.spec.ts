/**
 * Deployed as the README says: `dist/` on a plain static host (here a tiny Node file server on
 * another port, with the `_redirects` rule for venues created after the build), `config.json`
 * pointing at the API on another origin, CORS allowed. The menu works and no image is broken:
 * every <img> loads (naturalWidth > 0) and no image request fails, on the home page, a
 * prerendered venue and a venue opened through the fallback shell.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { baseURL, staticHostPort, staticHostURL } from '../../playwright.config.ts';

const dist = resolve(process.env.UMENU_DIST ?? 'dist');
const apiBase = `${baseURL}/api`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8', '.xml': 'application/xml',
};

/** Files as they are; clean URLs (`/login` → `login.html`); `/{id}` → `venue-shell.html` (like `_redirects`); else `404.html`. */
function startStaticHost(): Promise<Server> {
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
    res.writeHead(status, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream' });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(found));
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(staticHostPort, '127.0.0.1', () => resolveServer(server));
  });
}

let host: Server;
test.beforeAll(async () => {
  host = await startStaticHost();
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
    if (response.request().resourceType() === 'image' && response.status() >= 400) failed.push(`${response.url()} (HTTP ${response.status()})`);
  });
  return failed;
}

/** Loads the lazy images too, then expects every <img> to have loaded from the API. */
async function expectNoBrokenImage(page: Page, failed: string[], atLeast: number): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('img').forEach((img) => { img.loading = 'eager'; }));
  await expect.poll(() => page.locator('img').count()).toBeGreaterThanOrEqual(atLeast);
  await expect.poll(
    () => page.locator('img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((img) => !(img.complete && img.naturalWidth > 0)).map((img) => img.currentSrc || img.src)),
    { timeout: 15_000 },
  ).toEqual([]);
  const sources = await page.locator('img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.currentSrc || img.src));
  for (const src of sources.filter((s) => !s.startsWith('data:'))) expect(src.startsWith(`${apiBase}/media/`), src).toBe(true);
  expect(failed).toEqual([]);
}

async function createVenue(request: APIRequestContext, id: string, name: string): Promise<void> {
  const login = await request.post(`${apiBase}/auth/login`, { data: { email: 'admin@umenu.test', password: 'demo1234' } });
  const { token } = (await login.json()) as { token: string };
  const base = (await (await request.get(`${apiBase}/venues/taqueria-el-guero`)).json()) as Record<string, unknown>;
  const created = await request.put(`${apiBase}/venues/${id}`, { data: { ...base, id, name, tagline: 'Recién abierta' }, headers: { Authorization: `Bearer ${token}` } });
  expect(created.ok()).toBe(true);
}

test('home on a static host: every venue logo loads from the API', async ({ page }) => {
  const failed = watchImages(page);
  await page.goto(`${staticHostURL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Encuentra tu restaurante' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Taquería El Güero/ }).first()).toBeVisible();
  await expectNoBrokenImage(page, failed, 3);
  // A search answered by the API at runtime shows loaded logos too.
  await page.getByRole('searchbox').fill('valencia');
  await expect(page.getByRole('link', { name: /Bar El Cabanyal/ }).first()).toBeVisible();
  await expectNoBrokenImage(page, failed, 1);
});

test('a prerendered venue on a static host: logo and every dish image load, the menu works', async ({ page }) => {
  const failed = watchImages(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => { if (request.url().startsWith(`${staticHostURL}/api/`)) apiCalls.push(request.url()); });
  await page.goto(`${staticHostURL}/taqueria-el-guero`);
  await expect(page.getByRole('heading', { level: 1, name: 'Taquería El Güero' })).toBeVisible();
  await expectNoBrokenImage(page, failed, 20);
  // The product dialog's image (rendered by the island) too.
  await page.locator('[data-product-id] button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoBrokenImage(page, failed, 21);
  expect(apiCalls, 'nothing asks the static host for /api/…').toEqual([]);
});

test('a venue created after the build, through the fallback shell: its images load from the API', async ({ page, request }) => {
  const id = 'cocina-estatica-e2e';
  await createVenue(request, id, 'Cocina Estática');
  const failed = watchImages(page);
  await page.goto(`${staticHostURL}/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cocina Estática' })).toBeVisible();
  await expectNoBrokenImage(page, failed, 20);
});
