/**
 * The site as the browser tests and the budget use it, built ONCE per run:
 * `node scripts/site-build.ts [dir]` (default `dist-test/`) starts the API in-process on a
 * free port with a fresh seeded SQLite file (`UMENU_SEED_LARGE=1`: the 520-product
 * `mercado-grande` too), runs `astro build` against it (so the demo venues are prerendered,
 * exactly as `npm start` does) and leaves in `dir`:
 *   - `site/`          the built site (image addresses relative: `/api/media/…`, no
 *                      `UMENU_API_PUBLIC_URL`, the API on the site's own origin);
 *   - `umenu.sqlite`   the database the site was built from (prerendered ETags match it);
 *   - `stamp.json`     a hash of every source the build and the seed read.
 * When `stamp.json` matches the sources the build is reused (`--force` builds anyway), so
 * `npm test`, a second `npx playwright test` and `npm run budget -- --site dist-test`
 * share one build. Playwright's global setup (tests/e2e/global-setup.ts) calls `ensureSiteBuild`.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import webpush from 'web-push';
import { configFromEnv, type ServerConfig } from '../server/platform/config.ts';
import { createServer } from '../server/main.ts';

export interface SiteBuild {
  /** The directory holding the three parts. */
  dir: string;
  /** The built site. */
  site: string;
  /** The database the site was built from: copy it, never open it in place. */
  db: string;
}

export const DEFAULT_SITE_BUILD_DIR = 'dist-test';
/** Same secret for the build server and the test servers (tests sign tokens with it). */
export const E2E_JWT_SECRET = 'e2e-secret-not-for-production-0123456789';

/** What the build and the seeded data depend on. */
const SOURCES = [
  'src',
  'public',
  'server',
  'astro.config.mjs',
  'tailwind.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

function layout(dir: string): SiteBuild {
  const abs = resolve(dir);
  return { dir: abs, site: join(abs, 'site'), db: join(abs, 'umenu.sqlite') };
}

/** A hash of the content of every source file (names included), in a stable order. */
export function sourcesHash(root = '.'): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        if (entry !== 'node_modules' && !entry.startsWith('.') && !entry.endsWith('.test.ts')) visit(join(path, entry));
      }
    } else {
      hash.update(path).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  for (const source of SOURCES) visit(join(root, source));
  return hash.digest('hex');
}

/** The build in `dir` when it was made from today's sources, else undefined. */
export function freshSiteBuild(dir = DEFAULT_SITE_BUILD_DIR): SiteBuild | undefined {
  const build = layout(dir);
  try {
    const stamp = JSON.parse(readFileSync(join(build.dir, 'stamp.json'), 'utf8')) as { sources?: string };
    if (stamp.sources !== sourcesHash()) return undefined;
  } catch {
    return undefined;
  }
  return existsSync(join(build.site, 'index.html')) && existsSync(build.db) ? build : undefined;
}

/** The server settings of the suite (minus port, files and CORS, which each user sets). */
/** The browser tests' VAPID keys (one pair per test process). */
const E2E_VAPID = webpush.generateVAPIDKeys();

export function e2eConfig(overrides: Partial<ServerConfig>): ServerConfig {
  return {
    ...configFromEnv({
      UMENU_JWT_SECRET: E2E_JWT_SECRET,
      // The 500-product venue, so the search/filter keystroke test runs in every `npm test`.
      UMENU_SEED_LARGE: '1',
      // The suite places many orders as the demo diner: no per-account order limit.
      UMENU_ORDER_LIMIT: 'off',
      // The browser tests' servers run inside Playwright: no request log lines in its output.
      UMENU_LOG: 'off',
      // Every phone of the suite joins tables from one address: no join limits (the API tests cover them).
      UMENU_TABLE_JOIN_LIMIT: 'off',
      UMENU_TABLE_JOIN_IP_LIMIT: 'off',
      UMENU_TABLE_BAD_TOKEN_LIMIT: 'off',
      UMENU_TABLE_CART_LIMIT: 'off',
      UMENU_TABLE_CART_SESSION_LIMIT: 'off',
      // The payment providers' stand-ins listen on a free port of this machine (scripts/payment-sandbox.ts): the
      // phone's form may go there, as it goes to the bank's TPV in production.
      UMENU_CSP_FORM_ACTION: 'http://127.0.0.1:*',
      // Ready notifications on (docs/rules.md#ready-notifications): the order pages offer them.
      UMENU_VAPID_PUBLIC_KEY: E2E_VAPID.publicKey,
      UMENU_VAPID_PRIVATE_KEY: E2E_VAPID.privateKey,
      UMENU_VAPID_SUBJECT: 'mailto:avisos@umenu.test',
    }),
    ...overrides,
  };
}

function astroBuild(api: string, site: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('npx', ['astro', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, UMENU_BUILD_API: api, UMENU_DIST: site },
    });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`astro build exited with ${code}`))));
  });
}

/** Builds the site into `dir` (see the header), replacing what was there; `seedLarge`: `UMENU_SEED_LARGE` of the build's data (default 1). */
export async function buildSite(dir = DEFAULT_SITE_BUILD_DIR, seedLarge = 1): Promise<SiteBuild> {
  const build = layout(dir);
  rmSync(build.dir, { recursive: true, force: true });
  mkdirSync(build.dir, { recursive: true });
  const sources = sourcesHash();
  const buildDb = join(build.dir, 'build.sqlite');
  const server = await createServer(e2eConfig({ dbPath: buildDb, resetDb: true, distDir: build.site, seedLarge }));
  const http = await new Promise<ReturnType<typeof serve>>((listening) => {
    const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => listening(s));
  });
  const { port } = http.address() as AddressInfo;
  try {
    await astroBuild(`http://127.0.0.1:${port}/api`, build.site);
  } finally {
    await new Promise<void>((closed) => http.close(() => closed()));
    (http as { closeAllConnections?: () => void }).closeAllConnections?.();
    await server.close();
  }
  // Closed with a checkpoint: the file holds everything; copy it to the name users copy from.
  copyFileSync(buildDb, build.db);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${buildDb}${suffix}`, { force: true });
  writeFileSync(
    join(build.dir, 'stamp.json'),
    `${JSON.stringify({ sources, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
  return build;
}

/** The fresh build in `dir`, building it first when missing or stale. */
export async function ensureSiteBuild(dir = DEFAULT_SITE_BUILD_DIR, force = false): Promise<SiteBuild> {
  const fresh = force ? undefined : freshSiteBuild(dir);
  if (fresh) {
    console.log(`[site-build] ${dir}: built from these sources already, reused`);
    return fresh;
  }
  console.log(`[site-build] building the site into ${dir}/site against a fresh seeded API…`);
  const started = Date.now();
  const build = await buildSite(dir);
  console.log(`[site-build] built in ${Math.round((Date.now() - started) / 1000)} s`);
  return build;
}

if (import.meta.url === `file://${resolve(process.argv[1] ?? '')}`) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--')) ?? DEFAULT_SITE_BUILD_DIR;
  await ensureSiteBuild(dir, args.includes('--force'));
  process.exit(0);
}
