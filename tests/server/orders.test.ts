import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, OrderList } from '../../src/contract/order.ts';
import { newKey, startTestServer, tacoOrder, type TestServer } from './helpers.ts';
import { problemOf } from './table-kit.ts';

let s: TestServer;
let ana: string;
beforeAll(async () => {
  s = await startTestServer();
  ana = await s.tokenFor('ana@umenu.test');
});
afterAll(() => s.dispose());

const place = (body: unknown, token = ana, key = newKey()) => s.request('/api/orders', { token, key, json: body });

describe('POST /api/orders', () => {
  it('creates an order priced by the server, with a short number and its history', async () => {
    const res = await place(tacoOrder({ tip: { percent: 10 }, expectedTotal: 15180 }));
    expect(res.status).toBe(201);
    const order = Order.parse(await res.json());
    expect(order).toMatchObject({
      venueId: 'taqueria-el-guero',
      venueName: 'Taquería El Güero',
      status: 'received',
      subtotal: 13800,
      tip: 1380,
      deliveryFee: 0,
      total: 15180,
      currency: 'MXN',
      mode: 'pickup',
      payment: 'cash',
      timezone: 'America/Mexico_City',
    });
    expect(order.table).toBeUndefined();
    expect(order.number).toMatch(/^[A-Z]+-\d{3}$/);
    expect(order.lines[0]).toMatchObject({ name: 'Tacos al pastor', unitPrice: 6900, quantity: 2, lineTotal: 13800 });
    expect(order.lines[0]!.options.map((o) => o.name)).toEqual(['Orden de 3', 'Maíz']);
    expect(order.history).toEqual([{ status: 'received', at: order.createdAt }]);
    expect(res.headers.get('location')).toBe(`/api/orders/${order.id}`);
  });

  it('numbers orders A-001, A-002… per venue', async () => {
    const fresh = await startTestServer();
    try {
      const token = await fresh.tokenFor('ana@umenu.test');
      const numbers = [];
      for (let i = 0; i < 3; i++)
        numbers.push(
          ((await (await fresh.request('/api/orders', { token, key: newKey(), json: tacoOrder() })).json()) as Order)
            .number,
        );
      expect(numbers).toEqual(['A-001', 'A-002', 'A-003']);
    } finally {
      await fresh.dispose();
    }
  });

  it('the number the database writes is the one the answer, the order and its event say, past every block of 999', async () => {
    const fresh = await startTestServer();
    try {
      const token = await fresh.tokenFor('ana@umenu.test');
      const placeOne = async () =>
        Order.parse(await (await fresh.request('/api/orders', { token, key: newKey(), json: tacoOrder() })).json());
      expect((await placeOne()).number).toBe('A-001');
      const expected: Array<[number, string]> = [
        [999, 'A-999'],
        [1000, 'B-001'],
        [25974, 'Z-999'],
        [25975, 'AA-001'],
        [701298, 'ZZ-999'],
        [701299, 'AAA-001'],
      ];
      for (const [n, number] of expected) {
        await fresh.deps.db.run('UPDATE order_counters SET n = ? WHERE venue_id = ?', [n - 1, 'taqueria-el-guero']);
        const order = await placeOne();
        expect(order.number).toBe(number);
        expect(Order.parse(await (await fresh.request(`/api/orders/${order.id}`, { token })).json()).number).toBe(
          number,
        );
        const row = await fresh.deps.db.get<{ number: string; doc: string }>(
          'SELECT number, doc FROM orders WHERE id = ?',
          [order.id],
        );
        const event = await fresh.deps.db.get<{ data: string }>(
          "SELECT data FROM events WHERE order_id = ? AND type = 'order'",
          [order.id],
        );
        expect([
          row!.number,
          (JSON.parse(row!.doc) as Order).number,
          (JSON.parse(event!.data) as Order).number,
        ]).toEqual([number, number, number]);
        expect(JSON.parse(event!.data)).toEqual(order);
      }
    } finally {
      await fresh.dispose();
    }
  });

  it('adds option prices, the delivery fee and a fixed tip', async () => {
    const body = tacoOrder({
      mode: 'delivery',
      table: undefined,
      customer: { name: 'Ana', phone: '5512345678', address: 'Calle Durango 200, Roma Norte' },
      lines: [
        {
          productId: 'tacos-al-pastor',
          optionIds: ['cantidad-orden-de-5', 'tortilla-harina', 'extras-aguacate', 'salsas-verde'],
          quantity: 1,
        },
      ],
      tip: { amount: 2000 },
      expectedTotal: 6900 + 5600 + 500 + 2000 + 3500 + 2000,
    });
    const res = await place(body);
    expect(res.status).toBe(201);
    const order = Order.parse(await res.json());
    expect([order.subtotal, order.deliveryFee, order.tip, order.total]).toEqual([15000, 3500, 2000, 20500]);
    expect(order.customer.address).toBe('Calle Durango 200, Roma Norte');
  });

  it('answers 409 with the changed lines and the new total when a price changed', async () => {
    // Prices are changed by the venue's manager (staff may only mark dishes sold out).
    const staff = await s.tokenFor('gerente@umenu.test');
    const seen = 13800;
    const patch = await s.request('/api/venues/taqueria-el-guero/products/tacos-al-pastor', {
      method: 'PATCH',
      token: staff,
      json: { price: 7400 },
    });
    expect(patch.status).toBe(200);
    try {
      const res = await place(tacoOrder({ expectedTotal: seen }));
      expect(res.status).toBe(409);
      const body = await problemOf(res);
      expect(body.type).toBe('urn:umenu:problem:price-changed');
      expect(body.title).toBe('Los precios han cambiado');
      expect(body.total).toBe(14800);
      expect(body.changes).toEqual([
        {
          index: 0,
          productId: 'tacos-al-pastor',
          name: 'Tacos al pastor',
          expectedUnitPrice: 6900,
          unitPrice: 7400,
          quantity: 2,
        },
      ]);
      // Accepting the new total places the order.
      expect((await place(tacoOrder({ expectedTotal: 14800 }))).status).toBe(201);
    } finally {
      await s.request('/api/venues/taqueria-el-guero/products/tacos-al-pastor', {
        method: 'PATCH',
        token: staff,
        json: { price: 6900 },
      });
    }
  });

  it('refuses any price-like field the client sends', async () => {
    const withPrice = { ...tacoOrder(), lines: [{ ...tacoOrder().lines[0]!, unitPrice: 1 }] };
    const res = await place(withPrice);
    expect(res.status).toBe(422);
    expect(Object.keys((await problemOf(res)).errors ?? {})).toContain('lines.0');
    expect((await place({ ...tacoOrder(), total: 1 })).status).toBe(422);
  });

  it('refuses unavailable products and options with a clear problem', async () => {
    const res = await place(
      tacoOrder({
        lines: [{ productId: 'tacos-de-tripa', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 1 }],
        expectedTotal: 7900,
      }),
    );
    expect(res.status).toBe(422);
    const body = await problemOf(res);
    expect(body.type).toBe('urn:umenu:problem:unavailable');
    expect(body.detail).toContain('Tacos de tripa');
    const option = await place(
      tacoOrder({
        lines: [
          {
            productId: 'tacos-al-pastor',
            optionIds: ['cantidad-orden-de-3', 'tortilla-maiz', 'salsas-morita'],
            quantity: 1,
          },
        ],
        expectedTotal: 6900,
      }),
    );
    expect((await problemOf(option)).type).toBe('urn:umenu:problem:unavailable');
  });

  it('enforces option groups: required choices, maximums, unknown and repeated options', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['cantidad-orden-de-3'], /Tortilla/],
      [['cantidad-orden-de-3', 'tortilla-maiz', 'tortilla-harina'], /Tortilla/],
      [['cantidad-orden-de-3', 'tortilla-maiz', 'salsas-verde', 'salsas-roja', 'salsas-habanero'], /Salsas/],
      [['cantidad-orden-de-3', 'tortilla-maiz', 'no-such-option'], /no existe/],
      [['cantidad-orden-de-3', 'tortilla-maiz', 'tortilla-maiz'], /repetida/],
      [['cantidad-orden-de-3', 'tortilla-maiz', 'sabor-cola'], /no existe/],
    ];
    for (const [optionIds, message] of cases) {
      const res = await place(
        tacoOrder({ lines: [{ productId: 'tacos-al-pastor', optionIds, quantity: 1 }], expectedTotal: 6900 }),
      );
      expect(res.status, optionIds.join()).toBe(422);
      const body = await problemOf(res);
      expect(body.type).toBe('urn:umenu:problem:validation');
      expect(body.errors?.['lines.0.optionIds']?.join(' '), optionIds.join()).toMatch(message);
    }
  });

  it('enforces the order limits with field errors', async () => {
    const line = tacoOrder().lines[0]!;
    const cases: Array<[unknown, string]> = [
      [tacoOrder({ lines: [{ ...line, quantity: 0 }] }), 'lines.0.quantity'],
      [tacoOrder({ lines: [{ ...line, quantity: 100 }] }), 'lines.0.quantity'],
      [tacoOrder({ lines: [{ ...line, quantity: 1.5 }] }), 'lines.0.quantity'],
      [tacoOrder({ lines: Array.from({ length: 51 }, () => line) }), 'lines'],
      [tacoOrder({ lines: [] }), 'lines'],
      [tacoOrder({ lines: [{ ...line, note: 'x'.repeat(201) }] }), 'lines.0.note'],
      [tacoOrder({ note: 'x'.repeat(501) }), 'note'],
      [tacoOrder({ customer: { name: '   ', phone: '5512345678' } }), 'customer.name'],
      [tacoOrder({ customer: { name: 'x'.repeat(81), phone: '5512345678' } }), 'customer.name'],
      [tacoOrder({ customer: { name: 'Ana', phone: '12345' } }), 'customer.phone'],
      [tacoOrder({ customer: { name: 'Ana', phone: '55-1234-abcd' } }), 'customer.phone'],
      [tacoOrder({ mode: 'delivery', table: undefined, expectedTotal: 17300 }), 'customer.address'],
      [
        tacoOrder({ customer: { name: 'Ana', phone: '5512345678', address: 'x'.repeat(201) }, mode: 'delivery' }),
        'customer.address',
      ],
      [tacoOrder({ table: 'x'.repeat(21) }), 'table'],
      [tacoOrder({ payment: undefined }), 'payment'],
      [tacoOrder({ tip: { percent: 101 } }), 'tip'],
      [tacoOrder({ expectedTotal: -1 }), 'expectedTotal'],
      [tacoOrder({ venueId: 'no-existe' }), 'venueId'],
      [tacoOrder({ lines: [{ ...line, productId: 'no-existe' }] }), 'lines.0.productId'],
    ];
    for (const [body, field] of cases) {
      const res = await place(body);
      expect(res.status, field).toBe(422);
      const problem = await problemOf(res);
      expect(
        Object.keys(problem.errors ?? {}).some((k) => k === field || k.startsWith(`${field}.`)),
        `${field}: ${JSON.stringify(problem.errors)}`,
      ).toBe(true);
    }
  });

  it('refuses a mode the venue does not offer and an order below its minimum', async () => {
    const cafe = {
      venueId: 'cafe-la-macarena',
      mode: 'delivery',
      customer: { name: 'Ana', phone: '3001234567', address: 'Calle 1' },
      tip: { percent: 0 },
      payment: 'card',
      lines: [{ productId: 'pandebono', optionIds: [], quantity: 1 }],
      expectedTotal: 350000,
    };
    const res = await place(cafe);
    expect(res.status).toBe(422);
    expect((await problemOf(res)).errors).toHaveProperty(['mode']);
    const small = await place(
      tacoOrder({ lines: [{ productId: 'cafe-de-olla', optionIds: [], quantity: 1 }], expectedTotal: 3000 }),
    );
    expect(small.status).toBe(422);
    const body = await problemOf(small);
    expect(body.type).toBe('urn:umenu:problem:below-minimum');
    expect(body.minOrder).toBe(8000);
  });

  it('answers 400/415/413 problems for malformed, non-JSON and oversized bodies', async () => {
    const broken = await s.request('/api/orders', {
      method: 'POST',
      token: ana,
      key: newKey(),
      body: '{"venueId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    const text = await s.request('/api/orders', {
      method: 'POST',
      token: ana,
      key: newKey(),
      body: 'hola',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const huge = await s.request('/api/orders', {
      method: 'POST',
      token: ana,
      key: newKey(),
      body: JSON.stringify({ note: 'x'.repeat(70_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect((await problemOf(huge)).type).toBe('urn:umenu:problem:too-large');
    for (const body of ['null', '[]', '"x"', '42', '{"lines":{"0":1}}']) {
      const res = await s.request('/api/orders', {
        method: 'POST',
        token: ana,
        key: newKey(),
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(422);
    }
  });

  it('requires sign-in and an Idempotency-Key', async () => {
    expect((await s.request('/api/orders', { json: tacoOrder(), key: newKey() })).status).toBe(401);
    const res = await s.request('/api/orders', { json: tacoOrder(), token: ana });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).type).toBe('urn:umenu:problem:idempotency-key-missing');
  });
});

describe('venue hours and time-limited categories', () => {
  it('refuses orders when the venue is closed and breakfast after noon', async () => {
    // Monday 2026-11-23 13:00 in Valencia: the bar is closed on Mondays. 20:00Z = 15:00 in Bogotá: café open, breakfast over.
    let now = new Date('2026-11-23T12:00:00Z');
    const clocked = await startTestServer({}, { now: () => now });
    try {
      const token = await clocked.tokenFor('ana@umenu.test');
      const bar = {
        venueId: 'bar-el-cabanyal',
        mode: 'pickup',
        customer: { name: 'Ana', phone: '600123456' },
        tip: { percent: 0 },
        payment: 'cash',
        lines: [{ productId: 'croquetas-de-jamon-iberico', optionIds: [], quantity: 2 }],
        expectedTotal: 1700,
      };
      const closed = await clocked.request('/api/orders', { token, key: newKey(), json: bar });
      expect(closed.status).toBe(422);
      const body = await problemOf(closed);
      expect(body.type).toBe('urn:umenu:problem:venue-closed');
      expect(body.title).toBe('El local está cerrado');
      now = new Date('2026-11-24T12:00:00Z'); // Tuesday 13:00 in Valencia
      expect((await clocked.request('/api/orders', { token, key: newKey(), json: bar })).status).toBe(201);

      now = new Date('2026-11-24T20:00:00Z');
      const breakfast = {
        venueId: 'cafe-la-macarena',
        mode: 'pickup',
        customer: { name: 'Ana', phone: '3001234567' },
        tip: { percent: 0 },
        payment: 'cash',
        lines: [{ productId: 'changua', optionIds: [], quantity: 1 }],
        expectedTotal: 1450000,
      };
      const late = await clocked.request('/api/orders', { token, key: newKey(), json: breakfast });
      expect((await problemOf(late)).type).toBe('urn:umenu:problem:unavailable');
      now = new Date('2026-11-24T14:00:00Z'); // 09:00 in Bogotá
      expect((await clocked.request('/api/orders', { token, key: newKey(), json: breakfast })).status).toBe(201);
    } finally {
      await clocked.dispose();
    }
  });
});

describe('idempotency', () => {
  it('a repeat with the same key and body returns the first order and creates no other', async () => {
    const key = newKey();
    const before = await s.deps.orders.count();
    const first = Order.parse(await (await place(tacoOrder(), ana, key)).json());
    const again = await place(tacoOrder(), ana, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(Order.parse(await again.json()).id).toBe(first.id);
    expect(await s.deps.orders.count()).toBe(before + 1);
  });

  it('the same key with another body gets 422', async () => {
    const key = newKey();
    expect((await place(tacoOrder(), ana, key)).status).toBe(201);
    const other = await place(tacoOrder({ table: '6' }), ana, key);
    expect(other.status).toBe(422);
    expect((await problemOf(other)).type).toBe('urn:umenu:problem:idempotency-mismatch');
  });

  it('keys belong to a user: another user with the same key gets their own order', async () => {
    const key = newKey();
    const a = Order.parse(await (await place(tacoOrder(), ana, key)).json());
    const other = (await s.newDiner('luis@umenu.test')).token;
    const b = Order.parse(await (await place(tacoOrder(), other, key)).json());
    expect(b.id).not.toBe(a.id);
  });

  it('a failed attempt does not burn the key', async () => {
    const key = newKey();
    expect((await place(tacoOrder({ expectedTotal: 1 }), ana, key)).status).toBe(409);
    expect((await place(tacoOrder(), ana, key)).status).toBe(201);
  });

  it('concurrent duplicates create exactly one order (the others get it replayed or 409)', async () => {
    for (let round = 0; round < 5; round++) {
      const key = newKey();
      const before = await s.deps.orders.count();
      const responses = await Promise.all(Array.from({ length: 12 }, () => place(tacoOrder(), ana, key)));
      const statuses = responses.map((r) => r.status);
      expect(
        statuses.every((st) => st === 201 || st === 409),
        statuses.join(),
      ).toBe(true);
      expect(statuses).toContain(201);
      const ids = new Set<string>();
      for (const r of responses) {
        const body = (await r.json()) as { id?: string; type?: string };
        if (r.status === 201) ids.add(body.id!);
        else expect(body.type).toBe('urn:umenu:problem:idempotency-conflict');
      }
      expect(ids.size).toBe(1);
      expect(await s.deps.orders.count()).toBe(before + 1);
    }
  });
});

describe('reading orders and access between users', () => {
  it("lists my orders newest first, never anyone else's", async () => {
    const luis = await s.newDiner('luis2@umenu.test');
    const mine = Order.parse(await (await place(tacoOrder(), luis.token)).json());
    const second = Order.parse(await (await place(tacoOrder({ note: 'segundo' }), luis.token)).json());
    const list = OrderList.parse(await (await s.request('/api/orders', { token: luis.token })).json());
    expect(list.orders.map((o) => o.id)).toEqual([second.id, mine.id]);
    const anaList = OrderList.parse(await (await s.request('/api/orders', { token: ana })).json());
    expect(anaList.orders.some((o) => o.id === mine.id)).toBe(false);
  });

  it('another diner can neither read, stream nor change my order', async () => {
    const order = Order.parse(await (await place(tacoOrder())).json());
    const eve = (await s.newDiner('eve@umenu.test')).token;
    expect((await s.request(`/api/orders/${order.id}`, { token: eve })).status).toBe(404);
    expect((await s.request(`/api/orders/${order.id}/events`, { token: eve })).status).toBe(404);
    expect(
      (await s.request(`/api/orders/${order.id}/status`, { token: eve, json: { status: 'cancelled' } })).status,
    ).toBe(404);
    expect((await s.request(`/api/orders/${order.id}`, { token: ana })).status).toBe(200);
    expect((await s.request(`/api/orders/${order.id}`)).status).toBe(401);
  });

  it('the owner cannot move their own order along', async () => {
    const order = Order.parse(await (await place(tacoOrder())).json());
    const res = await s.request(`/api/orders/${order.id}/status`, { token: ana, json: { status: 'delivered' } });
    expect(res.status).toBe(403);
  });

  it("staff see and move only their venue's orders", async () => {
    const order = Order.parse(await (await place(tacoOrder())).json());
    const cafeStaff = (await s.newDiner('barista@umenu.test', ['staff:cafe-la-macarena'])).token;
    expect((await s.request(`/api/orders/${order.id}`, { token: cafeStaff })).status).toBe(404);
    expect((await s.request('/api/venues/taqueria-el-guero/orders', { token: cafeStaff })).status).toBe(403);
    expect(
      (await s.request(`/api/orders/${order.id}/status`, { token: cafeStaff, json: { status: 'preparing' } })).status,
    ).toBe(404);
    expect((await s.request('/api/venues/cafe-la-macarena/orders', { token: cafeStaff })).status).toBe(200);
    expect((await s.request('/api/venues/taqueria-el-guero/orders', { token: ana })).status).toBe(403);

    const cook = await s.tokenFor('cocina@umenu.test');
    expect((await s.request(`/api/orders/${order.id}`, { token: cook })).status).toBe(200);
    const admin = await s.tokenFor('admin@umenu.test');
    expect((await s.request(`/api/orders/${order.id}`, { token: admin })).status).toBe(200);
  });
});

describe('staff board and status transitions', () => {
  it('follows received → preparing → ready → delivered, keeps the history and refuses illegal moves', async () => {
    const cook = await s.tokenFor('cocina@umenu.test');
    const order = Order.parse(await (await place(tacoOrder())).json());
    const move = (status: string) => s.request(`/api/orders/${order.id}/status`, { token: cook, json: { status } });
    expect((await move('ready')).status).toBe(409);
    expect((await move('preparing')).status).toBe(200);
    const cancel = await move('cancelled');
    expect(cancel.status).toBe(409);
    expect((await problemOf(cancel)).type).toBe('urn:umenu:problem:invalid-transition');
    expect((await move('ready')).status).toBe(200);
    const done = Order.parse(await (await move('delivered')).json());
    expect(done.history.map((h) => h.status)).toEqual(['received', 'preparing', 'ready', 'delivered']);
    expect((await move('received')).status).toBe(409);
    expect((await move('bogus')).status).toBe(422);
    const mine = Order.parse(await (await s.request(`/api/orders/${order.id}`, { token: ana })).json());
    expect(mine.status).toBe('delivered');
  });

  it('cancels only before preparing', async () => {
    const cook = await s.tokenFor('cocina@umenu.test');
    const order = Order.parse(await (await place(tacoOrder())).json());
    const res = await s.request(`/api/orders/${order.id}/status`, { token: cook, json: { status: 'cancelled' } });
    expect(Order.parse(await res.json()).status).toBe('cancelled');
  });

  it('filters the board by status', async () => {
    const cook = await s.tokenFor('cocina@umenu.test');
    const order = Order.parse(await (await place(tacoOrder())).json());
    await s.request(`/api/orders/${order.id}/status`, { token: cook, json: { status: 'preparing' } });
    const board = (status: string) =>
      s.request(`/api/venues/taqueria-el-guero/orders?status=${status}`, { token: cook });
    const preparing = OrderList.parse(await (await board('preparing')).json());
    expect(preparing.orders.length).toBeGreaterThan(0);
    expect(preparing.orders.every((o) => o.status === 'preparing')).toBe(true);
    expect(preparing.orders.some((o) => o.id === order.id)).toBe(true);
    const open = OrderList.parse(await (await board('received,preparing')).json());
    expect(open.orders.every((o) => ['received', 'preparing'].includes(o.status))).toBe(true);
    expect((await board('nope')).status).toBe(422);
  });
});
