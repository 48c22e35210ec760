/**
 * Page regeneration inserts a venue's text literally (server/features/venues/prerender.ts): the replacement
 * patterns of `String.prototype.replace` (`$&`, `` $` ``, `$'`, `$$`, `$1`) in every venue field that reaches a
 * page come out as typed, on the home page, the venue's own page and its pages in other languages; setting the
 * text back restores the pages; a home page broken on disk is regenerated from the build's clean copy. The render
 * module is the real one (src/features/menu/prerender-regions.tsx), bundled as the build bundles it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AstroIntegrationLogger } from 'astro';
import type { Venue, VenueSummary } from '../../src/contract/venue.ts';
import type { HomeVenues, RegionsModule, VenueRegions } from '../../src/contract/prerender.ts';
import { HOME_PAGE_SIZE } from '../../src/contract/limits.ts';
import { startPrerender, venueRegionsModule, type Prerenderer } from '../../server/features/venues/prerender.ts';
import { venueRegionsBundle } from '../../src/shell/venue-regions-bundle.ts';
import { loadSite } from '../../server/platform/static.ts';
import type { SiteState } from '../../server/deps.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

const ID = 'taqueria-el-guero';
/** Every replacement pattern of String.prototype.replace, and HTML's own specials beside them. */
const PATTERNS = '$& $` $\' $$ $1 $<x> <b>&amp;"';

let s: TestServer;
let dist: string;
let site: SiteState;
let prerender: Prerenderer;
let regions: RegionsModule;
const logs: string[] = [];
const warnings: string[] = [];

const venuePage = (r: VenueRegions) =>
  `<!doctype html><html lang="es"><head>${r.title}<meta name="description" content="${r.description}"><meta property="og:description" content="${r.description}"></head>` +
  `<body>${r.header}<astro-island uid="Z1" component-url="/_astro/MenuIsland.abc.js" props="${r.islandProps}" ssr></astro-island>${r.nav}${r.sections}` +
  `<script type="application/json" id="venue-facts">${r.facts}</script></body></html>`;
const homePage = (list: HomeVenues) => {
  const r = regions.renderHomeRegions(list, 'r1');
  return (
    `<!doctype html><html lang="es"><head><title>umenu</title></head><body><main>` +
    `<astro-island uid="Z2" prefix="r1" component-url="/_astro/HomeSearch.def.js" component-export="default" props="${r.islandProps}" ssr client="load">${r.inner}</astro-island>` +
    `</main></body></html>`
  );
};
/** The page without its facts (they carry the time they were rendered). */
const withoutFacts = (html: string) =>
  html.replace(/(<script type="application\/json" id="venue-facts">)[\s\S]*?(<\/script>)/, '$1$2');
const served = (path: string) => site.files!.respond(new Request(`http://x${path}`), path, () => true)!.text();
const homeList = async (): Promise<HomeVenues> => {
  const { venues, total } = (await (await s.request(`/api/venues?limit=${HOME_PAGE_SIZE}`)).json()) as {
    venues: VenueSummary[];
    total: number;
  };
  return { venues, total };
};

/** The venue with `text` in every field of its that reaches a page. */
function withText(venue: Venue, text: string): Venue {
  const v = structuredClone(venue);
  v.name = `Taquería ${text}`;
  v.tagline = `Tapas ${text} style=position:fixed`;
  v.city = `Ciudad ${text}`;
  v.cuisine = `Mexicana ${text}`;
  v.address = `Calle ${text} 1`;
  v.translations = { ...v.translations, en: { ...v.translations?.en, tagline: `Tacos ${text}` } };
  const category = v.categories[0]!;
  category.name = `Tacos ${text}`;
  category.translations = { ...category.translations, en: { name: `Tacos EN ${text}` } };
  const dish = category.products[0]!;
  dish.name = `Pastor ${text}`;
  dish.description = `Cerdo ${text} al trompo`;
  dish.translations = { ...dish.translations, en: { name: `Pastor EN ${text}`, description: `Pork ${text}` } };
  const group = category.products.find((p) => p.optionGroups?.length)?.optionGroups?.[0];
  if (group) {
    group.name = `Salsa ${text}`;
    group.options[0]!.name = `Verde ${text}`;
  }
  return v;
}

beforeAll(async () => {
  s = await startTestServer();
  dist = join(s.dir, 'site');
  mkdirSync(join(dist, 'menus'), { recursive: true });
  mkdirSync(join(dist, 'en'), { recursive: true });
  // The real render module, bundled as the build bundles it (its own logger stands in for Astro's).
  mkdirSync(join(dist, '..', 'site-render'), { recursive: true });
  regions = {
    renderVenueRegions: () => {
      throw new Error('no cargado');
    },
    homeVenuesOf: () => ({ venues: [], total: 0 }),
    renderHomeRegions: () => ({ islandProps: '', inner: '' }),
  };
  const built = (await (await s.request(`/api/venues/${ID}`)).json()) as Venue;
  writeFileSync(join(dist, 'menus', `${ID}.json`), JSON.stringify(built));
  const bundle = venueRegionsBundle().hooks['astro:build:done'] as unknown as (o: {
    dir: URL;
    logger: Pick<AstroIntegrationLogger, 'info'>;
  }) => Promise<void>;
  // The home page exists before the build step ends (the build writes every page first).
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>pendiente</title>');
  const module = venueRegionsModule(dist);
  const write = async () => {
    regions = (await import(pathToFileURL(module).href)) as RegionsModule;
    writeFileSync(join(dist, 'index.html'), homePage(await homeList()));
    writeFileSync(join(dist, `${ID}.html`), venuePage(regions.renderVenueRegions(built, null)));
    writeFileSync(join(dist, 'en', `${ID}.html`), venuePage(regions.renderVenueRegions(built, null, 'en')));
  };
  await bundle({ dir: pathToFileURL(`${dist}/`), logger: { info: () => {} } });
  await write();
  // Again, now that the pages are written: the build step copies the home page as it was built.
  await bundle({ dir: pathToFileURL(`${dist}/`), logger: { info: () => {} } });
  site = { building: false, files: loadSite(dist, { precompress: false }) };
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    warnings.push(args.map(String).join(' '));
  };
  afterAll(() => {
    console.warn = warn;
  });
  prerender = startPrerender({
    distDir: dist,
    site,
    debounceMs: 50,
    fetchVenue: (id) => s.request(`/api/venues/${id}`),
    fetchVenues: () => s.request(`/api/venues?limit=${HOME_PAGE_SIZE}`),
    log: (m) => logs.push(m),
  });
  s.deps.venues.onPut((id) => prerender.schedule(id));
}, ceiling(120_000));
afterAll(async () => {
  prerender?.close();
  await s?.dispose();
});

async function put(venue: Venue): Promise<void> {
  const manager = await s.tokenFor('gerente@umenu.test');
  const answer = await s.request(`/api/venues/${ID}`, { method: 'PUT', token: manager, json: venue });
  expect(answer.status, await answer.clone().text()).toBe(200);
  // The venue event schedules the regeneration; wait until it ran.
  await expect
    .poll(() => logs.some((m) => m.includes(`página de ${ID} regenerada`)), { timeout: ceiling(15_000) })
    .toBe(true);
  await prerender.idle();
  logs.length = 0;
}

/** Each served page is what the build would render from the API's current venue and list. */
async function expectPagesOf(): Promise<Venue> {
  const current = (await (await s.request(`/api/venues/${ID}`)).json()) as Venue;
  const home = await served('/');
  expect(home).toBe(homePage(await homeList()));
  expect(withoutFacts(await served(`/${ID}`))).toBe(withoutFacts(venuePage(regions.renderVenueRegions(current, null))));
  expect(withoutFacts(await served(`/en/${ID}`))).toBe(
    withoutFacts(venuePage(regions.renderVenueRegions(current, null, 'en'))),
  );
  // What is on disk is what is served (a restart serves the same).
  expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe(home);
  return current;
}

describe("regenerated pages keep a venue's text as typed", () => {
  it("puts $&, $`, $', $$ and $1 in every field on the home page, the venue page and its English page, and back", async () => {
    const original = (await (await s.request(`/api/venues/${ID}`)).json()) as Venue;
    expect(regions.homeVenuesOf(/\bprops="([^"]*)"/.exec(await served('/'))![1]!).venues.some((v) => v.id === ID)).toBe(
      true,
    );

    await put(withText(original, PATTERNS));
    const current = await expectPagesOf();
    expect(current.tagline).toBe(`Tapas ${PATTERNS} style=position:fixed`);
    // The island's props read back to the very text (the home search starts from them).
    const props = /<astro-island[^>]*HomeSearch[^>]*\bprops="([^"]*)"/.exec(await served('/'))![1]!;
    const shown = regions.homeVenuesOf(props).venues.find((v) => v.id === ID)!;
    expect([shown.name, shown.tagline, shown.city, shown.cuisine]).toEqual([
      current.name,
      current.tagline,
      current.city,
      current.cuisine,
    ]);
    expect(warnings.filter((w) => w.includes('no se pudo regenerar'))).toEqual([]);

    await put(withText(original, 'de nuevo'));
    await expectPagesOf();
    await put(original);
    await expectPagesOf();
    expect(warnings.filter((w) => w.includes('no se pudo regenerar'))).toEqual([]);
  });

  it("regenerates a home page that is broken on disk from the build's copy", async () => {
    const original = (await (await s.request(`/api/venues/${ID}`)).json()) as Venue;
    // A home page whose list cannot be read (what the unfixed server left behind).
    const broken = (await served('/')).replace(/\bprops="[^"]*"/, 'props="{&quot;initialVenues&quot;:[0,"');
    writeFileSync(join(dist, 'index.html'), broken);
    site.files!.update('/index.html', Buffer.from(broken));
    await put(withText(original, 'reparada'));
    await expectPagesOf();
    await put(original);
    await expectPagesOf();
  });
});
