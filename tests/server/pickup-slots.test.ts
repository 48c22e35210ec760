/**
 * Pickup and delivery times (docs/rules.md#pickup-times) on both databases: the slots of a day (hours, lead
 * time, the venue's zone and a DST change, days ahead), the last place of a slot taken once (on PostgreSQL by
 * two instances at once), «lo antes posible» quoted from the kitchen's open tickets, and staff moving a ready
 * time, which the order's stream receives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/contract/order.ts';
import type { PickupSlots } from '../../src/contract/pickup.ts';
import {
  newKey,
  openEvents,
  orderEvents,
  pgUrl,
  startTestServer,
  tacoOrder,
  testDatabase,
  type TestServer,
} from './helpers.ts';

const T = 'taqueria-el-guero';
const B = 'bar-el-cabanyal';
/** 20:05 on Friday 27 November 2026 in Ciudad de México (UTC−6). */
let clock = new Date('2026-11-28T02:05:00Z');
const now = () => clock;
const MINUTE = 60_000;

let database: Awaited<ReturnType<typeof testDatabase>>;
let a: TestServer;
/** A second instance on the same PostgreSQL database; on SQLite the same one. */
let b: TestServer;

beforeAll(async () => {
  database = await testDatabase();
  a = await startTestServer({}, { now }, database);
  b = pgUrl() ? await startTestServer({}, { now }, database) : a;
});
afterAll(async () => {
  await Promise.allSettled([a?.close(), b !== a ? b?.close() : undefined]);
  await database?.drop();
});

/** Writes part of a venue's document (as the editor does, `PUT`), and waits until both instances serve it. */
async function edit(id: string, change: (venue: Record<string, unknown>) => Record<string, unknown>) {
  const venue = (await (await a.request(`/api/venues/${id}`)).json()) as Record<string, unknown>;
  const put = await a.request(`/api/venues/${id}`, {
    method: 'PUT',
    token: await a.tokenFor('admin@umenu.test'),
    json: change(venue),
  });
  expect(put.status, await put.clone().text()).toBe(200);
  const { updatedAt } = (await put.json()) as { updatedAt: string };
  // The other instance learns it from the venue's event (a wait for that state, not for time).
  for (;;) {
    const seen = ((await (await b.request(`/api/venues/${id}`)).json()) as { updatedAt: string }).updatedAt;
    if (seen === updatedAt) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const slotsOf = async (s: TestServer, id: string, date?: string) => {
  const res = await s.request(`/api/venues/${id}/pickup-slots${date ? `?date=${date}` : ''}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PickupSlots;
};

const everyDay = (intervals: Array<{ open: string; close: string }>) =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, intervals]));

describe('the slots of a day', () => {
  beforeAll(async () => {
    clock = new Date('2026-11-28T02:05:00Z');
    await edit(T, (v) => ({
      ...v,
      hours: everyDay([
        { open: '13:00', close: '16:00' },
        { open: '20:00', close: '23:00' },
      ]),
      pickup: { slotMinutes: 15, ordersPerSlot: 3, leadMinutes: 20, daysAhead: 1 },
    }));
  });

  it("are inside the hours, in the venue's zone, after now and the lead time; tomorrow too; not the day after", async () => {
    const today = await slotsOf(a, T);
    expect(today.date).toBe('2026-11-27');
    expect(today.days).toEqual(['2026-11-27', '2026-11-28']);
    // 20:05 + 20 minutes of lead time: the first slot is 20:30, the last ends at closing time.
    expect(today.slots[0]).toEqual({
      start: '2026-11-27T20:30:00-06:00',
      end: '2026-11-27T20:45:00-06:00',
      remaining: 3,
    });
    expect(today.slots.at(-1)).toMatchObject({ start: '2026-11-27T22:45:00-06:00', end: '2026-11-27T23:00:00-06:00' });
    expect(today.slots).toHaveLength(10);
    const tomorrow = await slotsOf(b, T, '2026-11-28');
    expect(tomorrow.slots.map((s) => s.start.slice(11, 16))).toEqual([
      ...['13:00', '13:15', '13:30', '13:45', '14:00', '14:15', '14:30', '14:45', '15:00', '15:15', '15:30', '15:45'],
      ...['20:00', '20:15', '20:30', '20:45', '21:00', '21:15', '21:30', '21:45', '22:00', '22:15', '22:30', '22:45'],
    ]);
    const later = await a.request(`/api/venues/${T}/pickup-slots?date=2026-11-29`);
    expect(later.status).toBe(422);
    expect(((await later.json()) as { detail: string }).detail).toBe(
      'Esa fecha no está entre los días en que se puede pedir.',
    );
    expect((await a.request(`/api/venues/${T}/pickup-slots?date=mañana`)).status).toBe(422);
  });

  it('an order for a slot carries it as pickupAt and readyBy; a time that is no slot is refused', async () => {
    const { token } = await a.newDiner('slot-one@umenu.test');
    const res = await a.request('/api/orders', {
      token,
      key: newKey(),
      json: tacoOrder({ pickupAt: '2026-11-27T21:30:00-06:00' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const order = (await res.json()) as Order;
    expect(order).toMatchObject({ pickupAt: '2026-11-27T21:30:00-06:00', readyBy: '2026-11-27T21:30:00-06:00' });
    expect(order.asap).toBeUndefined();
    // The same instant written in UTC names the same slot; its places go down on the other instance.
    const slot = (await slotsOf(b, T)).slots.find((s) => s.start === '2026-11-27T21:30:00-06:00');
    expect(slot?.remaining).toBe(2);
    for (const pickupAt of ['2026-11-27T20:15:00-06:00', '2026-11-27T21:40:00-06:00', '2026-11-27T17:00:00-06:00']) {
      const refused = await a.request('/api/orders', { token, key: newKey(), json: tacoOrder({ pickupAt }) });
      expect(refused.status, pickupAt).toBe(422);
      expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.pickupAt).toEqual([
        'Hora no disponible',
      ]);
    }
    const both = await a.request('/api/orders', {
      token,
      key: newKey(),
      json: tacoOrder({ pickupAt: '2026-11-27T21:30:00-06:00', asap: true }),
    });
    expect(both.status).toBe(422);
  });

  it('a later slot can be ordered while the venue is closed now; «lo antes posible» cannot', async () => {
    const before = clock;
    // 23:30 in Ciudad de México: closed until 13:00 tomorrow.
    clock = new Date('2026-11-28T05:30:00Z');
    try {
      const { token } = await a.newDiner('slot-tomorrow@umenu.test');
      const later = await a.request('/api/orders', {
        token,
        key: newKey(),
        json: tacoOrder({ pickupAt: '2026-11-28T13:30:00-06:00' }),
      });
      expect(later.status, await later.clone().text()).toBe(201);
      expect((await later.json()) as Order).toMatchObject({ readyBy: '2026-11-28T13:30:00-06:00' });
      const asap = await a.request('/api/orders', { token, key: newKey(), json: tacoOrder({ asap: true }) });
      expect(asap.status).toBe(422);
      expect(((await asap.json()) as { type: string }).type).toBe('urn:umenu:problem:venue-closed');
    } finally {
      clock = before;
    }
  });

  it('follow the wall clock across a DST change (Europe/Madrid, 29 March 2026)', async () => {
    await edit(B, (v) => ({
      ...v,
      hours: everyDay([{ open: '00:00', close: '24:00' }]),
      pickup: { slotMinutes: 30, leadMinutes: 0 },
    }));
    clock = new Date('2026-03-28T22:50:00Z'); // 23:50 on the 28th in Valencia (UTC+1)
    const day = await slotsOf(a, B, undefined);
    expect(day.date).toBe('2026-03-28');
    expect(day.slots.map((s) => s.start)).toEqual(['2026-03-28T23:30:00+01:00'].slice(1));
    clock = new Date('2026-03-28T23:10:00Z'); // 00:10 on the 29th
    const sunday = await slotsOf(b, B);
    const starts = sunday.slots.map((s) => s.start);
    expect(starts.slice(0, 4)).toEqual([
      '2026-03-29T00:30:00+01:00',
      '2026-03-29T01:00:00+01:00',
      '2026-03-29T01:30:00+01:00',
      // 02:00 to 03:00 does not happen that night.
      '2026-03-29T03:00:00+02:00',
    ]);
    expect(sunday.slots[2]).toMatchObject({ end: '2026-03-29T03:00:00+02:00' });
    expect(starts).toContain('2026-03-29T21:30:00+02:00');
    expect(starts).toHaveLength(2 + 21 * 2 + 1);
    // 25 October 2026: 02:00 to 03:00 happens twice; each wall-clock slot once, the first time, then winter time.
    clock = new Date('2026-10-24T22:10:00Z'); // 00:10 on the 25th (UTC+2)
    const autumn = (await slotsOf(a, B)).slots;
    expect(autumn.slice(0, 6).map((s) => s.start)).toEqual([
      '2026-10-25T00:30:00+02:00',
      '2026-10-25T01:00:00+02:00',
      '2026-10-25T01:30:00+02:00',
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:30:00+02:00',
      '2026-10-25T03:00:00+01:00',
    ]);
    expect(autumn.find((s) => s.start === '2026-10-25T21:30:00+01:00')).toBeDefined();
    clock = new Date('2026-11-28T02:05:00Z');
  });
});

describe('the last place of a slot', () => {
  beforeAll(async () => {
    clock = new Date('2026-11-28T02:05:00Z');
    await edit(T, (v) => ({
      ...v,
      hours: everyDay([{ open: '00:00', close: '24:00' }]),
      pickup: { slotMinutes: 15, ordersPerSlot: 1, leadMinutes: 15, daysAhead: 0 },
    }));
  });

  it('goes to exactly one of many simultaneous orders on two instances; the others get 409 with the next free slots', async () => {
    const diners = await Promise.all(
      Array.from({ length: 6 }, (_, i) => a.newDiner(`last-place-${i}@umenu.test`).then((d) => d.token)),
    );
    const pickupAt = '2026-11-27T22:00:00-06:00';
    const answers = await Promise.all(
      diners.map((token, i) =>
        (i % 2 ? b : a).request('/api/orders', { token, key: newKey(), json: tacoOrder({ pickupAt }) }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const refused = (await answers.find((r) => r.status === 409)!.json()) as {
      type: string;
      title: string;
      detail: string;
      slots: Array<{ start: string; remaining: number }>;
    };
    expect(refused.type).toBe('urn:umenu:problem:slot-full');
    expect(refused.title).toBe('Esa hora se acaba de llenar');
    expect(refused.detail).toBe('Esa hora se acaba de llenar. Hay sitio a las 22:15, 22:30, 22:45.');
    expect(refused.slots.map((s) => s.start)).toEqual([
      '2026-11-27T22:15:00-06:00',
      '2026-11-27T22:30:00-06:00',
      '2026-11-27T22:45:00-06:00',
    ]);
    expect((await slotsOf(b, T)).slots.find((s) => s.start === pickupAt)?.remaining).toBe(0);
    const counted = await a.deps.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM orders WHERE venue_id = ? AND doc LIKE \'%"pickupAt":"2026-11-27T22:00:00-06:00"%\'',
      [T],
    );
    expect(Number(counted!.n)).toBe(1);
  });
});

describe('«lo antes posible»', () => {
  beforeAll(async () => {
    clock = new Date('2026-11-28T02:05:00Z');
    // Tacos take 12 minutes (their category's time); every other dish the default 10.
    await edit(T, (v) => ({
      ...v,
      hours: everyDay([{ open: '00:00', close: '24:00' }]),
      categories: (v.categories as Array<Record<string, unknown>>).map((c) =>
        c.id === 'tacos' ? { ...c, prepMinutes: 12 } : c,
      ),
    }));
    // An empty kitchen: every open ticket of the earlier tests is done.
    await a.deps.db.run("UPDATE tickets SET status = 'done' WHERE venue_id = ?", [T]);
  });

  it("is quoted from the kitchen's open tickets and grows with them", async () => {
    const { token } = await a.newDiner('asap@umenu.test');
    const minutesOf = (order: Order) => (Date.parse(order.readyBy!) - clock.getTime()) / MINUTE;
    const place = async () => {
      const res = await a.request('/api/orders', { token, key: newKey(), json: tacoOrder({ asap: true }) });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as Order;
    };
    const first = await place();
    expect(first.asap).toBe(true);
    expect(first.readyBy).toBe('2026-11-27T20:17:00-06:00');
    expect(minutesOf(first)).toBe(12);
    // Three open tickets of 12 minutes at the grill, three at a time: 12 minutes more.
    await place();
    const third = await place();
    expect(minutesOf(third)).toBe(12 + Math.ceil(24 / 3));
    const fourth = await place();
    expect(minutesOf(fourth)).toBe(12 + 12);
    // The slots list says the same for a cart of tacos, and less once the kitchen is done.
    const quoted = (await (
      await a.request(`/api/venues/${T}/pickup-slots?products=tacos-al-pastor`)
    ).json()) as PickupSlots;
    expect((Date.parse(quoted.asap!) - clock.getTime()) / MINUTE).toBe(12 + Math.ceil(48 / 3));
    await a.deps.db.run("UPDATE tickets SET status = 'done' WHERE venue_id = ?", [T]);
    const idle = (await (
      await b.request(`/api/venues/${T}/pickup-slots?products=tacos-al-pastor`)
    ).json()) as PickupSlots;
    expect((Date.parse(idle.asap!) - clock.getTime()) / MINUTE).toBe(12);
  });
});

describe('staff move a ready time', () => {
  it('«+10 min» moves readyBy, the order stream receives it, and only staff of the venue may', async () => {
    clock = new Date('2026-11-28T02:05:00Z');
    const diner = await a.newDiner('ready-by@umenu.test');
    const placed = await a.request('/api/orders', {
      token: diner.token,
      key: newKey(),
      json: tacoOrder({ asap: true }),
    });
    const order = (await placed.json()) as Order;
    const stream = await openEvents(b, `/api/orders/${order.id}/events`, diner.token);
    await stream.until((m) => orderEvents(m).length >= 1);
    const path = `/api/venues/${T}/orders/${order.id}/ready-by`;
    const staff = await a.tokenFor('cocina@umenu.test');
    const moved = await a.request(path, { token: staff, json: { minutes: 10 } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const after = (await moved.json()) as Order;
    expect(Date.parse(after.readyBy!) - Date.parse(order.readyBy!)).toBe(10 * MINUTE);
    const live = await stream.until((m) =>
      orderEvents(m).some((e) => (e.order as unknown as Order).readyBy === after.readyBy),
    );
    expect(live.length).toBeGreaterThan(1);
    stream.close();
    // The diner may see the order but not move it; another venue's staff learn nothing; no token: 401.
    expect((await a.request(path, { token: diner.token, json: { minutes: 10 } })).status).toBe(403);
    const other = await a.newDiner('other-staff@umenu.test', ['staff:cafe-la-macarena']);
    expect((await a.request(path, { token: other.token, json: { minutes: 10 } })).status).toBe(403);
    expect(
      (
        await a.request(`/api/venues/cafe-la-macarena/orders/${order.id}/ready-by`, {
          token: other.token,
          json: { minutes: 10 },
        })
      ).status,
    ).toBe(404);
    expect((await a.request(path, { json: { minutes: 10 } })).status).toBe(401);
    expect((await a.request(path, { token: staff, json: { minutes: 0 } })).status).toBe(422);
  });
});
