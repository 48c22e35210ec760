/**
 * The print agent (agent/README.md; server/README.md, "Printing"): runs on any machine in the restaurant's
 * network, long-polls the API for the venue's print jobs, writes each ticket's ESC/POS bytes to its
 * printer's TCP socket (host:port, usually 9100) and acknowledges it.
 *
 *     npm run print-agent -- --api https://api.example.com/v1 --venue {venueId} --token upa_… [--journal file]
 *
 * - `--api` is the API base, the same as the site's `/config.json` `apiBase` (an origin alone means its
 *   `/api`); the first line says which was understood. At start it checks the token and the venue: a
 *   refused token, another venue's token, an unknown venue or no umenu API at that address stops it
 *   with a sentence that says what to fix.
 * - Exactly once on paper: a job is written, then noted in the journal (a JSON-lines file of job
 *   ids), then acknowledged. A job sent again after a crash between the write and the ack is
 *   found in the journal and only acknowledged.
 * - Only printers of the restaurant's network (docs/rules.md#printer-addresses): a host that is not,
 *   or resolves to an address that is not, a private-network address, or a port other than 9100–9102,
 *   is not connected to. `--printer ID=HOST:PORT` (repeatable) says where THIS machine reaches a
 *   printer instead (a USB printer shared on 127.0.0.1, a stand-in printer in a test): the machine's
 *   owner allows that address explicitly; the API cannot.
 * - A printer that is off: the agent retries with backoff (`--backoff-ms`, doubling up to
 *   `--backoff-max-ms`), tells the API in words («rechaza la conexión», «no responde»: the board shows
 *   «Impresora … sin conexión»), and keeps that printer's jobs in order; other printers go on printing.
 * - The API failing the same way: said once, said again once it has lasted a minute, then retried
 *   every minute until it answers (never a line a second).
 * - One log line per job printed.
 *
 * `UMENU_AGENT_PAUSE_AFTER_WRITE_MS` (tests only): waits that long between the write and the
 * ack, so a test can kill the agent there. `UMENU_AGENT_TIME_SCALE` (tests only, default 1): the
 * agent's waits (backoff, pauses) and its sense of «a minute» pass that many times faster, so a test
 * lives through the real retry schedule of a long outage in a fraction of the time; the log still
 * says each wait as the agent's schedule has it («reintento en 16000 ms»).
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import {
  isPrivateNetworkAddress,
  PRINTER_ERROR_WORDS,
  PRINTER_PORTS,
  printerErrorWords,
  PrintJobList,
  type PrintJob,
} from '../src/contract/printing.ts';
import { renderJob } from './print-ticket.ts';
import { apiBaseOf, localPrinterOf, startProblem, type LocalPrinter } from './setup.ts';

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
    printer: { type: 'string', multiple: true, default: [] },
  },
});

const USAGE =
  'Uso: npm run print-agent -- --api https://api.example.com/v1 --venue {local} --token upa_… [--journal fichero] [--printer id=host:puerto]';
const api = apiBaseOf(args.api ?? '');
const venueId = args.venue ?? '';
const token = args.token ?? process.env.UMENU_PRINT_AGENT_TOKEN ?? '';
if (!api || !venueId || !token) {
  if (args.api && !api)
    console.error(
      `«${args.api}» no es una dirección http(s): --api es la dirección base de la API, como apiBase en /config.json del sitio.`,
    );
  console.error(USAGE);
  process.exit(2);
}
/** Printers this machine reaches at an address of its own (`--printer`). */
const localPrinters = new Map<string, LocalPrinter>();
for (const flag of args.printer) {
  const parsed = localPrinterOf(flag);
  if (!parsed) {
    console.error(
      `--printer «${flag}» no se entiende: escribe id=host:puerto, p. ej. --printer cocina-1=127.0.0.1:9100.`,
    );
    process.exit(2);
  }
  localPrinters.set(...parsed);
}
const journalPath = args.journal;
const backoffMin = Number(args['backoff-ms']);
const backoffMax = Number(args['backoff-max-ms']);
const connectTimeout = Number(args['connect-timeout-ms']);
const pauseAfterWrite = Number(process.env.UMENU_AGENT_PAUSE_AFTER_WRITE_MS ?? '0');
const base = `${api.base}/venues/${encodeURIComponent(venueId)}`;
const headers = { authorization: `Bearer ${token}` };

const log = (message: string) => console.log(`[print-agent] ${new Date().toISOString()} ${message}`);
const timeScale = Math.max(1, Number(process.env.UMENU_AGENT_TIME_SCALE ?? '1') || 1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms / timeScale));
const startedAt = Date.now();
/** The agent's clock: runs `timeScale` times faster (tests only). */
const agentNow = () => startedAt + (Date.now() - startedAt) * timeScale;

/** The same API error for this long is said once more, and then retried only this often. */
const MINUTE_MS = 60_000;
let trouble: { key: string; since: number; said: boolean } | undefined;
/**
 * One failure of the API: said the first time it happens; said once more when the same failure has
 * lasted a minute, after which it is retried once a minute. Resolves after the wait.
 */
async function troubled(key: string, sentence: string, delay: number): Promise<void> {
  const at = agentNow();
  if (trouble?.key !== key) {
    trouble = { key, since: at, said: false };
    log(`${sentence}; reintento en ${delay} ms`);
  } else if (!trouble.said && at - trouble.since >= MINUTE_MS) {
    trouble.said = true;
    log(
      `${sentence}: así desde hace más de un minuto. Sigo intentándolo cada minuto; revisa la red de esta máquina y la dirección de la API (${api!.base}).`,
    );
  }
  await sleep(trouble.said ? Math.max(delay, MINUTE_MS) : delay);
}
function recovered(): void {
  if (trouble) log('la API responde de nuevo');
  trouble = undefined;
}

/** Job ids already written to paper (this machine's journal). */
const written = new Set<string>();
/** The journal keeps the newest entries only: a job is re-sent within minutes, not weeks. */
const JOURNAL_KEEP = 5000;
if (existsSync(journalPath)) {
  const lines = readFileSync(journalPath, 'utf8')
    .split('\n')
    .filter((line) => {
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
    writeSync(
      fd,
      `${JSON.stringify({ job: job.id, printer: job.printer.id, order: job.ticket?.orderNumber ?? job.receipt?.number ?? (job.prebill ? `mesa ${job.prebill.table}` : undefined), at: new Date().toISOString() })}\n`,
    );
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A printer the agent will not connect to (docs/rules.md#printer-addresses). */
class NotAllowed extends Error {
  code = 'NOT_ALLOWED';
}

/**
 * Where to connect for a job's printer: this machine's own address for it (`--printer`), else its host —
 * on a printer port, and only when every address the name resolves to is of the restaurant's network.
 */
async function addressOf(printer: PrintJob['printer']): Promise<LocalPrinter> {
  const mapped = localPrinters.get(printer.id);
  if (mapped) return mapped;
  if (!PRINTER_PORTS.includes(printer.port))
    throw new NotAllowed(`el puerto ${printer.port} no es de impresora (${PRINTER_PORTS.join(', ')})`);
  const addresses = await lookup(printer.host, { all: true, verbatim: true });
  const outside = addresses.find((a) => !isPrivateNetworkAddress(a.address));
  if (!addresses.length || outside)
    throw new NotAllowed(`${printer.host} es ${outside?.address ?? 'desconocida'}, fuera de la red del local`);
  return { host: addresses[0]!.address, port: printer.port };
}

/** Writes the bytes to host:port and resolves once they are handed to the network. */
function send(host: string, port: number, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(
      () => socket.destroy(Object.assign(new Error(`sin respuesta en ${connectTimeout} ms`), { code: 'ETIMEDOUT' })),
      connectTimeout,
    );
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
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
    log(startProblem({ status: res.status, isJobList: false }, api!, venueId)!);
    process.exit(3);
  }
  return res;
}

/** An error as a person reads it: fetch's «fetch failed» says its cause's code (ECONNREFUSED…). */
const errorText = (error: unknown) => {
  const { message, cause } = error as Error & { cause?: { code?: string } };
  return cause?.code ? `${message}: ${cause.code}` : message;
};

/** Retries an API call until it answers (the API may be restarting or the network down). */
async function persist(what: string, fn: () => Promise<Response>): Promise<Response> {
  for (let delay = backoffMin; ; delay = Math.min(delay * 2, backoffMax)) {
    try {
      const res = await fn();
      if (res.status < 500) {
        recovered();
        return res;
      }
      await troubled(`${what} ${res.status}`, `${what}: la API respondió ${res.status}`, delay);
    } catch (error) {
      await troubled(
        `${what} ${errorText(error)}`,
        `${what}: no se puede hablar con la API en ${api!.base} (${errorText(error)})`,
        delay,
      );
    }
  }
}

/** Start-up: the API, the token and the venue are right, or a sentence says what to fix (exit 2). */
async function checkStart(): Promise<void> {
  const res = await persist('comprobación inicial', () => fetch(`${base}/print-jobs?wait=0`, { headers }));
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  const problem = startProblem(
    {
      status: res.status,
      detail: typeof detail === 'string' ? detail : undefined,
      isJobList: PrintJobList.safeParse(body).success,
    },
    api!,
    venueId,
  );
  if (problem) {
    console.error(`[print-agent] ${problem}`);
    process.exit(2);
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
  call('POST', `/printers/${encodeURIComponent(printerId)}/status`, ok ? { ok } : { ok, error }).then(
    (r) => r.body?.cancel(),
    (e: Error) => log(`estado de ${printerId}: ${e.message}`),
  );

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
            const { host, port } = await addressOf(job.printer);
            await send(host, port, bytes);
            break;
          } catch (error) {
            const { code, message } = error as Error & { code?: string };
            const words =
              error instanceof NotAllowed ? PRINTER_ERROR_WORDS.notAllowed : printerErrorWords(code ?? message);
            log(
              `impresora ${job.printer.name} (${job.printer.host}:${job.printer.port}) sin conexión: ${words} (${code ?? ''} ${message}); reintento en ${delay} ms`,
            );
            failing = true;
            await report(printerId, false, words);
            await sleep(delay);
          }
        }
        remember(job);
        written.add(job.id);
        if (failing) {
          failing = false;
          await report(printerId, true);
        }
        log(
          `impreso ${job.prebill ? `cuenta de la mesa ${job.prebill.table}` : (job.ticket?.orderNumber ?? `recibo ${job.receipt?.number ?? ''}`)} ${job.stationName}${job.duplicate ? ' (DUPLICADO)' : ''}${job.voided ? ' (ANULADO)' : ''} en ${job.printer.name} — trabajo ${job.id}`,
        );
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
  for (const printerId of touched)
    void drain(printerId).catch((error: unknown) => log(`cola ${printerId}: ${(error as Error).message}`));
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopping = true;
    process.exit(0);
  });

log(`API: ${api.said}`);
for (const [id, address] of localPrinters)
  log(`impresora ${id}: en esta máquina, ${address.host}:${address.port} (--printer)`);
await checkStart();
log(
  `agente de impresión para ${venueId} en ${api.base} (diario: ${journalPath}, ${written.size} trabajos ya impresos)`,
);
// The cursor: the highest `seq` received. A poll that times out re-reads everything pending once
// (a job committed late with a lower `seq` is not missed).
let after = 0;
while (!stopping) {
  const res = await persist('print-jobs', () => call('GET', `/print-jobs?wait=${Number(args.wait)}&after=${after}`));
  if (res.status !== 200) {
    const detail = await res.text().catch(() => '');
    await troubled(
      `print-jobs ${res.status}`,
      `print-jobs: la API respondió ${res.status} ${detail.slice(0, 200)}`,
      backoffMax,
    );
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
