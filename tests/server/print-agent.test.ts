/**
 * The print agent (agent/print-agent.ts) as a restaurant runs it: the API listening on
 * 127.0.0.1, the agent as a child process, and two TCP listeners standing in for the kitchen's
 * and the bar's ESC/POS printers (they record the bytes; the test decodes the text). One order
 * for two stations prints one ticket on each, exactly once; the agent killed between the write
 * and the ack prints nothing twice after its restart (its journal); a reprint says DUPLICADO; a
 * printer down for 20 s (the agent's own waits passing faster: UMENU_AGENT_TIME_SCALE) prints everything afterwards, in order. One decoded ticket is
 * saved to test-results/print-agent-ticket.txt. The printers are configured in the API at addresses of a restaurant's
 * network (the API accepts nothing else); the agent is told where this machine reaches them (`--printer id=127.0.0.1:port`),
 * so the test sends traffic to 127.0.0.1 only. Started with a wrong address, token or venue, the agent stops with a
 * sentence that says what to fix; an API that keeps failing is said once, and once more after a minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server, type Socket, type AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Order, type OrderInput } from '../../src/contract/order.ts';
import { Venue, type Venue as VenueT } from '../../src/contract/venue.ts';
import { CreatedPrintAgent, PrinterList } from '../../src/contract/printing.ts';
import { newKey, startTestServer, type TestServer } from './helpers.ts';
import { cred, joinTable, lineId, tableTokens } from './table-kit.ts';
import { TableSession } from '../../src/contract/table.ts';
import { ceiling } from '../ceiling.ts';

const V = 'taqueria-el-guero';
let s: TestServer;
let http: ServerType;
/** The API base, as the site's /config.json has it (`http://127.0.0.1:{port}/api`), and the origin alone. */
let api: string;
let origin: string;
let token: string;
let staff: string, manager: string, ana: string;
let venue: VenueT;
let dir: string;

/** ESC/POS bytes as the text a person reads: commands dropped, code page 858 letters mapped. */
const CP858: Record<number, string> = {
  0x81: 'ü',
  0x82: 'é',
  0x90: 'É',
  0xa0: 'á',
  0xa1: 'í',
  0xa2: 'ó',
  0xa3: 'ú',
  0xa4: 'ñ',
  0xa5: 'Ñ',
  0xa8: '¿',
  0xad: '¡',
  0xae: '«',
  0xaf: '»',
  0xb5: 'Á',
  0xd6: 'Í',
  0xe0: 'Ó',
  0xe9: 'Ú',
  0x9a: 'Ü',
  0xc4: '─',
  0xd5: '€',
};
function decode(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x1b)
      i += bytes[i + 1] === 0x40 ? 1 : 2; // ESC @ / ESC x n
    else if (b === 0x1d)
      i += bytes[i + 1] === 0x56 && (bytes[i + 2] === 65 || bytes[i + 2] === 66) ? 3 : 2; // GS V m n / GS x n
    else if (b === 0x1c)
      i += 1; // FS .
    else if (b === 0x0a) out += '\n';
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else if (b >= 0x80) out += CP858[b] ?? '?';
  }
  return out
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');
}

/** A printer: a TCP listener that records what each connection wrote (one ticket per connection). */
interface FakePrinter {
  port: number;
  tickets: string[];
  raw: Buffer[];
  down(): Promise<void>;
  up(): Promise<void>;
}
async function fakePrinter(port = 0): Promise<FakePrinter> {
  const printer: FakePrinter = { port, tickets: [], raw: [], down: async () => {}, up: async () => {} };
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  printer.up = () =>
    new Promise((resolve, reject) => {
      server = createServer((socket) => {
        sockets.add(socket);
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => {
          const bytes = Buffer.concat(chunks);
          if (bytes.length) {
            printer.raw.push(bytes);
            printer.tickets.push(decode(bytes));
          }
          socket.end();
        });
        socket.on('close', () => sockets.delete(socket));
      });
      server.once('error', reject);
      server.listen(printer.port, '127.0.0.1', () => {
        printer.port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  printer.down = () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server?.close(() => resolve());
    });
  await printer.up();
  return printer;
}

/** The agent as a child process; `lines` is what it logged. */
interface Agent {
  child: ChildProcess;
  lines: string[];
  exited: Promise<void>;
}
const agents: Agent[] = [];
function startAgent(
  env: Record<string, string> = {},
  backoff = ['--backoff-ms', '100', '--backoff-max-ms', '400'],
  given: { api?: string; token?: string; venue?: string; printers?: string[] } = {},
): Agent {
  const printers = given.printers ?? [
    '--printer',
    `cocina-1=127.0.0.1:${cocina.port}`,
    '--printer',
    `barra-1=127.0.0.1:${barra.port}`,
  ];
  const child = spawn(
    process.execPath,
    [
      'agent/print-agent.ts',
      '--api',
      given.api ?? api,
      '--venue',
      given.venue ?? V,
      '--token',
      given.token ?? token,
      '--journal',
      join(dir, 'journal.jsonl'),
      '--wait',
      '5',
      ...backoff,
      '--connect-timeout-ms',
      '1000',
      ...printers,
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const agent: Agent = { child, lines: [], exited: new Promise((resolve) => child.once('exit', () => resolve())) };
  let buffer = '';
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    agent.lines.push(...parts);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  agents.push(agent);
  return agent;
}
async function stopAgent(agent: Agent, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (agent.child.exitCode === null && agent.child.signalCode === null) agent.child.kill(signal);
  await agent.exited;
}

/** Waits for a condition (checked every 50 ms), failing with `what` after `ms`. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const pendingJobs = async () =>
  (await s.deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM print_jobs WHERE printed_at IS NULL'))!.n;
const allAcked = () => until('every print job acknowledged', async () => Number(await pendingJobs()) === 0);

function pickup(productIds: string[]): OrderInput {
  const products = venue.categories.flatMap((c) => c.products);
  const lines = productIds.map((id) => {
    const product = products.find((p) => p.id === id)!;
    const options = product.optionGroups.flatMap((g) => g.options.filter((o) => o.available).slice(0, g.min));
    return {
      input: {
        productId: id,
        optionIds: options.map((o) => o.id),
        quantity: 3,
        ...(id === 'tacos-al-pastor' ? { note: 'Sin cebolla, por favor' } : {}),
      },
      total: (product.price + options.reduce((sum, o) => sum + o.priceDelta, 0)) * 3,
    };
  });
  return {
    venueId: V,
    mode: 'pickup',
    customer: { name: 'Ana García', phone: '+52 55 1234 5678' },
    tip: { percent: 0 },
    payment: 'cash',
    lines: lines.map((l) => l.input),
    expectedTotal: lines.reduce((sum, l) => sum + l.total, 0),
  };
}
async function place(productIds: string[]): Promise<Order> {
  const res = await s.request('/api/orders', { token: ana, key: newKey(), json: pickup(productIds) });
  expect(res.status, await res.clone().text()).toBe(201);
  return Order.parse(await res.json());
}
const withNumber = (tickets: string[], number: string) => tickets.filter((t) => t.includes(number));

let cocina: FakePrinter, barra: FakePrinter;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'umenu-agent-'));
  s = await startTestServer();
  http = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  api = `${origin}/api`;
  staff = await s.tokenFor('cocina@umenu.test');
  manager = await s.tokenFor('gerente@umenu.test');
  ana = await s.tokenFor('ana@umenu.test');
  venue = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
  token = CreatedPrintAgent.parse(
    await (await s.request(`/api/venues/${V}/print-agents`, { method: 'POST', token: manager })).json(),
  ).token;
  cocina = await fakePrinter();
  barra = await fakePrinter();
  const res = await s.request(`/api/venues/${V}/printers`, {
    method: 'PUT',
    token: manager,
    json: {
      printers: [
        { id: 'cocina-1', name: 'Cocina', station: 'cocina', host: '192.168.1.50', port: 9100 },
        { id: 'barra-1', name: 'Barra', station: 'barra', host: '192.168.1.51', port: 9100, width: 58 },
      ],
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}, ceiling(60_000));

afterAll(async () => {
  await Promise.all(agents.map((a) => stopAgent(a, 'SIGKILL')));
  s?.deps.orders.close();
  s?.deps.printing.close();
  if (http) await new Promise<void>((resolve) => http.close(() => resolve()));
  await Promise.all([cocina?.down(), barra?.down()]);
  await s?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('the print agent', () => {
  it(
    'one order for two stations prints one ticket on each printer, exactly once, and logs one line per job',
    { timeout: ceiling(40_000) },
    async () => {
      const agent = startAgent();
      try {
        const order = await place(['tacos-al-pastor', 'agua-de-jamaica']);
        await until(
          'a ticket on each printer',
          () =>
            withNumber(cocina.tickets, order.number).length > 0 && withNumber(barra.tickets, order.number).length > 0,
        );
        await allAcked();
        const [kitchen] = withNumber(cocina.tickets, order.number);
        expect(withNumber(cocina.tickets, order.number)).toHaveLength(1);
        expect(withNumber(barra.tickets, order.number)).toHaveLength(1);
        expect(kitchen).toContain(venue.name);
        expect(kitchen).toContain('COCINA');
        expect(kitchen).toContain('Para recoger: Ana García');
        expect(kitchen).toMatch(/3 x Tacos al pastor/);
        expect(kitchen).toContain('Nota: Sin cebolla, por favor');
        expect(kitchen).not.toContain('Agua de jamaica');
        expect(kitchen).not.toContain('DUPLICADO');
        const bar = withNumber(barra.tickets, order.number)[0]!;
        expect(bar).toContain('BARRA');
        expect(bar).toMatch(/3 x Agua de jamaica/);
        // The time, in the venue's time zone.
        const time = new Intl.DateTimeFormat('es-ES', {
          timeZone: venue.timezone,
          hour: '2-digit',
          minute: '2-digit',
          hour12: false,
        }).format(new Date(order.createdAt));
        expect(kitchen).toContain(time);
        // The 58 mm roll has 32 columns: no line of the bar's ticket is wider.
        expect(Math.max(...bar.split('\n').map((l) => l.length))).toBeLessThanOrEqual(32);
        expect(agent.lines.filter((l) => l.includes(`impreso ${order.number}`))).toHaveLength(2);
        // Started with the API base: it says so, and called it as given (no /api added).
        expect(agent.lines.some((l) => l.includes(`API: ${api} (la dirección base de la API`))).toBe(true);
        mkdirSync('test-results', { recursive: true });
        writeFileSync('test-results/print-agent-ticket.txt', `${kitchen}\n\n==== 58 mm ====\n\n${bar}\n`);
        console.log(`[print-agent test] decoded ticket (80 mm):\n${kitchen}`);
      } finally {
        await stopAgent(agent);
      }
    },
  );

  it(
    'killed with SIGKILL between the write and the ack, then restarted, it prints nothing twice',
    { timeout: ceiling(40_000) },
    async () => {
      const paused = startAgent({ UMENU_AGENT_PAUSE_AFTER_WRITE_MS: '60000' });
      const order = await place(['tacos-al-pastor']);
      await until(
        'the ticket written',
        () =>
          withNumber(cocina.tickets, order.number).length === 1 &&
          paused.lines.some((l) => l.includes(`impreso ${order.number}`)),
      );
      await stopAgent(paused, 'SIGKILL');
      // Written, not acknowledged: the API sends it again.
      expect(Number(await pendingJobs())).toBe(1);
      expect(readFileSync(join(dir, 'journal.jsonl'), 'utf8')).toContain(order.number);
      const again = startAgent();
      try {
        await allAcked();
        expect(again.lines.some((l) => l.includes('ya impreso'))).toBe(true);
        expect(withNumber(cocina.tickets, order.number)).toHaveLength(1);
      } finally {
        await stopAgent(again);
      }
    },
  );

  it('a reprint says DUPLICADO', { timeout: ceiling(40_000) }, async () => {
    const agent = startAgent();
    try {
      const order = await place(['agua-de-jamaica']);
      await until('the first ticket', () => withNumber(barra.tickets, order.number).length === 1);
      await allAcked();
      const tickets = (await (await s.request(`/api/venues/${V}/tickets?station=barra`, { token: staff })).json()) as {
        tickets: Array<{ id: string; orderId: string }>;
      };
      const ticket = tickets.tickets.find((t) => t.orderId === order.id)!;
      expect(
        (await s.request(`/api/venues/${V}/tickets/${ticket.id}/reprint`, { method: 'POST', token: staff })).status,
      ).toBe(201);
      await until('the duplicate', () => withNumber(barra.tickets, order.number).length === 2);
      const [first, duplicate] = withNumber(barra.tickets, order.number);
      expect(first).not.toContain('DUPLICADO');
      expect(duplicate).toContain('DUPLICADO');
      // Large type: double width and height (GS ! 0x11) on the word's line.
      const raw = barra.raw.at(-1)!.toString('latin1');
      const large = raw.indexOf(String.fromCharCode(0x1d, 0x21, 0x11));
      expect(large).toBeGreaterThanOrEqual(0);
      expect(raw.slice(large, raw.indexOf('DUPLICADO'))).not.toContain('\n');
      await allAcked();
    } finally {
      await stopAgent(agent);
    }
  });

  it(
    'a pre-bill («Imprimir cuenta») prints on the printer of station caja, «Esto no es una factura» (docs/rules.md#the-floor)',
    { timeout: ceiling(40_000) },
    async () => {
      const caja = await fakePrinter();
      const printers = (list: object[]) =>
        s.request(`/api/venues/${V}/printers`, { method: 'PUT', token: manager, json: { printers: list } });
      const kept = [
        { id: 'cocina-1', name: 'Cocina', station: 'cocina', host: '192.168.1.50', port: 9100 },
        { id: 'barra-1', name: 'Barra', station: 'barra', host: '192.168.1.51', port: 9100, width: 58 },
      ];
      expect(
        (await printers([...kept, { id: 'caja-1', name: 'Caja', station: 'caja', host: '192.168.1.52' }])).status,
      ).toBe(200);
      const agent = startAgent({}, undefined, {
        printers: [
          '--printer',
          `cocina-1=127.0.0.1:${cocina.port}`,
          '--printer',
          `barra-1=127.0.0.1:${barra.port}`,
          '--printer',
          `caja-1=127.0.0.1:${caja.port}`,
        ],
      });
      try {
        const { credential } = await joinTable(s, await tableTokens(s, staff), '2', 'Marta');
        const put = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
          method: 'PUT',
          json: { productId: 'guacamole-con-totopos', optionIds: [], quantity: 2 },
          headers: cred(credential),
        });
        expect(put.status, await put.clone().text()).toBe(200);
        const session = TableSession.parse(
          await (await s.request('/api/table-session', { headers: cred(credential) })).json(),
        );
        const round = await s.request('/api/table-session/rounds', {
          json: { expectedTotal: session.cart.subtotal },
          key: newKey(),
          headers: cred(credential),
        });
        expect(round.status, await round.clone().text()).toBe(201);
        const res = await s.request(`/api/venues/${V}/tables/2/prebill`, { method: 'POST', token: staff });
        expect(res.status, await res.clone().text()).toBe(202);
        await until('the pre-bill', () => caja.tickets.length === 1);
        await allAcked();
        const printed = caja.tickets[0]!;
        expect(printed.match(/ESTO NO ES UNA FACTURA/g)).toHaveLength(2);
        expect(printed).toContain('Mesa 2');
        expect(printed).toMatch(/2 x Guacamole con totopos/);
        expect(printed).toMatch(/A PAGAR/);
        expect(agent.lines.some((l) => l.includes('impreso cuenta de la mesa 2 Caja en Caja'))).toBe(true);
        expect(caja.tickets).toHaveLength(1);
        mkdirSync('test-results', { recursive: true });
        writeFileSync('test-results/print-agent-prebill.txt', `${printed}\n`);
      } finally {
        await stopAgent(agent);
        await s.request(`/api/venues/${V}/tables/2/close`, { json: { confirmUnpaid: true }, token: staff });
        expect((await printers(kept)).status).toBe(200);
        await caja.down();
      }
    },
  );

  it(
    'a line voided after it was sent prints ANULADO on its station once, with the quantity voided (docs/rules.md#the-floor)',
    { timeout: ceiling(40_000) },
    async () => {
      const agent = startAgent();
      try {
        const order = await place(['tacos-al-pastor', 'agua-de-jamaica']);
        await until('the first tickets', () => withNumber(cocina.tickets, order.number).length === 1);
        await allAcked();
        const res = await s.request(`/api/venues/${V}/orders/${order.id}/lines/0/void`, {
          json: { quantity: 2, reason: 'El cliente ha cambiado de idea' },
          token: staff,
        });
        expect(res.status, await res.clone().text()).toBe(200);
        await until('the ANULADO ticket', () => withNumber(cocina.tickets, order.number).length === 2);
        await allAcked();
        const voided = withNumber(cocina.tickets, order.number)[1]!;
        expect(voided).toContain('ANULADO');
        expect(voided).toMatch(/ANULADO 2 x Tacos al pastor/);
        expect(voided).not.toContain('3 x');
        expect(voided).not.toContain('DUPLICADO');
        // Exactly once: the bar's printer had nothing voided, and a later poll brings nothing more.
        expect(withNumber(barra.tickets, order.number)).toHaveLength(1);
        expect(
          agent.lines.filter((l) => l.includes(`impreso ${order.number}`) && l.includes('(ANULADO)')),
        ).toHaveLength(1);
        const again = await place(['agua-de-jamaica']);
        await until('a later ticket', () => withNumber(barra.tickets, again.number).length === 1);
        await allAcked();
        expect(withNumber(cocina.tickets, order.number)).toHaveLength(2);
      } finally {
        await stopAgent(agent);
      }
    },
  );
  it(
    "one chosen dish of a set voided prints ANULADO on its station's printer once, that dish only (docs/rules.md#the-floor)",
    { timeout: ceiling(40_000) },
    async () => {
      // The comida corrida at any hour: its window lifted through the editor's PUT, put back afterwards.
      const kept = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
      const always = structuredClone(kept);
      for (const c of always.categories) for (const p of c.products) if (p.id === 'comida-corrida') p.availability = [];
      const put = (v: VenueT) => s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: v });
      expect((await put(always)).status).toBe(200);
      const agent = startAgent();
      try {
        const dishes = kept.categories.flatMap((c) => c.products);
        const required = (id: string) =>
          dishes
            .find((p) => p.id === id)!
            .optionGroups.flatMap((g) => g.options.filter((o) => o.available).slice(0, g.min));
        const chosen: Array<[string, string]> = [
          ['sopa', 'sopa-de-tortilla'],
          ['plato-fuerte', 'gringa-al-pastor'],
          ['postre', 'flan-napolitano'],
          ['agua-del-dia', 'agua-de-horchata'],
        ];
        const choices = chosen.map(([courseId, productId]) => ({
          courseId,
          productId,
          optionIds: required(productId).map((o) => o.id),
        }));
        const deltas = chosen.flatMap(([, id]) => required(id)).reduce((sum, o) => sum + o.priceDelta, 0);
        const input: OrderInput = {
          ...pickup([]),
          lines: [{ productId: 'comida-corrida', optionIds: [], quantity: 1, choices }],
          expectedTotal: 12900 + 2000 + deltas,
        };
        const res = await s.request('/api/orders', { token: ana, key: newKey(), json: input });
        expect(res.status, await res.clone().text()).toBe(201);
        const order = Order.parse(await res.json());
        await until('the first tickets', () => withNumber(cocina.tickets, order.number).length === 1);
        await allAcked();
        const before = withNumber(barra.tickets, order.number).length;
        const voided = await s.request(`/api/venues/${V}/orders/${order.id}/lines/0/void`, {
          json: {
            quantity: 1,
            reason: 'Producto agotado',
            choice: { courseId: 'plato-fuerte', productId: 'gringa-al-pastor' },
          },
          token: staff,
        });
        expect(voided.status, await voided.clone().text()).toBe(200);
        await until('the ANULADO ticket', () => withNumber(cocina.tickets, order.number).length === 2);
        await allAcked();
        const printed = withNumber(cocina.tickets, order.number)[1]!;
        expect(printed).toMatch(/ANULADO 1 x Gringa al pastor/);
        expect(printed).not.toContain('Sopa de tortilla');
        expect(printed).not.toContain('Flan napolitano');
        expect(withNumber(barra.tickets, order.number)).toHaveLength(before);
        expect(
          agent.lines.filter((l) => l.includes(`impreso ${order.number}`) && l.includes('(ANULADO)')),
        ).toHaveLength(1);
      } finally {
        await stopAgent(agent);
        expect((await put(kept)).status).toBe(200);
      }
    },
  );
  it(
    'a printer down for 20 s then back prints everything, in order; meanwhile the printers API reports it offline',
    { timeout: ceiling(60_000) },
    async () => {
      // The agent's real retry schedule (1 s doubling up to 30 s), its waits passing 20 times faster:
      // 20 s of the agent's time in about 1 s of the test's.
      const SCALE = 20;
      const agent = startAgent({ UMENU_AGENT_TIME_SCALE: String(SCALE) }, [
        '--backoff-ms',
        '1000',
        '--backoff-max-ms',
        '30000',
      ]);
      const barraState = async () =>
        PrinterList.parse(await (await s.request(`/api/venues/${V}/printers`, { token: staff })).json()).printers.find(
          (p) => p.id === 'barra-1',
        )!;
      try {
        await barra.down();
        const orders: Order[] = [];
        for (let i = 0; i < 3; i++) orders.push(await place(['agua-de-jamaica']));
        const failures = () => agent.lines.filter((l) => l.includes('impresora Barra') && l.includes('sin conexión'));
        await until('the first failure', () => failures().length > 0);
        const downSince = Date.now();
        // Down for 20 s of the agent's time.
        await until("20 s of the agent's time", () => (Date.now() - downSince) * SCALE >= 20_000);
        // The agent is a process of its own: on a loaded machine its fourth attempt may be logged a
        // moment after those 20 s (1 s of the test's) have passed.
        await until('the fourth attempt', () => failures().length >= 4);
        // It retried on its schedule, doubling its wait, and kept the three jobs.
        const waits = failures().map((l) => Number(/reintento en (\d+) ms/.exec(l)![1]));
        expect(waits.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
        expect(Number(await pendingJobs())).toBe(3);
        // The failure was reported; older than the API's threshold (its clock moved in the database
        // by the outage's length, as the API's own clock is not scaled), it is what the board shows.
        // In words: not the system's message, not the address.
        expect((await barraState()).error).toBe('rechaza la conexión');
        await s.deps.db.run('UPDATE printers SET failing_since = failing_since - 20000 WHERE id = ?', ['barra-1']);
        expect(await barraState()).toMatchObject({ online: false, alert: 'Impresora Barra sin conexión' });
        expect(barra.tickets.filter((t) => orders.some((o) => t.includes(o.number)))).toEqual([]);

        const before = barra.tickets.length;
        await barra.up();
        await allAcked();
        // The agent acknowledges a job once written; the stand-in printer may read the last bytes a moment later.
        await until('the three tickets read by the printer', () => barra.tickets.length - before >= 3);
        const printed = barra.tickets.slice(before);
        expect(printed.map((t) => orders.findIndex((o) => t.includes(o.number)))).toEqual([0, 1, 2]);
        const back = await barraState();
        expect(back.online).toBe(true);
        expect(back.alert).toBeUndefined();
      } finally {
        await stopAgent(agent);
      }
    },
  );

  it(
    "started with the site's origin instead, it says it uses its /api and prints",
    { timeout: ceiling(40_000) },
    async () => {
      const agent = startAgent({}, undefined, { api: origin });
      try {
        const order = await place(['agua-de-jamaica']);
        await until('the ticket', () => withNumber(barra.tickets, order.number).length === 1);
        expect(agent.lines.some((l) => l.includes(`API: ${api} (se dio un origen, ${origin}: se usa su /api)`))).toBe(
          true,
        );
        await allAcked();
      } finally {
        await stopAgent(agent);
      }
    },
  );

  const stopsWith = async (given: { api?: string; token?: string; venue?: string }) => {
    const agent = startAgent({}, undefined, given);
    const exit = await Promise.race([
      agent.exited.then(() => agent.child.exitCode),
      new Promise((resolve) => setTimeout(resolve, 15_000, 'still running')),
    ]);
    await stopAgent(agent, 'SIGKILL');
    expect(exit, agent.lines.join('\n')).toBe(2);
    return agent.lines.join('\n');
  };

  it(
    'started with a wrong address, token or venue, it stops at once with a sentence that says what to fix',
    { timeout: ceiling(60_000) },
    async () => {
      // The API base with /api twice (an older habit), and an address that is not the API.
      for (const wrong of [`${api}/api`, `${origin}/v1`]) {
        const said = await stopsWith({ api: wrong });
        expect(said).toContain(`No hay una API de umenu en ${wrong} (respondió 404`);
        expect(said).toContain(
          'Revisa --api: es la dirección base de la API, la misma que apiBase en /config.json del sitio',
        );
      }
      expect(await stopsWith({ token: 'upa_no-es-un-token-de-verdad' })).toContain(
        'La API no acepta este token de impresión (revocado, o no es de este servidor). Crea uno nuevo en «Impresoras» del panel del local y pásalo con --token.',
      );
      expect(await stopsWith({ venue: 'no-existe' })).toContain(
        'El local «no-existe» no existe en esta API. Revisa --venue',
      );
      expect(await stopsWith({ venue: 'bar-el-cabanyal' })).toContain(
        'Este token de impresión es de otro local, no de «bar-el-cabanyal».',
      );
    },
  );

  it(
    'an API that keeps failing the same way is said once, once more after a minute, and then retried once a minute',
    { timeout: ceiling(40_000) },
    async () => {
      // Nothing listens there (127.0.0.1 only); the agent's minute passes in a second.
      const closed = await fakePrinter();
      await closed.down();
      const agent = startAgent(
        { UMENU_AGENT_TIME_SCALE: '60' },
        ['--backoff-ms', '1000', '--backoff-max-ms', '30000'],
        { api: `http://127.0.0.1:${closed.port}/api` },
      );
      try {
        const about = () => agent.lines.filter((l) => l.includes('no se puede hablar con la API'));
        await until("a minute of the agent's time, said", () =>
          about().some((l) => l.includes('así desde hace más de un minuto')),
        );
        const when = Date.now();
        // Three more minutes of the agent's time: retried, not said again.
        await until("three more minutes of the agent's time", () => (Date.now() - when) * 60 >= 180_000);
        expect(about(), agent.lines.join('\n')).toHaveLength(2);
        expect(about()[0]).toMatch(/ECONNREFUSED\); reintento en 1000 ms$/);
        expect(agent.child.exitCode).toBeNull();
      } finally {
        await stopAgent(agent);
      }
    },
  );

  it(
    "does not connect to a printer outside the restaurant's network that this machine did not allow, and says so in words",
    { timeout: ceiling(40_000) },
    async () => {
      // The API refuses such an address; one written into the database anyway (an older row) is refused by the agent.
      await s.deps.db.run('UPDATE printers SET host = ?, port = ? WHERE id = ?', ['127.0.0.1', barra.port, 'barra-1']);
      const agent = startAgent({}, undefined, { printers: ['--printer', `cocina-1=127.0.0.1:${cocina.port}`] });
      const before = barra.tickets.length;
      try {
        const order = await place(['agua-de-jamaica']);
        await until('the refusal', () =>
          agent.lines.some((l) => l.includes('impresora Barra') && l.includes('no está en la red local')),
        );
        // The agent logs the refusal, then reports it.
        const reported = async () =>
          PrinterList.parse(
            await (await s.request(`/api/venues/${V}/printers`, { token: staff })).json(),
          ).printers.find((p) => p.id === 'barra-1')!.error;
        await until('the refusal reported to the API', async () => (await reported()) === 'no está en la red local');
        expect(barra.tickets.length).toBe(before);
        expect(withNumber(barra.tickets, order.number)).toEqual([]);
      } finally {
        await stopAgent(agent);
        await s.deps.db.run('UPDATE printers SET host = ?, port = ? WHERE id = ?', ['192.168.1.51', 9100, 'barra-1']);
        await s.deps.db.run('UPDATE print_jobs SET printed_at = 1 WHERE printed_at IS NULL');
      }
    },
  );
});
