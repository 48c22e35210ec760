/**
 * Keeps the served site's prerendered venue pages current (docs: README "Menu edits after the build (live menu)"): after a
 * venue changes (any write that emits the venue event, seen by every instance), its pages
 * (`/{id}.html` and each language's `/{lang}/{id}.html`) and menu file `/menus/{id}.json` are regenerated in the background — debounced,
 * one venue at a time — written into the served dist directory (atomically: a temporary file
 * renamed over the old one) and into the in-memory index (server/platform/static.ts), so a cold load
 * of the HTML is current within seconds, without a whole-site build.
 *
 * How: the build bundles, beside the site, the module that renders the parts of a venue page
 * that come from its data (src/features/menu/prerender-regions.tsx, with the same components
 * and helpers as the page). The page's copy of each part is found by rendering it from the
 * version the page was built from (the page's `/menus/{id}.json`) and replaced by the part
 * rendered from the API's current version; the rest of the page (layout, scripts, styles) is
 * kept byte for byte. A part that is not found as rendered (a build from other sources)
 * leaves the page as it is, with a warning: the page's own script still shows the newest
 * menu after load (src/features/menu/page-duties.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Venue, VenueSummary } from '../../../src/contract/venue.ts';
import type { HomeVenues, RegionsModule } from '../../../src/contract/prerender.ts';
import type { SiteState } from '../../platform/static.ts';
import { UI_LANGUAGES } from '../../../src/contract/languages.ts';

/** The render module the build bundles beside `distDir` (src/shell/venue-regions-bundle.ts: same rule). */
export function venueRegionsModule(distDir: string): string {
  const dir = distDir.replace(/[\\/]+$/, '');
  return join(dirname(dir), `${basename(dir)}-render`, 'venue-regions.mjs');
}

/** Edits closer together than this are regenerated once… */
export const PRERENDER_DEBOUNCE_MS = 1_000;
/** …but a venue edited without pause is regenerated at least this often. */
export const PRERENDER_MAX_WAIT_MS = 10_000;

const HOME_ISLAND = /<astro-island\b[^>]*\bcomponent-url="[^"]*\/HomeSearch\.[^"]*"[^>]*>/;

/**
 * The home page with `list` (its first screen of venues and their total) in its list (the HomeSearch island's
 * props and server-rendered HTML); throws when the island is not as rendered. Every piece is inserted literally
 * (`swap`), never as a `String.prototype.replace` replacement, whose `$&`, `` $` ``, `$'` a venue's text may hold.
 */
export function regenerateHome(html: string, regions: RegionsModule, list: HomeVenues): string {
  const tag = HOME_ISLAND.exec(html)?.[0];
  if (!tag) throw new Error('la portada no tiene la lista de locales');
  const props = /\bprops="([^"]*)"/.exec(tag)?.[1] ?? '';
  const prefix = /\bprefix="([^"]*)"/.exec(tag)?.[1] ?? '';
  const shown = regions.homeVenuesOf(props);
  if (JSON.stringify(shown) === JSON.stringify({ venues: list.venues, total: list.total })) return html;
  const before = regions.renderHomeRegions(shown, prefix);
  if (before.islandProps !== props) throw new Error('las propiedades de la lista de locales no coinciden');
  const after = regions.renderHomeRegions(list, prefix);
  const nextTag = swap(tag, 'propiedades de la lista de locales', `props="${props}"`, `props="${after.islandProps}"`);
  return swap(html, 'lista de locales', `${tag}${before.inner}`, `${nextTag}${after.inner}`);
}

/**
 * The home page as the build wrote it, kept beside the render module (src/shell/venue-regions-bundle.ts copies
 * it there): the home page is always regenerated from this clean copy, never from the served file, so a page
 * that was ever written wrong is repaired by the next regeneration.
 */
export function homeTemplate(distDir: string): string {
  return join(dirname(venueRegionsModule(distDir)), 'index.html');
}

export interface Prerenderer {
  /** A venue changed: regenerate its page after the debounce. */
  schedule(venueId: string): void;
  /** Resolves when nothing is scheduled or running (tests). */
  idle(): Promise<void>;
  close(): void;
}

export interface PrerenderOptions {
  distDir: string;
  site: SiteState;
  /** The API's answer for a venue (the app itself: the same document and ETag the build read). */
  fetchVenue: (id: string) => Promise<Response>;
  /** The API's first page of venues (`GET /api/venues?limit=HOME_PAGE_SIZE`), for the home page's entries. */
  fetchVenues: () => Promise<Response>;
  debounceMs?: number;
  log?: (message: string) => void;
}

/** Replaces the page's copy of `before` by `after`; throws when the page has no such copy. */
function swap(html: string, name: string, before: string, after: string): string {
  const at = html.indexOf(before);
  if (at < 0) throw new Error(`la parte «${name}» de la página no coincide con la de su menú`);
  return before === after ? html : html.slice(0, at) + after + html.slice(at + before.length);
}

/** The page for `next`, from the page built for `built` (throws when a part is not found). */
export function regeneratePage(
  html: string,
  render: RegionsModule['renderVenueRegions'],
  built: Venue,
  next: Venue,
  etag: string | null,
): string {
  const before = render(built, null);
  const after = render(next, etag);
  let out = html;
  out = swap(out, 'cabecera', before.header, after.header);
  out = swap(out, 'categorías', before.nav, after.nav);
  out = swap(out, 'platos', before.sections, after.sections);
  out = swap(out, 'isla del menú', `props="${before.islandProps}"`, `props="${after.islandProps}"`);
  out = swap(out, 'título', before.title, after.title);
  out = out.split(`content="${before.description}"`).join(`content="${after.description}"`);
  const facts = /(<script type="application\/json" id="venue-facts">)[\s\S]*?(<\/script>)/;
  if (!facts.test(out)) throw new Error('la página no tiene #venue-facts');
  return out.replace(facts, (_m, open: string, close: string) => `${open}${after.facts}${close}`);
}

/**
 * Writes a temporary file and renames it over `path`. It keeps the old file's times: `npm start`
 * compares the built site's age with the sources' (scripts/start.ts), and a regenerated page must
 * not make an old build look newer than sources edited since.
 */
async function writeAtomically(path: string, body: Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  const before = await stat(path).catch(() => undefined);
  await writeFile(temporary, body);
  if (before) await utimes(temporary, before.atime, before.mtime);
  await rename(temporary, path);
}

export function startPrerender(options: PrerenderOptions): Prerenderer {
  const { distDir, site, fetchVenue } = options;
  const debounceMs = options.debounceMs ?? PRERENDER_DEBOUNCE_MS;
  const log = options.log ?? ((message: string) => console.log(message));
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** When each scheduled venue was first scheduled since its last regeneration. */
  const firstScheduled = new Map<string, number>();
  const queue = new Set<string>();
  let running: Promise<void> | undefined;
  let closed = false;
  let module: Promise<RegionsModule | null> | undefined;

  const loadModule = () => {
    module ??= (async () => {
      const path = venueRegionsModule(distDir);
      if (!existsSync(path)) {
        log(
          `[umenu] sin ${path}: las páginas de los locales no se regeneran tras un cambio (vuelve a construir el sitio)`,
        );
        return null;
      }
      return (await import(pathToFileURL(path).href)) as RegionsModule;
    })();
    return module;
  };

  async function regenerate(id: string): Promise<void> {
    const files = site.files;
    if (!files?.ready) return;
    const htmlRel = `/${id}.html`;
    const menuRel = `/menus/${id}.json`;
    const page = files.file(htmlRel);
    const builtMenu = files.file(menuRel);
    // Not prerendered (created after the build): the fallback shell reads the API.
    if (!page || !builtMenu) return;
    const regions = await loadModule();
    if (!regions) return;
    const started = performance.now();
    const response = await fetchVenue(id);
    if (!response.ok) return;
    const text = await response.text();
    const built = JSON.parse(builtMenu.toString('utf8')) as Venue;
    const next = JSON.parse(text) as Venue;
    if (JSON.stringify(built) === JSON.stringify(next)) return;
    const etag = response.headers.get('etag');
    // Every language's page of the venue (docs/architecture.md#languages): `/{id}` in its own,
    // `/{lang}/{id}` in the others, each rendered in its language from the same two versions.
    // All are rendered before anything is written; a page whose parts are not found stays as it is.
    const pages: Array<{ rel: string; body: Buffer }> = [
      {
        rel: htmlRel,
        body: Buffer.from(
          regeneratePage(page.toString('utf8'), (v, e) => regions.renderVenueRegions(v, e), built, next, etag),
        ),
      },
    ];
    for (const lang of UI_LANGUAGES) {
      const rel = `/${lang}/${id}.html`;
      const other = files.file(rel);
      if (!other) continue;
      // Rendering is synchronous: requests waiting meanwhile are answered between two languages.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        pages.push({
          rel,
          body: Buffer.from(
            regeneratePage(other.toString('utf8'), (v, e) => regions.renderVenueRegions(v, e, lang), built, next, etag),
          ),
        });
      } catch (error) {
        console.warn(`[umenu] no se pudo regenerar la página ${rel}: ${(error as Error).message}`);
      }
    }
    const menuBody = Buffer.from(JSON.stringify(next));
    // The menu first: a page is never served with an older menu file than its own.
    await writeAtomically(join(distDir, 'menus', `${id}.json`), menuBody);
    for (const { rel, body } of pages) await writeAtomically(join(distDir, ...rel.split('/').filter(Boolean)), body);
    files.update(menuRel, menuBody);
    for (const { rel, body } of pages) files.update(rel, body);
    log(`[umenu] página de ${id} regenerada en ${(performance.now() - started).toFixed(1)} ms`);
  }

  /**
   * The first version of the served home page each site had, for a build without the clean copy
   * (`homeTemplate`): still a page the server did not write.
   */
  const firstHome = new WeakMap<object, Buffer>();

  /** The home page's venue entries (names, taglines, logos…), from the build's clean copy of the page. */
  async function regenerateHomePage(): Promise<void> {
    const files = site.files;
    const page = files?.file('/index.html');
    if (!files || !page) return;
    if (!firstHome.has(files)) firstHome.set(files, page);
    const regions = await loadModule();
    if (!regions) return;
    const started = performance.now();
    const response = await options.fetchVenues();
    if (!response.ok) return;
    const { venues, total } = (await response.json()) as { venues: VenueSummary[]; total?: number };
    const template = await readFile(homeTemplate(distDir)).catch(() => firstHome.get(files)!);
    const html = regenerateHome(template.toString('utf8'), regions, { venues, total: total ?? venues.length });
    const body = Buffer.from(html);
    if (body.equals(page)) return;
    await writeAtomically(join(distDir, 'index.html'), body);
    files.update('/index.html', body);
    log(`[umenu] portada regenerada en ${(performance.now() - started).toFixed(1)} ms`);
  }

  async function drain(): Promise<void> {
    while (queue.size > 0 && !closed) {
      const [id] = queue;
      queue.delete(id!);
      try {
        await regenerate(id!);
      } catch (error) {
        console.warn(`[umenu] no se pudo regenerar la página de ${id}: ${(error as Error).message}`);
      }
      if (queue.size === 0) {
        try {
          await regenerateHomePage();
        } catch (error) {
          console.warn(`[umenu] no se pudo regenerar la portada: ${(error as Error).message}`);
        }
      }
    }
    running = undefined;
  }

  return {
    schedule(venueId) {
      if (closed) return;
      clearTimeout(timers.get(venueId));
      const first = firstScheduled.get(venueId) ?? Date.now();
      firstScheduled.set(venueId, first);
      const wait = Math.max(0, Math.min(debounceMs, first + PRERENDER_MAX_WAIT_MS - Date.now()));
      timers.set(
        venueId,
        setTimeout(() => {
          timers.delete(venueId);
          firstScheduled.delete(venueId);
          queue.add(venueId);
          running ??= drain();
        }, wait),
      );
    },
    async idle() {
      while (timers.size > 0 || running) {
        if (running) await running;
        else await new Promise((resolve) => setTimeout(resolve, debounceMs));
      }
    },
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      firstScheduled.clear();
    },
  };
}
