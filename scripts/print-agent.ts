/**
 * The print agent (server/README.md, "Printing"): runs on any machine in the restaurant's
 * network, long-polls the API for the venue's print jobs, writes each ticket's ESC/POS bytes to
 * its printer's TCP socket (host:port, usually 9100) and acknowledges it.
 *
 *     npm run print-agent -- --api https://api.example --venue {venueId} --token upa_… [--journal file]
 *
 * - Exactly once on paper: a job is written, then noted in the journal (a JSON-lines file of job
 *   ids), then acknowledged. A job sent again after a crash between the write and the ack is
 *   found in the journal and only acknowledged.
 * - A printer that is off: the agent retries with backoff (`--backoff-ms`, doubling up to
 *   `--backoff-max-ms`), tells the API (`ok: false`, so the board shows «Impresora … sin
 *   conexión»), and keeps that printer's jobs in order; other printers go on printing.
 * - One log line per job printed.
 *
 * `UMENU_AGENT_PAUSE_AFTER_WRITE_MS` (tests only): waits that long between the write and the
 * ack, so a test can kill the agent there. `UMENU_AGENT_TIME_SCALE` (tests only, default 1): the
 * agent's waits (backoff, pauses) pass that many times faster, so a test lives through the real
 * retry schedule of a long outage in a fraction of the time; the log still says each wait as the
 * agent's schedule has it («reintento en 16000 ms»).
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { PrintJobList, type PrintJob } from '../src/contract/printing.ts';
import { renderJob } from './print-ticket.ts';

const { values: args } = parseArgs({
  options: {
    api: { type: 'string' },
    venue: { type: 'string' },
    token: { type: 'string' },
    journal: { type: 'string', default: 'print-agent-journal.jsonl' },
    wait: { type: 'string', default: '25' },
    'backoff-ms': { type: 'string', default: '1000' },
    'backoff-max-ms': { type: 'string', default: '30000' },
    'connect-timeout-ms': { type: 'string', default: '5000' },
  },
});

const api = (args.api ?? '').replace(/\/+$/, '');
const venueId = args.venue ?? '';
const token = args.token ?? process.env.UMENU_PRINT_AGENT_TOKEN ?? '';
if (!api || !venueId || !token) {
  console.error('Uso: npm run print-agent -- --api https://… --venue {local} --token upa_… [--journal fichero]');
  process.exit(2);
}
const journalPath = args.journal;
const backoffMin = Number(args['backoff-ms']);
const backoffMax = Number(args['backoff-max-ms']);
const connectTimeout = Number(args['connect-timeout-ms']);
const pauseAfterWrite = Number(process.env.UMENU_AGENT_PAUSE_AFTER_WRITE_MS ?? '0');
const base = `${api}/api/venues/${encodeURIComponent(venueId)}`;
const headers = { authorization: `Bearer ${token}` };

const log = (message: string) => console.log(`[print-agent] ${new Date().toISOString()} ${message}`);
const timeScale = Math.max(1, Number(process.env.UMENU_AGENT_TIME_SCALE ?? '1') || 1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms / timeScale));

/** Job ids already written to paper (this machine's journal). */
const written = new Set<string>();
/** The journal keeps the newest entries only: a job is re-sent within minutes, not weeks. */
const JOURNAL_KEEP = 5000;
if (existsSync(journalPath)) {
  const lines = readFileSync(journalPath, 'utf8').split('\n').filter((line) => {
    try {
      const entry = JSON.parse(line) as { job?: string };
      if (entry.job) written.add(entry.job);
      return Boolean(entry.job);
    } catch {
      return false; // a line cut short by a crash: its job was not confirmed written
    }
  });
  if (lines.length > 2 * JOURNAL_KEEP) {
    const kept = lines.slice(-JOURNAL_KEEP);
    writeFileSync(`${journalPath}.tmp`, `${kept.join('\n')}\n`);
    renameSync(`${journalPath}.tmp`, journalPath);
    written.clear();
    for (const line of kept) written.add((JSON.parse(line) as { job: string }).job);
  }
}
function remember(job: PrintJob): void {
  const fd = openSync(journalPath, 'a');
  try {
    writeSync(fd, `${JSON.stringify({ job: job.id, printer: job.printer.id, order: job.ticket?.orderNumber ?? job.receipt?.number, at: new Date().toISOString() })}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes the bytes to host:port and resolves once they are handed to the network. */
function send(host: string, port: number, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => socket.destroy(new Error(`sin respuesta en ${connectTimeout} ms`)), connectTimeout);
    socket.once('error', (error) => { clearTimeout(timer); reject(error); });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.end(bytes, () => resolve());
    });
  });
}

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status === 401 || res.status === 403) {
    log(`la API rechaza el token (${res.status}): ${await res.text()}`);
    process.exit(3);
  }
  return res;
}

/** Retries an API call until it answers (the API may be restarting or the network down). */
async function persist(what: string, fn: () => Promise<Response>): Promise<Response> {
  for (let delay = backoffMin; ; delay = Math.min(delay * 2, backoffMax)) {
    try {
      const res = await fn();
      if (res.status < 500) return res;
      log(`${what}: la API respondió ${res.status}; reintento en ${delay} ms`);
    } catch (error) {
      log(`${what}: ${(error as Error).message}; reintento en ${delay} ms`);
    }
    await sleep(delay);
  }
}

let venue = { name: venueId, timezone: 'UTC' };
const queues = new Map<string, PrintJob[]>();
const busy = new Set<string>();
const known = new Set<string>();

async function ack(job: PrintJob): Promise<void> {
  const res = await persist(`ack ${job.id}`, () => call('POST', `/print-jobs/${encodeURIComponent(job.id)}/ack`));
  if (res.status !== 204 && res.status !== 404) log(`ack ${job.id}: ${res.status}`);
}

const report = (printerId: string, ok: boolean, error?: string) =>
  call('POST', `/printers/${encodeURIComponent(printerId)}/status`, ok ? { ok } : { ok, error }).then((r) => r.body?.cancel(), (e: Error) => log(`estado de ${printerId}: ${e.message}`));

/** One printer's jobs, one at a time, in order; a failing printer holds its queue (nothing is skipped). */
async function drain(printerId: string): Promise<void> {
  if (busy.has(printerId)) return;
  busy.add(printerId);
  const queue = queues.get(printerId)!;
  let failing = false;
  try {
    while (queue.length) {
      const job = queue[0]!;
      if (!written.has(job.id)) {
        const bytes = renderJob(job, venue);
        for (let delay = backoffMin; ; delay = Math.min(delay * 2, backoffMax)) {
          try {
            await send(job.printer.host, job.printer.port, bytes);
            break;
          } catch (error) {
            const message = `${(error as Error).message}`;
            log(`impresora ${job.printer.name} (${job.printer.host}:${job.printer.port}) sin conexión: ${message}; reintento en ${delay} ms`);
            failing = true;
            await report(printerId, false, message);
            await sleep(delay);
          }
        }
        remember(job);
        written.add(job.id);
        if (failing) {
          failing = false;
          await report(printerId, true);
        }
        log(`impreso ${job.ticket?.orderNumber ?? `recibo ${job.receipt?.number ?? ''}`} ${job.stationName}${job.duplicate ? ' (DUPLICADO)' : ''} en ${job.printer.name} — trabajo ${job.id}`);
        if (pauseAfterWrite > 0) await sleep(pauseAfterWrite);
      } else {
        log(`ya impreso ${job.id} (diario): solo se confirma`);
      }
      await ack(job);
      queue.shift();
      known.delete(job.id);
    }
  } finally {
    busy.delete(printerId);
  }
}

function enqueue(jobs: readonly PrintJob[]): void {
  const touched = new Set<string>();
  for (const job of jobs) {
    if (known.has(job.id)) continue;
    known.add(job.id);
    const queue = queues.get(job.printer.id) ?? [];
    queue.push(job);
    queue.sort((a, b) => a.seq - b.seq);
    queues.set(job.printer.id, queue);
    touched.add(job.printer.id);
  }
  for (const printerId of touched) void drain(printerId).catch((error: unknown) => log(`cola ${printerId}: ${(error as Error).message}`));
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { stopping = true; process.exit(0); });

log(`agente de impresión para ${venueId} en ${api} (diario: ${journalPath}, ${written.size} trabajos ya impresos)`);
// The cursor: the highest `seq` received. A poll that times out re-reads everything pending once
// (a job committed late with a lower `seq` is not missed).
let after = 0;
while (!stopping) {
  const res = await persist('print-jobs', () => call('GET', `/print-jobs?wait=${Number(args.wait)}&after=${after}`));
  if (res.status !== 200) {
    log(`print-jobs: ${res.status} ${await res.text()}`);
    await sleep(backoffMin);
    continue;
  }
  const list = PrintJobList.parse(await res.json());
  venue = list.venue;
  if (list.jobs.length) {
    after = Math.max(after, ...list.jobs.map((j) => j.seq));
    enqueue(list.jobs);
  } else {
    after = 0;
  }
}
