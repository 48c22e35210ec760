/**
 * The bill (docs/rules.md#the-bill), every rule of the API: legal details and tax rates of a venue, the bill built from
 * the sent rounds, payment requests by lines, shared lines (the remainder rule), amounts and tips, staff payments with
 * an Idempotency-Key, overpayment, «Pagada» live on the phones and the board, closing with a balance, pickup orders
 * marked paid, simplified invoices (numbers, base and tax per rate), the VERI*FACTU chain (every fingerprint
 * recomputed, every link checked, the AEAT's own example), the outbox to a local listener, the day's cash and its CSV,
 * and gapless numbering under concurrency (40 payments at once; on PostgreSQL across two instances).
 * Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import { TableSession, TableClosed, StaffTableSessions } from '../../src/contract/table.ts';
import {
  OrderPaymentList,
  BILL_STRINGS,
  CashDay,
  PaymentRequest,
  PaymentResult,
  Receipt,
  TableBill,
  VerifactuRecords,
  type VerifactuRecord,
} from '../../src/contract/bill.ts';
import { Venue, type Venue as VenueT } from '../../src/contract/venue.ts';
import { Order } from '../../src/contract/order.ts';
import {
  huellaOf,
  shareAmount,
  spreadOverRates,
  taxesOf,
  verifactuQr,
  zonedIso,
} from '../../server/features/billing/index.ts';
import { newKey, openEvents, pgUrl, startTestServer, tacoOrder, testDatabase, type TestServer } from './helpers.ts';
import { cred, joinTable, lineId, tableTokens, type Problem } from './table-kit.ts';

const V = 'taqueria-el-guero';
const LEGAL = {
  name: 'Taquería El Güero S.L.',
  taxId: 'B12345678',
  address: 'Calle Mayor 1, 46001 Valencia',
  country: 'ES',
};
const NO_LIMITS = {
  tableJoinLimit: null,
  tableJoinAddressLimit: null,
  tableBadTokenLimit: null,
  tableCallLimit: null,
  tableCartLimit: null,
  tableCartSessionLimit: null,
  tablePayRequestLimit: null,
} as const;

/** Everything a test needs on one server: tokens, the venue's table tokens and product ids by name. */
async function prepare(s: TestServer) {
  const staff = await s.tokenFor('cocina@umenu.test');
  const manager = await s.tokenFor('gerente@umenu.test');
  const tokens = await tableTokens(s, staff);
  const venue = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
  const product = (name: string) => venue.categories.flatMap((c) => c.products).find((p) => p.name === name)!.id;
  return { staff, manager, tokens, venue, product };
}

/** The venue with legal details in Spain and tax rates: venue 10 %, the drinks' category 21 %, flan 4 %. */
async function makeSpanish(s: TestServer, manager: string, venue: VenueT): Promise<VenueT> {
  const next: VenueT = structuredClone(venue);
  next.legal = LEGAL;
  next.taxRate = 1000;
  for (const c of next.categories) {
    if (c.products.some((p) => p.name === 'Café de olla')) c.taxRate = 2100;
    for (const p of c.products) if (p.name === 'Flan napolitano') p.taxRate = 400;
  }
  const res = await s.request(`/api/venues/${V}`, { method: 'PUT', json: next, token: manager });
  expect(res.status, await res.clone().text()).toBe(200);
  // A tax id a manager typed joins no VERI*FACTU chain until an admin confirms it (tests/server/bill-issuers.test.ts).
  const confirmed = await s.request(`/api/venues/${V}/verifactu/issuer`, {
    json: { taxId: LEGAL.taxId },
    token: await s.tokenFor('admin@umenu.test'),
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  return Venue.parse(await res.json());
}

function tableKit(s: TestServer, tokens: Map<string, string>, staff: string) {
  const join = (table: string, name: string) => joinTable(s, tokens, table, name);
  const add = async (credential: string, productId: string, quantity = 1) => {
    const id = lineId();
    const res = await s.request(`/api/table-session/cart/lines/${id}`, {
      method: 'PUT',
      json: { productId, optionIds: [], quantity },
      headers: cred(credential),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return id;
  };
  const send = async (credential: string) => {
    const session = TableSession.parse(
      await (await s.request('/api/table-session', { headers: cred(credential) })).json(),
    );
    const res = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: session.cart.subtotal },
      key: newKey(),
      headers: cred(credential),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return Order.parse(await res.json());
  };
  const bill = async (credential: string) => {
    const res = await s.request('/api/table-session/bill', { headers: cred(credential) });
    expect(res.status, await res.clone().text()).toBe(200);
    return TableBill.parse(await res.json());
  };
  const ask = (credential: string, body: unknown) =>
    s.request('/api/table-session/payment-requests', { json: body, headers: cred(credential) });
  const pay = (table: string, body: unknown, key = newKey(), token = staff) =>
    s.request(`/api/venues/${V}/tables/${encodeURIComponent(table)}/payments`, { json: body, key, token });
  return { join, add, send, bill, ask, pay };
}

/** Checks a chain as the AEAT would: each fingerprint from the stored fields, each link to the previous record of the issuer. */
function checkChain(records: VerifactuRecord[]) {
  const last = new Map<string, string>();
  for (const r of records) {
    expect(r.HuellaAnterior).toBe(last.get(r.IDEmisorFactura) ?? '');
    expect(r.Huella).toBe(huellaOf(r));
    expect(r.Huella).toMatch(/^[0-9A-F]{64}$/);
    expect(r.TipoFactura).toBe('F2');
    expect(r.FechaExpedicionFactura).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(r.FechaHoraHusoGenRegistro).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(r.ImporteTotal).toMatch(/^\d+\.\d{2}$/);
    const qr = new URL(r.qr);
    expect(`${qr.origin}${qr.pathname}`).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
    expect(Object.fromEntries(qr.searchParams)).toEqual({
      nif: r.IDEmisorFactura,
      numserie: r.NumSerieFactura,
      fecha: r.FechaExpedicionFactura,
      importe: r.ImporteTotal,
    });
    last.set(r.IDEmisorFactura, r.Huella);
  }
}

describe('the arithmetic', () => {
  it('splits a shared line in minor units: the first shares take the remainder, nothing is lost', () => {
    expect([0, 1, 2].map((i) => shareAmount(8900, 3, i))).toEqual([2967, 2967, 2966]);
    for (const [total, of] of [
      [1, 3],
      [100, 7],
      [8900, 3],
      [99_999, 20],
      [0, 2],
    ] as const) {
      const shares = Array.from({ length: of }, (_, i) => shareAmount(total, of, i));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  it('spreads an amount over tax rates by the largest remainder, and gives base and tax of tax-inclusive prices', () => {
    expect(
      spreadOverRates(
        1000,
        new Map([
          [1000, 1],
          [2100, 1],
        ]),
      ),
    ).toEqual(
      new Map([
        [1000, 500],
        [2100, 500],
      ]),
    );
    const spread = spreadOverRates(
      1001,
      new Map([
        [400, 1],
        [1000, 1],
        [2100, 1],
      ]),
    );
    expect([...spread.values()].reduce((a, b) => a + b, 0)).toBe(1001);
    expect(spread.get(400)).toBe(334);
    // 11,00 at 10 %: 10,00 + 1,00; 12,10 at 21 %: 10,00 + 2,10; 1,01 at 21 %: base 0,83 (0,8347 rounded), tax 0,18.
    expect(
      taxesOf([
        { amount: 1100, taxRate: 1000 },
        { amount: 1210, taxRate: 2100 },
      ]),
    ).toEqual([
      { rate: 1000, base: 1000, tax: 100 },
      { rate: 2100, base: 1000, tax: 210 },
    ]);
    expect(taxesOf([{ amount: 101, taxRate: 2100 }])).toEqual([{ rate: 2100, base: 83, tax: 18 }]);
  });

  it("writes a time in the venue's zone with its offset", () => {
    expect(zonedIso(new Date('2026-11-24T17:40:12.345Z'), 'Europe/Madrid')).toBe('2026-11-24T18:40:12+01:00');
    expect(zonedIso(new Date('2026-07-01T10:00:00Z'), 'Europe/Madrid')).toBe('2026-07-01T12:00:00+02:00');
    expect(zonedIso(new Date('2026-11-24T05:00:00Z'), 'America/Mexico_City')).toBe('2026-11-23T23:00:00-06:00');
  });

  it("computes the AEAT's own fingerprint examples and QR URL exactly", () => {
    // «Veri*Factu — Especificaciones técnicas para la generación de la huella», examples 6.1 and 6.2.
    const first = huellaOf({
      IDEmisorFactura: '89890001K',
      NumSerieFactura: '12345678/G33',
      FechaExpedicionFactura: '01-01-2024',
      TipoFactura: 'F1',
      CuotaTotal: '12.35',
      ImporteTotal: '123.45',
      HuellaAnterior: '',
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
    });
    expect(first).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
    const second = huellaOf({
      IDEmisorFactura: '89890001K',
      NumSerieFactura: '12345679/G34',
      FechaExpedicionFactura: '01-01-2024',
      TipoFactura: 'F1',
      CuotaTotal: '12.35',
      ImporteTotal: '123.45',
      HuellaAnterior: first,
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
    });
    expect(second).toBe('F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97');
    // The QR specification's example (its amount written as the invoice has it).
    expect(
      verifactuQr('test', {
        IDEmisorFactura: '89890001K',
        NumSerieFactura: '12345678&G33',
        FechaExpedicionFactura: '01-01-2024',
        ImporteTotal: '241.4',
      }),
    ).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
    );
    expect(
      verifactuQr('production', {
        IDEmisorFactura: 'B1',
        NumSerieFactura: 'FS-2026-1',
        FechaExpedicionFactura: '24-11-2026',
        ImporteTotal: '1.00',
      }),
    ).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B1&numserie=FS-2026-1&fecha=24-11-2026&importe=1.00',
    );
  });
});

describe('the bill on one server', () => {
  let s: TestServer;
  let kit: ReturnType<typeof tableKit>;
  let ctx: Awaited<ReturnType<typeof prepare>>;
  let listener: HttpServer;
  const received: Array<{ body: VerifactuRecord }> = [];
  let failFirst = 2;

  beforeAll(async () => {
    // A local AEAT stand-in on 127.0.0.1: it refuses the first two requests, then accepts.
    listener = createHttpServer((req: IncomingMessage, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        if (failFirst > 0) {
          failFirst--;
          res.writeHead(503).end();
          return;
        }
        received.push({ body: JSON.parse(text) as VerifactuRecord });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as { port: number }).port;
    s = await startTestServer({
      ...NO_LIMITS,
      verifactuUrl: `http://127.0.0.1:${port}/registros`,
      verifactuRetryMs: 1,
      verifactuPollMs: 3_600_000,
    });
    ctx = await prepare(s);
    kit = tableKit(s, ctx.tokens, ctx.staff);
  });
  afterAll(async () => {
    await s.dispose();
    await new Promise((resolve) => listener.close(resolve));
  });

  it('a venue without legal details gets receipts without VERI*FACTU (a pickup order marked paid)', async () => {
    const orderRes = await s.request('/api/orders', {
      json: tacoOrder({ tip: { amount: 1000 }, expectedTotal: 14800 }),
      key: newKey(),
      token: await s.tokenFor('ana@umenu.test'),
    });
    expect(orderRes.status, await orderRes.clone().text()).toBe(201);
    const order = Order.parse(await orderRes.json());
    const key = newKey();
    const res = await s.request(`/api/venues/${V}/orders/${order.id}/payments`, { json: {}, key, token: ctx.staff });
    expect(res.status, await res.clone().text()).toBe(201);
    const { payment, receipt } = PaymentResult.parse(await res.json());
    expect(payment).toMatchObject({ orderId: order.id, amount: 13800, tip: 1000, method: 'cash' });
    expect(receipt).toMatchObject({
      amount: 13800,
      tip: 1000,
      total: 14800,
      orderNumber: order.number,
      method: 'cash',
    });
    expect(receipt.verifactu).toBeUndefined();
    expect(receipt.number).toMatch(/^FS-\d{4}-\d+$/);
    // The same key answers the same payment; another key finds it paid.
    const again = await s.request(`/api/venues/${V}/orders/${order.id}/payments`, { json: {}, key, token: ctx.staff });
    expect(again.status).toBe(200);
    expect(PaymentResult.parse(await again.json()).receipt.id).toBe(receipt.id);
    const twice = await s.request(`/api/venues/${V}/orders/${order.id}/payments`, {
      json: {},
      key: newKey(),
      token: ctx.staff,
    });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as Problem).detail).toBe('Ese pedido ya está pagado.');
    // A board opened later reads it paid; staff of another venue cannot.
    const listed = await s.request(`/api/venues/${V}/order-payments`, { token: ctx.staff });
    expect(listed.status).toBe(200);
    expect(OrderPaymentList.parse(await listed.json()).payments.filter((p) => p.orderId === order.id)).toEqual([
      payment,
    ]);
    const stranger = await s.newDiner('ajeno-pagos@umenu.test', ['staff:cafe-la-macarena']);
    expect((await s.request(`/api/venues/${V}/order-payments`, { token: stranger.token })).status).toBe(403);
  });

  it('the manager saves legal details and tax rates; they are public; bad ones are refused in Spanish', async () => {
    const saved = await makeSpanish(s, ctx.manager, ctx.venue);
    expect(saved.legal).toEqual(LEGAL);
    const pub = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
    expect(pub.legal).toEqual(LEGAL);
    expect(pub.taxRate).toBe(1000);
    const bad = structuredClone(saved);
    bad.taxRate = 10_001;
    bad.legal = { ...LEGAL, country: 'España' };
    const res = await s.request(`/api/venues/${V}`, { method: 'PUT', json: bad, token: ctx.manager });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors.taxRate).toEqual(['El impuesto no puede superar el 100 %']);
    expect(body.errors['legal.country']).toEqual(['País ISO 3166-1 de dos letras (ES, MX, CO…)']);
    ctx.venue = saved;
  });

  it('by dishes, a shared line, an amount, tips; staff take the payments; «Pagada» reaches every phone and the board', async () => {
    const ana = await kit.join('3', 'Ana');
    const beto = await kit.join('3', 'Beto');
    const carla = await kit.join('3', 'Carla');
    const tacosLine = await kit.add(ana.credential, ctx.product('Volcán de chorizo'), 2); // 9 000 at 10 %
    await kit.add(beto.credential, ctx.product('Flan napolitano')); // 4 500 at 4 %
    await kit.add(carla.credential, ctx.product('Café de olla')); // 3 000 at 21 %
    await kit.add(carla.credential, ctx.product('Guacamole con totopos')); // 8 900 at 10 %, shared by three
    await kit.send(ana.credential);

    const phone = await openEvents(s, '/api/table-session/events', '', cred(beto.credential));
    const board = await openEvents(s, `/api/venues/${V}/orders/events`, ctx.staff);

    let bill = await kit.bill(ana.credential);
    expect(bill).toMatchObject({ total: 25400, paid: 0, balance: 25400, pending: 0, unassigned: 25400 });
    const line = (name: string) => bill.lines.find((l) => l.name === name)!;
    expect(line('Volcán de chorizo')).toMatchObject({
      cartLineId: tacosLine,
      quantity: 2,
      lineTotal: 9000,
      by: 'Ana',
      taxRate: 1000,
    });
    expect(line('Flan napolitano').taxRate).toBe(400);
    expect(line('Café de olla').taxRate).toBe(2100);
    // Staff read the same bill; staff of another venue cannot.
    const staffBill = TableBill.parse(
      await (await s.request(`/api/venues/${V}/tables/3/bill`, { token: ctx.staff })).json(),
    );
    expect(staffBill.lines).toEqual(bill.lines);
    const stranger = await s.newDiner('otro@umenu.test', ['staff:cafe-la-macarena']);
    expect((await s.request(`/api/venues/${V}/tables/3/bill`, { token: stranger.token })).status).toBe(403);

    // Ana pays her dish by card with a 10 % tip.
    const r1 = await kit.ask(ana.credential, { lineIds: [line('Volcán de chorizo').id], tip: 900, method: 'card' });
    expect(r1.status, await r1.clone().text()).toBe(201);
    const anaRequest = PaymentRequest.parse(await r1.json());
    expect(anaRequest).toMatchObject({ amount: 9000, tip: 900, method: 'card', status: 'pending' });
    // Beto cannot claim it too.
    const taken = await kit.ask(beto.credential, { lineIds: [line('Volcán de chorizo').id], tip: 0, method: 'cash' });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as Problem).detail).toBe('Ana ya paga «Volcán de chorizo». Quítalo de tu parte.');

    // The guacamole shared by three: 2 967 + 2 967 + 2 966.
    const guac = line('Guacamole con totopos').id;
    const shareOf = async (credential: string, extra: Record<string, unknown> = {}) => {
      const res = await kit.ask(credential, { shares: [{ lineId: guac, of: 3 }], tip: 0, method: 'cash', ...extra });
      expect(res.status, await res.clone().text()).toBe(201);
      return PaymentRequest.parse(await res.json());
    };
    const betoShare = await shareOf(beto.credential, { lineIds: [line('Flan napolitano').id] });
    expect(betoShare.amount).toBe(4500 + 2967);
    expect(betoShare.shares).toEqual([{ lineId: guac, of: 3, index: 1, amount: 2967 }]);
    const wrongSplit = await kit.ask(ana.credential, { shares: [{ lineId: guac, of: 2 }], tip: 0, method: 'cash' });
    expect(wrongSplit.status).toBe(409);
    expect(((await wrongSplit.json()) as Problem).detail).toBe(
      '«Guacamole con totopos» ya se comparte entre 3: elige compartirlo entre 3.',
    );
    const carlaShare = await shareOf(carla.credential);
    const anaShare = await shareOf(ana.credential);
    expect([carlaShare.amount, anaShare.amount]).toEqual([2967, 2966]);
    const full = await kit.ask(beto.credential, { shares: [{ lineId: guac, of: 3 }], tip: 0, method: 'cash' });
    expect(full.status).toBe(409);

    bill = await kit.bill(carla.credential);
    expect(bill.lines.find((l) => l.id === guac)!.shared).toEqual({
      of: 3,
      shares: [
        { index: 1, amount: 2967, by: 'Beto', paid: false },
        { index: 2, amount: 2967, by: 'Carla', paid: false },
        { index: 3, amount: 2966, by: 'Ana', paid: false },
      ],
    });
    // What is left unassigned: the coffee (3 000).
    expect(bill).toMatchObject({ pending: 9000 + 7467 + 2967 + 2966, unassigned: 3000 });
    // An amount above what is unassigned, a tip above 100 %, and lines with an amount are refused.
    const over = await kit.ask(carla.credential, { amount: 3001, tip: 0, method: 'cash' });
    expect(over.status).toBe(409);
    expect(((await over.json()) as Problem).detail).toMatch(
      /^Eso es más de lo que queda sin asignar \(.*30\.00\): otras personas ya están pagando el resto\.$/,
    );
    const tip = await kit.ask(carla.credential, { amount: 3000, tip: 3001, method: 'cash' });
    expect(tip.status).toBe(422);
    expect(((await tip.json()) as Problem).detail).toBe('La propina no puede superar el 100 % de lo que pagas.');
    expect((await kit.ask(carla.credential, { amount: 100, lineIds: [guac], tip: 0, method: 'cash' })).status).toBe(
      422,
    );
    expect((await kit.ask(carla.credential, { tip: 0, method: 'cash' })).status).toBe(422);
    // A request withdrawn frees its share: Carla takes it back at once, with the same index and amount.
    const withdrawn = await s.request(`/api/table-session/payment-requests/${carlaShare.id}`, {
      method: 'DELETE',
      headers: cred(carla.credential),
    });
    expect(withdrawn.status).toBe(200);
    expect(PaymentRequest.parse(await withdrawn.json()).status).toBe('cancelled');
    expect(
      (
        await s.request(`/api/table-session/payment-requests/${anaShare.id}`, {
          method: 'DELETE',
          headers: cred(carla.credential),
        })
      ).status,
    ).toBe(403);
    expect((await kit.bill(ana.credential)).lines.find((l) => l.id === guac)!.shared!.shares).toHaveLength(2);
    const carlaAgain = await shareOf(carla.credential);
    expect(carlaAgain.shares).toEqual([{ lineId: guac, of: 3, index: 2, amount: 2967 }]);
    // Carla pays the rest, the coffee, as an amount in cash.
    const carlaCoffee = PaymentRequest.parse(
      await (await kit.ask(carla.credential, { amount: 3000, tip: 300, method: 'cash' })).json(),
    );
    await phone.until((m) =>
      m.some((e) => e.event === 'bill' && (JSON.parse(e.data!) as { unassigned: number }).unassigned === 0),
    );
    // The coffee is paid as an amount now: nobody can also claim it by its line (staff would be asked to take it twice).
    const coffeeToo = await kit.ask(beto.credential, { lineIds: [line('Café de olla').id], tip: 0, method: 'cash' });
    expect(coffeeToo.status).toBe(409);
    expect(((await coffeeToo.json()) as Problem).detail).toMatch(
      /^Eso es más de lo que queda sin asignar \(.*0\.00\): otras personas ya están pagando el resto\.$/,
    );

    // Staff: Ana's request by card.
    const key = newKey();
    const paid = await kit.pay('3', { amount: 9000, tip: 900, method: 'card', requestId: anaRequest.id }, key);
    expect(paid.status, await paid.clone().text()).toBe(201);
    const first = PaymentResult.parse(await paid.json());
    expect(first.payment).toMatchObject({
      amount: 9000,
      tip: 900,
      method: 'card',
      requestId: anaRequest.id,
      by: 'Ana',
      table: '3',
    });
    expect(first.receipt).toMatchObject({
      amount: 9000,
      tip: 900,
      total: 9900,
      method: 'card',
      table: '3',
      lines: [{ name: 'Volcán de chorizo', quantity: 2, amount: 9000, taxRate: 1000 }],
    });
    expect(first.receipt.taxes).toEqual([{ rate: 1000, base: 8182, tax: 818 }]);
    expect(first.receipt.issuedAt).toMatch(/-06:00$/);
    expect(first.receipt.verifactu).toMatchObject({
      IDEmisorFactura: 'B12345678',
      TipoFactura: 'F2',
      ImporteTotal: '90.00',
      CuotaTotal: '8.18',
      text: BILL_STRINGS.verifiable,
      mark: 'VERI*FACTU',
    });
    // The same key: the same payment and receipt; another body with it: 422.
    const replay = await kit.pay('3', { amount: 9000, tip: 900, method: 'card', requestId: anaRequest.id }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(PaymentResult.parse(await replay.json())).toEqual(first);
    expect((await kit.pay('3', { amount: 100, tip: 0, method: 'cash' }, key)).status).toBe(422);
    // The request is done: confirming it again is refused.
    expect((await kit.pay('3', { amount: 9000, tip: 900, method: 'card', requestId: anaRequest.id })).status).toBe(409);

    bill = await kit.bill(beto.credential);
    expect(bill.lines.find((l) => l.name === 'Volcán de chorizo')!.paidBy).toBe('Ana');
    const paidLine = await kit.ask(beto.credential, {
      lineIds: [line('Volcán de chorizo').id],
      tip: 0,
      method: 'cash',
    });
    expect(paidLine.status).toBe(409);
    expect(((await paidLine.json()) as Problem).detail).toBe('Ana ya pagó «Volcán de chorizo».');
    expect(bill).toMatchObject({ paid: 9000, balance: 16400 });

    // Overpaying the balance: 409 in Spanish, with the balance.
    const overpay = await kit.pay('3', { amount: 16401, tip: 0, method: 'cash' });
    expect(overpay.status).toBe(409);
    const overBody = (await overpay.json()) as Problem;
    expect(overBody.detail).toMatch(/^Ese cobro supera lo que queda por pagar en la mesa \(.*164\.00\)\.$/);
    expect(overBody.balance).toBe(16400);

    // Beto's flan and share (cash), Carla's share, Ana's share, Carla's coffee amount.
    for (const r of [betoShare, carlaAgain, anaShare]) {
      const res = await kit.pay('3', { amount: r.amount, tip: r.tip, method: r.method, requestId: r.id });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const betoReceipt = (await (
      await s.request('/api/table-session/bill', { headers: cred(beto.credential) })
    ).json()) as { payments: Array<{ requestId?: string; receiptId: string }> };
    const betoReceiptId = betoReceipt.payments.find((p) => p.requestId === betoShare.id)!.receiptId;
    const shared = Receipt.parse(await (await s.request(`/api/receipts/${betoReceiptId}`)).json());
    expect(shared.lines).toEqual([
      { name: 'Flan napolitano', productId: ctx.product('Flan napolitano'), quantity: 1, amount: 4500, taxRate: 400 },
      {
        name: 'Guacamole con totopos',
        productId: ctx.product('Guacamole con totopos'),
        quantity: 1,
        amount: 2967,
        taxRate: 1000,
        share: { index: 1, of: 3 },
      },
    ]);
    expect(shared.taxes).toEqual([
      { rate: 400, base: 4327, tax: 173 },
      { rate: 1000, base: 2697, tax: 270 },
    ]);

    const last = await kit.pay('3', { amount: 3000, tip: 300, method: 'cash', requestId: carlaCoffee.id });
    expect(last.status).toBe(201);
    const lastReceipt = PaymentResult.parse(await last.json()).receipt;
    // An amount, not dishes: one line per rate of the bill, spread in proportion.
    expect(lastReceipt.lines.every((l) => l.name === 'Parte de la cuenta · Mesa 3')).toBe(true);
    expect(lastReceipt.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(3000);

    // Balance 0: «Pagada» (paidAt) on every phone and on the board.
    await phone.until(
      (m) =>
        m.some(
          (e) =>
            e.event === 'bill' &&
            (JSON.parse(e.data!) as { balance: number; paidAt?: string }).balance === 0 &&
            Boolean((JSON.parse(e.data!) as { paidAt?: string }).paidAt),
        ) && m.some((e) => e.event === 'session' && Boolean((JSON.parse(e.data!) as { paidAt?: string }).paidAt)),
    );
    await board.until((m) =>
      m.some((e) => e.event === 'table' && Boolean((JSON.parse(e.data!) as { paidAt?: string }).paidAt)),
    );
    phone.close();
    board.close();
    const session = TableSession.parse(
      await (await s.request('/api/table-session', { headers: cred(carla.credential) })).json(),
    );
    expect(session.paidAt).toBeDefined();
    const list = StaffTableSessions.parse(
      await (await s.request(`/api/venues/${V}/table-sessions`, { token: ctx.staff })).json(),
    );
    expect(list.sessions.find((x) => x.table === '3')!.paidAt).toBeDefined();
    bill = await kit.bill(ana.credential);
    expect(bill).toMatchObject({ total: 25400, paid: 25400, balance: 0 });
    expect(bill.paidAt).toBeDefined();
    expect((await kit.pay('3', { amount: 1, tip: 0, method: 'cash' })).status).toBe(409);
    // A paid table closes with one tap.
    const closed = await s.request(`/api/venues/${V}/tables/3/close`, { method: 'POST', token: ctx.staff });
    expect(closed.status).toBe(200);
    expect(TableClosed.parse(await closed.json()).unpaid).toBeUndefined();
  });

  it('closing a table that still owes asks for confirmation and records the unpaid amount', async () => {
    const eva = await kit.join('4', 'Eva');
    await kit.add(eva.credential, ctx.product('Café de olla'));
    await kit.send(eva.credential);
    expect((await kit.pay('4', { amount: 1000, tip: 0, method: 'cash' })).status).toBe(201);
    const refused = await s.request(`/api/venues/${V}/tables/4/close`, { method: 'POST', token: ctx.staff });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as Problem;
    expect(body.detail).toMatch(/^La mesa aún debe .*20\.00\. Confirma que la cierras sin cobrar ese importe\.$/);
    expect(body.balance).toBe(2000);
    const closed = await s.request(`/api/venues/${V}/tables/4/close`, {
      method: 'POST',
      json: { confirmUnpaid: true },
      token: ctx.staff,
    });
    expect(closed.status).toBe(200);
    expect(TableClosed.parse(await closed.json()).unpaid).toBe(2000);
    const day = await s.request(
      `/api/venues/${V}/cash?date=${zonedIso(new Date(), 'America/Mexico_City').slice(0, 10)}`,
      { token: ctx.manager },
    );
    expect(CashDay.parse(await day.json()).closedUnpaid).toEqual([
      expect.objectContaining({ table: '4', unpaid: 2000 }),
    ]);
  });

  it('a round after the table was paid makes it owe again', async () => {
    const fer = await kit.join('5', 'Fer');
    await kit.add(fer.credential, ctx.product('Café de olla'));
    await kit.send(fer.credential);
    expect((await kit.pay('5', { amount: 3000, tip: 0, method: 'card' })).status).toBe(201);
    expect((await kit.bill(fer.credential)).paidAt).toBeDefined();
    await kit.add(fer.credential, ctx.product('Café de olla'));
    await kit.send(fer.credential);
    const bill = await kit.bill(fer.credential);
    expect(bill).toMatchObject({ balance: 3000 });
    expect(bill.paidAt).toBeUndefined();
    expect(
      TableSession.parse(await (await s.request('/api/table-session', { headers: cred(fer.credential) })).json())
        .paidAt,
    ).toBeUndefined();
  });

  it('the VERI*FACTU chain: every fingerprint recomputed from the stored fields, every link checked; the outbox sends them in order', async () => {
    const res = await s.request(`/api/venues/${V}/verifactu/records`, { token: ctx.manager });
    expect(res.status).toBe(200);
    const { records } = VerifactuRecords.parse(await res.json());
    expect(records.length).toBeGreaterThanOrEqual(7);
    checkChain(records);
    expect(records[0]!.HuellaAnterior).toBe('');
    // Staff may not read them; the chain cannot be rewritten.
    expect((await s.request(`/api/venues/${V}/verifactu/records`, { token: ctx.staff })).status).toBe(403);
    await expect(s.deps.db.run("UPDATE verifactu_records SET importe = '0.00'")).rejects.toThrow(/append-only/);
    await expect(s.deps.db.run('DELETE FROM verifactu_records')).rejects.toThrow(/append-only/);
    // The listener refused twice, then accepted: each pass retries what failed, the records arrive in chain order.
    // (Retries wait 1 ms, then 2, 4…: pass again until everything arrived.)
    const deadline = Date.now() + 5000;
    while (received.length < records.length && Date.now() < deadline) {
      await s.deps.verifactuOutbox.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(received.map((r) => r.body.Huella)).toEqual(records.map((r) => r.Huella));
    expect(received[0]!.body).toEqual(records[0]);
    const state = await s.deps.db.all<{ sent_at: number | null; attempts: number }>(
      'SELECT sent_at, attempts FROM verifactu_outbox ORDER BY record_seq',
    );
    expect(state.every((r) => r.sent_at !== null)).toBe(true);
    expect(state[0]!.attempts).toBe(3);
  });

  it("a receipt is public by its unguessable link; the day's cash and its CSV are the manager's", async () => {
    expect((await s.request('/api/receipts/nope-nope-nope-nope-nope')).status).toBe(404);
    const date = zonedIso(new Date(), 'America/Mexico_City').slice(0, 10);
    const res = await s.request(`/api/venues/${V}/cash?date=${date}`, { token: ctx.manager });
    expect(res.status).toBe(200);
    const day = CashDay.parse(await res.json());
    expect(day.receipts.length).toBeGreaterThanOrEqual(8);
    expect(day.byMethod.card.amount + day.byMethod.cash.amount).toBe(day.amount);
    expect(day.receipts.reduce((sum, r) => sum + r.total, 0)).toBe(day.total);
    expect(day.openBalances).toEqual([expect.objectContaining({ table: '5', balance: 3000 })]);
    const one = Receipt.parse(await (await s.request(`/api/receipts/${day.receipts[0]!.id}`)).json());
    expect(one.number).toBe(day.receipts[0]!.number);
    // Numbers of the day: 1, 2, 3… without a gap.
    // Gapless in each series (`FS` before the venue's tax id was confirmed, then the venue's own series under its issuer).
    const bySeries = Map.groupBy(day.receipts, (r) => r.number.split('-')[0]!);
    expect(bySeries.size).toBe(2);
    for (const list of bySeries.values())
      expect(list.map((r) => Number(r.number.split('-')[2]))).toEqual(list.map((_, i) => i + 1));
    const csv = await s.request(`/api/venues/${V}/cash/receipts.csv?date=${date}`, { token: ctx.manager });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe(
      'numero;fecha;mesa;pedido;metodo;base;impuesto;importe;propina;total;moneda;tipo;rectifica;proveedor;referencia_proveedor',
    );
    expect(rows).toHaveLength(day.receipts.length + 1);
    expect(rows[1]!.split(';')[0]).toBe(day.receipts[0]!.number);
    expect((await s.request(`/api/venues/${V}/cash?date=${date}`, { token: ctx.staff })).status).toBe(403);
    expect((await s.request(`/api/venues/${V}/cash?date=24-11-2026`, { token: ctx.manager })).status).toBe(422);
  });
});

describe('gapless receipt numbers under concurrency', () => {
  const onPostgres = Boolean(pgUrl());
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await testDatabase();
    a = await startTestServer({ ...NO_LIMITS, jwtSecret: 'shared-secret-0123456789abcdef0123' }, {}, database);
    // On PostgreSQL a second instance on the same database; SQLite has one process per file.
    b = onPostgres
      ? await startTestServer({ ...NO_LIMITS, jwtSecret: 'shared-secret-0123456789abcdef0123' }, {}, database)
      : a;
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
    await database.drop();
  });

  it(`40 payments at once${onPostgres ? ' on two instances' : ''}: no gap, no duplicate, one unbroken chain`, async () => {
    const ctx = await prepare(a);
    await makeSpanish(a, ctx.manager, ctx.venue);
    const kit = tableKit(a, ctx.tokens, ctx.staff);
    const tables = ['6', '7', '8', '9'];
    for (const table of tables) {
      const p = await kit.join(table, 'Gus');
      await kit.add(p.credential, ctx.product('Torta cubana'), 2); // 29 000
      await kit.send(p.credential);
    }
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const server = i % 2 ? b : a;
        return server.request(`/api/venues/${V}/tables/${tables[i % 4]}/payments`, {
          json: { amount: 100 + i, tip: 0, method: i % 3 ? 'card' : 'cash' },
          key: newKey(),
          token: ctx.staff,
        });
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
    const numbers = (
      await Promise.all(results.map(async (r) => PaymentResult.parse(await r.json()).receipt.number))
    ).map((n) => Number(n.split('-')[2]));
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const { records } = VerifactuRecords.parse(
      await (await b.request(`/api/venues/${V}/verifactu/records`, { token: ctx.manager })).json(),
    );
    expect(records).toHaveLength(40);
    checkChain(records);
    // The chain is in number order: each record was made under the issuer's lock, in the receipts' commit order.
    expect(records.map((r) => Number(r.NumSerieFactura.split('-')[2]))).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });
});

describe('payment requests per person are limited', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ ...NO_LIMITS, tablePayRequestLimit: { max: 2, windowSeconds: 600 } });
  });
  afterAll(async () => {
    await s.dispose();
  });

  it('a phone asking to pay in a loop is refused with 429, Retry-After and a Spanish sentence; the others still can, and nothing is lost', async () => {
    const ctx = await prepare(s);
    const kit = tableKit(s, ctx.tokens, ctx.staff);
    const ana = await kit.join('5', 'Ana');
    const beto = await kit.join('5', 'Beto');
    await kit.add(ana.credential, ctx.product('Guacamole con totopos'));
    await kit.send(ana.credential);
    const amount = { amount: 1000, tip: 0, method: 'card' };
    for (let i = 0; i < 2; i++) {
      const asked = await kit.ask(ana.credential, amount);
      expect(asked.status, await asked.clone().text()).toBe(201);
      const { id } = PaymentRequest.parse(await asked.json());
      expect(
        (
          await s.request(`/api/table-session/payment-requests/${id}`, {
            method: 'DELETE',
            headers: cred(ana.credential),
          })
        ).status,
      ).toBe(200);
    }
    const refused = await kit.ask(ana.credential, amount);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as Problem).detail).toMatch(
      /^Has pedido pagar muchas veces seguidas\. Podrás volver a pedirlo en \d+ (s|min)\.$/,
    );
    // Per person: Beto at the same table still asks, and his request is on the bill.
    const betoAsks = await kit.ask(beto.credential, amount);
    expect(betoAsks.status, await betoAsks.clone().text()).toBe(201);
    const bill = await kit.bill(ana.credential);
    expect(bill.requests.filter((r) => r.status === 'pending').map((r) => r.by)).toEqual(['Beto']);
    expect(bill.pending).toBe(1000);
  });
});
