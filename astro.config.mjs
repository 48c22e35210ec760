// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import AstroPWA from '@vite-pwa/astro';
import { pwaOptions } from './src/shell/pwa-options.ts';

export default defineConfig({
  output: 'static',
  site: process.env.UMENU_SITE ?? 'http://localhost:4321',
  trailingSlash: 'ignore',
  outDir: process.env.UMENU_DIST ?? 'dist',
  build: { format: 'file', inlineStylesheets: 'auto' },
  prefetch: false,
  integrations: [react(), AstroPWA(pwaOptions)],
  vite: {
    plugins: [tailwindcss()],
    build: { assetsInlineLimit: 0 },
  },
});
