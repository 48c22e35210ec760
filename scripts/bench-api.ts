/**
 * `npm run bench:api`: load test of the reference API on loopback with autocannon.
 * Starts `scripts/start.ts` on a fresh temporary database (no site build; the benchmark
 * venue `mercado-grande` with 520 products is generated), measures ~10 s each:
 *   GET /api/venues/{id} → 200, the same with If-None-Match → 304, POST /api/orders (201),
 * each as fast as it goes (10 connections) and, for 200 and 201, at the target's fixed rate;
 * prints req/s, p50 and p99 against the targets, then stops the server and checks that
 * every order answered 201 is in the database. Exits non-zero only when a correctness
 * check fails (throughput depends on a shared, noisy machine: it is reported, not enforced).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createRequire } from 'node:module';

/** The part of autocannon's API used here (the package ships no types). */
interface RequestSpec {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: RequestSpec) => RequestSpec;
  onResponse?: (status: number, body: string) => void;
}
interface Options { url?: string; connections?: number; duration?: number; overallRate?: number; headers?: Record<string, string>; requests?: RequestSpec[] }
interface Histogram { average: number; p50: number; p99: number; total: number }
interface Result { requests: Histogram; latency: Histogram; errors: number; timeouts: number; statusCodeStats?: Record<string, { count: number }> }
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Options) => Promise<Result>;

const PORT = Number(process.env.BENCH_PORT ?? 4402);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'umenu-bench-'));
const dbPath = join(dir, 'bench.sqlite');
const failures: string[] = [];

const server = spawn(process.execPath, ['scripts/start.ts'], {
  env: {
    ...process.env, PORT: String(PORT), UMENU_DB: dbPath, UMENU_RESET_DB: '1', UMENU_SKIP_BUILD: '1',
    UMENU_SEED_LARGE: '1', UMENU_DIST: join(dir, 'no-dist'), UMENU_JWT_SECRET: 'bench-secret-0123456789abcdef0123456789',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let serverOut = '';
server.stdout.on('data', (c: Buffer) => (serverOut += c.toString()));
const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

async function waitReady(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!serverOut.includes('umenu listo')) {
    if (Date.now() > deadline) throw new Error(`server did not start:\n${serverOut}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Row { name: string; rps: number; p50: number; p99: number; codes: string; target: string; meets: boolean }
const rows: Row[] = [];

async function run(name: string, opts: Options, target: { rps: number; p99: number }, expectStatus: number): Promise<Result> {
  await autocannon({ url: base, connections: CONNECTIONS, duration: 1, ...opts }); // warm-up (JIT, caches), not measured
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION, ...opts });
  if (!result.requests.total) failures.push(`${name}: no requests completed`);
  const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count}`).join(' ');
  const rps = result.requests.average;
  const p50 = result.latency.p50;
  const p99 = result.latency.p99;
  // At a fixed offered rate the run can only reach that rate: allow 5 % for start and stop.
  const rpsOk = opts.overallRate ? rps >= 0.95 * target.rps : rps >= target.rps;
  rows.push({ name, rps, p50, p99, codes, target: `≥ ${target.rps} req/s, p99 ≤ ${target.p99} ms`, meets: rpsOk && p99 <= target.p99 });
  const unexpected = Object.keys(result.statusCodeStats ?? {}).filter((c) => Number(c) !== expectStatus);
  if (unexpected.length || result.errors || result.timeouts) failures.push(`${name}: unexpected answers ${codes}, errors ${result.errors}, timeouts ${result.timeouts}`);
  return result;
}

try {
  await waitReady();
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ana@umenu.test', password: 'demo1234' }) });
  const { token } = (await login.json()) as { token: string };
  const headersFor = async (id: string) => {
    const res = await fetch(`${base}/api/venues/${id}`, { headers: { 'accept-encoding': 'br' } });
    return { etag: res.headers.get('etag')!, bytes: (await res.arrayBuffer()).byteLength };
  };
  const taqueria = await headersFor('taqueria-el-guero');
  const large = await headersFor('mercado-grande');
  console.log(`Benchmark: ${CONNECTIONS} connections, ${DURATION} s per scenario, server pid ${server.pid} on ${base}`);
  console.log(`Venue JSON sizes: taqueria-el-guero ${taqueria.bytes} B, mercado-grande ${large.bytes} B (sent brotli-compressed)`);

  const menuTarget = { rps: 3000, p99: 20 };
  await run('GET /api/venues/taqueria-el-guero → 200 (br)', { url: `${base}/api/venues/taqueria-el-guero`, headers: { 'accept-encoding': 'br, gzip' } }, menuTarget, 200);
  await run('GET /api/venues/mercado-grande → 200 (br, 520 products)', { url: `${base}/api/venues/mercado-grande`, headers: { 'accept-encoding': 'br, gzip' } }, menuTarget, 200);
  await run('GET /api/venues/taqueria-el-guero → 200 at a fixed 3,000 req/s', { url: `${base}/api/venues/taqueria-el-guero`, headers: { 'accept-encoding': 'br, gzip' }, overallRate: 3000 }, menuTarget, 200);
  await run('GET /api/venues/mercado-grande If-None-Match → 304', { url: `${base}/api/venues/mercado-grande`, headers: { 'accept-encoding': 'br, gzip', 'if-none-match': large.etag } }, menuTarget, 304);

  const createdIds = new Set<string>();
  let counter = 0;
  const body = JSON.stringify({
    venueId: 'taqueria-el-guero', mode: 'table', table: '5', customer: { name: 'Ana García', phone: '+52 55 1234 5678' },
    tip: { percent: 10 }, payment: 'card',
    lines: [
      { productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz', 'salsas-verde'], quantity: 2 },
      { productId: 'agua-de-horchata', optionIds: ['tamano-grande-1-l'], quantity: 1, note: 'Con poco hielo' },
    ],
    expectedTotal: Math.floor(((6900 * 2 + 3500 + 1800) * 110 + 50) / 100),
  });
  const orderRequest: RequestSpec = {
    method: 'POST',
    path: '/api/orders',
    body,
    // A distinct Idempotency-Key per request: every request is a new order.
    setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `bench-${process.pid}-${++counter}` } }),
    onResponse: (status, responseBody) => {
      if (status === 201) createdIds.add((JSON.parse(responseBody) as { id: string }).id);
    },
  };
  await run('POST /api/orders → 201', { requests: [orderRequest] }, { rps: 500, p99: 50 }, 201);
  await run('POST /api/orders → 201 at a fixed 500 req/s', { requests: [orderRequest], overallRate: 500 }, { rps: 500, p99: 50 }, 201);

  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) failures.push(`server exited with ${code}`);

  const db = new DatabaseSync(dbPath, { readOnly: true });
  const stored = new Set((db.prepare("SELECT id FROM orders WHERE venue_id = 'taqueria-el-guero'").all() as Array<{ id: string }>).map((r) => r.id));
  const totals = db.prepare('SELECT COUNT(DISTINCT number) AS numbers, COUNT(*) AS n FROM orders').get() as { numbers: number; n: number };
  db.close();
  const missing = [...createdIds].filter((id) => !stored.has(id));
  console.log('');
  console.log('| scenario | req/s | p50 ms | p99 ms | answers | target | meets |');
  console.log('|---|---:|---:|---:|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.codes} | ${r.target} | ${r.meets ? 'yes' : 'NO'} |`);
  console.log('');
  console.log(`Orders answered 201: ${createdIds.size}; in the database: ${stored.size}; missing: ${missing.length}; distinct order numbers: ${totals.numbers}/${totals.n}`);
  if (missing.length) failures.push(`${missing.length} orders answered 201 are not in the database`);
  // Requests still in flight when autocannon stops (after each warm-up and measured run) are
  // created but their answers are not read: at most one per connection per run.
  const uncounted = stored.size - createdIds.size;
  if (uncounted < 0 || uncounted > 4 * CONNECTIONS) failures.push(`database holds ${stored.size} orders but ${createdIds.size} were answered 201`);
  else if (uncounted) console.log(`(${uncounted} more orders were created by requests still in flight when the run stopped)`);
  if (totals.numbers !== totals.n) failures.push('order numbers are not unique');
} catch (error) {
  failures.push(String(error));
} finally {
  if (server.exitCode === null) server.kill('SIGTERM');
  await exited;
  rmSync(dir, { recursive: true, force: true });
}

if (failures.length) {
  console.error(`\n✖ Correctness checks failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\n✔ Correctness checks passed (throughput targets are reported above, not enforced).');
