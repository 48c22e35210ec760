/** @vite-pwa/astro options: manifest (docs/rules.md#pwa) and the Workbox service worker. */
import { UI_LANGUAGES } from '../contract/languages.ts';
import type { ManifestEntry, ManifestTransform, RuntimeCaching } from 'workbox-build';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSETS_CACHE, CONFIG_CACHE, MENUS_CACHE, PAGES_CACHE, VENUES_CACHE } from './sw-caches.ts';

/**
 * The shell's pages (docs/rules.md#pwa): what a diner needs offline whichever venue they scanned —
 * the home page (the installed app's `start_url`), the offline page in every interface language
 * (the worker answers an address it does not keep in the address's language) and the fallback
 * shell (a venue whose menu the device keeps, opened offline by an address it never kept).
 * Every other page — a venue's, `/inspire`, the order pages, the staff screens — is kept as it is
 * visited (the `umenu-pages` rule below), the visit that installs the worker included
 * (src/shell/sw-keep.ts), so a first visit downloads the shell and the venue being opened,
 * not the venues the diner will never open.
 */
const SHELL_PAGES = new Set([
  'index.html',
  'offline.html',
  'venue-shell.html',
  ...UI_LANGUAGES.filter((lang) => lang !== 'es').map((lang) => `${lang}/offline.html`),
]);

/** A built file named in a page or a module: `/_astro/x.js`, `_astro/x.js` (module preload lists), `./x.js` (imports between modules). */
const BUILT_FILE = /(?:\.\/|\/?_astro\/)([\w.~-]+\.(?:js|css|woff2))(?=["'`)])/g;

/**
 * The code the shell's pages and a venue's page use (every venue page runs the same modules):
 * the `_astro/` files their HTML names, and what those modules import, statically or lazily
 * (the product dialog, the table's bar, the error view), so that they work offline before the
 * diner has tapped anything. `read` gives a built file's text (undefined when there is none).
 */
export function shellCode(pages: string[], read: (file: string) => string | undefined): Set<string> {
  const found = new Set<string>();
  const queue: string[] = [];
  const scan = (text: string | undefined) => {
    for (const match of (text ?? '').matchAll(BUILT_FILE)) {
      const file = `_astro/${match[1]}`;
      if (found.has(file)) continue;
      found.add(file);
      if (file.endsWith('.js')) queue.push(file);
    }
  };
  for (const page of pages) scan(read(page));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) scan(read(file));
  return found;
}

/**
 * The service worker's precache list: the shell's pages, their code and a venue page's (see
 * `shellCode`), and the icons and web manifest; each page by its address (`x.html` → `x`,
 * `index.html` → `/`), as @vite-pwa/astro does itself when given no manifest step of ours.
 * No venue's page or menu: the venue being opened is kept by the page itself
 * (src/shell/sw-keep.ts), the others as they are visited.
 */
export function precacheManifest<E extends ManifestEntry>(
  entries: E[],
  read: (file: string) => string | undefined,
): { manifest: E[]; warnings: string[] } {
  const file = (e: ManifestEntry) => e.url.replace(/^\//, '');
  const venuePage = entries
    .map((e) => /^menus\/([^/]+)\.json$/.exec(file(e))?.[1])
    .filter(Boolean)
    .sort()[0];
  const code = shellCode([...SHELL_PAGES, ...(venuePage ? [`${venuePage}.html`] : [])], read);
  const manifest = entries
    .filter((e) => {
      const name = file(e);
      if (name.startsWith('_astro/')) return code.has(name);
      if (name.endsWith('.html')) return SHELL_PAGES.has(name);
      return !name.startsWith('menus/');
    })
    .map((e) => {
      if (!e.url.endsWith('.html')) return e;
      const url = file(e);
      return { ...e, url: url === 'index.html' ? '/' : url.replace(/\.html$/, '') };
    });
  return { manifest, warnings: [] };
}

/**
 * A copy the device keeps of something the network now says is gone (404, 410: a deleted
 * venue: its page, its menu file, its menu) is dropped, so the next visit gets the network's answer (a 404 stays a 404) instead of
 * the kept copy; the venue's kept menu goes when the open page's live menu is answered 404.
 * Plugin callbacks are copied into sw.js as source: nothing from outside.
 */
const forgetWhatIsGone = {
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    if (response.status !== 404 && response.status !== 410) return response;
    const url = new URL(request.url);
    url.search = '';
    url.hash = '';
    const kept = url.pathname.startsWith('/api/')
      ? 'umenu-venues'
      : url.pathname.startsWith('/menus/')
        ? 'umenu-menus'
        : 'umenu-pages';
    await (await caches.open(kept)).delete(url.href);
    return response;
  },
};

/**
 * Runtime caching rules. The menu feature adds its own here (visited venue
 * pages, `GET /api/venues/…`, product images) — keep `config.json` first.
 *
 * What a page needs to open (its HTML, `config.json`) comes from the device when the device
 * has it, at once, whatever the network does (a connection that is accepted and then stalls
 * holds nothing up), and is refreshed from the network in the background for the next visit;
 * the fallback shell opens with the menu kept here (src/features/menu/VenueShell.tsx), and the
 * live menu brings the open page up to date in place (src/features/menu/live-venue.ts). What
 * the device has never seen goes to the network, as without a service worker
 * (docs/rules.md#returning-on-a-bad-network).
 */
export const runtimeCaching: RuntimeCaching[] = [
  {
    // The runtime config: the kept copy at once, refreshed in the background (a deployer's
    // edit applies from the next page load); the network's when there is no copy yet.
    urlPattern: ({ url }) => url.pathname === '/config.json',
    handler: 'StaleWhileRevalidate',
    options: { cacheName: CONFIG_CACHE, cacheableResponse: { statuses: [200] } },
  },
  {
    // Menu feature: venue menus and the venue list, fresh when online, last copy offline or
    // when the network has not answered within 1.5 s (the fallback shell opens with the copy kept
    // here, read from the page).
    urlPattern: ({ url }) => /^\/api\/venues(\/[a-z0-9-]+)?$/.test(url.pathname),
    handler: 'NetworkFirst',
    options: {
      cacheName: VENUES_CACHE,
      networkTimeoutSeconds: 1.5,
      expiration: { maxEntries: 30 },
      plugins: [forgetWhatIsGone],
    },
  },
  {
    // Every navigation that is not precached — every venue's page (prerendered, or the fallback
    // shell for one created after the build), every page but the shell's, unknown addresses — whatever its query
    // (`/{id}?mesa=7`). A page the device has kept (one copy per path, kept only when it answered
    // 200) opens from it at once, and the network's answer replaces the copy for the next visit
    // (a 404 drops it: a deleted venue). A page never kept goes to the network, as without a
    // service worker: a 404 stays the 404 page. Only when the network is unreachable: the
    // fallback shell for a venue whose menu is kept, else the offline page.
    // (`/api/…` and files are left to the browser: OAuth redirects, images opened in a tab.)
    urlPattern: ({ request, url }) =>
      request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url.pathname),
    handler: 'StaleWhileRevalidate',
    options: {
      cacheName: PAGES_CACHE,
      plugins: [
        {
          // The pages read their query in the browser: keep and find one copy per path.
          cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
            const url = new URL(request.url);
            url.search = '';
            url.hash = '';
            return url.href;
          },
        },
        forgetWhatIsGone,
        {
          // Offline, never opened by path (e.g. reached through a 404-only host's 404.html):
          // a venue whose menu the device keeps still opens, through the precached fallback shell.
          // This function is copied into sw.js as source, so it cannot call the contract's
          // isValidVenueId; it needs no venue id rule either: only a valid id's menu is ever kept.
          handlerDidError: async ({ request }: { request: Request }) => {
            const match = /^\/([^/]+)$/.exec(new URL(request.url).pathname);
            if (!match) return undefined;
            const menus = await (await caches.open('umenu-venues')).keys();
            if (!menus.some((menu) => new URL(menu.url).pathname === `/api/venues/${match[1]}`)) return undefined;
            for (const name of await caches.keys()) {
              if (!name.startsWith('workbox-precache')) continue;
              const shell = await (await caches.open(name)).match('/venue-shell', { ignoreSearch: true });
              if (shell) return shell;
            }
            return undefined;
          },
        },
        {
          // Offline, an address in another interface language (`/en/pedidos`) gets that
          // language's offline page; any other the Spanish one (`precacheFallback` below).
          // (Copied into sw.js as source: the language codes are written out.)
          handlerDidError: async ({ request }: { request: Request }) => {
            const match = /^\/(en|fr|de|it|pt|ca)(\/|$)/.exec(new URL(request.url).pathname);
            if (!match) return undefined;
            for (const name of await caches.keys()) {
              if (!name.startsWith('workbox-precache')) continue;
              const page = await (await caches.open(name)).match(`/${match[1]}/offline`, { ignoreSearch: true });
              if (page) return page;
            }
            return undefined;
          },
        },
      ],
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 40 },
      precacheFallback: { fallbackURL: '/offline' },
    },
  },
  {
    // A prerendered venue's whole menu (its dialog and search), kept with its page: from the device
    // at once, refreshed in the background (the server rewrites it after an edit; the live menu
    // brings the open page up to date either way). Kept on the visit that installs the worker too
    // (src/features/menu/menu-page.ts).
    urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/menus\/[^/]+\.json$/.test(url.pathname),
    handler: 'StaleWhileRevalidate',
    options: {
      cacheName: MENUS_CACHE,
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 40 },
      plugins: [forgetWhatIsGone],
    },
  },
  {
    // The code of pages outside the shell (the staff screens, …) once a page has used it: the
    // names carry the content's hash, so a kept copy never goes stale.
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
    handler: 'CacheFirst',
    options: { cacheName: ASSETS_CACHE, cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 200 } },
  },
  {
    // Menu feature: product images, logos and covers of visited menus.
    urlPattern: ({ url }) => url.pathname.startsWith('/api/media/'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'umenu-media',
      expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 },
      cacheableResponse: { statuses: [0, 200] },
    },
  },
];

/** The @vite-pwa/astro options for a site built into `outDir` (the precache step reads the built pages and modules). */
export const pwaOptions = (outDir: string) => ({
  registerType: 'prompt' as const,
  injectRegister: false as const,
  includeAssets: ['favicon.svg', 'favicon.ico', 'apple-touch-icon-180x180.png'],
  manifest: {
    id: '/',
    name: 'umenu — menú y pedidos',
    short_name: 'umenu',
    description: 'Consulta el menú, pide desde tu mesa y sigue tu pedido en vivo.',
    lang: 'es',
    start_url: '/',
    scope: '/',
    display: 'standalone' as const,
    theme_color: '#0096c7',
    background_color: '#f2f5f8',
    icons: [
      { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // No NavigationRoute: it answers every navigation that is not precached from the cache, so
    // online 404s and new venues got the offline page. Navigations follow the `umenu-pages` rule
    // above instead, with the offline page only when the network is unreachable.
    // (Unset, the plugin would default to `/`: set to null on purpose.)
    navigateFallback: null,
    // Pages are static and read their query in the browser (`/panel?venue=…`, `/pedidos/ver?id=…`,
    // `/{id}?mesa=12`): match the precached page whatever the query (else they would need the network).
    ignoreURLParametersMatching: [/.*/],
    // Listed, then narrowed to the shell and its code (`precacheManifest`): venue pages, their
    // menus (`menus/*.json`, listed to find a venue page's code) and every other page are kept as
    // they are visited. (Not `config.json`: the runtime config, its own rule above.)
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}', 'menus/*.json'],
    globIgnores: ['**/apple-splash-*.png', '**/maskable-icon-*.png', '**/pwa-512x512.png'],
    manifestTransforms: [
      (entries) =>
        precacheManifest(entries, (file) => {
          try {
            return readFileSync(join(outDir, file), 'utf8');
          } catch {
            return undefined;
          }
        }),
    ] as ManifestTransform[],
    runtimeCaching,
    // The ready notification's `push` and `notificationclick` handlers (public/sw-push.js, docs/rules.md#ready-notifications).
    importScripts: ['/sw-push.js'],
  },
});
