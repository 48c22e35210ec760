/** @vite-pwa/astro options: manifest (product.md §8) and the Workbox service worker. */
export const pwaOptions = {
  registerType: 'prompt' as const,
  injectRegister: false as const,
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
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
    navigateFallback: '/offline',
    navigateFallbackDenylist: [/^\/api\//],
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    globIgnores: ['**/splash-*.png'],
  },
};
