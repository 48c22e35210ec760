/**
 * The bundled server keeps a prerendered venue page current (server/features/venues/prerender.ts): a burst of
 * edits regenerates the page and its menu file once, written into the served directory and the
 * in-memory index (a cold load gets the new HTML), the inline-script hashes of the CSP follow;
 * a page whose parts are not as its menu file renders them is left alone. The render module
 * here is a stand-in with the real one's shape (the browser test runs the real one).
 */
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Venue } from '../../src/contract/venue.ts';
import {
  regeneratePage,
  startPrerender,
  venueRegionsModule,
  type Prerenderer,
} from '../../server/features/venues/prerender.ts';
import { loadSite, stripScripts } from '../../server/platform/static.ts';
import type { SiteState } from '../../server/deps.ts';
import { pgUrl, startTestServer, testDatabase, type TestServer } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const ID = 'taqueria-el-guero';
const STUB = `
const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const word = (item, lang) => (lang && item.translations?.[lang]?.name) || item.name;
const dishes = (v, lang) => v.categories.flatMap((c) => c.products).map((p) => '<li>' + esc(word(p, lang)) + ' ' + p.price + '</li>').join('');
export function renderVenueRegions(v, etag, lang) {
  return {
    header: '<header id="venue-header" lang="' + (lang ?? 'es') + '"><h1>' + esc(v.name) + '</h1></header>',
    nav: '<nav class="category-nav">' + v.categories.map((c) => esc(c.name)).join('') + '</nav>',
    sections: '<ul id="menu-sections">' + dishes(v, lang) + '</ul>',
    islandProps: esc(JSON.stringify({ currency: v.currency })),
    title: '<title>' + esc(v.name) + ' - umenu-ui</title>',
    description: esc(v.name + ': ' + v.tagline),
    facts: JSON.stringify({ id: v.id, updatedAt: v.updatedAt, etag }),
  };
}
export const homeVenuesOf = () => [];
export const renderHomeRegions = () => ({ islandProps: '', inner: '' });
`;

function page(r: ReturnType<typeof stubRender>, script: string): string {
  return `<!doctype html><html><head>${r.title}<meta name="description" content="${r.description}"><script>${script}</script></head><body>${r.header}<astro-island props="${r.islandProps}"></astro-island>${r.nav}${r.sections}<script type="application/json" id="venue-facts">${r.facts}</script></body></html>`;
}
let stubRender: (
  v: Venue,
  etag: string | null,
  lang?: string,
) => Record<'header' | 'nav' | 'sections' | 'islandProps' | 'title' | 'description' | 'facts', string>;

let s: TestServer;
let dist: string;
let site: SiteState;
let prerender: Prerenderer;
const logs: string[] = [];
let builtAt = 0;

beforeAll(async () => {
  s = await startTestServer();
  dist = join(s.dir, 'site');
  const module = venueRegionsModule(dist);
  mkdirSync(dirname(module), { recursive: true });
  writeFileSync(module, STUB);
  stubRender = ((await import(module)) as { renderVenueRegions: typeof stubRender }).renderVenueRegions;
  const built = (await (await s.request(`/api/venues/${ID}`)).json()) as Venue;
  mkdirSync(join(dist, 'menus'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Inicio</title>');
  writeFileSync(join(dist, `${ID}.html`), page(stubRender(built, null), 'console.log(1)'));
  writeFileSync(join(dist, 'menus', `${ID}.json`), JSON.stringify(built));
  // The pages in other languages (docs/architecture.md#languages): English, and a French one from another build.
  mkdirSync(join(dist, 'en'), { recursive: true });
  mkdirSync(join(dist, 'fr'), { recursive: true });
  writeFileSync(join(dist, 'en', `${ID}.html`), page(stubRender(built, null, 'en'), 'console.log(1)'));
  writeFileSync(join(dist, 'fr', `${ID}.html`), '<!doctype html><title>Autre</title>');
  const past = new Date(Date.now() - 3_600_000);
  utimesSync(join(dist, `${ID}.html`), past, past);
  builtAt = statSync(join(dist, `${ID}.html`)).mtimeMs;
  site = { building: false, files: loadSite(dist) };
  prerender = startPrerender({
    // Long enough that the burst below (two PUTs one after the other) falls in one window even
    // when PostgreSQL answers slowly on a loaded machine: 200 ms regenerated twice there.
    distDir: dist,
    site,
    debounceMs: 1_500,
    fetchVenue: (id) => s.request(`/api/venues/${id}`),
    fetchVenues: () => s.request('/api/venues?limit=12'),
    log: (m) => logs.push(m),
  });
  s.deps.venues.onPut((id) => prerender.schedule(id));
});
afterAll(async () => {
  prerender.close();
  await s.dispose();
});

const served = (path: string) => site.files!.respond(new Request(`http://x${path}`), path, () => true)!.text();

describe('regenerating a prerendered venue page', () => {
  it('writes the page and its menu file once after a burst of edits, serves them, and says how long it took', async () => {
    const manager = await s.tokenFor('gerente@umenu.test');
    const venue = (await (await s.request(`/api/venues/${ID}`)).json()) as Venue;
    const edited = structuredClone(venue);
    edited.categories[0]!.products[0]!.name = 'Tacos al pastor de la casa';
    edited.categories[0]!.products[0]!.translations = { en: { name: 'House al pastor tacos' } };
    expect((await s.request(`/api/venues/${ID}`, { method: 'PUT', token: manager, json: edited })).status).toBe(200);
    edited.categories[0]!.products[0]!.price = 7_900;
    edited.categories[0]!.products.splice(1, 1);
    expect((await s.request(`/api/venues/${ID}`, { method: 'PUT', token: manager, json: edited })).status).toBe(200);

    await expect
      .poll(() => logs.filter((m) => m.includes(`página de ${ID} regenerada`)).length, { timeout: ceiling(10_000) })
      .toBe(1);
    await prerender.idle();
    expect(logs.filter((m) => m.includes('regenerada'))).toHaveLength(1);
    expect(logs[0]).toMatch(/regenerada en \d+(\.\d)? ms$/);

    const html = stripScripts(await served(`/${ID}`));
    expect(html).toContain('<li>Tacos al pastor de la casa 7900</li>');
    expect(html).not.toContain('Tacos de suadero');
    expect(readFileSync(join(dist, `${ID}.html`), 'utf8')).toContain('Tacos al pastor de la casa');
    // The file keeps the build's time (npm start compares it with the sources').
    expect(statSync(join(dist, `${ID}.html`)).mtimeMs).toBe(builtAt);
    // The English page follows, in English; a page from another build is left as it was.
    const english = stripScripts(await served(`/en/${ID}`));
    expect(english).toContain('<header id="venue-header" lang="en">');
    expect(english).toContain('<li>House al pastor tacos 7900</li>');
    expect(english).not.toContain('Suadero tacos');
    expect(english).not.toContain('Tacos al pastor de la casa');
    expect(await served(`/fr/${ID}`)).toContain('<title>Autre</title>');
    expect(logs.some((m) => m.includes(`/fr/${ID}.html`))).toBe(false);
    const menu = JSON.parse(await served(`/menus/${ID}.json`)) as Venue;
    expect(menu.categories[0]!.products[0]!.price).toBe(7_900);
    // The facts carry the API's ETag of what the page shows (its first check answers 304).
    const etag = (await s.request(`/api/venues/${ID}`)).headers.get('etag');
    expect(await served(`/${ID}`)).toContain(`"etag":${JSON.stringify(etag)}`);
  });

  it('leaves a page alone when its parts are not what its menu file renders', () => {
    const built = JSON.parse(readFileSync(join(dist, 'menus', `${ID}.json`), 'utf8')) as Venue;
    const other = { ...built, name: 'Otro nombre' };
    const html = page(stubRender(other, null), '');
    expect(() => regeneratePage(html, stubRender, built, other, null)).toThrow(/no coincide/);
  });

  it('allows a new inline script of a regenerated page in the CSP', () => {
    const before = [...site.files!.scriptHashes];
    const built = JSON.parse(readFileSync(join(dist, 'menus', `${ID}.json`), 'utf8')) as Venue;
    site.files!.update(`/${ID}.html`, Buffer.from(page(stubRender(built, null), 'console.log(2)')));
    expect(site.files!.scriptHashes).toEqual(expect.arrayContaining(before));
    expect(site.files!.scriptHashes.length).toBe(before.length + 1);
  });
});

describe.skipIf(!pgUrl())('two instances on one PostgreSQL', () => {
  it('the instance that did not take the edit regenerates its own served page on the venue event', async () => {
    const database = await testDatabase();
    const a = await startTestServer({}, {}, database);
    // Instance B serves a site of its own (its own dist directory, as on another machine).
    const distB = join(database.dir, 'site-b');
    const built = (await (await a.request(`/api/venues/${ID}`)).json()) as Venue;
    mkdirSync(join(distB, 'menus'), { recursive: true });
    mkdirSync(dirname(venueRegionsModule(distB)), { recursive: true });
    writeFileSync(venueRegionsModule(distB), STUB);
    writeFileSync(join(distB, 'index.html'), '<!doctype html><title>Inicio</title>');
    writeFileSync(join(distB, `${ID}.html`), page(stubRender(built, null), ''));
    writeFileSync(join(distB, 'menus', `${ID}.json`), JSON.stringify(built));
    const siteB: SiteState = { building: false, files: loadSite(distB) };
    const b = await startTestServer({ distDir: distB }, { site: siteB }, database);
    try {
      const edited = structuredClone(built);
      edited.name = 'Taquería El Güero (nueva carta)';
      expect(
        (
          await a.request(`/api/venues/${ID}`, {
            method: 'PUT',
            token: await a.tokenFor('gerente@umenu.test'),
            json: edited,
          })
        ).status,
      ).toBe(200);
      await expect
        .poll(
          async () =>
            stripScripts(await siteB.files!.respond(new Request(`http://b/${ID}`), `/${ID}`, () => true)!.text()),
          { timeout: ceiling(10_000) },
        )
        .toContain('<h1>Taquería El Güero (nueva carta)</h1>');
    } finally {
      await b.close();
      await a.close();
      await database.drop();
    }
  });
});
