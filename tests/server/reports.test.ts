/**
 * The owner's reports (docs/rules.md#reports), from a small data set whose figures are computed by hand. Bar El
 * Cabanyal (Europe/Madrid, 10 % IVA) keeps its real hours: Friday and Saturday nights close at 01:30, so its day
 * starts at 03:00. The clock is the server's (`now`): Saturday 28 March 2026 (CET), the night before the clocks
 * go forward (Sunday 29 March, 02:00 → 03:00), so that Saturday's venue day lasts 23 hours.
 *
 * Saturday: table 1 (Ana and Luis) has 2 croquetas (1 700) and 2 alcohol-free beers (600), bumped after 15 min
 * (cocina) and 3 min (barra), and pays 2 300 + 200 tip by card at 01:30 on Sunday — still Saturday's. Table 2
 * (Marta) has calamares (1 100), pimientos (650) and 2 vermuts (700): a vermut voided (350, «Error al pedir»), the
 * pimientos invited (650, «Cliente habitual»), 10 % off the rest (145, «Cumpleaños»), closed unpaid (1 305); its
 * cocina ticket took 25 min. Table 3 (Pau) has one beer (300; barra bumps it after 1 min, reopens it, bumps it at
 * 3 min), paid in cash at 03:30 on Sunday (after
 * the change: Sunday's, hour 3). Sunday: a pickup order of 2 croquetas (1 700) paid in cash at 13:05, and at 13:30
 * 1,00 € of table 3's beer given back (a rectifying receipt, R5).
 * The taquería sells at the same moments: none of it shows. Runs on SQLite and, in `server-pg`, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashDay, TableBill } from '../../src/contract/bill.ts';
import { Report } from '../../src/contract/reports.ts';
import { TableSession } from '../../src/contract/table.ts';
import { TicketList } from '../../src/contract/kitchen.ts';
import { newKey, startTestServer, tacoOrder, type TestServer } from './helpers.ts';
import { cred, lineId, tableTokens } from './table-kit.ts';
import { backfillReports } from '../../server/features/reports/index.ts';

const V = 'bar-el-cabanyal';
let s: TestServer;
let clock = new Date('2026-03-28T19:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};
let manager: string;
let staff: string;
let diner: string;

const ok = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return res;
};

async function joinAndOrder(
  tokens: Map<string, string>,
  table: string,
  names: string[],
  lines: Array<[string, number]>,
) {
  const credentials: string[] = [];
  for (const name of names) {
    const res = await ok(
      await s.request(`/api/venues/${V}/tables/${table}/join`, { json: { token: tokens.get(table), name } }),
      201,
    );
    credentials.push(((await res.json()) as { credential: string }).credential);
  }
  const c = cred(credentials[0]!);
  for (const [productId, quantity] of lines)
    await ok(
      await s.request(`/api/table-session/cart/lines/${lineId()}`, {
        method: 'PUT',
        json: { productId, optionIds: [], quantity },
        headers: c,
      }),
    );
  const session = TableSession.parse(await (await s.request('/api/table-session', { headers: c })).json());
  await ok(
    await s.request('/api/table-session/rounds', {
      json: { expectedTotal: session.cart.subtotal },
      key: newKey(),
      headers: c,
    }),
    201,
  );
  return c;
}

async function bump(venue: string, station: string, token: string) {
  const list = TicketList.parse(
    await (await s.request(`/api/venues/${venue}/tickets?station=${station}`, { token })).json(),
  );
  for (const t of list.tickets)
    if (t.status !== 'done')
      await ok(await s.request(`/api/venues/${venue}/tickets/${t.id}/done`, { method: 'POST', token }));
}

const report = async (from: string, to = from) =>
  Report.parse(
    await (await ok(await s.request(`/api/venues/${V}/reports?from=${from}&to=${to}`, { token: manager }))).json(),
  );
const csv = async (section: string, from: string, to = from) =>
  (
    await ok(
      await s.request(`/api/venues/${V}/reports.csv?section=${section}&from=${from}&to=${to}`, { token: manager }),
    )
  ).text();

beforeAll(async () => {
  s = await startTestServer({}, { now: () => clock });
  manager = await s.tokenFor('gerente@umenu.test');
  staff = await s.tokenFor('cocina@umenu.test');
  diner = await s.tokenFor('ana@umenu.test');
  const tokens = await tableTokens(s, staff, V);

  // Saturday 21:00: table 1.
  at('2026-03-28T20:00:00Z');
  await joinAndOrder(
    tokens,
    '1',
    ['Ana', 'Luis'],
    [
      ['croquetas-de-jamon-iberico', 2],
      ['cerveza-sin-alcohol', 2],
    ],
  );
  at('2026-03-28T20:03:00Z');
  await bump(V, 'barra', staff);
  at('2026-03-28T20:15:00Z');
  await bump(V, 'cocina', staff);

  // The taquería sells at the same moment: a pickup order paid, its ticket bumped.
  at('2026-03-28T20:20:00Z');
  const taco = await ok(await s.request('/api/orders', { json: tacoOrder(), key: newKey(), token: diner }), 201);
  const tacoId = ((await taco.json()) as { id: string }).id;
  await ok(
    await s.request(`/api/venues/taqueria-el-guero/orders/${tacoId}/payments`, {
      json: { method: 'card' },
      key: newKey(),
      token: staff,
    }),
    201,
  );
  at('2026-03-28T20:40:00Z');
  await bump('taqueria-el-guero', 'cocina', staff);

  // Saturday 22:00: table 2, its corrections, closed unpaid at 23:30.
  at('2026-03-28T21:00:00Z');
  const marta = await joinAndOrder(
    tokens,
    '2',
    ['Marta'],
    [
      ['calamares-a-la-romana', 1],
      ['pimientos-de-padron', 1],
      ['vermut-de-grifo', 2],
    ],
  );
  at('2026-03-28T21:02:00Z');
  await bump(V, 'barra', staff);
  const bill = TableBill.parse(await (await s.request('/api/table-session/bill', { headers: marta })).json());
  const vermut = bill.rounds
    .flatMap((r) => r.lines.map((l, index) => ({ order: r.id, index, l })))
    .find((x) => x.l.productId === 'vermut-de-grifo')!;
  at('2026-03-28T21:10:00Z');
  await ok(
    await s.request(`/api/venues/${V}/orders/${vermut.order}/lines/${vermut.index}/void`, {
      json: { quantity: 1, reason: 'Error al pedir' },
      token: manager,
    }),
  );
  at('2026-03-28T21:20:00Z');
  const pimientos = bill.lines.find((l) => l.name === 'Pimientos de Padrón')!;
  await ok(
    await s.request(`/api/venues/${V}/tables/2/adjustments`, {
      json: { kind: 'comp', lineIds: [pimientos.id], reason: 'Cliente habitual' },
      token: manager,
    }),
  );
  at('2026-03-28T21:25:00Z');
  await bump(V, 'cocina', staff);
  at('2026-03-28T21:30:00Z');
  await ok(
    await s.request(`/api/venues/${V}/tables/2/adjustments`, {
      json: { kind: 'discount', percent: 10, reason: 'Cumpleaños' },
      token: manager,
    }),
  );
  at('2026-03-28T22:30:00Z');
  const closed = await ok(
    await s.request(`/api/venues/${V}/tables/2/close`, { json: { confirmUnpaid: true }, token: staff }),
  );
  expect(((await closed.json()) as { unpaid?: number }).unpaid).toBe(1305);

  // Saturday 23:00: table 3.
  at('2026-03-28T22:00:00Z');
  await joinAndOrder(tokens, '3', ['Pau'], [['cerveza-sin-alcohol', 1]]);
  at('2026-03-28T22:01:00Z');
  await bump(V, 'barra', staff);
  // Bumped by mistake: reopened, then bumped for good at 23:03 (3 min).
  const beer = TicketList.parse(
    await (await s.request(`/api/venues/${V}/tickets?station=barra&status=done`, { token: staff })).json(),
  ).tickets.find((t) => t.table === '3')!;
  at('2026-03-28T22:02:00Z');
  await ok(await s.request(`/api/venues/${V}/tickets/${beer.id}/reopen`, { method: 'POST', token: staff }));
  at('2026-03-28T22:03:00Z');
  await bump(V, 'barra', staff);

  // Sunday 01:30 (CET): table 1 pays, still Saturday's night.
  at('2026-03-29T00:30:00Z');
  await ok(
    await s.request(`/api/venues/${V}/tables/1/payments`, {
      json: { amount: 2300, tip: 200, method: 'card' },
      key: newKey(),
      token: staff,
    }),
    201,
  );
  at('2026-03-29T00:31:00Z');
  await ok(await s.request(`/api/venues/${V}/tables/1/close`, { json: {}, token: staff }));

  // Sunday 03:30 (CEST, the clocks went forward at 02:00): table 3 pays, Sunday's.
  at('2026-03-29T01:30:00Z');
  const paid3 = await ok(
    await s.request(`/api/venues/${V}/tables/3/payments`, {
      json: { amount: 300, tip: 0, method: 'cash' },
      key: newKey(),
      token: staff,
    }),
    201,
  );
  const table3Payment = ((await paid3.json()) as { payment: { id: string } }).payment.id;
  at('2026-03-29T01:31:00Z');
  await ok(await s.request(`/api/venues/${V}/tables/3/close`, { json: {}, token: staff }));

  // Sunday 13:00: a pickup order, paid at 13:05.
  at('2026-03-29T11:00:00Z');
  const pickup = await ok(
    await s.request('/api/orders', {
      json: {
        venueId: V,
        mode: 'pickup',
        customer: { name: 'Vicent', phone: '+34 600 123 456' },
        tip: { percent: 0 },
        payment: 'cash',
        lines: [{ productId: 'croquetas-de-jamon-iberico', optionIds: [], quantity: 2 }],
        expectedTotal: 1700,
      },
      key: newKey(),
      token: diner,
    }),
    201,
  );
  at('2026-03-29T11:05:00Z');
  await ok(
    await s.request(`/api/venues/${V}/orders/${((await pickup.json()) as { id: string }).id}/payments`, {
      json: {},
      key: newKey(),
      token: staff,
    }),
    201,
  );

  // Sunday 13:30: 1,00 € of table 3's beer given back (a rectifying receipt: -0,91 base, -0,09 IVA).
  at('2026-03-29T11:30:00Z');
  await ok(
    await s.request(`/api/venues/${V}/payments/${table3Payment}/refund`, {
      json: { amount: 100, reason: 'Cerveza caliente' },
      key: newKey(),
      token: manager,
    }),
    201,
  );
}, 120_000);

afterAll(async () => {
  await s?.dispose();
});

describe('the report of a day', () => {
  it("counts Saturday night's 01:30 sale on Saturday, with its tax, tip, covers, dishes and kitchen", async () => {
    const r = await report('2026-03-28');
    expect(r).toMatchObject({ zone: 'Europe/Madrid', currency: 'EUR', dayStartsAt: '03:00' });
    expect(r.previousPeriod).toEqual({ from: '2026-03-27', to: '2026-03-27' });
    // 2 300 at 10 %: base 2 091, IVA 209; two people; 2 091 / 2 = 1 045.5 → 1 046.
    const { previous, ...summary } = r.summary;
    expect(summary).toEqual({
      netSales: 2091,
      tax: [{ rate: 1000, base: 2091, tax: 209 }],
      tips: 200,
      orders: 1,
      covers: 2,
      averageTicket: 2091,
      averagePerCover: 1046,
    });
    expect(previous).toMatchObject({ netSales: 0, orders: 0, covers: 0, tax: [] });
    expect(r.byHour).toHaveLength(24);
    expect(r.byHour.filter((h) => h.orders || h.netSales)).toEqual([{ hour: 1, netSales: 2091, orders: 1 }]);
    expect(r.byDay).toEqual([{ day: '2026-03-28', netSales: 2091, previous: 0, previousDay: '2026-03-27' }]);
    // Table 1's bill, paid in full: 1 700 → 1 545 net, 600 → 545 net.
    expect(r.topDishes.byUnits).toEqual([
      { productId: 'cerveza-sin-alcohol', name: 'Cerveza sin alcohol', units: 2, revenue: 545 },
      { productId: 'croquetas-de-jamon-iberico', name: 'Croquetas de jamón ibérico', units: 2, revenue: 1545 },
    ]);
    expect(r.topDishes.byRevenue.map((d) => d.revenue)).toEqual([1545, 545]);
    expect(r.byCategory).toEqual([
      { categoryId: 'tapas', name: 'Tapas', netSales: 1545 },
      { categoryId: 'bebidas', name: 'Bebidas', netSales: 545 },
    ]);
    expect(r.byMode).toEqual([
      { mode: 'table', netSales: 2091, orders: 1 },
      { mode: 'pickup', netSales: 0, orders: 0 },
      { mode: 'delivery', netSales: 0, orders: 0 },
    ]);
    expect(r.byMethod).toEqual([{ method: 'card', amount: 2300, tips: 200, count: 1 }]);
    // Barra 180, 120 and 180 s (table 3's reopened ticket counts once, bumped again); cocina 900 and 1 500 s (over
    // 20 min). Nearest rank.
    expect(r.kitchen.stations).toEqual([
      {
        station: 'barra',
        name: 'Barra',
        tickets: 3,
        median: 180,
        p90: 180,
        over20: 0,
        byHour: [
          { hour: 21, tickets: 1, median: 180, p90: 180 },
          { hour: 22, tickets: 1, median: 120, p90: 120 },
          { hour: 23, tickets: 1, median: 180, p90: 180 },
        ],
      },
      {
        station: 'cocina',
        name: 'Cocina',
        tickets: 2,
        median: 900,
        p90: 1500,
        over20: 1,
        byHour: [
          { hour: 21, tickets: 1, median: 900, p90: 900 },
          { hour: 22, tickets: 1, median: 1500, p90: 1500 },
        ],
      },
    ]);
    // Table 1: 21:00 → 01:31 (271 min); table 2: 22:00 → 23:30 (90 min); one round each; table 1 paid at once.
    expect(r.tables).toEqual({
      count: 2,
      medianMinutes: 90,
      byDayPart: [{ part: 'dinner', count: 2, medianMinutes: 90, roundsPerTable: 1 }],
      roundsPerTable: 1,
      splits: { dishes: 0, equal: 0, amount: 0, whole: 1 },
    });
    expect(r.losses).toEqual({
      voids: [{ reason: 'Error al pedir', count: 1, amount: 350 }],
      invitations: [{ reason: 'Cliente habitual', count: 1, amount: 650 }],
      discounts: [{ reason: 'Cumpleaños', count: 1, amount: 145 }],
      unpaidTables: { count: 1, amount: 1305 },
    });
  });

  it('puts the sale after the clocks went forward at its hour (3) on Sunday, against Saturday; a refund subtracts', async () => {
    const r = await report('2026-03-29');
    // Table 3: 300 → 273 + 27; the pickup: 1 700 → 1 545 + 155; the refund of 100 at 13:30: −91 − 9 (no order).
    const { previous, ...summary } = r.summary;
    expect(summary).toEqual({
      netSales: 1727,
      tax: [{ rate: 1000, base: 1727, tax: 173 }],
      tips: 0,
      orders: 2,
      covers: 1,
      averageTicket: 864,
      averagePerCover: 182,
    });
    expect(previous).toMatchObject({ netSales: 2091, tips: 200, orders: 1, covers: 2 });
    expect(r.byHour.filter((h) => h.orders || h.netSales)).toEqual([
      { hour: 3, netSales: 273, orders: 1 },
      { hour: 13, netSales: 1454, orders: 1 },
    ]);
    expect(r.byDay).toEqual([{ day: '2026-03-29', netSales: 1727, previous: 2091, previousDay: '2026-03-28' }]);
    expect(r.byMode.slice(0, 2)).toEqual([
      { mode: 'table', netSales: 182, orders: 1 },
      { mode: 'pickup', netSales: 1545, orders: 1 },
    ]);
    expect(r.byMethod).toEqual([{ method: 'cash', amount: 1900, tips: 0, count: 2 }]);
    // Table 3: 23:00 → 03:31 CEST, 3 h 31 min of clock time less the hour that never was: 211 min.
    expect(r.tables).toMatchObject({ count: 1, medianMinutes: 211, byDayPart: [{ part: 'dinner', count: 1 }] });
    expect(r.losses.voids).toEqual([]);
    expect(r.losses.unpaidTables).toEqual({ count: 0, amount: 0 });
  });

  it("equals each day's receipts on /panel/caja to the cent (net + tax + tips)", async () => {
    for (const day of ['2026-03-28', '2026-03-29']) {
      const r = await report(day);
      const cash = CashDay.parse(
        await (await ok(await s.request(`/api/venues/${V}/cash?date=${day}`, { token: manager }))).json(),
      );
      const tax = r.summary.tax.reduce((sum, t) => sum + t.tax, 0);
      expect(r.summary.netSales + tax + r.summary.tips).toBe(cash.receipts.reduce((sum, x) => sum + x.total, 0));
    }
    const saturday = CashDay.parse(
      await (await s.request(`/api/venues/${V}/cash?date=2026-03-28`, { token: manager })).json(),
    );
    expect(saturday.receipts.map((x) => x.total)).toEqual([2500]);
  });

  it('sums a period and compares it with the one before', async () => {
    const r = await report('2026-03-28', '2026-03-29');
    expect(r.previousPeriod).toEqual({ from: '2026-03-26', to: '2026-03-27' });
    expect(r.summary).toMatchObject({ netSales: 3818, tips: 200, orders: 3, covers: 3 });
    expect(r.topDishes.byUnits[0]).toEqual({
      productId: 'croquetas-de-jamon-iberico',
      name: 'Croquetas de jamón ibérico',
      units: 4,
      revenue: 3090,
    });
  });
});

describe('the CSV of a section', () => {
  it('writes exactly what the section shows, with Spanish headers and a decimal comma', async () => {
    expect(await csv('summary', '2026-03-29')).toBe(
      [
        'cifra;periodo;periodo_anterior',
        'Ventas netas;17,27;20,91',
        'Impuestos;1,73;2,09',
        'Propinas;0,00;2,00',
        'Pedidos;2;1',
        'Comensales;1;2',
        'Ticket medio;8,64;20,91',
        'Media por comensal;1,82;10,46',
        '',
      ].join('\r\n'),
    );
    expect(await csv('losses', '2026-03-28')).toBe(
      [
        'tipo;motivo;veces;importe',
        'Anulación;Error al pedir;1;3,50',
        'Invitación;Cliente habitual;1;6,50',
        'Descuento;Cumpleaños;1;1,45',
        'Mesa cerrada sin cobrar;;1;13,05',
        '',
      ].join('\r\n'),
    );
    expect(await csv('kitchen', '2026-03-28')).toBe(
      [
        'estacion;nombre;tickets;mediana_s;p90_s;mas_de_20_min',
        'barra;Barra;3;180;180;0',
        'cocina;Cocina;2;900;1500;1',
        '',
      ].join('\r\n'),
    );
    const res = await s.request(`/api/venues/${V}/reports.csv?section=byDay&from=2026-03-29&to=2026-03-29`, {
      token: manager,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('informe-byDay-2026-03-29-2026-03-29.csv');
    expect(await res.text()).toBe(
      'dia;ventas_netas;dia_anterior;ventas_netas_anterior\r\n2026-03-29;17,27;2026-03-28;20,91\r\n',
    );
  });
});

describe('who may read it', () => {
  it('refuses staff, managers of another venue and bad periods, in Spanish', async () => {
    const path = `/api/venues/${V}/reports?from=2026-03-28&to=2026-03-28`;
    const staffRes = await s.request(path, { token: staff });
    expect(staffRes.status).toBe(403);
    expect(((await staffRes.json()) as { detail: string }).detail).toBe(
      'Solo quien gestiona este local puede ver sus informes.',
    );
    const other = await s.newDiner('gerente-taqueria@umenu.test', ['manager:taqueria-el-guero']);
    expect((await s.request(path, { token: other.token })).status).toBe(403);
    expect((await s.request(path)).status).toBe(401);
    expect(
      (await s.request('/api/venues/no-such-venue/reports?from=2026-03-28&to=2026-03-28', { token: manager })).status,
    ).toBe(404);
    const bad = async (query: string) => {
      const res = await s.request(`/api/venues/${V}/reports?${query}`, { token: manager });
      expect(res.status).toBe(422);
      return ((await res.json()) as { detail: string }).detail;
    };
    expect(await bad('from=2026-02-30&to=2026-03-01')).toBe('La fecha de inicio no es válida (AAAA-MM-DD).');
    expect(await bad('from=2026-03-01')).toBe('La fecha de fin no es válida (AAAA-MM-DD).');
    expect(await bad('from=2026-03-02&to=2026-03-01')).toBe('La fecha de inicio es posterior a la de fin.');
    expect(await bad('from=2025-01-01&to=2026-03-01')).toBe('Un informe abarca como mucho 366 días.');
    const section = await s.request(`/api/venues/${V}/reports.csv?section=nada&from=2026-03-28&to=2026-03-28`, {
      token: manager,
    });
    expect(section.status).toBe(422);
    // An admin reads it too.
    expect((await s.request(path, { token: await s.tokenFor('admin@umenu.test') })).status).toBe(200);
  });

  it("never reads another venue's rows: the taquería's sale, ticket and table are not the bar's", async () => {
    const taqueria = Report.parse(
      await (
        await ok(
          await s.request('/api/venues/taqueria-el-guero/reports?from=2026-03-28&to=2026-03-28', { token: manager }),
        )
      ).json(),
    );
    expect(taqueria.summary.orders).toBe(1);
    expect(taqueria.byMode[1]).toMatchObject({ mode: 'pickup', orders: 1 });
    expect(taqueria.kitchen.stations.map((x) => x.tickets)).toEqual([1]);
    const bar = await report('2026-03-28');
    expect(bar.summary.orders).toBe(1);
    expect(bar.kitchen.stations.reduce((sum, x) => sum + x.tickets, 0)).toBe(5);
  });

  it('counts what a waiter put on a table from the floor as theirs, and nothing the diners added', async () => {
    // Tuesday 31 March 2026, 14:00 (CEST): a waiter opens table 4, adds 2 croquetas and sends them; paid at 15:00.
    at('2026-03-31T12:00:00Z');
    const table4 = (rest: string) => `/api/venues/${V}/tables/4${rest}`;
    await ok(await s.request(table4('/open'), { method: 'POST', token: staff }), 201);
    await ok(
      await s.request(table4(`/cart/lines/${lineId()}`), {
        method: 'PUT',
        json: { productId: 'croquetas-de-jamon-iberico', optionIds: [], quantity: 2 },
        token: staff,
      }),
    );
    await ok(await s.request(table4('/rounds'), { method: 'POST', key: newKey(), token: staff }), 201);
    at('2026-03-31T13:00:00Z');
    await ok(
      await s.request(table4('/payments'), {
        json: { amount: 1700, tip: 0, method: 'card' },
        key: newKey(),
        token: staff,
      }),
      201,
    );
    // 1 700 with 10 % IVA: 1 545 without it.
    expect((await report('2026-03-31')).byWaiter).toEqual([
      { name: 'Cocina umenu · camarero', netSales: 1545, rounds: 1 },
    ]);
    expect((await report('2026-03-28')).byWaiter).toEqual([]);
    expect(await csv('byWaiter', '2026-03-31')).toContain('Cocina umenu · camarero;15,45;1');
  });
});

describe('a database from before the rollup', () => {
  it('gets the same sales, covers, methods and kitchen times from its receipts and tickets, once', async () => {
    const before = await report('2026-03-28', '2026-03-29');
    await s.deps.db.run('DELETE FROM report_days');
    await s.deps.db.run("DELETE FROM meta WHERE key = 'report_days_backfilled'");
    expect((await report('2026-03-28', '2026-03-29')).summary.netSales).toBe(0);
    await backfillReports(s.deps.db, s.deps.venues);
    // A second pass (another instance starting) adds nothing.
    await backfillReports(s.deps.db, s.deps.venues);
    const after = await report('2026-03-28', '2026-03-29');
    expect(after.summary).toEqual(before.summary);
    expect(after.byDay).toEqual(before.byDay);
    expect(after.byHour).toEqual(before.byHour);
    expect(after.byMethod).toEqual(before.byMethod);
    expect(after.kitchen).toEqual(before.kitchen);
  });
});
