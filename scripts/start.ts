/**
 * `npm start`: one process on 127.0.0.1:$PORT (default 4321) serving the built site
 * (`$UMENU_DIST`, default `dist/`) and the API under `/api`. Builds the site first —
 * against its own running API, so the demo venues get prerendered — when the build is
 * missing or older than the sources, or when `UMENU_FORCE_BUILD=1` (`UMENU_SKIP_BUILD=1`
 * never builds). While building, pages answer 503 "Preparando umenu…"; the API answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { configFromEnv } from '../server/platform/config.ts';
import { createServer } from '../server/main.ts';
import { loadSite, statMtime } from '../server/platform/static.ts';
import type { SiteState } from '../server/deps.ts';

const config = configFromEnv();
const site: SiteState = { building: false, files: undefined };
const server = await createServer(config, { site });
const url = `http://localhost:${config.port}`;
let buildProcess: ChildProcess | undefined;

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (path: string) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path))
        if (entry !== 'node_modules' && !entry.startsWith('.')) visit(join(path, entry));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const path of ['src', 'public', 'astro.config.mjs', 'tailwind.config.ts', 'package.json']) visit(path);
  return newest;
}

function needsBuild(): { build: boolean; reason: string } {
  if (process.env.UMENU_SKIP_BUILD === '1') return { build: false, reason: 'UMENU_SKIP_BUILD=1' };
  if (process.env.UMENU_FORCE_BUILD === '1') return { build: true, reason: 'UMENU_FORCE_BUILD=1' };
  const index = join(config.distDir, 'index.html');
  if (!existsSync(index)) return { build: true, reason: `no existe ${index}` };
  if (newestSourceMtime() > statMtime(index))
    return { build: true, reason: 'las fuentes son más recientes que el sitio construido' };
  return { build: false, reason: 'el sitio construido está al día' };
}

function build(): Promise<boolean> {
  return new Promise((resolve) => {
    const env = { ...process.env, UMENU_BUILD_API: `http://127.0.0.1:${config.port}/api`, UMENU_DIST: config.distDir };
    buildProcess = spawn('npx', ['astro', 'build'], { stdio: 'inherit', env });
    buildProcess.on('exit', (code) => {
      buildProcess = undefined;
      resolve(code === 0);
    });
    buildProcess.on('error', (error) => {
      console.error('[umenu] no se pudo lanzar astro build:', error);
      buildProcess = undefined;
      resolve(false);
    });
  });
}

const decision = needsBuild();
site.building = decision.build;

let markListening: () => void = () => {};
const listening = new Promise<void>((resolve) => (markListening = resolve));
// Deliberate timeouts (docs/rules.md#limits-and-bad-input): headers that never finish and requests
// that drip in are cut off (checked every second); streams (SSE) are answers, not requests.
const serverOptions = {
  headersTimeout: config.headersTimeoutMs,
  requestTimeout: config.requestTimeoutMs,
  keepAliveTimeout: config.keepAliveTimeoutMs,
  connectionsCheckingInterval: 1000,
};
const httpServer = serve({ fetch: server.app.fetch, port: config.port, hostname: config.host, serverOptions }, () => {
  if (site.building) console.log(`[umenu] API en ${url}/api; construyendo el sitio (${decision.reason})…`);
  markListening();
});

httpServer.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `[umenu] el puerto ${config.port} ya está en uso: cierra el otro proceso o usa PORT=otro-puerto`
      : `[umenu] no se pudo abrir el servidor: ${error.message}`,
  );
  buildProcess?.kill('SIGTERM');
  process.exit(1);
});

/**
 * SIGTERM/SIGINT: stop taking requests (new connections refused; requests on open ones
 * answered 503 with `connection: close`, health 503), end live streams with `retry:` so
 * their clients reconnect — through the load balancer, to another instance — finish what
 * is in flight, close the database, exit; at the latest after 8 s.
 */
function shutdown(signal: string): void {
  console.log(`\n[umenu] ${signal}: cerrando…`);
  server.deps.draining = true;
  buildProcess?.kill('SIGTERM');
  server.deps.orders.close();
  const force = setTimeout(() => process.exit(0), 8000);
  force.unref();
  httpServer.close(() => {
    void server.close().then(() => process.exit(0));
  });
  (httpServer as { closeIdleConnections?: () => void }).closeIdleConnections?.();
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));

await listening;
if (decision.build) {
  const ok = await build();
  if (!ok) {
    console.error('[umenu] la construcción del sitio falló');
    if (!existsSync(join(config.distDir, 'index.html'))) {
      shutdown('build-failed');
      process.exitCode = 1;
    }
  }
}
site.files = loadSite(config.distDir);
site.building = false;
if (!site.files.ready)
  console.warn(`[umenu] no hay sitio construido en ${config.distDir}: solo la API está disponible`);
console.log(`umenu listo en ${url}`);
