/**
 * The budget's "floor": with UMENU_BUDGET_FLOOR=1, `?umenu-floor` serves a page
 * with every script removed (npm run budget compares a page's LCP against it);
 * without the flag the query changes nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadSite, stripScripts } from '../../server/platform/static.ts';

const PAGE = `<!doctype html><html lang="es"><head><title>Taquería</title>
<link rel="modulepreload" href="/_astro/a.js"><style>p{color:red}</style>
<script type="application/json" id="umenu-page-meta">{"auth":false}</script></head>
<body><h1>Taquería</h1>${'<p>Tacos al pastor</p>'.repeat(60)}
<astro-island uid="1" component-url="/_astro/M.js"><input type="search"></astro-island>
<script>(()=>{self.Astro={}})()</script><script type="module" src="/_astro/main.js"></script></body></html>`;

const dir = mkdtempSync(join(tmpdir(), 'umenu-floor-'));
mkdirSync(join(dir, '_astro'));
writeFileSync(join(dir, 'index.html'), PAGE);
writeFileSync(join(dir, 'taqueria.html'), PAGE);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

const get = async (site: ReturnType<typeof loadSite>, url: string) =>
  await site.respond(new Request(`http://x${url}`), new URL(`http://x${url}`).pathname, () => false)!.text();

describe('scripts-removed floor', () => {
  it('removes every script and module preload, keeps the markup and styles', () => {
    const floor = stripScripts(PAGE);
    expect(floor).not.toMatch(/<script|modulepreload/);
    expect(floor).toContain('<style>p{color:red}</style>');
    expect(floor).toContain('<input type="search">');
    expect(floor).toContain('<h1>Taquería</h1>');
  });

  it('is served at ?umenu-floor only when the budget enables it', async () => {
    const plain = loadSite(dir);
    expect(await get(plain, '/taqueria?umenu-floor')).toBe(PAGE);

    vi.stubEnv('UMENU_BUDGET_FLOOR', '1');
    const budget = loadSite(dir);
    expect(await get(budget, '/taqueria')).toBe(PAGE);
    const floor = await get(budget, '/taqueria?umenu-floor');
    expect(floor).toBe(stripScripts(PAGE));
    expect(floor).not.toContain('<script');
  });
});
