/**
 * knip: no unused files, exports or dependencies; run by `npm run lint` (scripts/lint.ts), where
 * any finding fails, configuration hints included (e.g. an ignoreDependencies entry no longer needed).
 * Knip's own plugins find the entry points of Astro (pages, astro.config.mjs), vitest, Playwright,
 * ESLint and the npm scripts; the entries below are the ones no plugin can see.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Every script is an entry point: run by npm scripts, by another script (scripts/lint.ts
    // spawns check-citations.ts) or by hand (`npx pwa-assets-generator --config
    // scripts/pwa-assets.config.ts`).
    'scripts/*.ts!',
    // Loaded by Astro as the `client:paint` directive: astro.config.mjs names it by path.
    'src/lib/after-paint-directive.ts!',
    // Loaded by the generated service worker with `importScripts` (src/shell/pwa-options.ts).
    'public/sw-push.js!',
  ],
  // An export its own module uses is a name, not dead code.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // scripts/lint-openapi.ts runs the CLI by its path inside node_modules.
    '@redocly/cli',
    // scripts/bench-api.ts loads it through createRequire (the package ships no types).
    'autocannon',
  ],
  // scripts/chromium.ts installs Debian's chromium when it can.
  ignoreBinaries: ['apt-get'],
};

export default config;
