/**
 * `npm run demo:history -- --venue bar-el-cabanyal --days 365 [--seed 39]`: writes a venue's past days (the last
 * `--days` before today in its time zone) into the database the server uses — `UMENU_DB` (SQLite, default
 * data/umenu.sqlite) or `UMENU_DATABASE_URL` (PostgreSQL) — so the owner's reports have a year to show
 * (docs/rules.md#reports). Table sessions with their people, rounds and kitchen tickets, pickup and delivery orders,
 * voids, invitations, discounts, payments and receipts: see scripts/history/generate.ts. Meant for a new database
 * (a demo, a test, a benchmark): it refuses a venue that already has generated history in those days.
 */
import { parseArgs } from 'node:util';
import { createServer } from '../server/main.ts';
import { configFromEnv } from '../server/platform/config.ts';
import { writeHistory } from './history/generate.ts';

const { values } = parseArgs({
  options: {
    venue: { type: 'string', default: 'bar-el-cabanyal' },
    days: { type: 'string', default: '365' },
    seed: { type: 'string', default: '39' },
  },
});
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 3660) throw new Error('--days: un número de días entre 1 y 3660');

const started = performance.now();
const server = await createServer({ ...configFromEnv(), log: 'off' });
try {
  const counts = await writeHistory(server, values.venue, days, Number(values.seed), (line) => console.log(line));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${values.venue}: ${counts.days} días abiertos, ${counts.sessions} mesas, ${counts.orders} pedidos y rondas, ${counts.tickets} comandas, ${counts.receipts} recibos (${server.deps.db.dialect}, ${seconds} s)`,
  );
} finally {
  await server.close();
}
