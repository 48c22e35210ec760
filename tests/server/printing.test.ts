/**
 * Printing (server/README.md, "Printing"): print agent tokens and what they open, printers per
 * station, print jobs (one per ticket per printer, written with the order), the long-poll, the
 * ack, reprints marked DUPLICADO, a printer's state, and the cost of an order on PostgreSQL.
 * Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, type OrderInput } from '../../src/contract/order.ts';
import { Venue, type Venue as VenueT } from '../../src/contract/venue.ts';
import {
  CreatedPrintAgent,
  CreatedPrintJobs,
  PrintAgentList,
  PrinterList,
  PrintJobList,
  type PrintJob,
} from '../../src/contract/printing.ts';
import { JoinResult } from '../../src/contract/table.ts';
import { randomBytes } from 'node:crypto';
import { newKey, pgUrl, startTestServer, type TestServer } from './helpers.ts';

const V = 'taqueria-el-guero';
let s: TestServer;
let staff: string, manager: string, ana: string;
let venue: VenueT;
let agent: string;
const logLines: string[] = [];

interface Problem {
  type: string;
  detail: string;
  status: number;
  errors?: Record<string, string[]>;
}

function pickup(productIds: string[]): OrderInput {
  const products = venue.categories.flatMap((c) => c.products);
  const lines = productIds.map((id) => {
    const product = products.find((p) => p.id === id)!;
    const options = product.optionGroups.flatMap((g) => g.options.filter((o) => o.available).slice(0, g.min));
    // Three of each: above the venue's minimum order.
    return {
      input: { productId: id, optionIds: options.map((o) => o.id), quantity: 3 },
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

async function place(input: OrderInput): Promise<Order> {
  const res = await s.request('/api/orders', { token: ana, key: newKey(), json: input });
  expect(res.status, await res.clone().text()).toBe(201);
  return Order.parse(await res.json());
}

const jobsPath = (query = '') => `/api/venues/${V}/print-jobs${query}`;
async function jobs(query = '', token = agent): Promise<PrintJob[]> {
  const res = await s.request(jobsPath(query), { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return PrintJobList.parse(await res.json()).jobs;
}
const ack = (id: string, token = agent) =>
  s.request(`/api/venues/${V}/print-jobs/${encodeURIComponent(id)}/ack`, { method: 'POST', token });
const ackAll = async () => {
  for (const job of await jobs()) expect((await ack(job.id)).status).toBe(204);
};

async function newAgent(venueId = V, token = manager): Promise<string> {
  const res = await s.request(`/api/venues/${venueId}/print-agents`, { method: 'POST', token });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = CreatedPrintAgent.parse(await res.json());
  expect(created.scope).toBe(`printer:${venueId}`);
  return created.token;
}

const PRINTERS = [
  { id: 'cocina-1', name: 'Cocina', station: 'cocina', host: '192.168.1.50' },
  { id: 'barra-1', name: 'Barra', station: 'barra', host: '192.168.1.51', port: 9101, width: 58 },
];

beforeAll(async () => {
  s = await startTestServer({ log: 'json' }, { logTo: { write: (l) => logLines.push(l) } });
  staff = await s.tokenFor('cocina@umenu.test');
  manager = await s.tokenFor('gerente@umenu.test');
  ana = await s.tokenFor('ana@umenu.test');
  venue = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
  agent = await newAgent();
  const res = await s.request(`/api/venues/${V}/printers`, {
    method: 'PUT',
    token: manager,
    json: { printers: PRINTERS },
  });
  expect(res.status, await res.clone().text()).toBe(200);
});
afterAll(() => s?.dispose());

describe('print agents and their tokens', () => {
  it('a manager creates one (shown once, listed without it); staff and diners may not', async () => {
    const list = PrintAgentList.parse(
      await (await s.request(`/api/venues/${V}/print-agents`, { token: manager })).json(),
    );
    expect(list.agents.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(list)).not.toContain('upa_');
    expect((await s.request(`/api/venues/${V}/print-agents`, { method: 'POST', token: staff })).status).toBe(403);
    expect((await s.request(`/api/venues/${V}/print-agents`, { method: 'POST', token: ana })).status).toBe(403);
    const stored = await s.deps.db.all<{ token_hash: string }>('SELECT token_hash FROM print_agents');
    expect(stored.every((r) => !r.token_hash.startsWith('upa_'))).toBe(true);
  });

  it("the print-job operations accept only this venue's agent: a diner, staff, another venue's agent and a revoked token are refused", async () => {
    expect((await s.request(jobsPath(), { token: ana })).status).toBe(401);
    expect((await s.request(jobsPath(), { token: staff })).status).toBe(401);
    expect((await s.request(jobsPath())).status).toBe(401);
    const other = await newAgent('bar-el-cabanyal');
    const refused = await s.request(jobsPath(), { token: other });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Problem).detail).toBe('Este token de impresión es de otro local.');
    // An agent token opens nothing else.
    expect((await s.request(`/api/venues/${V}/tickets`, { token: agent })).status).toBe(401);
    const revoked = await newAgent();
    expect((await s.request(jobsPath(), { token: revoked })).status).toBe(200);
    const listed = PrintAgentList.parse(
      await (await s.request(`/api/venues/${V}/print-agents`, { token: manager })).json(),
    ).agents;
    const id = listed.at(-1)!.id;
    expect((await s.request(`/api/venues/${V}/print-agents/${id}`, { method: 'DELETE', token: staff })).status).toBe(
      403,
    );
    expect((await s.request(`/api/venues/${V}/print-agents/${id}`, { method: 'DELETE', token: manager })).status).toBe(
      204,
    );
    const after = await s.request(jobsPath(), { token: revoked });
    expect(after.status).toBe(401);
    expect(((await after.json()) as Problem).detail).toBe('Token de impresión no válido o revocado.');
    expect((await s.request(jobsPath(), { token: agent })).status).toBe(200);
  });
});

describe('printers', () => {
  it('are mapped to stations, with port 9100 and 80 mm by default; a station that does not exist, a width of 70 or a bad port are refused in Spanish', async () => {
    const printers = PrinterList.parse(
      await (await s.request(`/api/venues/${V}/printers`, { token: staff })).json(),
    ).printers;
    expect(printers.map((p) => [p.id, p.station, p.port, p.width, p.online])).toEqual([
      ['cocina-1', 'cocina', 9100, 80, true],
      ['barra-1', 'barra', 9101, 58, true],
    ]);
    const put = (printers: unknown[], token = manager) =>
      s.request(`/api/venues/${V}/printers`, { method: 'PUT', token, json: { printers } });
    const bad = await put([{ ...PRINTERS[0], station: 'horno' }]);
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as Problem).errors).toEqual({
      'printers.0.station': ['La estación «horno» no existe en este local.'],
    });
    const width = await put([{ ...PRINTERS[0], width: 70 }]);
    expect(width.status).toBe(422);
    expect(JSON.stringify(await width.json())).toContain('Ancho de papel: 80 o 58 mm');
    expect((await put([{ ...PRINTERS[0], port: 70000 }])).status).toBe(422);
    expect((await put(PRINTERS, staff)).status).toBe(403);
    expect((await s.request(`/api/venues/${V}/printers`, { token: ana })).status).toBe(403);
  });

  it("only hosts of the restaurant's own network on a printer port: loopback, link-local (the cloud's metadata), the internet and other ports are refused in Spanish", async () => {
    const put = (printer: Record<string, unknown>) =>
      s.request(`/api/venues/${V}/printers`, {
        method: 'PUT',
        token: manager,
        json: { printers: [{ ...PRINTERS[0], ...printer }] },
      });
    for (const host of [
      'localhost',
      '127.0.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '8.8.8.8',
      '172.32.0.1',
      '::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '2130706433',
      '0x7f000001',
      'metadata.google.internal',
      'printer.localhost',
    ]) {
      const res = await put({ host });
      expect(res.status, host).toBe(422);
      const problem = (await res.json()) as Problem;
      expect(problem.errors?.['printers.0.host']?.[0], host).toMatch(
        /^(Usa la dirección de la impresora en la red del local|Escribe la dirección IP de la impresora)/,
      );
    }
    for (const port of [1, 22, 80, 443, 6379, 9099, 9103]) {
      const res = await put({ port });
      expect(res.status, String(port)).toBe(422);
      expect(((await res.json()) as Problem).errors?.['printers.0.port']).toEqual([
        'Puerto de impresora no válido: 9100, 9101, 9102.',
      ]);
    }
    for (const host of [
      '10.1.2.3',
      '172.16.0.9',
      '192.168.0.200',
      'fd12:3456::7',
      'impresora-cocina',
      'epson-tm.lan',
    ]) {
      expect((await put({ host, port: 9102 })).status, host).toBe(200);
    }
    expect(
      (await s.request(`/api/venues/${V}/printers`, { method: 'PUT', token: manager, json: { printers: PRINTERS } }))
        .status,
    ).toBe(200);
  });

  it('a printer the agent cannot reach for 15 s shows as «Impresora Barra sin conexión»; back when it reaches it', async () => {
    const report = (json: unknown) =>
      s.request(`/api/venues/${V}/printers/barra-1/status`, { method: 'POST', token: agent, json });
    expect(
      (
        await s.request(`/api/venues/${V}/printers/barra-1/status`, {
          method: 'POST',
          token: staff,
          json: { ok: true },
        })
      ).status,
    ).toBe(401);
    expect((await report({ ok: false, error: 'connect ECONNREFUSED 127.0.0.1:9101' })).status).toBe(204);
    const barra = async () =>
      PrinterList.parse(await (await s.request(`/api/venues/${V}/printers`, { token: staff })).json()).printers.find(
        (p) => p.id === 'barra-1',
      )!;
    // Within 15 s it is still online; then the failure is older than that.
    expect((await barra()).online).toBe(true);
    await s.deps.db.run('UPDATE printers SET failing_since = failing_since - 31000 WHERE id = ?', ['barra-1']);
    // In words, never the agent's system message with an address and a port.
    expect(await barra()).toMatchObject({
      online: false,
      alert: 'Impresora Barra sin conexión',
      error: 'rechaza la conexión',
    });
    expect(JSON.stringify(await barra())).not.toContain('ECONNREFUSED');
    expect((await report({ ok: false, error: 'sin respuesta en 5000 ms' })).status).toBe(204);
    expect((await barra()).error).toBe('no responde');
    expect((await report({ ok: true })).status).toBe(204);
    const back = await barra();
    expect(back.online).toBe(true);
    expect(back.alert).toBeUndefined();
    expect(back.lastSeen).toBeDefined();
    // The agent itself gone (not polling for a minute): its printers are offline too.
    await s.deps.db.run('UPDATE print_agents SET last_seen = last_seen - 61000 WHERE venue_id = ?', [V]);
    expect(await barra()).toMatchObject({ online: false, alert: 'Impresora Barra sin conexión' });
    expect((await s.request(jobsPath(), { token: agent })).status).toBe(200);
    expect((await barra()).online).toBe(true);
  });
});

describe('print jobs', () => {
  it('one per ticket per printer, written with the order, with the ticket and the printer; acked, never sent again (ack idempotent)', async () => {
    await ackAll();
    const order = await place(pickup(['tacos-al-pastor', 'agua-de-jamaica']));
    const pending = (await jobs()).filter((j) => j.ticket?.orderId === order.id);
    expect(pending.map((j) => [j.printer.id, j.ticket?.station, j.stationName, j.duplicate])).toEqual([
      ['cocina-1', 'cocina', 'Cocina', false],
      ['barra-1', 'barra', 'Barra', false],
    ]);
    expect(pending.every((j) => j.ticket?.orderNumber === order.number)).toBe(true);
    const body = PrintJobList.parse(await (await s.request(jobsPath(), { token: agent })).json());
    expect(body.venue).toEqual({ id: V, name: venue.name, timezone: venue.timezone });
    // The cursor: only later jobs.
    expect(await jobs(`?after=${pending[0]!.seq}`)).toEqual([pending[1]]);
    expect((await ack(pending[0]!.id)).status).toBe(204);
    expect((await ack(pending[0]!.id)).status).toBe(204);
    expect((await jobs()).map((j) => j.id)).toEqual([pending[1]!.id]);
    expect((await ack(pending[1]!.id)).status).toBe(204);
    expect(await jobs()).toEqual([]);
    expect((await ack('nope')).status).toBe(404);
  });

  it('the long-poll answers with a job created while it waits', async () => {
    await ackAll();
    const started = Date.now();
    const waiting = s.request(jobsPath('?wait=20'), { token: agent });
    // The order is placed once the poll is waiting (it answers nothing until then).
    const raced = await Promise.race([
      waiting.then(() => 'answered'),
      new Promise((r) => setTimeout(r, 300, 'waiting')),
    ]);
    expect(raced).toBe('waiting');
    const order = await place(pickup(['agua-de-jamaica']));
    const res = await waiting;
    expect(res.status).toBe(200);
    const got = PrintJobList.parse(await res.json()).jobs;
    expect(got.map((j) => [j.ticket?.orderId, j.printer.id])).toEqual([[order.id, 'barra-1']]);
    expect(Date.now() - started).toBeLessThan(15_000);
    await ackAll();
  });

  it('a token revoked while its long-poll waits gets 401, not the job that arrives', async () => {
    await ackAll();
    const doomed = await newAgent();
    const waiting = s.request(jobsPath('?wait=20'), { token: doomed });
    const raced = await Promise.race([
      waiting.then(() => 'answered'),
      new Promise((r) => setTimeout(r, 300, 'waiting')),
    ]);
    expect(raced).toBe('waiting');
    const id = PrintAgentList.parse(
      await (await s.request(`/api/venues/${V}/print-agents`, { token: manager })).json(),
    ).agents.at(-1)!.id;
    expect((await s.request(`/api/venues/${V}/print-agents/${id}`, { method: 'DELETE', token: manager })).status).toBe(
      204,
    );
    const order = await place(pickup(['agua-de-jamaica']));
    const res = await waiting;
    const body = await res.text();
    expect(body).not.toContain(order.id);
    expect(res.status).toBe(401);
    expect((JSON.parse(body) as Problem).detail).toBe('Token de impresión no válido o revocado.');
    await ackAll();
  });

  it("a table's held course prints when it is fired («Marchar»), not before", async () => {
    await ackAll();
    const { tables } = (await (await s.request(`/api/venues/${V}/tables`, { token: staff })).json()) as {
      tables: Array<{ label: string; url: string }>;
    };
    const tableToken = new URL(tables.find((t) => t.label === '7')!.url).searchParams.get('t')!;
    const joined = await s.request(`/api/venues/${V}/tables/7/join`, { json: { token: tableToken, name: 'Eva' } });
    expect(joined.status).toBe(201);
    const credential = JoinResult.parse(await joined.json()).credential;
    const products = venue.categories.flatMap((c) => c.products);
    let total = 0;
    for (const id of ['guacamole-con-totopos', 'tacos-al-pastor']) {
      const product = products.find((p) => p.id === id)!;
      const options = product.optionGroups.flatMap((g) => g.options.filter((o) => o.available).slice(0, g.min));
      total += product.price + options.reduce((sum, o) => sum + o.priceDelta, 0);
      const put = await s.request(`/api/table-session/cart/lines/${randomBytes(9).toString('base64url')}`, {
        method: 'PUT',
        json: { productId: id, optionIds: options.map((o) => o.id), quantity: 1 },
        headers: { 'x-table-credential': credential },
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }
    const res = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: total },
      key: newKey(),
      headers: { 'x-table-credential': credential },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const order = Order.parse(await res.json());
    // The starter prints at once; the mains wait for «Marchar».
    expect(
      (await jobs()).filter((j) => j.ticket?.orderId === order.id).map((j) => [j.ticket?.course, j.ticket?.table]),
    ).toEqual([['entrantes', '7']]);
    await ackAll();
    expect(
      (await s.request(`/api/venues/${V}/tables/7/courses/principales/fire`, { method: 'POST', token: staff })).status,
    ).toBe(200);
    const fired = (await jobs()).filter((j) => j.ticket?.orderId === order.id);
    expect(fired.map((j) => [j.ticket?.course, j.printer.id, Boolean(j.ticket?.firedAt)])).toEqual([
      ['principales', 'cocina-1', true],
    ]);
    await ackAll();
  });

  it("a reprint is a new job marked duplicate for every printer of the ticket's station; staff only", async () => {
    await ackAll();
    const order = await place(pickup(['tacos-al-pastor']));
    const [first] = (await jobs()).filter((j) => j.ticket?.orderId === order.id);
    await ackAll();
    const path = `/api/venues/${V}/tickets/${first!.ticket!.id}/reprint`;
    expect((await s.request(path, { method: 'POST', token: ana })).status).toBe(403);
    expect((await s.request(path, { method: 'POST', token: agent })).status).toBe(401);
    const res = await s.request(path, { method: 'POST', token: staff });
    expect(res.status).toBe(201);
    const created = CreatedPrintJobs.parse(await res.json()).jobs;
    expect(created.map((j) => [j.printerId, j.duplicate])).toEqual([['cocina-1', true]]);
    const again = await jobs();
    expect(again.map((j) => [j.id, j.duplicate, j.ticket?.id])).toEqual([[created[0]!.id, true, first!.ticket!.id]]);
    expect(again[0]!.id).not.toBe(first!.id);
    expect((await s.request(`/api/venues/${V}/tickets/nope/reprint`, { method: 'POST', token: staff })).status).toBe(
      404,
    );
    await ackAll();
  });
});

describe.skipIf(!pgUrl())('the cost of an order on PostgreSQL', () => {
  it('POST /api/orders with tickets and print jobs takes at most 4 round trips', async () => {
    logLines.length = 0;
    for (let i = 0; i < 3; i++) await place(pickup(['tacos-al-pastor', 'agua-de-jamaica']));
    const orders = logLines
      .map((l) => JSON.parse(l) as { method?: string; route?: string; status?: number; dbRoundTrips?: number })
      .filter((l) => l.method === 'POST' && l.route === '/api/orders' && l.status === 201);
    expect(orders).toHaveLength(3);
    for (const o of orders) expect(o.dbRoundTrips).toBeLessThanOrEqual(4);
    console.log(
      `[printing] POST /api/orders round trips with printers: ${orders.map((o) => o.dbRoundTrips).join(', ')}`,
    );
    expect((await jobs()).length).toBeGreaterThanOrEqual(6);
    await ackAll();
  });
});
