// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import AstroPWA from '@vite-pwa/astro';
import { pwaOptions } from './src/shell/pwa-options.ts';
import { afterPaintScripts } from './src/shell/after-paint-scripts.ts';
import { venueRegionsBundle } from './src/shell/venue-regions-bundle.ts';

/** @returns {import('astro').AstroIntegration} */
function afterPaintDirective() {
  return {
    name: 'umenu:client-paint',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'paint', entrypoint: './src/lib/after-paint-directive.ts' });
        addClientDirective({ name: 'touch', entrypoint: './src/lib/touch-directive.ts' });
      },
    },
  };
}

/** Where the site is built; the service worker's precache step reads the built pages there. */
const outDir = process.env.UMENU_DIST ?? 'dist';

export default defineConfig({
  output: 'static',
  site: process.env.UMENU_SITE ?? 'http://localhost:4321',
  trailingSlash: 'ignore',
  outDir,
  // The whole stylesheet (≈ 12 KB gzipped) is inlined: no render-blocking request
  // before the first paint. `client:paint` (src/lib/after-paint-directive.ts)
  // hydrates islands once that paint is on screen, and the pages' module scripts
  // are asked for then too (src/shell/after-paint-scripts.ts).
  build: { format: 'file', inlineStylesheets: 'always' },
  prefetch: false,
  // afterPaintScripts rewrites the built pages before AstroPWA lists them for the service worker.
  integrations: [
    react(),
    afterPaintScripts(),
    AstroPWA(pwaOptions(outDir)),
    afterPaintDirective(),
    venueRegionsBundle(),
  ],
  vite: {
    plugins: [tailwindcss()],
    build: {
      assetsInlineLimit: 0,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // The small shared modules the pages' scripts start with, in two chunks (one for
                // React's islands) instead of a dozen tiny ones: each chunk costs a request, its own
                // gzip stream and its imports.
                name: 'react-base',
                test: /[\\/]node_modules[\\/](react|@nanostores[\\/]react)[\\/]|[\\/]src[\\/]lib[\\/]hydrated\.ts$/,
              },
              {
                name: 'base',
                // With the page's language (src/lib/page-language.ts, src/contract/languages.ts: docs/architecture.md#languages).
                test: /[\\/]node_modules[\\/](nanostores|@nanostores[\\/]persistent)[\\/]|[\\/]src[\\/](lib[\\/](persist|online|clock|money|page-language)|contract[\\/](limits|money|languages))\.ts$/,
              },
            ],
          },
        },
      },
    },
  },
});
