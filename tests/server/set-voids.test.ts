/**
 * Voiding one chosen dish of a set menu (docs/rules.md#the-floor, docs/rules.md#set-menus-and-availability),
 * against the demo's «Menú del día» at Bar El Cabanyal: the void marks only that dish's kitchen ticket line
 * («ANULADO» on its station's display), prints one «ANULADO» job on its station's printer, takes its supplement
 * off the line, the bill and the receipt (taxes and VERI*FACTU totals consistent), keeps the set's price, is
 * audited; the same dish again is refused (409), and so is any void once the line is paid.
 * The server's clock is the test's (`ServerOptions.now`). Runs on SQLite and, in `server-pg`, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../../src/contract/order.ts';
import { TicketList } from '../../src/contract/kitchen.ts';
import { PaymentResult, Receipt, TableBill } from '../../src/contract/bill.ts';
import { JoinResult } from '../../src/contract/table.ts';
import { PrintJobList } from '../../src/contract/printing.ts';
import { AuditDay } from '../../src/contract/corrections.ts';
import { newKey, startTestServer, type TestServer } from './helpers.ts';
import { cred, joinRequest, lineId, problemOf, tableTokens } from './table-kit.ts';

const V = 'bar-el-cabanyal';
/** A Tuesday in Valencia at 14:00 (UTC+1): the menú del día is served. */
const clock = new Date('2026-11-24T13:00:00Z');
/** A salad, the entrecot (+3,00 €) «Poco hecho», a white coffee (+0,30 €), a large beer (+1,30 €). */
const CHOICES = [
  { courseId: 'primer-plato', productId: 'ensalada-valenciana', optionIds: [] },
  { courseId: 'segundo-plato', productId: 'entrecot-a-la-brasa', optionIds: ['punto-de-la-carne-poco-hecho'] },
  { courseId: 'postre-o-cafe', productId: 'cafe', optionIds: ['cafe-con-leche'] },
  { courseId: 'bebida', productId: 'cana', optionIds: ['tamano-doble'] },
];
const PRICE = 1350 + 300 + 30 + 130;
const STEAK = { courseId: 'segundo-plato', productId: 'entrecot-a-la-brasa' };

let s: TestServer;
let staff: string, manager: string, agent: string;

beforeAll(async () => {
  s = await startTestServer(
    { tableJoinLimit: null, tableJoinAddressLimit: null, tableBadTokenLimit: null, tableCartLimit: null },
    { now: () => clock },
  );
  staff = await s.tokenFor('cocina@umenu.test');
  manager = await s.tokenFor('gerente@umenu.test');
  const printers = await s.request(`/api/venues/${V}/printers`, {
    method: 'PUT',
    token: manager,
    json: {
      printers: [
        { id: 'cocina-1', name: 'Cocina', station: 'cocina', host: '192.168.1.50' },
        { id: 'barra-1', name: 'Barra', station: 'barra', host: '192.168.1.51' },
      ],
    },
  });
  expect(printers.status, await printers.clone().text()).toBe(200);
  const created = await s.request(`/api/venues/${V}/print-agents`, { method: 'POST', token: manager });
  agent = ((await created.json()) as { token: string }).token;
});
afterAll(async () => {
  s?.deps.orders.close();
  s?.deps.printing.close();
  await s?.dispose();
});

const voidLine = (orderId: string, body: unknown) =>
  s.request(`/api/venues/${V}/orders/${orderId}/lines/0/void`, { json: body, token: staff });
const voidedJobs = async (orderId: string) =>
  PrintJobList.parse(await (await s.request(`/api/venues/${V}/print-jobs`, { token: agent })).json()).jobs.filter(
    (j) => j.voided && j.ticket?.orderId === orderId,
  );

describe('voiding one chosen dish of a set menu', () => {
  it('marks only that dish, prints ANULADO once at its station, takes its supplement off; again or paid: 409', async () => {
    const tokens = await tableTokens(s, staff, V);
    const joined = await joinRequest(s, '3', tokens.get('3'), 'Ana', { venue: V });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const credential = JoinResult.parse(await joined.json()).credential;
    const put = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
      method: 'PUT',
      json: { productId: 'menu-del-dia', optionIds: [], quantity: 1, choices: CHOICES },
      headers: cred(credential),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const sent = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: PRICE },
      key: newKey(),
      headers: cred(credential),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const round = Order.parse(await sent.json());
    // The second course reaches the grill with «Marchar principales».
    const fired = await s.request(`/api/venues/${V}/tables/3/courses/principales/fire`, {
      method: 'POST',
      token: staff,
    });
    expect(fired.status).toBe(200);

    // A dish the set's line does not have.
    const stranger = await voidLine(round.id, {
      quantity: 1,
      reason: 'Producto agotado',
      choice: { courseId: 'segundo-plato', productId: 'dorada-a-la-sal' },
    });
    expect(stranger.status).toBe(404);

    const res = await voidLine(round.id, { quantity: 1, reason: 'Producto agotado', choice: STEAK });
    expect(res.status, await res.clone().text()).toBe(200);
    const order = Order.parse(await res.json());
    const line = order.lines[0]!;
    // The set stays sold at its price; the steak's supplement comes off.
    expect(line.voided).toBeUndefined();
    expect(line.choices!.map((c) => [c.name, c.voided])).toEqual([
      ['Ensalada valenciana', undefined],
      ['Entrecot a la brasa', 1],
      ['Café', undefined],
      ['Caña', undefined],
    ]);
    expect([line.unitPrice, line.lineTotal, order.total]).toEqual([PRICE, PRICE - 300, PRICE - 300]);

    // Only the steak's ticket line is struck through, on the grill's station.
    // (The coffee's course is still held for «Marchar postres».)
    const list = async (query: string) =>
      TicketList.parse(await (await s.request(`/api/venues/${V}/tickets${query}`, { token: staff })).json()).tickets;
    const tickets = [...(await list('')), ...(await list('?held=true'))].filter((t) => t.orderId === round.id);
    expect(tickets.flatMap((t) => t.lines.map((l) => [t.station, l.name, l.voided ?? 0])).sort()).toEqual(
      [
        ['barra', 'Café', 0],
        ['barra', 'Caña', 0],
        ['cocina', 'Ensalada valenciana', 0],
        ['cocina', 'Entrecot a la brasa', 1],
        ['cocina', 'Pan de payés', 0],
      ].sort(),
    );
    // One ANULADO job, on the grill's printer, holding only the steak.
    const jobs = await voidedJobs(round.id);
    expect(jobs.map((j) => [j.printer.id, j.ticket!.lines.map((l) => [l.name, l.quantity, l.voided])])).toEqual([
      ['cocina-1', [['Entrecot a la brasa', 1, 1]]],
    ]);

    // The same dish again is refused, and changes nothing.
    const again = await voidLine(round.id, { quantity: 1, reason: 'Producto agotado', choice: STEAK });
    expect(again.status).toBe(409);
    expect((await problemOf(again)).detail).toBe('«Entrecot a la brasa» ya está anulado.');
    expect(await voidedJobs(round.id)).toHaveLength(1);

    // The audit log: the dish, its set, why, and what came off.
    const day = AuditDay.parse(
      await (await s.request(`/api/venues/${V}/audit?date=2026-11-24`, { token: manager })).json(),
    );
    const entry = day.entries.find((e) => e.action === 'void' && e.detail.orderId === round.id)!;
    expect(entry).toMatchObject({ what: '1 × Entrecot a la brasa (Menú del día)', reason: 'Producto agotado' });
    expect(entry.detail).toMatchObject({ amount: 300, courseId: 'segundo-plato', productId: 'entrecot-a-la-brasa' });

    // The bill and the receipt: the set at its price, no supplement for the steak, the steak not listed.
    const bill = TableBill.parse(
      await (await s.request('/api/table-session/bill', { headers: cred(credential) })).json(),
    );
    expect(bill.lines.map((l) => [l.name, l.lineTotal])).toEqual([['Menú del día', PRICE - 300]]);
    expect(bill.total).toBe(PRICE - 300);
    const paid = await s.request(`/api/venues/${V}/tables/3/payments`, {
      json: { amount: PRICE - 300, tip: 0, method: 'card', lineIds: [bill.lines[0]!.id] },
      key: newKey(),
      token: staff,
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const receipt = Receipt.parse(
      await (await s.request(`/api/receipts/${PaymentResult.parse(await paid.json()).receipt.id}`)).json(),
    );
    expect(receipt.lines).toEqual([
      {
        name: 'Menú del día',
        productId: 'menu-del-dia',
        quantity: 1,
        amount: 1350,
        taxRate: 1000,
        choices: ['Ensalada valenciana', 'Café · Con leche', 'Caña · Doble', 'Pan de payés'],
      },
      { name: 'Café: Con leche', quantity: 1, amount: 30, taxRate: 1000 },
      { name: 'Caña: Doble', quantity: 1, amount: 130, taxRate: 1000 },
    ]);
    expect(receipt.amount).toBe(PRICE - 300);
    // 15,10 € with 10 % VAT: base 13,73 €, tax 1,37 €; the VERI*FACTU totals are the receipt's.
    expect(receipt.taxes).toEqual([{ rate: 1000, base: 1373, tax: 137 }]);
    expect(receipt.verifactu).toMatchObject({ ImporteTotal: '15.10', CuotaTotal: '1.37' });

    // Paid: another dish of it is refused as any paid line.
    const coffee = await voidLine(round.id, {
      quantity: 1,
      reason: 'Producto agotado',
      choice: { courseId: 'postre-o-cafe', productId: 'cafe' },
    });
    expect(coffee.status).toBe(409);
    expect((await problemOf(coffee)).detail).toMatch(/^Ya está cobrado/);
  });
});
