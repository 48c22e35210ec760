/**
 * `npm run bench:api`: load test of the reference API on loopback with autocannon.
 *
 *   npm run bench:api                                  # SQLite, one instance: every scenario below
 *   npm run bench:api -- --db postgres --instances 2   # the same on PostgreSQL with N instances
 *   npm run bench:api -- --all                         # menu GET and order POST for SQLite ×1,
 *                                                      # PostgreSQL ×1 and ×2, then the crash run
 *   npm run bench:api -- --slots                       # only the pickup-slot rush on PostgreSQL ×2
 *   npm run bench:api -- --venues 1000                 # also the menu GET, the home page's list and
 *                                                      # a search with 1,000 generated venues stored
 *
 * Starts `scripts/start.ts` through scripts/start-server.ts (N times, on free loopback ports, or consecutive ones from
 * BENCH_PORT) on a fresh
 * database — SQLite in a temp dir, or a throwaway PostgreSQL cluster (scripts/pg-cluster.ts,
 * durable settings) — with the benchmark venue `mercado-grande` (520 products) and no order
 * limit. Scenarios, ~10 s each: GET /api/venues/{id} → 200, the same with If-None-Match →
 * 304, POST /api/orders (201), POST /api/orders/{id}/status (200: the orders just placed moved
 * to preparing, ready, delivered), as fast as they go (10 connections, spread evenly over the
 * instances as a load balancer would) and, for 200 and 201, at the target's fixed rate.
 * Prints req/s, p50 and p99 (with several instances: the sum of req/s and the worst p50/p99)
 * against the targets, then stops the servers and checks that every order answered 201 is in
 * the database with a unique number. The crash run (PostgreSQL ×2): an order load on both
 * instances, one SIGKILLed after 2 s, requests without an answer retried with the same key
 * on the other; counts acknowledged, lost and duplicated orders. The table-session scenario
 * (first instance): BENCH_TABLES tables (default 8) × 4 phones, each phone reading its session's
 * stream and writing its own cart lines back to back for the scenario's duration: writes/s,
 * stored event bytes per write, and the p50/p99 delivery time of each change (from the write's
 * request to its `event: cart` on each other phone of the table); every change must reach every
 * other phone. With `--venues N` (or BENCH_VENUES), the first setup is started a second time with
 * `UMENU_SEED_LARGE=N` (N generated venues beside the demo ones) for the menu GET of the same
 * venue, `GET /api/venues?limit=12` and a search: the table shows both rows of the menu GET.
 * The pickup-slot rush (scripts/bench-slots.ts; PostgreSQL ×2, with `--slots`, `--all` or `--db postgres --instances 2`):
 * 200 diners at once for 10 slots; no slot may be oversold.
 * Join and cart limits are off for the benchmark (it measures capacity). Exits non-zero only when a
 * correctness check fails (throughput depends on a shared, noisy machine: reported, not enforced).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { freePort, startPgCluster, type PgCluster } from './pg-cluster.ts';
import { startServer } from './start-server.ts';
import { slotRush } from './bench-slots.ts';

/** The part of autocannon's API used here (the package ships no types). */
interface RequestSpec {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: RequestSpec) => RequestSpec;
  onResponse?: (status: number, body: string) => void;
}
interface Options {
  url?: string;
  connections?: number;
  duration?: number;
  overallRate?: number;
  headers?: Record<string, string>;
  requests?: RequestSpec[];
}
interface Histogram {
  average: number;
  p50: number;
  p99: number;
  total: number;
}
interface Result {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Options) => Promise<Result>;

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    instances: { type: 'string', default: '1' },
    all: { type: 'boolean', default: false },
    slots: { type: 'boolean', default: false },
    venues: { type: 'string', default: process.env.BENCH_VENUES ?? '0' },
  },
});
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const failures: string[] = [];
const MENU_TARGET = { rps: 3000, p99: 20 };
const ORDER_TARGET = { rps: 500, p99: 50 };

type DbKind = 'sqlite' | 'postgres';
interface Stack {
  label: string;
  bases: string[];
  stop(): Promise<void>;
  kill(index: number): void;
  /** Ids, distinct numbers and count of the orders stored (after stop). */
  stored(): Promise<{ ids: Set<string>; numbers: number; n: number; keys: number }>;
  /** Stored table events of cart changes: how many `cart` events, and the data bytes of `cart` and `table-cart` together (after stop). */
  cartEvents(): Promise<{ changes: number; bytes: number }>;
  /** Any read of the stack's database (while it runs or after). */
  query(sql: string): Promise<Array<Record<string, unknown>>>;
  cleanup(): Promise<void>;
}

/** The benchmark reads each instance's metrics for the database work per request. */
const METRICS_TOKEN = 'bench-metrics-0123456789abcdef';
const dbRows: string[] = [];

/** Statements and round trips per request of each route the scenarios called (summed over the instances). */
async function dbCost(stack: Stack): Promise<void> {
  const sums = new Map<string, { requests: number; statements: number; roundTrips: number }>();
  for (const base of stack.bases) {
    const text = await (
      await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    for (const line of text.split('\n')) {
      const m =
        /^umenu_(http_requests_total|db_statements_total|db_round_trips_total)\{([^}]*)\} (\d+(?:\.\d+)?)$/.exec(line);
      if (!m) continue;
      const labels: Record<string, string | undefined> = Object.fromEntries(
        [...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1]!, l[2]!]),
      );
      if (!labels.route?.startsWith('/api/') || labels.route === '/api/metrics' || labels.route === '/api/auth/login')
        continue;
      if (m[1] === 'http_requests_total' && !labels.status?.startsWith('2') && labels.status !== '304') continue;
      const key = `${labels.method} ${labels.route}`;
      const sum = sums.get(key) ?? { requests: 0, statements: 0, roundTrips: 0 };
      const n = Number(m[3]);
      if (m[1] === 'http_requests_total') sum.requests += n;
      else if (m[1] === 'db_statements_total') sum.statements += n;
      else sum.roundTrips += n;
      sums.set(key, sum);
    }
  }
  for (const [route, sum] of sums) {
    if (!sum.requests) continue;
    dbRows.push(
      `| ${stack.label} | ${route} | ${(sum.statements / sum.requests).toFixed(1)} | ${stack.label.startsWith('SQLite') ? '— (embedded)' : (sum.roundTrips / sum.requests).toFixed(1)} |`,
    );
  }
}

let cluster: PgCluster | undefined;
let clusterDbs = 0;

async function startStack(db: DbKind, instances: number, seedLarge = 1): Promise<Stack> {
  const ports: number[] = [];
  for (let i = 0; i < instances; i++)
    ports.push(process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + i : await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'umenu-bench-'));
  const dbPath = join(dir, 'bench.sqlite');
  let dbUrl: string | undefined;
  if (db === 'postgres') {
    cluster ??= await startPgCluster({
      durable: true,
      ...(process.env.BENCH_PG_PORT ? { port: Number(process.env.BENCH_PG_PORT) } : {}),
    });
    const name = `bench_${++clusterDbs}`;
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    dbUrl = cluster.urlFor(name);
  }
  const procs = await Promise.all(
    ports.map((port) =>
      startServer({
        port,
        stderr: 'inherit',
        env: {
          UMENU_DB: dbPath,
          UMENU_RESET_DB: db === 'sqlite' ? '1' : '0',
          UMENU_SKIP_BUILD: '1',
          // No request log: the benchmark's own process would spend a core reading 20,000 lines a second.
          UMENU_SEED_LARGE: String(seedLarge),
          UMENU_ORDER_LIMIT: 'off',
          UMENU_LOG: 'off',
          UMENU_METRICS_TOKEN: METRICS_TOKEN,
          UMENU_TABLE_JOIN_LIMIT: 'off',
          UMENU_TABLE_JOIN_IP_LIMIT: 'off',
          UMENU_TABLE_CART_LIMIT: 'off',
          UMENU_TABLE_CART_SESSION_LIMIT: 'off',
          UMENU_DIST: join(dir, 'no-dist'),
          UMENU_JWT_SECRET: 'bench-secret-0123456789abcdef0123456789',
          ...(dbUrl ? { UMENU_DATABASE_URL: dbUrl } : {}),
        },
      }),
    ),
  );
  const killed = new Set<number>();
  return {
    label: `${db === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ×${instances}${seedLarge > 1 ? ` + ${seedLarge} venues` : ''}`,
    bases: ports.map((port) => `http://127.0.0.1:${port}`),
    kill(index) {
      killed.add(index);
      procs[index]!.child.kill('SIGKILL');
    },
    async stop() {
      for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
      const codes = await Promise.all(procs.map((p) => p.exited));
      codes.forEach((code, i) => {
        if (!killed.has(i) && code !== 0) failures.push(`server ${i} exited with ${code}`);
      });
    },
    async stored() {
      if (dbUrl) {
        const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
        const ids = new Set((await sql<Array<{ id: string }>>`SELECT id FROM orders`).map((r) => r.id));
        const [t] = await sql<
          Array<{ numbers: string; n: string; keys: string }>
        >`SELECT COUNT(DISTINCT (venue_id, day, number)) AS numbers, COUNT(*) AS n, (SELECT COUNT(*) FROM idempotency_keys) AS keys FROM orders`;
        await sql.end();
        return { ids, numbers: Number(t!.numbers), n: Number(t!.n), keys: Number(t!.keys) };
      }
      const sqlite = new DatabaseSync(dbPath, { readOnly: true });
      const ids = new Set((sqlite.prepare('SELECT id FROM orders').all() as Array<{ id: string }>).map((r) => r.id));
      const t = sqlite
        .prepare(
          'SELECT COUNT(DISTINCT venue_id || day || number) AS numbers, COUNT(*) AS n, (SELECT COUNT(*) FROM idempotency_keys) AS keys FROM orders',
        )
        .get() as { numbers: number; n: number; keys: number };
      sqlite.close();
      return { ids, ...t };
    },
    async cartEvents() {
      const query =
        "SELECT SUM(CASE WHEN type = 'cart' THEN 1 ELSE 0 END) AS changes, SUM(LENGTH(data)) AS bytes FROM events WHERE type IN ('cart', 'table-cart')";
      if (dbUrl) {
        const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
        const [t] = await sql.unsafe<Array<{ changes: string | null; bytes: string | null }>>(query);
        await sql.end();
        return { changes: Number(t?.changes ?? 0), bytes: Number(t?.bytes ?? 0) };
      }
      const sqlite = new DatabaseSync(dbPath, { readOnly: true });
      const t = sqlite.prepare(query).get() as { changes: number | null; bytes: number | null };
      sqlite.close();
      return { changes: Number(t.changes ?? 0), bytes: Number(t.bytes ?? 0) };
    },
    async query(text) {
      if (dbUrl) {
        const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
        const rows = await sql.unsafe<Array<Record<string, unknown>>>(text);
        await sql.end();
        return [...rows];
      }
      const sqlite = new DatabaseSync(dbPath, { readOnly: true });
      const rows = sqlite.prepare(text).all() as Array<Record<string, unknown>>;
      sqlite.close();
      return rows;
    },
    async cleanup() {
      for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
      await Promise.all(procs.map((p) => p.exited));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Row {
  stack: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  codes: string;
  target: string;
  meets: boolean;
}
const rows: Row[] = [];

/** Runs `opts` against every instance at once (connections and fixed rate split evenly). */
async function run(
  stack: Stack,
  name: string,
  opts: (base: string) => Options,
  target: { rps: number; p99: number },
  expectStatus: number,
): Promise<void> {
  const n = stack.bases.length;
  const per = (base: string, duration: number) => {
    const o = opts(base);
    return {
      url: base,
      connections: Math.max(1, Math.round(CONNECTIONS / n)),
      duration,
      ...o,
      ...(o.overallRate ? { overallRate: o.overallRate / n } : {}),
    };
  };
  await Promise.all(stack.bases.map((base) => autocannon(per(base, 1)))); // warm-up (JIT, caches), not measured
  const results = await Promise.all(stack.bases.map((base) => autocannon(per(base, DURATION))));
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  if (!total) failures.push(`${stack.label} ${name}: no requests completed`);
  const codeCounts = new Map<string, number>();
  for (const r of results)
    for (const [code, s] of Object.entries(r.statusCodeStats ?? {}))
      codeCounts.set(code, (codeCounts.get(code) ?? 0) + s.count);
  const codes = [...codeCounts].map(([code, count]) => `${code}×${count}`).join(' ');
  const rps = results.reduce((sum, r) => sum + r.requests.average, 0);
  const p50 = Math.max(...results.map((r) => r.latency.p50));
  const p99 = Math.max(...results.map((r) => r.latency.p99));
  const fixed = opts(stack.bases[0]!).overallRate;
  // At a fixed offered rate the run can only reach that rate: allow 5 % for start and stop.
  const rpsOk = fixed ? rps >= 0.95 * target.rps : rps >= target.rps;
  rows.push({
    stack: stack.label,
    name,
    rps,
    p50,
    p99,
    codes,
    target: `≥ ${target.rps} req/s, p99 ≤ ${target.p99} ms`,
    meets: rpsOk && p99 <= target.p99,
  });
  const unexpected = [...codeCounts.keys()].filter((c) => Number(c) !== expectStatus);
  const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts, 0);
  if (unexpected.length || errors)
    failures.push(`${stack.label} ${name}: unexpected answers ${codes}, errors/timeouts ${errors}`);
}

const ORDER_BODY = JSON.stringify({
  venueId: 'taqueria-el-guero',
  mode: 'table',
  table: '5',
  customer: { name: 'Ana García', phone: '+52 55 1234 5678' },
  tip: { percent: 10 },
  payment: 'card',
  lines: [
    { productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz', 'salsas-verde'], quantity: 2 },
    { productId: 'agua-de-horchata', optionIds: ['tamano-grande-1-l'], quantity: 1, note: 'Con poco hielo' },
  ],
  expectedTotal: Math.floor(((6900 * 2 + 3500 + 1800) * 110 + 50) / 100),
});

async function login(base: string, email = 'ana@umenu.test'): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** A table order needs the table's link token (docs/rules.md#table-sessions): the one printed on table 5's QR code. */
async function tableToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/venues/taqueria-el-guero/tables`, {
    headers: { authorization: `Bearer ${await login(base, 'gerente@umenu.test')}` },
  });
  const { tables } = (await res.json()) as { tables: Array<{ label: string; url: string }> };
  const url = tables.find((t) => t.label === '5')?.url;
  const token = url ? new URL(url, base).searchParams.get('t') : null;
  if (!token) throw new Error(`no link for table 5 of taqueria-el-guero (${res.status})`);
  return token;
}

/** Benchmarks one stack; `full`: every scenario, else menu GET and order POST only. */
async function bench(stack: Stack, full: boolean): Promise<void> {
  const base = stack.bases[0]!;
  const token = await login(base);
  const table = await tableToken(base);
  const headersFor = async (id: string) => {
    const res = await fetch(`${base}/api/venues/${id}`, { headers: { 'accept-encoding': 'br' } });
    return { etag: res.headers.get('etag')!, bytes: (await res.arrayBuffer()).byteLength };
  };
  const taqueria = await headersFor('taqueria-el-guero');
  const large = await headersFor('mercado-grande');
  console.log(`\n${stack.label}: ${CONNECTIONS} connections, ${DURATION} s per scenario, on ${stack.bases.join(', ')}`);
  console.log(
    `Venue JSON sizes: taqueria-el-guero ${taqueria.bytes} B, mercado-grande ${large.bytes} B (sent brotli-compressed)`,
  );
  const br = { 'accept-encoding': 'br, gzip' };
  await run(
    stack,
    'GET /api/venues/taqueria-el-guero → 200 (br)',
    (b) => ({ url: `${b}/api/venues/taqueria-el-guero`, headers: br }),
    MENU_TARGET,
    200,
  );
  if (full) {
    await run(
      stack,
      'GET /api/venues/mercado-grande → 200 (br, 520 products)',
      (b) => ({ url: `${b}/api/venues/mercado-grande`, headers: br }),
      MENU_TARGET,
      200,
    );
    await run(
      stack,
      'GET /api/venues/taqueria-el-guero → 200 at a fixed 3,000 req/s',
      (b) => ({ url: `${b}/api/venues/taqueria-el-guero`, headers: br, overallRate: 3000 }),
      MENU_TARGET,
      200,
    );
    await run(
      stack,
      'GET /api/venues/mercado-grande If-None-Match → 304',
      (b) => ({ url: `${b}/api/venues/mercado-grande`, headers: { ...br, 'if-none-match': large.etag } }),
      MENU_TARGET,
      304,
    );
  }
  const createdIds = new Set<string>();
  let counter = 0;
  const orderRequest: RequestSpec = {
    method: 'POST',
    path: '/api/orders',
    body: ORDER_BODY,
    // A distinct Idempotency-Key per request: every request is a new order.
    setupRequest: (req) => ({
      ...req,
      headers: {
        ...req.headers,
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-table-token': table,
        'idempotency-key': `bench-${process.pid}-${++counter}`,
      },
    }),
    onResponse: (status, responseBody) => {
      if (status === 201) createdIds.add((JSON.parse(responseBody) as { id: string }).id);
    },
  };
  await run(stack, 'POST /api/orders → 201', () => ({ requests: [orderRequest] }), ORDER_TARGET, 201);
  if (full)
    await run(
      stack,
      'POST /api/orders → 201 at a fixed 500 req/s',
      () => ({ requests: [orderRequest], overallRate: 500 }),
      ORDER_TARGET,
      201,
    );
  // The kitchen moves the orders just placed: received → preparing, then → ready, then → delivered.
  const staff = await login(base, 'gerente@umenu.test');
  const placed = [...createdIds];
  const NEXT = ['preparing', 'ready', 'delivered'] as const;
  let moved = 0;
  const statusRequest: RequestSpec = {
    method: 'POST',
    setupRequest: (req) => {
      const i = moved++;
      return {
        ...req,
        path: `/api/orders/${placed[i % placed.length]}/status`,
        body: JSON.stringify({ status: NEXT[Math.min(NEXT.length - 1, Math.floor(i / placed.length))] }),
        headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${staff}` },
      };
    },
  };
  await run(stack, 'POST /api/orders/{id}/status → 200', () => ({ requests: [statusRequest] }), ORDER_TARGET, 200);
  const tables = await tableSessions(base);
  await dbCost(stack);

  await stack.stop();
  const { changes, bytes } = await stack.cartEvents();
  tableLines.push(
    `${stack.label}: ${tables} · stored event bytes per cart write ${changes ? Math.round(bytes / changes) : 0} B (${changes} changes, \`cart\` + \`table-cart\`)`,
  );
  const stored = await stack.stored();
  const missing = [...createdIds].filter((id) => !stored.ids.has(id));
  console.log(
    `${stack.label}: orders answered 201: ${createdIds.size}; in the database: ${stored.n}; missing: ${missing.length}; distinct order numbers: ${stored.numbers}/${stored.n}`,
  );
  if (missing.length) failures.push(`${stack.label}: ${missing.length} orders answered 201 are not in the database`);
  // Requests still in flight when autocannon stops (after each warm-up and measured run) are
  // created but their answers are not read: at most one per connection per run.
  const uncounted = stored.n - createdIds.size;
  if (uncounted < 0 || uncounted > 4 * CONNECTIONS)
    failures.push(`${stack.label}: database holds ${stored.n} orders but ${createdIds.size} were answered 201`);
  if (stored.numbers !== stored.n) failures.push(`${stack.label}: order numbers are not unique`);
}

/** `--venues N`: the menu GET (and the venue list's first page, a search) with N generated venues stored. */
async function benchManyVenues(stack: Stack): Promise<void> {
  const br = { 'accept-encoding': 'br, gzip' };
  const { total } = (await (await fetch(`${stack.bases[0]}/api/venues?limit=1`)).json()) as { total: number };
  console.log(`\n${stack.label}: ${total} venues stored`);
  await run(
    stack,
    'GET /api/venues/taqueria-el-guero → 200 (br)',
    (b) => ({ url: `${b}/api/venues/taqueria-el-guero`, headers: br }),
    MENU_TARGET,
    200,
  );
  await run(
    stack,
    "GET /api/venues?limit=12 → 200 (the home page's next page)",
    (b) => ({ url: `${b}/api/venues?limit=12&offset=12`, headers: br }),
    { rps: 1000, p99: 20 },
    200,
  );
  const found = (await (await fetch(`${stack.bases[0]}/api/venues?q=taberna%20mad&limit=12`)).json()) as {
    total: number;
  };
  if (found.total === 0) failures.push(`${stack.label}: the search «taberna mad» found nothing`);
  await run(
    stack,
    `GET /api/venues?q=taberna%20mad&limit=12 → 200 (search: ${found.total} found)`,
    (b) => ({ url: `${b}/api/venues?q=taberna%20mad&limit=12`, headers: br }),
    { rps: 1000, p99: 20 },
    200,
  );
  await stack.stop();
}

const TABLES = Number(process.env.BENCH_TABLES ?? 8);
const PHONES = 4;
const tableLines: string[] = [];

interface Phone {
  table: string;
  credential: string;
  session: string;
  stop(): void;
  ready: Promise<void>;
}

/** Opens a phone's session stream; every `event: cart` is noted with its arrival time. */
function followTable(
  base: string,
  credential: string,
  onCart: (version: number, at: number) => void,
): { stop(): void; ready: Promise<void> } {
  const controller = new AbortController();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  void (async () => {
    const res = await fetch(`${base}/api/table-session/events`, {
      headers: { 'x-table-credential': credential },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) !== -1) {
        const frame = text.slice(0, end);
        text = text.slice(end + 2);
        if (frame.includes('event: session')) markReady();
        if (!frame.includes('event: cart')) continue;
        const data =
          frame
            .split('\n')
            .find((l) => l.startsWith('data: '))
            ?.slice(6) ?? '{}';
        onCart((JSON.parse(data) as { version: number }).version, performance.now());
      }
    }
  })().catch(() => markReady());
  return { stop: () => controller.abort(), ready };
}

/** The table-session scenario: TABLES × 4 phones writing the cart and reading the stream. */
async function tableSessions(base: string): Promise<string> {
  const manager = await login(base, 'gerente@umenu.test');
  const listed = (await (
    await fetch(`${base}/api/venues/taqueria-el-guero/tables`, { headers: { authorization: `Bearer ${manager}` } })
  ).json()) as { tables: Array<{ label: string; url: string }> };
  const links = listed.tables.filter((t) => /^\d+$/.test(t.label)).slice(0, TABLES);
  const arrivals = new Map<string, Array<{ phone: number; at: number }>>();
  const phones: Phone[] = [];
  for (const link of links) {
    const token = new URL(link.url, base).searchParams.get('t')!;
    for (let i = 0; i < PHONES; i++) {
      const res = await fetch(`${base}/api/venues/taqueria-el-guero/tables/${link.label}/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, name: `Mesa ${link.label} · ${i + 1}` }),
      });
      if (res.status !== 201) throw new Error(`table scenario: join answered ${res.status}`);
      const joined = (await res.json()) as { credential: string; session: { id: string } };
      const index = phones.length;
      const stream = followTable(base, joined.credential, (version, at) => {
        const key = `${joined.session.id}:${version}`;
        arrivals.set(key, [...(arrivals.get(key) ?? []), { phone: index, at }]);
      });
      phones.push({ table: link.label, credential: joined.credential, session: joined.session.id, ...stream });
    }
  }
  await Promise.all(phones.map((p) => p.ready));
  const writes: Array<{ key: string; phone: number; sent: number }> = [];
  let refused = 0;
  const started = performance.now();
  const stopAt = started + DURATION * 1000;
  await Promise.all(
    phones.map(async (phone, index) => {
      for (let n = 0; performance.now() < stopAt; n++) {
        const sent = performance.now();
        const res = await fetch(`${base}/api/table-session/cart/lines/bench-${index}-${n % 3}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-table-credential': phone.credential },
          body: JSON.stringify({
            productId: 'flan-napolitano',
            optionIds: [],
            quantity: 1 + (n % 5),
            note: `Mesa ${phone.table}, línea ${n % 3}`,
          }),
        });
        if (res.status !== 200) {
          refused++;
          await res.arrayBuffer();
          continue;
        }
        const { version } = (await res.json()) as { version: number };
        writes.push({ key: `${phone.session}:${version}`, phone: index, sent });
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  // Let the last changes arrive, then stop the streams.
  const settle = performance.now() + 2000;
  const expected = () =>
    writes.reduce((n, w) => n + (arrivals.get(w.key)?.filter((a) => a.phone !== w.phone).length ?? 0), 0);
  while (expected() < writes.length * (PHONES - 1) && performance.now() < settle)
    await new Promise((r) => setTimeout(r, 50));
  for (const phone of phones) phone.stop();
  const delays: number[] = [];
  let missing = 0;
  for (const w of writes) {
    const others = (arrivals.get(w.key) ?? []).filter((a) => a.phone !== w.phone);
    missing += PHONES - 1 - others.length;
    for (const a of others) delays.push(a.at - w.sent);
  }
  delays.sort((a, b) => a - b);
  const pct = (q: number) =>
    delays.length ? Math.round(delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]!) : 0;
  if (missing) failures.push(`table scenario: ${missing} changes did not reach another phone of the table`);
  if (refused) failures.push(`table scenario: ${refused} cart writes refused`);
  return `table sessions, ${links.length} tables × ${PHONES} phones for ${DURATION} s: ${Math.round(writes.length / elapsed)} cart writes/s (${writes.length}), delivery to the other phones p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms (${delays.length} deliveries, ${missing} missing)`;
}

/** Two instances under an order load; one is SIGKILLed; lost answers are retried on the other. */
async function crash(stack: Stack): Promise<string> {
  const [victim, survivor] = stack.bases as [string, string];
  const token = await login(survivor);
  const table = await tableToken(survivor);
  const post = (base: string, key: string) =>
    fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-table-token': table,
        'idempotency-key': key,
        'content-type': 'application/json',
      },
      body: ORDER_BODY,
    });
  const acknowledged = new Map<string, string>();
  let retried = 0;
  let counter = 0;
  let turn = 0;
  const stopAt = Date.now() + 6000;
  const killer = setTimeout(() => stack.kill(0), 2000);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < stopAt) {
        const key = `crash-${process.pid}-${++counter}`;
        let res: Response;
        try {
          res = await post(turn++ % 2 === 0 ? victim : survivor, key);
        } catch {
          retried++;
          res = await post(survivor, key);
        }
        if (res.status === 201) acknowledged.set(key, ((await res.json()) as { id: string }).id);
        else failures.push(`crash run: answer ${res.status}`);
      }
    }),
  );
  clearTimeout(killer);
  let readable = 0;
  for (const id of acknowledged.values()) {
    if ((await fetch(`${survivor}/api/orders/${id}`, { headers: { authorization: `Bearer ${token}` } })).status === 200)
      readable++;
  }
  await stack.stop();
  const stored = await stack.stored();
  const lost = acknowledged.size - readable;
  const duplicated = stored.n - stored.keys;
  if (lost) failures.push(`crash run: ${lost} acknowledged orders lost`);
  if (duplicated || stored.n !== acknowledged.size)
    failures.push(`crash run: ${stored.n} orders stored for ${acknowledged.size} acknowledged keys`);
  return `Crash run (PostgreSQL ×2, ${CONNECTIONS} clients, one instance SIGKILLed after 2 s of 6): acknowledged ${acknowledged.size}, answers lost and retried on the other instance ${retried}, acknowledged but not readable (lost) ${lost}, duplicated ${duplicated}, orders stored ${stored.n}`;
}

const crashLines: string[] = [];
const slotLines: string[] = [];
/** The pickup-slot rush on its own stack (PostgreSQL ×2). */
async function slotScenario(): Promise<void> {
  const stack = await startStack('postgres', 2);
  try {
    slotLines.push(...(await slotRush(stack.bases, (text) => stack.query(text), failures)));
  } finally {
    await stack.cleanup();
  }
}
try {
  if (args.slots) await slotScenario();
  else {
    const configs: Array<[DbKind, number]> = args.all
      ? [
          ['sqlite', 1],
          ['postgres', 1],
          ['postgres', 2],
        ]
      : [[args.db === 'postgres' ? 'postgres' : 'sqlite', Math.max(1, Number(args.instances) || 1)]];
    for (const [db, instances] of configs) {
      const stack = await startStack(db, instances);
      try {
        await bench(stack, !args.all);
      } finally {
        await stack.cleanup();
      }
      const many = Number(args.venues) || 0;
      if (many > 1 && db === configs[0]![0] && instances === configs[0]![1]) {
        const crowded = await startStack(db, instances, many);
        try {
          await benchManyVenues(crowded);
        } finally {
          await crowded.cleanup();
        }
      }
    }
    if (args.all || (args.db === 'postgres' && Number(args.instances) >= 2)) {
      const stack = await startStack('postgres', 2);
      try {
        crashLines.push(await crash(stack));
      } finally {
        await stack.cleanup();
      }
      await slotScenario();
    }
  }
} catch (error) {
  failures.push(String(error));
} finally {
  cluster?.stop();
}

console.log('');
console.log('| setup | scenario | req/s | p50 ms | p99 ms | answers | target | meets |');
console.log('|---|---|---:|---:|---:|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.stack} | ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.codes} | ${r.target} | ${r.meets ? 'yes' : 'NO'} |`,
  );
for (const line of tableLines) console.log(`\n${line}`);
for (const line of crashLines) console.log(`\n${line}`);
if (slotLines.length) console.log(`\n${slotLines.join('\n')}`);
if (dbRows.length) {
  console.log(
    "\nDatabase work per request (from each instance's /api/metrics; a round trip is a wait for PostgreSQL, pipelined statements share one):\n",
  );
  console.log('| setup | operation | statements | round trips |');
  console.log('|---|---|---:|---:|');
  for (const row of dbRows) console.log(row);
}

if (failures.length) {
  console.error(`\n✖ Correctness checks failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\n✔ Correctness checks passed (throughput targets are reported above, not enforced).');
