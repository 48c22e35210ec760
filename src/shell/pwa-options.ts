/** @vite-pwa/astro options: manifest (docs/rules.md#pwa) and the Workbox service worker. */
import type { RuntimeCaching } from 'workbox-build';

/**
 * Runtime caching rules. The menu feature adds its own here (visited venue
 * pages, `GET /api/venues/…`, product images) — keep `config.json` first.
 */
export const runtimeCaching: RuntimeCaching[] = [
  {
    // The runtime config: fresh when online, last known copy offline.
    urlPattern: ({ url }) => url.pathname === '/config.json',
    handler: 'NetworkFirst',
    options: { cacheName: 'umenu-config', networkTimeoutSeconds: 3 },
  },
  {
    // Menu feature: venue menus and the venue list, fresh when online, last copy offline
    // (the prerendered menu pages themselves are precached; the fallback shell reads these).
    urlPattern: ({ url }) => /^\/api\/venues(\/[a-z0-9-]+)?$/.test(url.pathname),
    handler: 'NetworkFirst',
    options: { cacheName: 'umenu-venues', networkTimeoutSeconds: 4, expiration: { maxEntries: 30 } },
  },
  {
    // Every navigation that is not precached — venues created after the build (the fallback
    // shell), venues of a site built without the API, unknown addresses — goes to the network
    // first, whatever its query (`/{id}?mesa=7`): a 404 stays the 404 page, a venue page is kept
    // (one copy per path) for offline visits. Only when the network is unreachable: the kept copy,
    // else the fallback shell for a venue whose menu is cached, else the offline page.
    // (`/api/…` and files are left to the browser: OAuth redirects, images opened in a tab.)
    urlPattern: ({ request, url }) =>
      request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url.pathname),
    handler: 'NetworkFirst',
    options: {
      cacheName: 'umenu-pages',
      networkTimeoutSeconds: 4,
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
    // online 404s and new venues got the offline page. Navigations go network-first instead (the
    // `umenu-pages` rule above), with the offline page only when the network is unreachable.
    // (Unset, the plugin would default to `/`: set to null on purpose.)
    navigateFallback: null,
    // Pages are static and read their query in the browser (`/panel?venue=…`, `/pedidos/ver?id=…`,
    // `/{id}?mesa=12`): match the precached page whatever the query (else they would need the network).
    ignoreURLParametersMatching: [/.*/],
    // `menus/*.json`: each prerendered venue's whole menu (its dialog and search), kept with its page.
    // (Not every JSON: `config.json` is the runtime config, fresh from the network first.)
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}', 'menus/*.json'],
    globIgnores: ['**/apple-splash-*.png', '**/maskable-icon-*.png', '**/pwa-512x512.png'],
    runtimeCaching,
  },
};
