/**
 * Build step (an Astro integration): bundles src/features/menu/prerender-regions.tsx for Node
 * beside the site (`<outDir>-render/venue-regions.mjs`, outside what is served), so the bundled
 * server can regenerate one venue's page after an edit (server/features/venues/prerender.ts) with the very
 * components and helpers this build used, and a copy of the home page as built (the clean page the server
 * regenerates the home page's venue list from). Takes well under a second.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { basename, dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';

/** Where the server looks for it too (server/features/venues/prerender.ts: same rule, beside `distDir`, never served). */
export function venueRegionsModule(distDir: string): string {
  const dir = distDir.replace(/[\\/]+$/, '');
  return join(dirname(dir), `${basename(dir)}-render`, 'venue-regions.mjs');
}

export function venueRegionsBundle(): AstroIntegration {
  return {
    name: 'umenu:venue-regions',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const { build } = await import('esbuild');
        const outfile = venueRegionsModule(fileURLToPath(dir));
        await build({
          entryPoints: [fileURLToPath(new URL('../features/menu/prerender-regions.tsx', import.meta.url))],
          outfile,
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node22',
          jsx: 'automatic',
          logLevel: 'warning',
          // React's Node server build requires Node's built-ins (`util`, `stream`) at run time.
          banner: {
            js: "import { createRequire as __umenuRequire } from 'node:module'; const require = __umenuRequire(import.meta.url);",
          },
          define: {
            'process.env.NODE_ENV': '"production"',
            // As the pages saw it (src/lib/config.ts reads PUBLIC_API_BASE; src/lib/i18n.ts keeps
            // its messages current when the page's language is set, as during the build, on SSR).
            'import.meta.env': JSON.stringify({ PROD: true, SSR: true, PUBLIC_API_BASE: process.env.PUBLIC_API_BASE }),
          },
        });
        // The home page as built: the server regenerates its venue list from this clean copy (server/features/venues/prerender.ts, `homeTemplate`).
        const home = join(fileURLToPath(dir), 'index.html');
        if (existsSync(home)) await copyFile(home, join(dirname(outfile), 'index.html'));
        logger.info(`venue page regions for the server: ${outfile} (${Math.round(performance.now() - started)} ms)`);
      },
    },
  };
}
