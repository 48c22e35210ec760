/**
 * Set menus and availability windows (docs/rules.md#set-menus-and-availability), against the demo's
 * «Menú del día» at Bar El Cabanyal: pricing (the set's price + supplements + the chosen dishes'
 * options, never their own prices), the choices' rules (422), days and hours in the venue's zone (a
 * window past midnight, a DST change day), sold-out choices, the price-change 409, kitchen tickets
 * per station and course, and the receipt. The server's clock is the test's (`ServerOptions.now`).
 * Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, type OrderInput } from '../../src/contract/order.ts';
import { TicketList, type Ticket } from '../../src/contract/kitchen.ts';
import { PaymentResult, Receipt, TableBill } from '../../src/contract/bill.ts';
import { TableSession } from '../../src/contract/table.ts';
import { JoinResult } from '../../src/contract/table.ts';
import type { Venue } from '../../src/contract/venue.ts';
import { newKey, startTestServer, type TestServer } from './helpers.ts';
import { renderJob } from '../../agent/print-ticket.ts';
import { cred, joinRequest, lineId, problemOf, tableTokens } from './table-kit.ts';

const V = 'bar-el-cabanyal';
const SET = 'menu-del-dia';
let s: TestServer;
let staff: string, manager: string, ana: string;
/** The server's clock: a Tuesday in Valencia at 14:00 (UTC+1) unless a test moves it. */
const TUESDAY_LUNCH = new Date('2026-11-24T13:00:00Z');
let clock = TUESDAY_LUNCH;

/** The demo's menú del día: a salad, the entrecot (+3,00 €) «Poco hecho», a white coffee (+0,30 €), a large beer (+1,30 €). */
const CHOICES = [
  { courseId: 'primer-plato', productId: 'ensalada-valenciana', optionIds: [] },
  { courseId: 'segundo-plato', productId: 'entrecot-a-la-brasa', optionIds: ['punto-de-la-carne-poco-hecho'] },
  { courseId: 'postre-o-cafe', productId: 'cafe', optionIds: ['cafe-con-leche'] },
  { courseId: 'bebida', productId: 'cana', optionIds: ['tamano-doble'] },
];
const PRICE = 1350 + 300 + 30 + 130;

function pickup(lines: OrderInput['lines'], expectedTotal: number): OrderInput {
  return {
    venueId: V,
    mode: 'pickup',
    customer: { name: 'Ana García', phone: '+34 600 123 456' },
    tip: { percent: 0 },
    payment: 'card',
    lines,
    expectedTotal,
  };
}
const setLine = (choices: OrderInput['lines'][number]['choices'] = CHOICES, quantity = 1) => ({
  productId: SET,
  optionIds: [],
  quantity,
  choices,
});
const order = (input: OrderInput) => s.request('/api/orders', { token: ana, key: newKey(), json: input });

async function venue(): Promise<Venue> {
  return (await (await s.request(`/api/venues/${V}`)).json()) as Venue;
}
/** Changes the venue through the editor's PUT (the manager's). */
async function edit(change: (v: Venue) => Venue): Promise<void> {
  const res = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: change(await venue()) });
  expect(res.status, await res.clone().text()).toBe(200);
}
const setAvailability = (availability: Venue['categories'][number]['products'][number]['availability']) =>
  edit((v) => ({
    ...v,
    categories: v.categories.map((c) => ({
      ...c,
      products: c.products.map((p) => (p.id === SET ? { ...p, availability } : p)),
    })),
  }));
const soldOut = (productId: string, available = false) =>
  s.request(`/api/venues/${V}/products/${productId}`, { method: 'PATCH', token: staff, json: { available } });

beforeAll(async () => {
  s = await startTestServer(
    { tableJoinLimit: null, tableJoinAddressLimit: null, tableBadTokenLimit: null, tableCartLimit: null },
    { now: () => clock },
  );
  staff = await s.tokenFor('cocina@umenu.test');
  manager = await s.tokenFor('gerente@umenu.test');
  ana = await s.tokenFor('ana@umenu.test');
});
afterAll(() => s?.dispose());

describe('pricing a set menu', () => {
  it('the set price + supplements + the chosen dishes options, never the chosen dishes own prices', async () => {
    const res = await order(pickup([setLine()], PRICE));
    expect(res.status, await res.clone().text()).toBe(201);
    const placed = Order.parse(await res.json());
    expect(placed.total).toBe(PRICE);
    expect(placed.lines[0]).toMatchObject({
      productId: SET,
      name: 'Menú del día',
      unitPrice: PRICE,
      options: [],
      included: [{ productId: 'pan-de-payes', name: 'Pan de payés' }],
    });
    expect(
      placed.lines[0]!.choices!.map((c) => [c.courseName, c.name, c.supplement, c.options.map((o) => o.name)]),
    ).toEqual([
      ['Primer plato', 'Ensalada valenciana', 0, []],
      ['Segundo plato', 'Entrecot a la brasa', 300, ['Poco hecho']],
      ['Postre o café', 'Café', 0, ['Con leche']],
      ['Bebida', 'Caña', 0, ['Doble']],
    ]);
  });

  it('a total made of the dishes own prices is answered 409 with the set line at its price', async () => {
    const dishes = 950 + 2200 + 150 + 30 + 220 + 130;
    const res = await order(pickup([setLine(CHOICES, 2)], dishes * 2));
    expect(res.status).toBe(409);
    const problem = (await res.json()) as { changes: Array<{ productId: string; unitPrice: number }>; total: number };
    expect(problem.total).toBe(PRICE * 2);
    expect(problem.changes).toEqual([
      { index: 0, productId: SET, name: 'Menú del día', unitPrice: PRICE, quantity: 2 },
    ]);
  });

  it('a supplement raised since the diner saw it: 409 with the price before and after', async () => {
    const raise = (supplement: number) =>
      edit((v) => ({
        ...v,
        categories: v.categories.map((c) => ({
          ...c,
          products: c.products.map((p) =>
            p.id === SET
              ? {
                  ...p,
                  courses: p.courses!.map((k) => ({
                    ...k,
                    choices: k.choices.map((ch) =>
                      ch.productId === 'entrecot-a-la-brasa' ? { ...ch, supplement } : ch,
                    ),
                  })),
                }
              : p,
          ),
        })),
      }));
    await raise(400);
    try {
      const res = await order(pickup([setLine()], PRICE));
      expect(res.status).toBe(409);
      const problem = (await res.json()) as { changes: unknown[] };
      expect(problem.changes).toEqual([
        {
          index: 0,
          productId: SET,
          name: 'Menú del día',
          expectedUnitPrice: PRICE,
          unitPrice: PRICE + 100,
          quantity: 1,
        },
      ]);
    } finally {
      await raise(300);
    }
  });
});

describe('the choices of a set menu', () => {
  it('a dish outside its course is refused (422), naming the dish and the course', async () => {
    const wrong = [{ ...CHOICES[0]!, productId: 'merluza-a-la-plancha' }, ...CHOICES.slice(1)];
    const res = await order(pickup([setLine(wrong)], PRICE));
    expect(res.status).toBe(422);
    expect((await problemOf(res)).errors).toMatchObject({
      'lines.0.choices.0': ['«Merluza a la plancha» no se puede elegir en «Primer plato».'],
    });
  });

  it('min and max per course; an optional course may be left out; a chosen dish keeps its own required options', async () => {
    const noMain = CHOICES.filter((c) => c.courseId !== 'segundo-plato');
    const two = [...CHOICES, { courseId: 'postre-o-cafe', productId: 'crema-catalana', optionIds: [] }];
    const noPoint = CHOICES.map((c) => (c.productId === 'entrecot-a-la-brasa' ? { ...c, optionIds: [] } : c));
    const errorsOf = async (choices: typeof CHOICES) => {
      const res = await order(pickup([setLine(choices)], PRICE));
      expect(res.status).toBe(422);
      return (await problemOf(res)).errors;
    };
    expect(await errorsOf(noMain)).toEqual({ 'lines.0.choices': ['Elige un plato en «Segundo plato».'] });
    expect(await errorsOf(two)).toEqual({ 'lines.0.choices': ['Elige como máximo un plato en «Postre o café».'] });
    expect(await errorsOf(noPoint)).toEqual({
      'lines.0.choices.1': ['Elige una opción de «Punto de la carne» para «Entrecot a la brasa».'],
    });
    const noDessert = CHOICES.filter((c) => c.courseId !== 'postre-o-cafe');
    const res = await order(pickup([setLine(noDessert)], PRICE - 30));
    expect(res.status, await res.clone().text()).toBe(201);
    // Choices on a dish that is not a set are refused too.
    const notSet = await order(
      pickup([{ productId: 'ensalada-valenciana', optionIds: [], quantity: 2, choices: CHOICES }], 1900),
    );
    expect(notSet.status).toBe(422);
  });
});

describe('days and hours in the venue zone', () => {
  it('outside its window (the venue open) the set is refused with the sentence of when it is served', async () => {
    clock = new Date('2026-11-24T11:45:00Z'); // Tuesday 12:45 in Valencia: open since 12:30, the menu from 13:00
    try {
      const res = await order(pickup([setLine()], PRICE));
      expect(res.status).toBe(422);
      const problem = await problemOf(res);
      expect(problem.detail).toBe(
        '«Menú del día» no se puede pedir ahora. Disponible de lunes a viernes, de 13:00 a 16:00.',
      );
      expect(problem.errors).toEqual({ 'lines.0': ['Fuera de horario'] });
      // Saturday lunch: the weekend rice menu is served, the weekday one is not.
      clock = new Date('2026-11-28T13:00:00Z');
      expect((await order(pickup([setLine()], PRICE))).status).toBe(422);
    } finally {
      clock = TUESDAY_LUNCH;
    }
  });

  it('a window past midnight belongs to the day it starts', async () => {
    const day = [{ open: '00:00', close: '24:00' }];
    await edit((v) => ({ ...v, hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day } }));
    await setAvailability([{ days: ['fri'], from: '22:00', until: '02:00' }]);
    try {
      const at = async (iso: string) => {
        clock = new Date(iso);
        return (await order(pickup([setLine()], PRICE))).status;
      };
      expect(await at('2026-11-27T20:59:00Z')).toBe(422); // Friday 21:59
      expect(await at('2026-11-28T00:30:00Z')).toBe(201); // Saturday 01:30: Friday's night
      expect(await at('2026-11-28T21:30:00Z')).toBe(422); // Saturday 22:30
    } finally {
      clock = TUESDAY_LUNCH;
    }
  });

  it('is read in the venue zone on a day the clocks change', async () => {
    await setAvailability([{ days: ['sun'], from: '13:00', until: '16:00' }]);
    try {
      const at = async (iso: string) => {
        clock = new Date(iso);
        return (await order(pickup([setLine()], PRICE))).status;
      };
      // Sunday 29 March 2026, UTC+2 from 02:00: 11:30Z is 13:30, 14:30Z is 16:30 (15:30 in winter time).
      expect(await at('2026-03-29T11:30:00Z')).toBe(201);
      expect(await at('2026-03-29T14:30:00Z')).toBe(422);
      // Sunday 25 October 2026, UTC+1 from 03:00: 11:30Z is 12:30 (13:30 in summer time), 14:30Z is 15:30.
      expect(await at('2026-10-25T11:30:00Z')).toBe(422);
      expect(await at('2026-10-25T14:30:00Z')).toBe(201);
    } finally {
      clock = TUESDAY_LUNCH;
      await setAvailability([{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '13:00', until: '16:00' }]);
    }
  });
});

describe('a category served part of the week', () => {
  it('its dishes are refused outside its windows with the sentence of when they are served', async () => {
    const weekend = [{ days: ['sat' as const, 'sun' as const], from: '12:00', until: '16:30' }];
    const setSalads = (availability?: typeof weekend) =>
      edit((v) => ({
        ...v,
        categories: v.categories.map((c) =>
          // `[]`: served whenever the venue is open (a body without `availability` would keep the windows).
          c.id === 'ensaladas' ? { ...c, availability: availability ?? [] } : c,
        ),
      }));
    await setSalads(weekend);
    try {
      const salad = [{ productId: 'ensalada-valenciana', optionIds: [], quantity: 2 }];
      const res = await order(pickup(salad, 1900));
      expect(res.status).toBe(422);
      expect((await problemOf(res)).detail).toBe(
        '«Ensalada valenciana» no se puede pedir ahora. Disponible los sábados y domingos, de 12:00 a 16:30.',
      );
      clock = new Date('2026-11-28T13:00:00Z'); // Saturday 14:00
      expect((await order(pickup(salad, 1900))).status).toBe(201);
    } finally {
      clock = TUESDAY_LUNCH;
      await setSalads();
    }
  });
});

describe('sold-out choices', () => {
  it('one sold-out dish disables only that choice; every dish of a required course sold out: the set is unavailable', async () => {
    const firsts = ['ensalada-valenciana', 'ensalada-de-tomate-de-el-perello', 'ensaladilla-rusa', 'esgarraet'];
    expect((await soldOut('ensalada-valenciana')).status).toBe(200);
    try {
      const refused = await order(pickup([setLine()], PRICE));
      expect(refused.status).toBe(422);
      expect((await problemOf(refused)).detail).toBe(
        'Ya no está disponible: Menú del día: Ensalada valenciana. Quítalo del carrito para continuar.',
      );
      const other = [{ ...CHOICES[0]!, productId: 'esgarraet' }, ...CHOICES.slice(1)];
      expect((await order(pickup([setLine(other)], PRICE))).status).toBe(201);
      // Every dessert sold out: the course is optional, the set is still served.
      for (const id of ['crema-catalana', 'tarta-de-queso-al-horno', 'naranjas-con-miel-y-canela', 'cafe'])
        expect((await soldOut(id)).status).toBe(200);
      const noDessert = other.filter((c) => c.courseId !== 'postre-o-cafe');
      expect((await order(pickup([setLine(noDessert)], PRICE - 30))).status).toBe(201);
      for (const id of firsts.slice(1)) expect((await soldOut(id)).status).toBe(200);
      const none = await order(pickup([setLine(noDessert)], PRICE - 30));
      expect(none.status).toBe(422);
      expect((await problemOf(none)).detail).toBe(
        'Ya no está disponible: Menú del día. Quítalo del carrito para continuar.',
      );
    } finally {
      for (const id of [...firsts, 'crema-catalana', 'tarta-de-queso-al-horno', 'naranjas-con-miel-y-canela', 'cafe'])
        await soldOut(id, true);
    }
  });
});

describe('a set menu at a table: tickets, the bill and the receipt', () => {
  const tickets = async (query: string): Promise<Ticket[]> =>
    TicketList.parse(await (await s.request(`/api/venues/${V}/tickets${query}`, { token: staff })).json()).tickets;
  const summary = (list: Ticket[], orderId: string) =>
    list
      .filter((t) => t.orderId === orderId)
      .map((t) => [t.station, t.course, t.lines.map((l) => `${l.name} (${l.set ?? ''})`)]);

  it('each chosen dish on its own station and course, marked with the set; the mains after «Marchar principales»', async () => {
    const tokens = await tableTokens(s, staff, V);
    const joined = await joinRequest(s, '7', tokens.get('7'), 'Ana', { venue: V });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const credential = JoinResult.parse(await joined.json()).credential;
    const put = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
      method: 'PUT',
      json: setLine(),
      headers: cred(credential),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const session = TableSession.parse(
      await (await s.request('/api/table-session', { headers: cred(credential) })).json(),
    );
    expect(session.cart.lines[0]).toMatchObject({ productId: SET, unitPrice: PRICE, quantity: 1 });
    expect(session.cart.lines[0]!.choices!.map((c) => c.name)).toEqual([
      'Ensalada valenciana',
      'Entrecot a la brasa',
      'Café',
      'Caña',
    ]);
    const res = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: PRICE },
      key: newKey(),
      headers: cred(credential),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const round = Order.parse(await res.json());

    expect(summary(await tickets('?status=open'), round.id)).toEqual([
      ['cocina', 'entrantes', ['Ensalada valenciana (Menú del día · 1º)', 'Pan de payés (Menú del día)']],
      ['barra', 'bebidas', ['Caña (Menú del día · 4º)']],
    ]);
    expect(summary(await tickets('?held=true'), round.id)).toEqual([
      ['cocina', 'principales', ['Entrecot a la brasa (Menú del día · 2º)']],
      ['barra', 'postres', ['Café (Menú del día · 3º)']],
    ]);
    const steak = (await tickets('?held=true')).find((t) => t.orderId === round.id && t.course === 'principales')!;
    expect(steak.lines[0]!.options).toEqual(['Poco hecho']);
    const fired = await s.request(`/api/venues/${V}/tables/7/courses/principales/fire`, {
      method: 'POST',
      token: staff,
    });
    expect(fired.status).toBe(200);
    expect(summary(await tickets('?station=cocina&status=open'), round.id)).toEqual([
      ['cocina', 'entrantes', ['Ensalada valenciana (Menú del día · 1º)', 'Pan de payés (Menú del día)']],
      ['cocina', 'principales', ['Entrecot a la brasa (Menú del día · 2º)']],
    ]);

    // The bill: one line for the set; paid whole, the receipt prints the set at its price with its dishes
    // listed under it, then the supplement and the options that cost more as lines of their own.
    const bill = TableBill.parse(
      await (await s.request('/api/table-session/bill', { headers: cred(credential) })).json(),
    );
    expect(bill.lines.map((l) => [l.name, l.lineTotal])).toEqual([['Menú del día', PRICE]]);
    const paid = await s.request(`/api/venues/${V}/tables/7/payments`, {
      json: { amount: PRICE, tip: 0, method: 'card', lineIds: [bill.lines[0]!.id] },
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
        quantity: 1,
        amount: 1350,
        taxRate: 1000,
        choices: [
          'Ensalada valenciana',
          'Entrecot a la brasa · Poco hecho',
          'Café · Con leche',
          'Caña · Doble',
          'Pan de payés',
        ],
      },
      { name: 'Suplemento Entrecot a la brasa', quantity: 1, amount: 300, taxRate: 1000 },
      { name: 'Café: Con leche', quantity: 1, amount: 30, taxRate: 1000 },
      { name: 'Caña: Doble', quantity: 1, amount: 130, taxRate: 1000 },
    ]);
    expect(receipt.amount).toBe(PRICE);
    // 18,10 € with 10 % VAT: base 16,45 €, tax 1,65 €; the VERI*FACTU totals are the receipt's.
    expect(receipt.taxes).toEqual([{ rate: 1000, base: 1645, tax: 165 }]);
    expect(receipt.verifactu).toMatchObject({ ImporteTotal: '18.10', CuotaTotal: '1.65' });

    // On the print agent's roll: the set's dishes under its line, and a ticket line says which set and course.
    const job = { id: 'j', seq: 1, duplicate: false, createdAt: receipt.issuedAt, stationName: 'Cocina' };
    const printer = { id: 'p', name: 'Cocina', host: '192.168.1.50', port: 9100, width: 48 };
    const printed = (j: Parameters<typeof renderJob>[0]) =>
      Buffer.from(renderJob(j, { name: 'Bar El Cabanyal', timezone: 'Europe/Madrid' })).toString('latin1');
    // (Code page 858: the accented letters are other bytes than latin-1's, matched with «.».)
    const roll = printed({ ...job, printer, receipt });
    expect(roll).toMatch(/1 x Men. del d.a +13,50 ./);
    expect(roll).toMatch(/ {3}Entrecot a la brasa . Poco hecho/);
    expect(roll).toMatch(/1 x Suplemento Entrecot a la brasa +3,00 ./);
    expect(printed({ ...job, printer, ticket: steak })).toMatch(/\[Men. del d.a . 2.\]/);
  });

  it('a line edited keeps the new choices; the bill shares a set as one dish, its dishes listed on the share', async () => {
    const tokens = await tableTokens(s, staff, V);
    const joined = await joinRequest(s, '8', tokens.get('8'), 'Luis', { venue: V });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const credential = JoinResult.parse(await joined.json()).credential;
    const id = lineId();
    const put = (choices: typeof CHOICES) =>
      s.request(`/api/table-session/cart/lines/${id}`, {
        method: 'PUT',
        json: setLine(choices),
        headers: cred(credential),
      });
    expect((await put(CHOICES)).status).toBe(200);
    // Edited in the dialog: the merluza instead of the entrecot, no coffee.
    const edited = [
      CHOICES[0]!,
      { courseId: 'segundo-plato', productId: 'merluza-a-la-plancha', optionIds: [] },
      CHOICES[3]!,
    ];
    const res = await put(edited);
    expect(res.status, await res.clone().text()).toBe(200);
    const line = TableSession.parse(await res.json()).cart.lines.find((l) => l.id === id)!;
    expect(line.unitPrice).toBe(1350 + 130);
    expect(line.choices!.map((c) => c.name)).toEqual(['Ensalada valenciana', 'Merluza a la plancha', 'Caña']);
    const round = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: 1480 },
      key: newKey(),
      headers: cred(credential),
    });
    expect(round.status, await round.clone().text()).toBe(201);
    const bill = TableBill.parse(
      await (await s.request('/api/table-session/bill', { headers: cred(credential) })).json(),
    );
    expect(bill.lines.map((l) => [l.name, l.lineTotal, l.choices?.length])).toEqual([['Menú del día', 1480, 3]]);
    const asked = await s.request('/api/table-session/payment-requests', {
      json: { shares: [{ lineId: bill.lines[0]!.id, of: 2 }], tip: 0, method: 'card' },
      headers: cred(credential),
    });
    expect(asked.status, await asked.clone().text()).toBe(201);
    const request = (await asked.json()) as { id: string; amount: number };
    expect(request.amount).toBe(740);
    const paid = await s.request(`/api/venues/${V}/tables/8/payments`, {
      json: { amount: 740, tip: 0, method: 'card', requestId: request.id },
      key: newKey(),
      token: staff,
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    expect(PaymentResult.parse(await paid.json()).receipt.lines).toEqual([
      {
        name: 'Menú del día',
        quantity: 1,
        amount: 740,
        taxRate: 1000,
        share: { index: 1, of: 2 },
        choices: ['Ensalada valenciana', 'Merluza a la plancha', 'Caña · Doble', 'Pan de payés'],
      },
    ]);
  });

  it('a pickup set goes to the kitchen at once, every course', async () => {
    const res = await order(pickup([setLine()], PRICE));
    expect(res.status).toBe(201);
    const placed = Order.parse(await res.json());
    expect((await tickets('?held=true')).filter((t) => t.orderId === placed.id)).toEqual([]);
    expect(
      summary(await tickets('?status=open'), placed.id)
        .flatMap(([, , lines]) => lines as string[])
        .sort(),
    ).toEqual([
      'Café (Menú del día · 3º)',
      'Caña (Menú del día · 4º)',
      'Ensalada valenciana (Menú del día · 1º)',
      'Entrecot a la brasa (Menú del día · 2º)',
      'Pan de payés (Menú del día)',
    ]);
  });
});

describe('the editor', () => {
  it('refuses a set whose choices are not dishes of the venue, or are sets', async () => {
    const v = await venue();
    const withChoice = (productId: string): Venue => ({
      ...v,
      categories: v.categories.map((c) => ({
        ...c,
        products: c.products.map((p) =>
          p.id === SET
            ? {
                ...p,
                courses: p.courses!.map((k, i) => (i === 0 ? { ...k, choices: [...k.choices, { productId }] } : k)),
              }
            : p,
        ),
      })),
    });
    const unknown = await s.request(`/api/venues/${V}`, {
      method: 'PUT',
      token: manager,
      json: withChoice('no-existe'),
    });
    expect(unknown.status).toBe(422);
    expect(Object.values((await problemOf(unknown)).errors ?? {}).flat()).toContain(
      'El plato «no-existe» no existe en este local',
    );
    const nested = await s.request(`/api/venues/${V}`, {
      method: 'PUT',
      token: manager,
      json: withChoice('menu-de-arroz'),
    });
    expect(nested.status).toBe(422);
    expect(Object.values((await problemOf(nested)).errors ?? {}).flat()).toContain(
      '«menu-de-arroz» es un menú: un menú no puede elegirse dentro de otro',
    );
  });

  it('keeps a set and its windows when a body says nothing of them (an editor that does not show them yet)', async () => {
    const strip = (v: Venue): Venue => ({
      ...v,
      categories: v.categories.map((c) => ({
        ...c,
        products: c.products.map(({ kind: _k, courses: _c, included: _i, availability: _a, ...p }) => p),
      })),
    });
    await edit(strip);
    const kept = (await venue()).categories.flatMap((c) => c.products).find((p) => p.id === SET)!;
    expect(kept.kind).toBe('set');
    expect(kept.courses!.map((c) => c.id)).toEqual(['primer-plato', 'segundo-plato', 'postre-o-cafe', 'bebida']);
    expect(kept.included).toEqual(['pan-de-payes']);
    expect(kept.availability).toEqual([{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '13:00', until: '16:00' }]);
    // Such a body deleting a dish the kept set offers is refused, naming it.
    const v = await venue();
    const withoutCafe = strip({
      ...v,
      categories: v.categories.map((c) => ({ ...c, products: c.products.filter((p) => p.id !== 'cafe') })),
    });
    const res = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: withoutCafe });
    expect(res.status).toBe(422);
    expect(Object.values((await problemOf(res)).errors ?? {}).flat()).toContain(
      'El plato «cafe» no existe en este local',
    );
  });

  it('keeps the courses translations when a body leaves them out, like any dish', async () => {
    const before = (await venue()).categories.flatMap((c) => c.products).find((p) => p.id === SET)!;
    expect(before.courses![1]!.translations?.en?.name).toBe('Main course');
    await edit((v) => ({
      ...v,
      categories: v.categories.map((c) => ({
        ...c,
        products: c.products.map((p) =>
          p.id === SET ? { ...p, courses: p.courses!.map(({ translations: _t, ...k }) => k) } : p,
        ),
      })),
    }));
    const after = (await venue()).categories.flatMap((c) => c.products).find((p) => p.id === SET)!;
    expect(after.courses![1]!.translations?.en?.name).toBe('Main course');
  });
});
