/** @vite-pwa/astro options: manifest (docs/rules.md#pwa) and the Workbox service worker. */
import { UI_LANGUAGES } from '../contract/languages.ts';
import type { ManifestEntry, ManifestTransform, RuntimeCaching } from 'workbox-build';
import { HOME_PAGE_SIZE } from '../contract/limits.ts';
import { CONFIG_CACHE, PAGES_CACHE, VENUES_CACHE } from './sw-caches.ts';

/**
 * Precached venues: the first ones by id, those on the home page's first screen. Precaching
 * every venue page and menu would make each first visit download all of them (a site of 1,000
 * venues: 2,000 files, about 150 MB); the others are kept once visited (the `umenu-pages` and
 * `umenu-venues` rules below), like a venue created after the build.
 */
export const PRECACHED_VENUES = HOME_PAGE_SIZE;

/** Pages in another interface language than the venue's (`en.html`, `en/inspire.html`, `en/{id}.html`). */
const OTHER_LANGUAGE_PAGE = new RegExp(`^/?(${UI_LANGUAGES.join('|')})(\\.html$|/)`);
/** Except each language's offline page (`en/offline.html`): the one page the worker shows for an address it does not keep. */
const OFFLINE_PAGE = new RegExp(`^/?(${UI_LANGUAGES.join('|')})/offline\\.html$`);

/**
 * The service worker's precache list: the venues past `PRECACHED_VENUES` left out (a venue is a
 * `menus/{id}.json` with its `{id}.html`), and every page in another language but its offline page
 * (docs/architecture.md#languages: a diner's language's pages are kept as they are visited, not
 * seven copies of the site up front; the offline pages carry only a few components' words),
 * then each page by its address (`x.html` → `x`, `index.html` → `/`), as @vite-pwa/astro does
 * itself when given no manifest step of ours.
 */
export function precacheManifest<E extends ManifestEntry>(entries: E[]): { manifest: E[]; warnings: string[] } {
  const venueIds = entries.flatMap((e) => /^\/?menus\/([^/]+)\.json$/.exec(e.url)?.[1] ?? []).sort();
  const left = new Set(venueIds.slice(PRECACHED_VENUES).flatMap((id) => [`${id}.html`, `menus/${id}.json`]));
  const manifest = entries
    .filter((e) => !left.has(e.url.replace(/^\//, '')) && (!OTHER_LANGUAGE_PAGE.test(e.url) || OFFLINE_PAGE.test(e.url)))
    .map((e) => {
      if (!e.url.endsWith('.html')) return e;
      const url = e.url.replace(/^\//, '');
      return { ...e, url: url === 'index.html' ? '/' : url.replace(/\.html$/, '') };
    });
  return { manifest, warnings: [] };
}

/**
 * A copy the device keeps of something the network now says is gone (404, 410: a deleted
 * venue) is dropped, so the next visit gets the network's answer (a 404 stays a 404) instead of
 * the kept copy; the venue's kept menu goes when the open page's live menu is answered 404.
 * Plugin callbacks are copied into sw.js as source: nothing from outside.
 */
const forgetWhatIsGone = {
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    if (response.status !== 404 && response.status !== 410) return response;
    const url = new URL(request.url);
    url.search = '';
    url.hash = '';
    await (await caches.open(url.pathname.startsWith('/api/') ? 'umenu-venues' : 'umenu-pages')).delete(url.href);
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
    // when the network has not answered within 1.5 s (the prerendered menu pages themselves are
    // precached; the fallback shell opens with the copy kept here, read from the page).
    urlPattern: ({ url }) => /^\/api\/venues(\/[a-z0-9-]+)?$/.test(url.pathname),
    handler: 'NetworkFirst',
    options: { cacheName: VENUES_CACHE, networkTimeoutSeconds: 1.5, expiration: { maxEntries: 30 }, plugins: [forgetWhatIsGone] },
  },
  {
    // Every navigation that is not precached — venues created after the build (the fallback
    // shell), venues of a site built without the API, unknown addresses — whatever its query
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

export const pwaOptions = {
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
    // `menus/*.json`: each prerendered venue's whole menu (its dialog and search), kept with its page
    // (the first `PRECACHED_VENUES` venues: `precacheManifest`).
    // (Not every JSON: `config.json` is the runtime config, fresh from the network first.)
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}', 'menus/*.json'],
    globIgnores: ['**/apple-splash-*.png', '**/maskable-icon-*.png', '**/pwa-512x512.png'],
    manifestTransforms: [(entries) => precacheManifest(entries)] as ManifestTransform[],
    runtimeCaching,
  },
};
