import { defineConfig, devices } from '@playwright/test';

/** Browser tests drive the real built site served by `npm start` (site + API on one origin). */
const port = Number(process.env.E2E_PORT ?? 4399);
export const baseURL = `http://127.0.0.1:${port}`;
/** A plain static host serving `dist/` on another origin (tests/e2e/static-hosts.spec.ts), calling the API above. */
export const staticHostPort = Number(process.env.E2E_STATIC_PORT ?? port + 1000);
export const staticHostURL = `http://127.0.0.1:${staticHostPort}`;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'es-ES',
    launchOptions: { executablePath: chromium, args: chromiumArgs },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' } },
  ],
  webServer: {
    command: 'node scripts/start.ts',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      UMENU_DB: `data/e2e-${port}.sqlite`,
      UMENU_RESET_DB: '1',
      // The 500-product venue, so the search/filter keystroke test runs in every `npm test`.
      UMENU_SEED_LARGE: '1',
      UMENU_JWT_SECRET: 'e2e-secret-not-for-production-0123456789',
      // As deployed with the site on a static host: the API knows its public address (image
      // addresses are absolute, prerendered pages included) and lets that host call it.
      UMENU_API_PUBLIC_URL: `${baseURL}/api`,
      UMENU_CORS_ORIGINS: staticHostURL,
      // The suite places many orders as the demo diner: no per-account order limit.
      UMENU_ORDER_LIMIT: 'off',
      // Every phone of the suite joins tables from one address: no join limits (the API tests cover them).
      UMENU_TABLE_JOIN_LIMIT: 'off',
      UMENU_TABLE_JOIN_IP_LIMIT: 'off',
    },
  },
});
