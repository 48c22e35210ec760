/**
 * Correcting what was sent (docs/rules.md#the-floor), every rule of the API: a sent line voided in part and whole
 * (the order, the kitchen ticket, its «ANULADO» print job, the bill and the phones' stream), a paid line refused
 * (409 «Ya está cobrado…»), invitations and discounts by managers only (the bill, the receipt's own lines, the tax on
 * what is paid and the VERI*FACTU totals), the pre-bill on the `caja` printer or in the browser, and the audit day
 * (who, when, what, why; nothing editable). Every endpoint refuses a diner's token and another venue's staff.
 * Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableSession } from '../../src/contract/table.ts';
import { BillState, PaymentResult, TableBill } from '../../src/contract/bill.ts';
import { TicketList } from '../../src/contract/kitchen.ts';
import { Order } from '../../src/contract/order.ts';
import { PrintJobList } from '../../src/contract/printing.ts';
import { Venue, type Venue as VenueT } from '../../src/contract/venue.ts';
import { AuditDay, CORRECTION_STRINGS, PreBillResult } from '../../src/contract/corrections.ts';
import { taxesOf } from '../../server/features/billing/index.ts';
import { newKey, openEvents, startTestServer, type TestServer } from './helpers.ts';
import { cred, joinTable, lineId, problemOf, tableTokens } from './table-kit.ts';

const V = 'taqueria-el-guero';
const NO_LIMITS = {
  tableJoinLimit: null,
  tableJoinAddressLimit: null,
  tableBadTokenLimit: null,
  tableCallLimit: null,
  tableCartLimit: null,
  tableCartSessionLimit: null,
  tablePayRequestLimit: null,
} as const;

let s: TestServer;
let staff: string, manager: string, diner: string, otherStaff: string, agentToken: string;
let tokens: Map<string, string>;
let venue: VenueT;
let nextTable = 0;
const product = (name: string) => venue.categories.flatMap((c) => c.products).find((p) => p.name === name)!;
/** The first options of each group that needs some (the cheapest choice a diner can make). */
const requiredOptions = (name: string) =>
  product(name).optionGroups.flatMap((g) =>
    g.options
      .filter((o) => o.available)
      .slice(0, g.min)
      .map((o) => o.id),
  );

beforeAll(async () => {
  s = await startTestServer(NO_LIMITS);
  staff = await s.tokenFor('cocina@umenu.test');
  manager = await s.tokenFor('gerente@umenu.test');
  diner = await s.tokenFor('ana@umenu.test');
  otherStaff = (await s.newDiner('camarero@otro.test', ['staff:cafe-la-macarena'])).token;
  tokens = await tableTokens(s, staff);
  venue = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
  // Spain, 10 % on food and 21 % on the drinks' category, with a tax id an admin confirmed: receipts carry VERI*FACTU.
  const next: VenueT = structuredClone(venue);
  next.legal = {
    name: 'Taquería El Güero S.L.',
    taxId: 'B12345678',
    address: 'Calle Mayor 1, 46001 Valencia',
    country: 'ES',
  };
  next.taxRate = 1000;
  for (const c of next.categories) if (c.products.some((p) => p.name === 'Café de olla')) c.taxRate = 2100;
  const put = await s.request(`/api/venues/${V}`, { method: 'PUT', json: next, token: manager });
  expect(put.status, await put.clone().text()).toBe(200);
  venue = Venue.parse(await put.json());
  const confirmed = await s.request(`/api/venues/${V}/verifactu/issuer`, {
    json: { taxId: 'B12345678' },
    token: await s.tokenFor('admin@umenu.test'),
  });
  expect(confirmed.status).toBe(200);
  // A printer on the kitchen's station and one on the cash desk («caja»), at addresses of the restaurant's network.
  const printers = await s.request(`/api/venues/${V}/printers`, {
    method: 'PUT',
    token: manager,
    json: {
      printers: [
        { id: 'cocina-1', name: 'Cocina', station: 'cocina', host: '192.168.1.50' },
        { id: 'caja-1', name: 'Caja', station: 'caja', host: '192.168.1.52' },
      ],
    },
  });
  expect(printers.status, await printers.clone().text()).toBe(200);
  agentToken = (
    (await (await s.request(`/api/venues/${V}/print-agents`, { method: 'POST', token: manager })).json()) as {
      token: string;
    }
  ).token;
}, 60_000);

afterAll(async () => {
  s?.deps.orders.close();
  s?.deps.printing.close();
  await s?.dispose();
});

/** A table of its own with one diner who sent one round: `lines` as [dish name, quantity]. */
async function tableWithRound(lines: Array<[string, number]>) {
  const table = [...tokens.keys()][nextTable++]!;
  const { credential } = await joinTable(s, tokens, table, 'Lucía');
  for (const [name, quantity] of lines) {
    const res = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
      method: 'PUT',
      json: { productId: product(name).id, optionIds: requiredOptions(name), quantity },
      headers: cred(credential),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  const session = TableSession.parse(
    await (await s.request('/api/table-session', { headers: cred(credential) })).json(),
  );
  const res = await s.request('/api/table-session/rounds', {
    json: { expectedTotal: session.cart.subtotal },
    key: newKey(),
    headers: cred(credential),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { table, credential, order: Order.parse(await res.json()) };
}

const voidLine = (orderId: string, index: number, body: unknown, token = staff) =>
  s.request(`/api/venues/${V}/orders/${orderId}/lines/${index}/void`, { json: body, token });
const adjust = (table: string, body: unknown, token = manager) =>
  s.request(`/api/venues/${V}/tables/${table}/adjustments`, { json: body, token });
const staffBill = async (table: string) =>
  TableBill.parse(await (await s.request(`/api/venues/${V}/tables/${table}/bill`, { token: staff })).json());
const jobs = async () =>
  PrintJobList.parse(await (await s.request(`/api/venues/${V}/print-jobs`, { token: agentToken })).json()).jobs;
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: venue.timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const audit = async () => {
  const res = await s.request(`/api/venues/${V}/audit?date=${today()}`, { token: manager });
  expect(res.status, await res.clone().text()).toBe(200);
  return AuditDay.parse(await res.json()).entries;
};

describe('voiding a sent line', () => {
  it('takes part of a line off the order, the kitchen ticket, the bill and the phones, prints ANULADO once and keeps who and why', async () => {
    // One course only: the taquería holds later courses until «Marchar», and a held line never reached a printer.
    const { table, credential, order } = await tableWithRound([['Tacos al pastor', 3]]);
    const unit = order.lines[0]!.unitPrice;
    const phone = await openEvents(s, '/api/table-session/events', '', cred(credential));
    try {
      const res = await voidLine(order.id, 0, { quantity: 1, reason: 'Producto agotado' });
      expect(res.status, await res.clone().text()).toBe(200);
      const voided = Order.parse(await res.json());
      expect(voided.lines[0]).toMatchObject({ quantity: 3, voided: 1, lineTotal: unit * 2 });
      expect(voided.total).toBe(order.total - unit);
      // The phone of the table hears the order and the bill at once.
      const heard = await phone.until((m) =>
        m.some((e) => e.event === 'bill' && BillState.parse(JSON.parse(e.data!)).total === voided.total),
      );
      const round = heard
        .filter((e) => e.event === 'order')
        .map((e) => Order.parse(JSON.parse(e.data!)))
        .find((o) => o.id === order.id);
      expect(round?.lines[0]?.voided).toBe(1);
    } finally {
      phone.close();
    }
    const bill = await staffBill(table);
    expect(bill.lines.find((l) => l.id === `${order.id}:0`)).toMatchObject({ quantity: 2, lineTotal: unit * 2 });
    expect(bill.total).toBe(order.total - unit);
    // The kitchen's ticket shows the line with one voided.
    const tickets = TicketList.parse(
      await (await s.request(`/api/venues/${V}/tickets?order=${order.id}`, { token: staff })).json(),
    ).tickets;
    const line = tickets.flatMap((t) => t.lines).find((l) => l.name === 'Tacos al pastor')!;
    expect(line).toMatchObject({ quantity: 3, voided: 1, orderLine: 0 });
    // One ANULADO job on the kitchen's printer, holding only the voided quantity.
    const mine = (await jobs()).filter((j) => j.voided && j.ticket?.orderId === order.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.printer.id).toBe('cocina-1');
    expect(mine[0]!.ticket!.lines).toEqual([
      expect.objectContaining({ name: 'Tacos al pastor', quantity: 1, voided: 1 }),
    ]);
    // The audit log: who, what, why.
    const entry = (await audit()).find((e) => e.action === 'void' && e.detail.orderId === order.id)!;
    expect(entry).toMatchObject({ by: 'Cocina umenu', table, what: '1 × Tacos al pastor', reason: 'Producto agotado' });
  });

  it('voids the rest of a line with «Otro: …»; more than is left, a made-up reason or a line that is not there are refused', async () => {
    const { table, order } = await tableWithRound([
      ['Tacos al pastor', 2],
      ['Guacamole con totopos', 1],
    ]);
    const tooMany = await voidLine(order.id, 0, { quantity: 3, reason: 'Error al pedir' });
    expect(tooMany.status).toBe(409);
    expect((await problemOf(tooMany)).detail).toBe('Solo quedan 2 sin anular en esa línea.');
    expect((await voidLine(order.id, 0, { quantity: 1, reason: 'Porque sí' })).status).toBe(422);
    expect((await voidLine(order.id, 0, { quantity: 1, reason: 'Otro: ' })).status).toBe(422);
    expect((await voidLine(order.id, 9, { quantity: 1, reason: 'Error al pedir' })).status).toBe(404);
    expect((await voidLine('no-such-order', 0, { quantity: 1, reason: 'Error al pedir' })).status).toBe(404);
    const res = await voidLine(order.id, 0, { quantity: 2, reason: 'Otro: se cayó al suelo' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(Order.parse(await res.json()).lines[0]).toMatchObject({ voided: 2, lineTotal: 0 });
    // A line voided whole is off the bill.
    const bill = await staffBill(table);
    expect(bill.lines.map((l) => l.name)).toEqual(['Guacamole con totopos']);
    const again = await voidLine(order.id, 0, { quantity: 1, reason: 'Error al pedir' });
    expect(again.status).toBe(409);
    expect((await problemOf(again)).detail).toBe('Esa línea ya está anulada entera.');
  });

  it('refuses a line already paid: 409 «Ya está cobrado…»', async () => {
    const { table, order } = await tableWithRound([
      ['Tacos al pastor', 1],
      ['Guacamole con totopos', 1],
    ]);
    const paid = await s.request(`/api/venues/${V}/tables/${table}/payments`, {
      json: { amount: order.lines[0]!.lineTotal, tip: 0, method: 'cash', lineIds: [`${order.id}:0`] },
      key: newKey(),
      token: staff,
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const res = await voidLine(order.id, 0, { quantity: 1, reason: 'Error al pedir' });
    expect(res.status).toBe(409);
    expect((await problemOf(res)).detail).toMatch(/^Ya está cobrado/);
    // The other line, not paid, may still be voided.
    expect((await voidLine(order.id, 1, { quantity: 1, reason: 'Error al pedir' })).status).toBe(200);
  });

  it("refuses a diner's token and another venue's staff (403)", async () => {
    const { order } = await tableWithRound([['Tacos al pastor', 1]]);
    for (const token of [diner, otherStaff]) {
      const res = await voidLine(order.id, 0, { quantity: 1, reason: 'Error al pedir' }, token);
      expect(res.status).toBe(403);
    }
    expect((await voidLine(order.id, 0, { quantity: 1, reason: 'Error al pedir' }, '')).status).toBe(401);
  });
});

describe('invitations and discounts', () => {
  it("are a manager's: staff, a diner and another venue's staff get 403 («Pide a un gerente»)", async () => {
    const { table, order } = await tableWithRound([['Tacos al pastor', 1]]);
    for (const token of [staff, diner, otherStaff]) {
      const res = await adjust(table, { kind: 'comp', lineIds: [`${order.id}:0`], reason: 'Cumpleaños' }, token);
      expect(res.status).toBe(403);
      expect((await problemOf(res)).detail).toContain(CORRECTION_STRINGS.askManager);
    }
  });

  it('show on the bill and the receipt as their own lines, with the tax on what is actually paid', async () => {
    const { table, order } = await tableWithRound([
      ['Tacos al pastor', 2],
      ['Guacamole con totopos', 1],
      ['Café de olla', 2],
    ]);
    const [tacos, guacamole, coffee] = order.lines as [Order['lines'][0], Order['lines'][0], Order['lines'][0]];
    const comp = await adjust(table, { kind: 'comp', lineIds: [`${order.id}:1`], reason: 'Cliente habitual' });
    expect(comp.status, await comp.clone().text()).toBe(200);
    const afterComp = BillState.parse(await comp.json());
    expect(afterComp.total).toBe(order.total - guacamole.lineTotal);
    expect(afterComp.lines.find((l) => l.id === `${order.id}:1`)?.comped).toBe(true);
    expect(afterComp.adjustments).toEqual([
      expect.objectContaining({
        kind: 'comp',
        name: 'Invitación de la casa',
        amount: guacamole.lineTotal,
        by: 'Gerente umenu',
      }),
    ]);
    // Twice, or a discount with both a percentage and an amount: refused.
    expect((await adjust(table, { kind: 'comp', lineIds: [`${order.id}:1`], reason: 'Otra vez' })).status).toBe(409);
    expect((await adjust(table, { kind: 'discount', percent: 10, amount: 100, reason: 'x' })).status).toBe(422);
    const discount = await adjust(table, { kind: 'discount', percent: 10, reason: 'Espera larga' });
    expect(discount.status, await discount.clone().text()).toBe(200);
    const bill = BillState.parse(await discount.json());
    const off = Math.round((afterComp.balance * 10) / 100);
    expect(bill.total).toBe(afterComp.total - off);
    expect(bill.adjustments?.[1]).toMatchObject({ kind: 'discount', name: 'Descuento 10 %', amount: off });
    // A comped line cannot be paid on its own.
    const payComped = await s.request(`/api/venues/${V}/tables/${table}/payments`, {
      json: { amount: guacamole.lineTotal, tip: 0, method: 'card', lineIds: [`${order.id}:1`] },
      key: newKey(),
      token: staff,
    });
    expect(payComped.status).toBe(409);
    // The whole bill at once: each line, then the invitation and the discount as negative lines at their rates.
    const paid = await s.request(`/api/venues/${V}/tables/${table}/payments`, {
      json: { amount: bill.balance, tip: 0, method: 'card' },
      key: newKey(),
      token: staff,
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const { receipt } = PaymentResult.parse(await paid.json());
    expect(receipt.lines.map((l) => [l.name, l.amount])).toEqual(
      expect.arrayContaining([
        ['Tacos al pastor', tacos.lineTotal],
        ['Guacamole con totopos', guacamole.lineTotal],
        ['Café de olla', coffee.lineTotal],
        ['Invitación de la casa · Guacamole con totopos', -guacamole.lineTotal],
      ]),
    );
    const discountLines = receipt.lines.filter((l) => l.name === 'Descuento 10 %');
    expect(discountLines.reduce((sum, l) => sum + l.amount, 0)).toBe(-off);
    expect(receipt.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(receipt.amount);
    expect(receipt.amount).toBe(bill.total);
    // Tax on what is paid: each rate's base and tax from its net amount; VERI*FACTU's totals are the receipt's.
    expect(receipt.taxes).toEqual(taxesOf(receipt.lines));
    const food = receipt.taxes.find((t) => t.rate === 1000)!;
    const foodPaid = receipt.lines.filter((l) => l.taxRate === 1000).reduce((sum, l) => sum + l.amount, 0);
    expect(food.base + food.tax).toBe(foodPaid);
    expect(foodPaid).toBeLessThan(tacos.lineTotal + guacamole.lineTotal);
    const tax = receipt.taxes.reduce((sum, t) => sum + t.tax, 0);
    expect(receipt.verifactu?.ImporteTotal).toBe((receipt.amount / 100).toFixed(2));
    expect(receipt.verifactu?.CuotaTotal).toBe((tax / 100).toFixed(2));
    const entries = (await audit()).filter((e) => e.table === table);
    expect(entries.map((e) => [e.action, e.reason])).toEqual([
      ['comp', 'Cliente habitual'],
      ['discount', 'Espera larga'],
    ]);
  });

  it('an amount paid in part is spread over the rates of what is left to pay (comped lines out)', async () => {
    const { table, order } = await tableWithRound([
      ['Tacos al pastor', 1],
      ['Café de olla', 1],
    ]);
    expect((await adjust(table, { kind: 'comp', lineIds: [`${order.id}:1`], reason: 'Invita la casa' })).status).toBe(
      200,
    );
    const bill = await staffBill(table);
    const res = await s.request(`/api/venues/${V}/tables/${table}/payments`, {
      json: { amount: Math.floor(bill.balance / 2), tip: 0, method: 'cash' },
      key: newKey(),
      token: staff,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { receipt } = PaymentResult.parse(await res.json());
    // Only food is left to pay: the whole share is at 10 %, none at the coffee's 21 %.
    expect(receipt.taxes.map((t) => t.rate)).toEqual([1000]);
  });
});

describe('the pre-bill', () => {
  it('goes to the printer of station caja, marked «Esto no es una factura»; staff only', async () => {
    const { table, order } = await tableWithRound([['Tacos al pastor', 2]]);
    for (const token of [diner, otherStaff])
      expect((await s.request(`/api/venues/${V}/tables/${table}/prebill`, { method: 'POST', token })).status).toBe(403);
    const res = await s.request(`/api/venues/${V}/tables/${table}/prebill`, { method: 'POST', token: staff });
    expect(res.status, await res.clone().text()).toBe(202);
    const result = PreBillResult.parse(await res.json());
    expect(result.jobs.map((j) => j.printerId)).toEqual(['caja-1']);
    expect(result.prebill).toMatchObject({
      table,
      total: order.total,
      balance: order.total,
      notice: 'Esto no es una factura',
    });
    const job = (await jobs()).find((j) => j.id === result.jobs[0]!.id)!;
    expect(job.prebill?.lines).toEqual([{ name: 'Tacos al pastor', quantity: 2, amount: order.total }]);
    expect(job.stationName).toBe('Caja');
  });
});

describe('the audit log', () => {
  it('keeps «cerrar sin cobrar» with who closed it; managers read a day of it; nothing edits or deletes it', async () => {
    const { table } = await tableWithRound([['Tacos al pastor', 1]]);
    const closed = await s.request(`/api/venues/${V}/tables/${table}/close`, {
      json: { confirmUnpaid: true },
      token: staff,
    });
    expect(closed.status, await closed.clone().text()).toBe(200);
    const entry = (await audit()).find((e) => e.action === 'closeUnpaid' && e.table === table)!;
    expect(entry.by).toBe('Cocina umenu');
    // A move (the floor's API) reads in words too.
    const moved = await tableWithRound([['Guacamole con totopos', 1]]);
    const free = [...tokens.keys()][nextTable++]!;
    const move = await s.request(`/api/venues/${V}/tables/${moved.table}/move`, { json: { to: free }, token: staff });
    expect(move.status, await move.clone().text()).toBe(200);
    expect((await audit()).find((e) => e.action === 'move' && e.table === moved.table)?.what).toBe(
      `Mesa ${moved.table} → Mesa ${free}`,
    );
    expect(entry.detail.unpaid).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
    for (const token of [staff, diner, otherStaff])
      expect((await s.request(`/api/venues/${V}/audit?date=${today()}`, { token })).status).toBe(403);
    expect((await s.request(`/api/venues/${V}/audit?date=27-11-2026`, { token: manager })).status).toBe(422);
    // Another day has none of today's entries.
    const other = await s.request(`/api/venues/${V}/audit?date=2020-01-01`, { token: manager });
    expect(AuditDay.parse(await other.json()).entries).toEqual([]);
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const res = await s.app.request(`/api/venues/${V}/audit?date=${today()}`, {
        method,
        headers: { authorization: `Bearer ${manager}` },
      });
      expect([404, 405]).toContain(res.status);
      const one = await s.app.request(`/api/venues/${V}/audit/${entry.id}`, {
        method,
        headers: { authorization: `Bearer ${manager}` },
      });
      expect([404, 405]).toContain(one.status);
    }
    expect((await audit()).find((e) => e.id === entry.id)).toEqual(entry);
    // The same day as CSV, for the spreadsheet: one row per entry, in Spanish words.
    const csv = await s.request(`/api/venues/${V}/audit.csv?date=${today()}`, { token: manager });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe('fecha;hora;quien;accion;mesa;que;motivo');
    expect(rows).toHaveLength((await audit()).length + 1);
    expect(rows.some((r) => r.includes(`;Cocina umenu;Cerrada sin cobrar;${table};`))).toBe(true);
    expect(rows.some((r) => r.includes(';Anulación;') && r.endsWith(';Producto agotado'))).toBe(true);
    expect((await s.request(`/api/venues/${V}/audit.csv?date=${today()}`, { token: staff })).status).toBe(403);
  });
});
