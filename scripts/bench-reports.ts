/**
 * `npm run bench:reports [-- --days 365 --runs 20 --db sqlite|postgres|both --venue bar-el-cabanyal]`: the owner's
 * reports on a year of data (docs/rules.md#reports). For each engine — SQLite in a temp file, PostgreSQL on a
 * throwaway cluster (scripts/pg-cluster.ts) — it generates `--days` of history (scripts/history/generate.ts), then
 * asks the API for the whole period's report `--runs` times one after another (after two warm-up requests) as the
 * venue's manager, through the app's own request handling (no network), and prints the median and the p95 of those
 * times. Target: p95 ≤ 500 ms on both (the process exits 1 when missed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { createServer } from '../server/main.ts';
import { configFromEnv } from '../server/platform/config.ts';
import { zonedIso } from '../server/features/billing/index.ts';
import { addDays } from '../src/contract/reports.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';
import { writeHistory } from './history/generate.ts';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '365' },
    runs: { type: 'string', default: '20' },
    db: { type: 'string', default: 'both' },
    venue: { type: 'string', default: 'bar-el-cabanyal' },
  },
});
const days = Number(values.days);
const runs = Number(values.runs);
const TARGET_MS = 500;

/** Nearest-rank quantile of sorted numbers. */
const quantile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

async function bench(engine: 'sqlite' | 'postgres', cluster?: PgCluster): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'umenu-reports-'));
  let url: string | undefined;
  if (cluster) {
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
    await admin.unsafe('CREATE DATABASE bench_reports');
    await admin.end();
    url = cluster.urlFor('bench_reports');
  }
  const env: NodeJS.ProcessEnv = { ...process.env, UMENU_DB: join(dir, 'bench.sqlite'), UMENU_LOG: 'off' };
  delete env.UMENU_DATABASE_URL;
  if (url) env.UMENU_DATABASE_URL = url;
  const server = await createServer(configFromEnv(env));
  try {
    const started = performance.now();
    const counts = await writeHistory(server, values.venue, days);
    const generated = (performance.now() - started) / 1000;
    console.log(
      `[${engine}] historial: ${counts.days} días abiertos, ${counts.sessions} mesas, ${counts.orders} pedidos y rondas, ${counts.tickets} comandas, ${counts.receipts} recibos en ${generated.toFixed(1)} s`,
    );
    const login = await server.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gerente@umenu.test', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const timezone = server.deps.venues.get(values.venue)!.venue.timezone;
    const today = zonedIso(new Date(), timezone).slice(0, 10);
    const path = `/api/venues/${values.venue}/reports?from=${addDays(today, -days)}&to=${addDays(today, -1)}`;
    const ask = async () => {
      const t = performance.now();
      const res = await server.app.request(path, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${res.status} ${body.slice(0, 300)}`);
      return { ms: performance.now() - t, body };
    };
    const { body } = await ask();
    await ask();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push((await ask()).ms);
    times.sort((a, b) => a - b);
    const report = JSON.parse(body) as { summary: { netSales: number; orders: number; covers: number } };
    const p95 = quantile(times, 0.95);
    console.log(
      `[${engine}] informe de ${days} días (${report.summary.orders} pedidos, ${report.summary.covers} comensales, ${(report.summary.netSales / 100).toFixed(2)} netos, ${Math.round(body.length / 1024)} KB): mediana ${quantile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, máx ${times.at(-1)!.toFixed(1)} ms (${runs} veces)${p95 > TARGET_MS ? ` ⚠ objetivo ≤ ${TARGET_MS} ms` : ''}`,
    );
    return p95 <= TARGET_MS;
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

let ok = true;
if (values.db === 'sqlite' || values.db === 'both') ok = (await bench('sqlite')) && ok;
if (values.db === 'postgres' || values.db === 'both') {
  const cluster = await startPgCluster({ durable: true });
  try {
    ok = (await bench('postgres', cluster)) && ok;
  } finally {
    cluster.stop();
  }
}
process.exit(ok ? 0 : 1);
