/**
 * The `test` and `expect` every browser spec imports. What a spec gets from them:
 *
 * ITS OWN SERVER. Each Playwright worker starts the real API in-process on a free port
 * (127.0.0.1, ≥ 20000) with its own copy of the seeded SQLite database and its own copy of
 * the built site (built ONCE per run by tests/e2e/global-setup.ts → scripts/site-build.ts,
 * demo venues prerendered). `baseURL` points at it, so write relative URLs:
 * `page.goto('/taqueria-el-guero')`, `request.get('/api/venues')` (the `request` fixture
 * talks to the same server). `umenu` (worker fixture) gives the details when a spec needs
 * them: `umenu.url`, `umenu.site` (the served dist copy), `umenu.staticHostPort` /
 * `umenu.staticHostURL` (a free port whose origin the API allows by CORS, for specs that
 * serve the site from a plain static host), `umenu.jwtSecret`.
 *
 * ITS OWN VENUE. Specs run in parallel (four workers by default, `--shard` on CI) and in any order,
 * and the tests of one worker share its database. A test that changes a venue creates its
 * own (`createVenue(request, 'mi-local-e2e', 'Mi Local')` from helpers.ts, a copy of the
 * taquería with no prerendered page) or puts back what it changed; a test never depends
 * on what ran before it.
 *
 * SIGNED IN THROUGH STORED STATE. Outside the sign-in specs themselves, sign in with
 * `signInStored(page, who)` (auth-helpers.ts): one API login, the session written into
 * the browser's storage the app reads (src/features/auth/storage.ts) before the first page
 * loads; no login form.
 *
 * A SERVICE WORKER ONLY WHERE THE TEST IS ABOUT IT. Tag such a test `@sw` (`test('…', { tag: '@sw' }, …)`),
 * or `test.use({ serviceWorkers: 'allow' })` for a whole file: the returning diner, offline pages, updates,
 * the installed app, and the main order and table flows. Elsewhere the page registers no worker (every
 * context, those from `browser.newContext()` too): installing it precaches the app shell (about 1.4 MB as
 * built; with the featured venues too it took about 1.2 s of CPU per context, a third of the whole browser
 * suite's CPU), and no other test reads what it caches.
 *
 * CPU PER TEST. `UMENU_E2E_CPU=file.tsv npx playwright test` appends, per test, the CPU seconds of its worker
 * (the test, the in-process API, its Chromium and every renderer), its seconds and its title:
 * `sort -rn file.tsv | head` shows where the suite's CPU goes (on a 2-core machine, CPU sets its time).
 *
 * DESKTOP ONLY WHERE IT MATTERS. The phone project runs every test; the desktop project
 * only tests tagged `@desktop` (`test.describe('…', { tag: '@desktop' }, …)`): the ones
 * whose result depends on the viewport (boards, the editor, the QR sheet, layout checks).
 * axe (`expectNoAxeViolations`) runs on the phone project only: once per screen state.
 *
 * NO FIXED WAITS: `page.clock` for toasts and timers, events and `expect.poll` for the rest.
 *
 * It also fails a test on any uncaught page error or `console.error` in any page of any
 * browser context the test opens (the default `context`/`page`, and contexts from
 * `browser.newContext()` / `browser.newPage()`).
 *
 * When a console error is the very point of a test (a deliberately broken resource,
 * a 404 that Chromium logs as "Failed to load resource"), allow it for that test only:
 *
 *   allowConsoleError(/config\.json.*404/); // why: this test serves a broken config on purpose
 *
 * An uncaught error is allowed the same way, with `allowPageError`, only where the test
 * throws it on purpose (e.g. to see the generic error toast).
 */
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type WebError,
} from '@playwright/test';
import { createServer } from '../../server/main.ts';
import { loadSite } from '../../server/platform/static.ts';
import { E2E_JWT_SECRET, e2eConfig } from '../../scripts/site-build.ts';
import { ceiling } from '../ceiling.ts';

export { expect };

/** The worker's server (see the header). */
export interface UmenuServer {
  url: string;
  port: number;
  /** This worker's copy of the built site, served at `url`. */
  site: string;
  /** This worker's database file. */
  db: string;
  /** A free port for a static host of the site; the API allows its origin (CORS). */
  staticHostPort: number;
  staticHostURL: string;
  jwtSecret: string;
}

/** A port the system says is free now (≥ 20000 on this machine's ephemeral range), for servers that need it known in advance. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createNetServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as AddressInfo;
        probe.close(() => resolve(p));
      });
    });
    if (port >= 20000) return port;
  }
}

async function startUmenu(): Promise<{ server: UmenuServer; stop: () => Promise<void> }> {
  const build = process.env.UMENU_E2E_SITE_BUILD;
  if (!build)
    throw new Error(
      'UMENU_E2E_SITE_BUILD is not set: run the browser tests through playwright.config.ts (its global setup builds the site)',
    );
  const dir = mkdtempSync(join(tmpdir(), 'umenu-e2e-worker-'));
  const site = join(dir, 'site');
  const db = join(dir, 'umenu.sqlite');
  // Its own copies: the server may write into its site (regenerated venue pages) and database.
  cpSync(join(build, 'site'), site, { recursive: true });
  // The module the server renders a changed venue's page with lives beside the site (server/features/venues/prerender.ts).
  cpSync(join(build, 'site-render'), `${site}-render`, { recursive: true });
  cpSync(join(build, 'umenu.sqlite'), db);
  const staticHostPort = await freePort();
  const staticHostURL = `http://127.0.0.1:${staticHostPort}`;
  // No best compression in the background: it cost each worker ~10 s of CPU at start-up.
  const siteState = { building: false, files: loadSite(site, { precompress: false }) };
  const umenu = await createServer(
    e2eConfig({ dbPath: db, resetDb: false, distDir: site, corsOrigins: [staticHostURL] }),
    { site: siteState },
  );
  let port = 0;
  let http: ReturnType<typeof serve> | undefined;
  for (let attempt = 0; !http; attempt += 1) {
    port = await freePort();
    try {
      http = await new Promise<ReturnType<typeof serve>>((listening, failed) => {
        const s = serve({ fetch: umenu.app.fetch, port, hostname: '127.0.0.1' }, () => listening(s));
        s.once('error', failed);
      });
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
  const server = http;
  umenu.deps.config.port = port;
  const url = `http://127.0.0.1:${port}`;
  return {
    server: { url, port, site, db, staticHostPort, staticHostURL, jwtSecret: E2E_JWT_SECRET },
    async stop() {
      umenu.deps.draining = true;
      await new Promise<void>((closed) => {
        server.close(() => closed());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await umenu.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU seconds used so far by `root` and every process under it, those that have ended included (their parents
 * count them once they are reaped): a Playwright worker, its Chromium and the renderers. Linux only (`/proc`).
 */
function processTreeCpu(root: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command's closing parenthesis: state, ppid, …; utime, stime, cutime, cstime are fields 14–17.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const parent = Number(fields[1]);
      ticks.set(
        pid,
        [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0),
      );
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // The process ended meanwhile: its parent counts it.
    }
  }
  let total = 0;
  for (const stack = [root]; stack.length > 0;) {
    const pid = stack.pop()!;
    total += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total / 100;
}

class BrowserErrors {
  readonly found: string[] = [];
  readonly allowed: RegExp[] = [];
  readonly allowedPageErrors: RegExp[] = [];
  ended = false;
  private readonly watched = new WeakSet<BrowserContext>();

  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (this.allowed.some((pattern) => pattern.test(text))) return;
      const where = message.location().url || message.page()?.url() || '';
      this.found.push(`console.error at ${where}: ${text}`);
    });
    context.on('weberror', (webError: WebError) => {
      const error = webError.error();
      if (this.allowedPageErrors.some((pattern) => pattern.test(error.message))) return;
      this.found.push(
        `${this.ended ? '[after test body] ' : ''}uncaught error at ${webError.page()?.url() ?? ''}: ${error.stack || `${error.name}: ${error.message}` || String(error)}`,
      );
    });
  }
}

type NewContext = Browser['newContext'];

export const test = base.extend<
  {
    /** Lets console errors matching `pattern` pass, in this test only. Say why next to the call. */
    allowConsoleError: (pattern: RegExp) => void;
    /** Lets uncaught errors whose message matches `pattern` pass, in this test only. Say why next to the call. */
    allowPageError: (pattern: RegExp) => void;
    browserErrors: BrowserErrors;
    /** With `UMENU_E2E_CPU` set: the test's CPU seconds, written to that file (see the header). */
    cpuReport: void;
  },
  {
    /** This worker's server: started before its first test, stopped after its last. */
    umenu: UmenuServer;
  }
>({
  umenu: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it has none
    async ({}, use) => {
      const { server, stop } = await startUmenu();
      try {
        await use(server);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: ceiling(60_000) },
  ],
  baseURL: async ({ umenu }, use) => {
    await use(umenu.url);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it has none
  serviceWorkers: async ({}, use, testInfo) => {
    await use(testInfo.tags.includes('@sw') ? 'allow' : 'block');
  },
  cpuReport: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it has none
    async ({}, use, testInfo) => {
      const report = process.env.UMENU_E2E_CPU;
      const before = report ? processTreeCpu(process.pid) : 0;
      const started = performance.now();
      // Set up first, so torn down last: the test's contexts and pages are closed by then.
      await use();
      if (!report) return;
      const cpu = processTreeCpu(process.pid) - before;
      const title = testInfo.titlePath.join(' › ');
      appendFileSync(
        report,
        `${cpu.toFixed(2)}\t${((performance.now() - started) / 1000).toFixed(1)}\t${testInfo.project.name}\t${title}\n`,
      );
    },
    { auto: true },
  ],
  browserErrors: [
    async ({ browser }, use) => {
      const errors = new BrowserErrors();
      // Contexts the test makes itself (browser.newPage() goes through newContext too).
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with `apply(this, …)`, bound to the browser
      const original: NewContext = browser.newContext;
      const patched: NewContext = async function (this: Browser, ...args: Parameters<NewContext>) {
        const context = await original.apply(this, args);
        errors.watch(context);
        return context;
      };
      Object.defineProperty(browser, 'newContext', { value: patched, configurable: true, writable: true });
      try {
        await use(errors);
      } finally {
        delete (browser as { newContext?: NewContext }).newContext;
      }
      if (errors.found.length > 0) {
        throw new Error(`The page logged ${errors.found.length} error(s):\n${errors.found.join('\n')}`);
      }
    },
    { auto: true },
  ],
  context: async ({ context, browserErrors }, use) => {
    browserErrors.watch(context);
    await use(context);
    browserErrors.ended = true;
  },
  allowPageError: async ({ browserErrors }, use) => {
    await use((pattern) => {
      browserErrors.allowedPageErrors.push(pattern);
    });
  },
  allowConsoleError: async ({ browserErrors }, use) => {
    await use((pattern) => {
      browserErrors.allowed.push(pattern);
    });
  },
});
