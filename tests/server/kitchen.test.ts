/**
 * The kitchen (docs/rules.md#the-kitchen): every order split into one ticket per station in its own
 * transaction, a station's queue, bump and reopen, the order's `ready` rule, held courses at a
 * table and «Marchar», who may do what, the venue's stations and courses in the editor's PUT,
 * and the cost of an order on PostgreSQL (round trips). Runs on SQLite and, in the `server-pg`
 * project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FiredCourse, Ticket, TicketList, type Ticket as TicketT } from '../../src/contract/kitchen.ts';
import { Order, type OrderInput } from '../../src/contract/order.ts';
import { Venue, type Venue as VenueT } from '../../src/contract/venue.ts';
import { newKey, openEvents, pgUrl, startTestServer, tacoOrder, testDatabase, type TestServer } from './helpers.ts';
import { cred, joinTable, lineId, problemOf, tableTokens } from './table-kit.ts';
import { openDatabase } from '../../server/platform/db/database.ts';
import { migrate, statementsOf, STEPS } from '../../server/platform/db/migrations.ts';
import { schemaSnapshot } from './schema-snapshot.ts';
import { ceiling } from '../ceiling.ts';

const V = 'taqueria-el-guero';
let s: TestServer;
let staff: string, manager: string, admin: string, ana: string, otherStaff: string;
let venue: VenueT;
const logLines: string[] = [];

/** A line of `productId` with the first option of every required group, and its price. */
function line(productId: string, quantity = 1): { input: OrderInput['lines'][number]; total: number } {
  const product = venue.categories.flatMap((c) => c.products).find((p) => p.id === productId)!;
  const options = product.optionGroups.flatMap((g) => g.options.filter((o) => o.available).slice(0, g.min));
  return {
    input: { productId, optionIds: options.map((o) => o.id), quantity },
    total: (product.price + options.reduce((sum, o) => sum + o.priceDelta, 0)) * quantity,
  };
}

function pickup(productIds: Array<string | [string, number]>): OrderInput {
  const lines = productIds.map((p) => (Array.isArray(p) ? line(p[0], p[1]) : line(p)));
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

async function place(input: OrderInput, token = ana): Promise<Order> {
  const res = await s.request('/api/orders', { token, key: newKey(), json: input });
  expect(res.status, await res.clone().text()).toBe(201);
  return Order.parse(await res.json());
}

async function tickets(query: string, token = staff): Promise<TicketT[]> {
  const res = await s.request(`/api/venues/${V}/tickets${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return TicketList.parse(await res.json()).tickets;
}
const ofOrder = (list: TicketT[], order: Order) => list.filter((t) => t.orderId === order.id);
const bump = (id: string, action: 'done' | 'reopen' = 'done', token = staff) =>
  s.request(`/api/venues/${V}/tickets/${id}/${action}`, { method: 'POST', token });
const orderOf = async (id: string) =>
  Order.parse(await (await s.request(`/api/orders/${id}`, { token: staff })).json());

beforeAll(async () => {
  s = await startTestServer(
    {
      log: 'json',
      tableJoinLimit: null,
      tableJoinAddressLimit: null,
      tableBadTokenLimit: null,
      tableCartLimit: null,
      tableCartSessionLimit: null,
    },
    { logTo: { write: (l) => logLines.push(l) } },
  );
  staff = await s.tokenFor('cocina@umenu.test');
  manager = await s.tokenFor('gerente@umenu.test');
  admin = await s.tokenFor('admin@umenu.test');
  ana = await s.tokenFor('ana@umenu.test');
  otherStaff = (await s.newDiner('barra-otra@umenu.test', ['staff:bar-el-cabanyal'])).token;
  venue = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
});
afterAll(() => s?.dispose());

describe('an order split into tickets', () => {
  it('one ticket per station that has lines, with what the station needs to know', async () => {
    expect(venue.stations).toEqual([
      { id: 'cocina', name: 'Cocina' },
      { id: 'barra', name: 'Barra' },
    ]);
    const order = await place(pickup([['tacos-al-pastor', 2], 'agua-de-jamaica', 'guacamole-con-totopos']));
    const cocina = ofOrder(await tickets('?station=cocina&status=open'), order);
    const barra = ofOrder(await tickets('?station=barra&status=open'), order);
    expect(cocina).toHaveLength(1);
    expect(barra).toHaveLength(1);
    expect(cocina[0]).toEqual({
      id: expect.any(String),
      orderId: order.id,
      orderNumber: order.number,
      station: 'cocina',
      mode: 'pickup',
      customer: 'Ana García',
      createdAt: order.createdAt,
      status: 'open',
      // Lines in the meal's order: the starter before the tacos; a ticket of two courses names each line's.
      lines: [
        // Each line names the order line it comes from (a void finds it: docs/rules.md#the-floor).
        { name: 'Guacamole con totopos', options: [], quantity: 1, course: 'entrantes', orderLine: 2 },
        { name: 'Tacos al pastor', options: ['Orden de 3', 'Maíz'], quantity: 2, course: 'principales', orderLine: 0 },
      ],
    });
    expect(barra[0]).toMatchObject({
      station: 'barra',
      course: 'bebidas',
      lines: [{ name: 'Agua de jamaica', options: ['Chico (500 ml)'], quantity: 1 }],
    });
    expect(barra[0]!.held).toBeUndefined();
    // Every station's tickets without `station`; an order with one station's dishes only, one ticket.
    expect(
      ofOrder(await tickets(''), order)
        .map((t) => t.station)
        .sort(),
    ).toEqual(['barra', 'cocina']);
    const tacosOnly = await place(pickup([['tacos-al-pastor', 2]]));
    expect(ofOrder(await tickets(''), tacosOnly)).toHaveLength(1);
    // One order's tickets (the board's «Reimprimir»), whatever their status.
    const ofThatOrder = await tickets(`?order=${order.id}`);
    expect(ofThatOrder.map((t) => [t.orderId, t.station])).toEqual([
      [order.id, 'cocina'],
      [order.id, 'barra'],
    ]);
    expect(await tickets('?order=no-such-order')).toEqual([]);
  });

  it('a station sees its open tickets oldest first', async () => {
    const first = await place(pickup([['tacos-al-pastor', 2]]));
    const second = await place(pickup([['tacos-al-pastor', 3]]));
    const ids = (await tickets('?station=cocina&status=open')).map((t) => t.orderId);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
  });

  it("the dish's station wins over its category's (set in the editor's PUT)", async () => {
    const edited = structuredClone(venue);
    edited.categories.find((c) => c.id === 'postres')!.products.find((p) => p.id === 'flan-napolitano')!.station =
      'barra';
    const saved = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: edited });
    expect(saved.status, await saved.clone().text()).toBe(200);
    try {
      const order = await place(pickup([['tacos-al-pastor', 2], 'flan-napolitano', 'arroz-con-leche']));
      const mine = ofOrder(await tickets('?status=open'), order);
      expect(mine.map((t) => t.station)).toEqual(['cocina', 'barra']);
      expect(mine[0]!.lines.map((l) => l.name)).toEqual(['Tacos al pastor', 'Arroz con leche']);
      expect(mine[1]!.lines.map((l) => l.name)).toEqual(['Flan napolitano']);
    } finally {
      const { updatedAt: _u, ...restored } = venue;
      expect((await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: restored })).status).toBe(200);
    }
  });
});

describe('bump and reopen', () => {
  it("done and reopen are idempotent, move the ticket between the queues and reach the board's stream", async () => {
    const board = await openEvents(s, `/api/venues/${V}/orders/events`, staff);
    try {
      await board.until((m) => m.some((e) => e.event === 'ready'));
      const order = await place(pickup([['tacos-al-pastor', 2], 'agua-de-jamaica']));
      const [ticket] = ofOrder(await tickets('?station=cocina&status=open'), order);
      // A new ticket arrives on the venue's stream.
      await board.until((m) =>
        m.some((e) => e.event === 'ticket' && (JSON.parse(e.data!) as TicketT).id === ticket!.id),
      );
      for (let i = 0; i < 2; i++) {
        const res = await bump(ticket!.id);
        expect(res.status).toBe(200);
        expect(Ticket.parse(await res.json())).toEqual({ ...ticket, status: 'done' });
      }
      expect(ofOrder(await tickets('?station=cocina&status=open'), order)).toEqual([]);
      expect(ofOrder(await tickets('?station=cocina&status=done'), order).map((t) => t.id)).toEqual([ticket!.id]);
      const messages = await board.until((m) =>
        m.some((e) => e.event === 'ticket' && (JSON.parse(e.data!) as TicketT).status === 'done'),
      );
      // The repeat changed nothing: one event for the bump.
      expect(
        messages
          .filter((e) => e.event === 'ticket' && (JSON.parse(e.data!) as TicketT).id === ticket!.id)
          .map((e) => (JSON.parse(e.data!) as TicketT).status),
      ).toEqual(['open', 'done']);
      for (let i = 0; i < 2; i++) {
        const res = await bump(ticket!.id, 'reopen');
        expect(res.status).toBe(200);
        expect(Ticket.parse(await res.json()).status).toBe('open');
      }
      expect(ofOrder(await tickets('?station=cocina&status=open'), order).map((t) => t.id)).toEqual([ticket!.id]);
      await board.until(
        (m) => m.filter((e) => e.event === 'ticket' && (JSON.parse(e.data!) as TicketT).id === ticket!.id).length === 3,
      );
      // Only one of the order's two tickets was ever done: the order has not moved.
      expect((await orderOf(order.id)).status).toBe('received');
    } finally {
      board.close();
    }
  });

  it('the order is ready when every ticket of it is done, live for the diner; reopening does not move it back', async () => {
    const order = await place(pickup([['tacos-al-pastor', 2], 'agua-de-jamaica']));
    const diner = await openEvents(s, `/api/orders/${order.id}/events`, ana);
    try {
      const mine = ofOrder(await tickets('?status=open'), order);
      expect(mine).toHaveLength(2);
      expect((await bump(mine[0]!.id)).status).toBe(200);
      expect((await orderOf(order.id)).status).toBe('received');
      expect((await bump(mine[1]!.id)).status).toBe(200);
      const ready = (await (await s.request(`/api/orders/${order.id}`, { token: ana })).json()) as Order;
      expect(ready.status).toBe('ready');
      expect(ready.history.map((h) => h.status)).toEqual(['received', 'preparing', 'ready']);
      await diner.until((m) => m.some((e) => e.event === 'order' && (JSON.parse(e.data!) as Order).status === 'ready'));
      // The diner's stream carries the order, never the kitchen's tickets.
      expect(diner.messages().some((e) => e.event === 'ticket')).toBe(false);
      // A repeated bump and a reopen leave the order ready.
      expect((await bump(mine[1]!.id)).status).toBe(200);
      expect((await bump(mine[0]!.id, 'reopen')).status).toBe(200);
      expect((await orderOf(order.id)).status).toBe('ready');
      expect((await orderOf(order.id)).history).toHaveLength(3);
    } finally {
      diner.close();
    }
  });

  it('the last two tickets of an order bumped at the same moment make it ready', async () => {
    for (let i = 0; i < 3; i++) {
      const order = await place(pickup([['tacos-al-pastor', 2], 'agua-de-jamaica']));
      const mine = ofOrder(await tickets('?status=open'), order);
      const answers = await Promise.all(mine.map((t) => bump(t.id)));
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect((await orderOf(order.id)).status).toBe('ready');
    }
  });

  it("a cancelled order's tickets leave the stations, on the stream too, and cannot be reopened", async () => {
    const board = await openEvents(s, `/api/venues/${V}/orders/events`, staff);
    try {
      await board.until((m) => m.some((e) => e.event === 'ready'));
      const order = await place(pickup([['tacos-al-pastor', 2], 'agua-de-jamaica']));
      const mine = ofOrder(await tickets('?status=open'), order);
      expect(mine).toHaveLength(2);
      expect(
        (await s.request(`/api/orders/${order.id}/status`, { token: staff, json: { status: 'cancelled' } })).status,
      ).toBe(200);
      expect(ofOrder(await tickets('?status=open'), order)).toEqual([]);
      expect(ofOrder(await tickets('?status=done'), order).map((t) => [t.status, t.cancelled])).toEqual([
        ['done', true],
        ['done', true],
      ]);
      await board.until(
        (m) =>
          m.filter(
            (e) =>
              e.event === 'ticket' &&
              (JSON.parse(e.data!) as TicketT).orderId === order.id &&
              (JSON.parse(e.data!) as TicketT).cancelled,
          ).length === 2,
      );
      const reopen = await bump(mine[0]!.id, 'reopen');
      expect(reopen.status).toBe(409);
      expect((await problemOf(reopen)).detail).toBe('Ese pedido se canceló: su comanda no vuelve a cocina.');
      // Done stays done; the order stays cancelled.
      expect((await bump(mine[0]!.id)).status).toBe(200);
      expect((await orderOf(order.id)).status).toBe('cancelled');
    } finally {
      board.close();
    }
  });

  it('an order the board already moved to preparing goes straight to ready', async () => {
    const order = await place(pickup([['tacos-al-pastor', 2]]));
    expect(
      (await s.request(`/api/orders/${order.id}/status`, { token: staff, json: { status: 'preparing' } })).status,
    ).toBe(200);
    const [ticket] = ofOrder(await tickets('?station=cocina'), order);
    expect((await bump(ticket!.id)).status).toBe(200);
    expect((await orderOf(order.id)).history.map((h) => h.status)).toEqual(['received', 'preparing', 'ready']);
  });
});

describe('who may see and bump tickets', () => {
  it("staff, managers and admins of the venue; diners and another venue's staff are refused", async () => {
    const order = await place(pickup([['tacos-al-pastor', 2]]));
    const [ticket] = ofOrder(await tickets('?station=cocina'), order);
    for (const token of [manager, admin]) expect(ofOrder(await tickets('', token), order)).toHaveLength(1);
    for (const token of [ana, otherStaff]) {
      const list = await s.request(`/api/venues/${V}/tickets`, { token });
      expect(list.status).toBe(403);
      expect((await problemOf(list)).detail).toBe('Solo el personal de este local puede ver sus comandas.');
      expect((await bump(ticket!.id, 'done', token)).status).toBe(403);
      expect((await bump(ticket!.id, 'reopen', token)).status).toBe(403);
      expect(
        (await s.request(`/api/venues/${V}/tables/5/courses/postres/fire`, { method: 'POST', token })).status,
      ).toBe(403);
    }
    expect((await s.request(`/api/venues/${V}/tickets`)).status).toBe(401);
    expect((await s.request(`/api/venues/no-existe/tickets`, { token: staff })).status).toBe(404);
    // Another venue's ticket id is not found at this one.
    expect(
      (await s.request(`/api/venues/bar-el-cabanyal/tickets/${ticket!.id}/done`, { method: 'POST', token: admin }))
        .status,
    ).toBe(404);
    expect((await bump('no-existe')).status).toBe(404);
    expect((await tickets(`?station=cocina`)).find((t) => t.id === ticket!.id)!.status).toBe('open');
  });

  it('an unknown station, status or course is refused in Spanish', async () => {
    const station = await s.request(`/api/venues/${V}/tickets?station=horno`, { token: staff });
    expect(station.status).toBe(422);
    expect((await problemOf(station)).errors).toEqual({ station: ['La estación «horno» no existe en este local.'] });
    expect((await s.request(`/api/venues/${V}/tickets?status=cerrado`, { token: staff })).status).toBe(422);
    const course = await s.request(`/api/venues/${V}/tables/5/courses/cafes/fire`, { method: 'POST', token: staff });
    expect(course.status).toBe(422);
    expect((await problemOf(course)).detail).toBe('Tiempo desconocido: usa bebidas, entrantes, principales o postres.');
  });
});

describe('held courses at a table', () => {
  async function seat(table: string): Promise<string> {
    return (await joinTable(s, await tableTokens(s, staff), table, 'Eva')).credential;
  }
  async function round(credential: string, products: Array<string | [string, number]>): Promise<Order> {
    let total = 0;
    for (const p of products) {
      const l = Array.isArray(p) ? line(p[0], p[1]) : line(p);
      total += l.total;
      const put = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
        method: 'PUT',
        json: l.input,
        headers: cred(credential),
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }
    const res = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: total },
      key: newKey(),
      headers: cred(credential),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return Order.parse(await res.json());
  }
  const fire = (table: string, course: string, token = staff) =>
    s.request(`/api/venues/${V}/tables/${encodeURIComponent(table)}/courses/${course}/fire`, { method: 'POST', token });

  it('drinks and the first course go at once, later courses wait for «Marchar»', async () => {
    const eva = await seat('4');
    const first = await round(eva, [
      'agua-de-jamaica',
      'guacamole-con-totopos',
      ['tacos-al-pastor', 2],
      'flan-napolitano',
    ]);
    const released = ofOrder(await tickets('?status=open'), first);
    expect(released.map((t) => [t.station, t.course, t.table])).toEqual(
      [
        ['cocina', 'entrantes', '4'],
        ['barra', 'bebidas', '4'],
      ].sort((a, b) => (a[0] === 'cocina' ? -1 : 1) - (b[0] === 'cocina' ? -1 : 1)),
    );
    expect(released.find((t) => t.course === 'entrantes')!.lines).toEqual([
      { name: 'Guacamole con totopos', options: [], quantity: 1, by: 'Eva', course: 'entrantes', orderLine: 1 },
    ]);
    const held = ofOrder(await tickets('?held=true'), first);
    expect(held.map((t) => [t.course, t.held])).toEqual([
      ['principales', true],
      ['postres', true],
    ]);
    // A held ticket cannot be bumped before it is fired.
    const early = await bump(held[0]!.id);
    expect(early.status).toBe(409);
    expect((await problemOf(early)).detail).toBe('Esa comanda espera «Marchar principales».');

    // A later round's starter goes at once (the table is on starters); its mains wait with the others.
    const second = await round(eva, ['esquites', 'tacos-de-suadero']);
    expect(ofOrder(await tickets('?status=open'), second).map((t) => t.course)).toEqual(['entrantes']);
    expect(ofOrder(await tickets('?held=true'), second).map((t) => t.course)).toEqual(['principales']);

    const fired = await fire('4', 'principales');
    expect(fired.status).toBe(200);
    const body = FiredCourse.parse(await fired.json());
    expect(body.tickets.map((t) => t.orderId)).toEqual([first.id, second.id]);
    expect(body.tickets.every((t) => !t.held && t.status === 'open' && t.firedAt)).toBe(true);
    const cocina = await tickets('?station=cocina&status=open');
    expect(cocina.filter((t) => t.table === '4').map((t) => t.course)).toEqual([
      'entrantes',
      'entrantes',
      'principales',
      'principales',
    ]);
    // Firing again releases nothing more; desserts still wait.
    expect(FiredCourse.parse(await (await fire('4', 'principales')).json()).tickets).toEqual([]);
    expect(ofOrder(await tickets('?held=true'), first).map((t) => t.course)).toEqual(['postres']);

    // The table is on mains now: mains sent later go at once.
    const third = await round(eva, ['tacos-al-pastor']);
    expect(ofOrder(await tickets('?status=open'), third).map((t) => t.course)).toEqual(['principales']);

    // The first order is ready only once its fired and its held tickets are all done.
    for (const t of ofOrder(await tickets('?status=open'), first)) expect((await bump(t.id)).status).toBe(200);
    expect((await orderOf(first.id)).status).toBe('received');
    expect(FiredCourse.parse(await (await fire('4', 'postres')).json()).tickets.map((t) => t.orderId)).toEqual([
      first.id,
    ]);
    const [postre] = ofOrder(await tickets('?status=open'), first);
    expect((await bump(postre!.id)).status).toBe(200);
    expect((await orderOf(first.id)).status).toBe('ready');
  });

  it('a table without an open session has nothing to fire', async () => {
    const res = await fire('12', 'postres');
    expect(res.status).toBe(404);
    expect((await problemOf(res)).detail).toBe('La mesa 12 no tiene una sesión abierta.');
  });

  it('a venue that does not hold courses sends everything at once, one ticket per station', async () => {
    const edited = { ...structuredClone(venue), holdCourses: false };
    expect((await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: edited })).status).toBe(200);
    try {
      const eva = await seat('6');
      const order = await round(eva, [
        'guacamole-con-totopos',
        ['tacos-al-pastor', 2],
        'flan-napolitano',
        'agua-de-jamaica',
      ]);
      const mine = ofOrder(await tickets('?status=open'), order);
      expect(mine.map((t) => t.station)).toEqual(['cocina', 'barra']);
      expect(mine[0]!.course).toBeUndefined();
      expect(mine[0]!.lines.map((l) => l.name)).toEqual([
        'Guacamole con totopos',
        'Tacos al pastor',
        'Flan napolitano',
      ]);
      expect(ofOrder(await tickets('?held=true'), order)).toEqual([]);
    } finally {
      const { updatedAt: _u, ...restored } = venue;
      expect((await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: restored })).status).toBe(200);
    }
  });
});

describe("stations and courses in the editor's PUT", () => {
  it('are kept, and a station that does not exist is refused in Spanish at its field', async () => {
    const current = Venue.parse(await (await s.request(`/api/venues/${V}`)).json());
    expect(current.categories.find((c) => c.id === 'bebidas')).toMatchObject({ station: 'barra', course: 'bebidas' });
    const edited = structuredClone(venue);
    edited.categories[0]!.station = 'horno';
    edited.categories[1]!.products[0]!.station = 'plancha';
    const res = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: edited });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).errors).toMatchObject({
      'categories.0.station': ['La estación «horno» no existe: añádela en las estaciones del local'],
      'categories.1.products.0.station': ['La estación «plancha» no existe: añádela en las estaciones del local'],
    });
    const noStations = await s.request(`/api/venues/${V}`, {
      method: 'PUT',
      token: manager,
      json: { ...venue, stations: [] },
    });
    expect(noStations.status).toBe(422);
    expect((await problemOf(noStations)).errors).toMatchObject({ stations: ['Añade al menos una estación'] });
    const twice = await s.request(`/api/venues/${V}`, {
      method: 'PUT',
      token: manager,
      json: {
        ...venue,
        stations: [
          { id: 'cocina', name: 'Cocina' },
          { id: 'cocina', name: 'Otra' },
        ],
      },
    });
    expect((await problemOf(twice)).errors).toMatchObject({ stations: ['Hay estaciones repetidas'] });
    const badCourse = structuredClone(venue) as unknown as { categories: Array<Record<string, unknown>> };
    badCourse.categories[0]!.course = 'aperitivos';
    const course = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: badCourse });
    expect((await problemOf(course)).errors).toMatchObject({
      'categories.0.course': ['Tiempo desconocido: usa bebidas, entrantes, principales o postres'],
    });
    // Nothing was saved.
    expect(Venue.parse(await (await s.request(`/api/venues/${V}`)).json())).toEqual(current);
  });

  it('a venue without stations has one, «Cocina», and every dish goes there', async () => {
    const { stations: _s, ...bare } = structuredClone(venue);
    for (const c of bare.categories) {
      delete c.station;
      for (const p of c.products) delete p.station;
    }
    expect((await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: bare })).status).toBe(200);
    try {
      const order = await place(pickup([['tacos-al-pastor', 2], 'agua-de-jamaica']));
      expect(ofOrder(await tickets('?station=cocina'), order).map((t) => t.lines.length)).toEqual([2]);
      expect((await s.request(`/api/venues/${V}/tickets?station=barra`, { token: staff })).status).toBe(422);
    } finally {
      const { updatedAt: _u, ...restored } = venue;
      expect((await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: restored })).status).toBe(200);
    }
  });
});

describe.skipIf(!pgUrl())('the cost of an order on PostgreSQL', () => {
  it("POST /api/orders takes at most 4 round trips with its tickets (one INSERT in the order's batch)", async () => {
    logLines.length = 0;
    for (let i = 0; i < 3; i++) await place(pickup([['tacos-al-pastor', 2], 'agua-de-jamaica', 'flan-napolitano']));
    const orders = logLines
      .map((l) => JSON.parse(l) as { method?: string; route?: string; status?: number; dbRoundTrips?: number })
      .filter((l) => l.method === 'POST' && l.route === '/api/orders' && l.status === 201);
    expect(orders).toHaveLength(3);
    // Measured here: 3 each — 2 for the order and its tickets (their INSERT and events ride in the order's batch), and
    // the read of the kitchen's open tickets that quotes «lo antes posible» (docs/rules.md#pickup-times).
    for (const o of orders) expect(o.dbRoundTrips).toBeLessThanOrEqual(4);
  });
});

describe('upgrading a database from before the kitchen', () => {
  it(
    'a database of the previous step gets the tickets table (the same schema as a new one), and the next order its tickets',
    async () => {
      const database = await testDatabase();
      const open = () =>
        openDatabase({
          ...(database.config.databaseUrl ? { url: database.config.databaseUrl } : {}),
          path: database.config.dbPath!,
        });
      let upgraded: TestServer | undefined;
      try {
        const old = await open();
        try {
          // Every step before the kitchen's, recorded as the migrations of that time recorded them (later steps follow on the upgrade).
          await old.startup(async (tx) => {
            await tx.run(
              'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
            );
            const kitchenStep = STEPS.findIndex((step) => step.name === 'kitchen tickets');
            expect(kitchenStep).toBeGreaterThan(0);
            const before = STEPS.slice(0, kitchenStep);
            for (const [i, step] of before.entries()) {
              for (const statement of statementsOf(step, tx.dialect)) await tx.run(statement);
              await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
                i + 1,
                step.name,
                new Date().toISOString(),
              ]);
            }
          });
          expect(Object.keys(await schemaSnapshot(old))).not.toContain('tickets');
        } finally {
          await old.close();
        }
        upgraded = await startTestServer({}, {}, database);
        const snapshot = await schemaSnapshot(upgraded.deps.db);
        expect(Object.keys(snapshot.tickets!.columns)).toEqual(
          expect.arrayContaining(['id', 'order_id', 'station', 'course', 'held', 'status', 'doc']),
        );
        const fresh = await testDatabase();
        const db = await openDatabase({
          ...(fresh.config.databaseUrl ? { url: fresh.config.databaseUrl } : {}),
          path: fresh.config.dbPath!,
        });
        try {
          expect(snapshot).toEqual(
            await db.startup(async (tx) => {
              await migrate(tx);
              return schemaSnapshot(tx);
            }),
          );
        } finally {
          await db.close();
          await fresh.drop();
        }
        const token = await upgraded.tokenFor('ana@umenu.test');
        const res = await upgraded.request('/api/orders', { token, key: newKey(), json: tacoOrder() });
        expect(res.status).toBe(201);
        const order = Order.parse(await res.json());
        const list = await upgraded.request(`/api/venues/${V}/tickets?station=cocina`, {
          token: await upgraded.tokenFor('cocina@umenu.test'),
        });
        expect(TicketList.parse(await list.json()).tickets.map((t) => t.orderId)).toEqual([order.id]);
      } finally {
        await upgraded?.dispose();
        await database.drop();
      }
    },
    ceiling(60_000),
  );
});
