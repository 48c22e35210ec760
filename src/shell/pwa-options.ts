/** @vite-pwa/astro options: manifest (product.md §8) and the Workbox service worker. */
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
    // Menu feature: venues created after the build are not precached; their `/{id}` (the
    // fallback shell) comes from the network, the last copy offline, else the offline page.
    urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/[a-z0-9][a-z0-9-]{1,62}$/.test(url.pathname),
    handler: 'NetworkFirst',
    options: {
      cacheName: 'umenu-venue-pages',
      networkTimeoutSeconds: 4,
      expiration: { maxEntries: 20 },
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
    // Never-visited routes offline get the offline page (not the home page, the plugin's default).
    // @vite-pwa/astro precaches pages under their clean URLs (`offline`, not `offline.html`).
    navigateFallback: '/offline',
    // (venue slugs are left to the menu's runtime rule below, so new venues reach the network)
    navigateFallbackDenylist: [/^\/api\//, /\.[a-z0-9]+$/i, /^\/[a-z0-9][a-z0-9-]{1,62}$/],
    // Pages are static and read their query in the browser (`/panel?venue=…`, `/pedidos/ver?id=…`,
    // `/{id}?mesa=12`): match the precached page whatever the query, or they would get the fallback.
    ignoreURLParametersMatching: [/.*/],
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
    globIgnores: ['**/apple-splash-*.png', '**/maskable-icon-*.png', '**/pwa-512x512.png'],
    runtimeCaching,
  },
};
