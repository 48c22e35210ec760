import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { ceiling } from './tests/ceiling.ts';

/**
 * Browser tests drive the real built site and API: the global setup builds the site once
 * (scripts/site-build.ts), and each worker serves its own copy with its own API and database
 * on a free port (tests/e2e/fixtures.ts, which sets `baseURL`). Projects: `phone` runs every
 * test; `desktop` only the tests tagged `@desktop` (their result depends on the viewport).
 */
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // The built render module (4.7 MB) that the in-process servers import to regenerate a page
  // (server/features/venues/prerender.ts): Playwright's loader ran Babel over it in every worker,
  // tens of seconds of CPU that held up the regeneration and the worker's event loop.
  build: { external: ['**/site-render/**'] },
  // Tests run in parallel, those of one file too (a long file no longer holds one worker to the
  // end); a worker's tests share its server and database, so none depends on another.
  fullyParallel: true,
  // Twice the machine's cores (4 on the 2-core CI machine): a test mostly waits (timers, events, the
  // server), so one worker per core kept the CPU about 40 % busy. `E2E_WORKERS=n` sets it.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2 * availableParallelism(),
  // Flaky tests are found, not retried away.
  retries: 0,
  // Ceilings, not waits: a test waits for the state it needs, and these only say when it counts as
  // never coming, scaled for a busy machine (tests/ceiling.ts).
  timeout: ceiling(30_000),
  expect: { timeout: ceiling(7_000) },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    locale: 'es-ES',
    launchOptions: { executablePath: chromium, args: chromiumArgs },
    trace: 'off',
    // `serviceWorkers`: blocked unless the test is about the service worker (tests/e2e/fixtures.ts, tag `@sw`).
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' } },
    { name: 'desktop', grep: /@desktop/, use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' } },
  ],
});
