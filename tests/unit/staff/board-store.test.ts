// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '../../../src/contract/kitchen.ts';
import type { Order, OrderStatus } from '../../../src/contract/order.ts';
import type { StaffTableSession, TableCall } from '../../../src/contract/table.ts';
import type { VenueSummary } from '../../../src/contract/venue.ts';
import { follows } from '../fake-stream.ts';

const fetchVenueOrders = vi.fn<(venueId: string, statuses: readonly OrderStatus[]) => Promise<Order[]>>();
const fetchVenueSummaries = vi.fn<() => Promise<VenueSummary[]>>();
const fetchTableSessions = vi.fn<(venueId: string) => Promise<StaffTableSession[]>>();
const fetchHeldTickets = vi.fn<() => Promise<Ticket[]>>();
const toastInfo = vi.fn();
const toastWarning = vi.fn();
vi.mock('../../../src/lib/event-stream.ts', () => import('../fake-stream.ts'));
vi.mock('../../../src/features/staff/api.ts', () => ({
  fetchVenueOrders: (venueId: string, statuses: readonly OrderStatus[]) => fetchVenueOrders(venueId, statuses),
  fetchVenueSummaries: () => fetchVenueSummaries(),
  fetchTableSessions: (venueId: string) => fetchTableSessions(venueId),
  fetchStations: () =>
    Promise.resolve([
      { id: 'cocina', name: 'Cocina' },
      { id: 'barra', name: 'Barra' },
    ]),
  fetchHeldTickets: () => fetchHeldTickets(),
  changeOrderStatus: vi.fn(),
}));
vi.mock('../../../src/shell/toast.ts', () => ({
  toast: {
    info: (...args: unknown[]) => toastInfo(...args),
    warning: (...args: unknown[]) => toastWarning(...args),
    error: vi.fn(),
  },
}));

const { applyCallAcknowledged, applyFired, applyTableClosed, boardStore } =
  await import('../../../src/features/staff/board-store.ts');

const STEPS: OrderStatus[] = ['received', 'preparing', 'ready', 'delivered'];
const order = (id: string, status: OrderStatus): Order => ({
  id,
  number: `A-${id}`,
  venueId: 'v',
  venueName: 'V',
  mode: 'pickup',
  status,
  history: STEPS.slice(0, STEPS.indexOf(status) + 1).map((s) => ({ status: s, at: new Date().toISOString() })),
  customer: { name: 'Ana', phone: '5551234567' },
  payment: 'cash',
  lines: [],
  subtotal: 0,
  tip: 0,
  deliveryFee: 0,
  total: 0,
  currency: 'MXN',
  createdAt: new Date().toISOString(),
});
const call = (id: string, kind: TableCall['kind'] = 'waiter'): TableCall => ({
  id,
  kind,
  at: new Date().toISOString(),
  participantId: 'p1',
  by: kind === 'bill' ? 'Mateo' : 'Lucía',
});
const session = (
  id: string,
  table: string,
  calls: TableCall[] = [],
  change: Partial<StaffTableSession> = {},
): StaffTableSession => ({
  id,
  table,
  status: 'open',
  openedAt: new Date().toISOString(),
  participants: [{ id: `p-${id}`, name: 'Ana', joinedAt: new Date().toISOString() }],
  cartCount: 0,
  rounds: [],
  calls,
  ...change,
});
const venue = (name: string) =>
  ({ id: 'v', name, city: 'CDMX', locale: 'es-MX', timezone: 'America/Mexico_City' }) as unknown as VenueSummary;

beforeEach(() => {
  vi.useFakeTimers();
  follows.length = 0;
  fetchVenueOrders.mockReset();
  fetchVenueSummaries.mockReset();
  toastInfo.mockReset();
  toastWarning.mockReset();
  fetchTableSessions.mockReset();
  fetchTableSessions.mockResolvedValue([]);
  fetchHeldTickets.mockReset();
  fetchHeldTickets.mockResolvedValue([]);
});
afterEach(() => vi.useRealTimers());

describe('boardStore', () => {
  it('resumes its venue stream, replaces orders by id (replays show nothing twice) and announces a new order once', async () => {
    let active = [order('1', 'received')];
    fetchVenueOrders.mockImplementation(async (_, statuses) => (statuses.includes('received') ? active : []));
    fetchVenueSummaries.mockResolvedValue([venue('Taquería')]);
    const $board = boardStore('v');
    const unsubscribe = $board.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect($board.get()).toMatchObject({ gate: 'ready', venue: { name: 'Taquería' } });
    const stream = follows[0]!;
    expect(stream.handlers.resumeKey).toBe('venues/v/orders/events');
    stream.up();
    await vi.advanceTimersByTimeAsync(0);
    expect($board.get().live).toBe(true);

    // Order 2 arrives live; after a reconnection the server replays it (and the poll finds it too).
    stream.send('order', order('2', 'received'), 11);
    stream.down();
    active = [order('1', 'received'), order('2', 'received')];
    stream.up();
    stream.send('order', order('2', 'received'), 11);
    stream.send('order', order('1', 'preparing'), 12);
    stream.send('order', order('1', 'received'), 10); // stale copy
    await vi.advanceTimersByTimeAsync(0);
    const { orders } = $board.get();
    expect(orders.map((o) => `${o.id}:${o.status}`).sort()).toEqual(['1:preparing', '2:received']);
    expect(toastInfo).toHaveBeenCalledTimes(1);
    expect(toastInfo).toHaveBeenCalledWith('Nuevo pedido A-2', expect.objectContaining({ id: 'new-order-2' }));
    await vi.advanceTimersByTimeAsync(100);
    expect($board.get().announcement).toBe('Nuevo pedido A-2');

    // The venue's menu changed: the venue is fetched again.
    fetchVenueSummaries.mockResolvedValue([venue('Taquería El Güero')]);
    stream.send('venue', { venueId: 'v', updatedAt: new Date().toISOString() }, 13);
    await vi.advanceTimersByTimeAsync(0);
    expect($board.get().venue?.name).toBe('Taquería El Güero');

    unsubscribe();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(stream.stopped).toBe(true);
  });

  it('an order that arrives over the stream while a poll is out stays on the board when that older poll answers', async () => {
    let answer: (orders: Order[]) => void = () => {};
    let first = true;
    fetchVenueOrders.mockImplementation(async (_, statuses) => {
      if (!statuses.includes('received')) return [];
      if (first) {
        first = false;
        return [order('r1', 'received')];
      }
      // The catch-up poll when the stream comes up: it answers only later, without the new order.
      return new Promise<Order[]>((resolve) => {
        answer = resolve;
      });
    });
    fetchVenueSummaries.mockResolvedValue([venue('Taquería')]);
    const $board = boardStore('race');
    const unsubscribe = $board.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const stream = follows[0]!;
    stream.up();
    await vi.advanceTimersByTimeAsync(0);
    stream.send('order', order('r2', 'received'), 20);
    await vi.advanceTimersByTimeAsync(0);
    expect(
      $board
        .get()
        .orders.map((o) => o.id)
        .sort(),
    ).toEqual(['r1', 'r2']);
    answer([order('r1', 'received')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(
      $board
        .get()
        .orders.map((o) => o.id)
        .sort(),
    ).toEqual(['r1', 'r2']);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(2_000);
  });

  it('keeps the open tables live: sessions, calls announced once, acknowledged and closed tables leave', async () => {
    fetchVenueOrders.mockResolvedValue([]);
    fetchVenueSummaries.mockResolvedValue([venue('Taquería')]);
    fetchTableSessions.mockResolvedValue([session('s1', '3', [call('c0')])]);
    const $board = boardStore('t');
    const unsubscribe = $board.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    // The first read shows the tables; a call already open then is not "new".
    expect($board.get()).toMatchObject({ tablesLoaded: true, tables: [{ id: 's1', table: '3' }] });
    expect(toastWarning).not.toHaveBeenCalled();
    const stream = follows.at(-1)!;
    stream.up();
    await vi.advanceTimersByTimeAsync(0);

    // Someone sits at table 5 and calls the waiter; the same copy replayed after a reconnection announces nothing more.
    stream.send('table', session('s2', '5'), 21);
    stream.send('table', session('s2', '5', [call('c1')]), 22);
    stream.send('table', session('s2', '5', [call('c1')]), 22);
    await vi.advanceTimersByTimeAsync(100);
    expect(
      $board
        .get()
        .tables.map((t) => t.table)
        .sort(),
    ).toEqual(['3', '5']);
    expect(toastWarning).toHaveBeenCalledTimes(1);
    expect(toastWarning).toHaveBeenCalledWith(
      'Mesa 5 · Lucía llama al mesero',
      expect.objectContaining({ id: 'table-call-c1' }),
    );
    expect($board.get().announcement).toBe('Mesa 5 · Lucía llama al mesero');

    // A call and a round arriving together are read together.
    stream.send('table', session('s2', '5', [call('c1'), call('c2', 'bill')]), 23);
    stream.send('order', { ...order('9', 'received'), mode: 'table', table: '5' }, 24);
    await vi.advanceTimersByTimeAsync(100);
    expect($board.get().announcement).toBe('Mesa 5 · Mateo pide la cuenta. Nuevo pedido A-9');

    applyCallAcknowledged('t', 'c1');
    expect(
      $board
        .get()
        .tables.find((t) => t.table === '5')
        ?.calls.map((c) => c.id),
    ).toEqual(['c2']);
    applyTableClosed('t', '3');
    expect($board.get().tables.map((t) => t.table)).toEqual(['5']);
    // Closed elsewhere: the stream says so.
    stream.send('table', session('s2', '5', [], { status: 'closed', closedAt: new Date().toISOString() }), 25);
    await vi.advanceTimersByTimeAsync(0);
    expect($board.get().tables).toEqual([]);

    // A copy that cannot be read makes the store read the list again.
    fetchTableSessions.mockClear();
    fetchTableSessions.mockResolvedValue([session('s4', '7')]);
    stream.send('table', { nonsense: true }, 26);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchTableSessions).toHaveBeenCalledTimes(1);
    expect($board.get().tables.map((t) => t.table)).toEqual(['7']);

    unsubscribe();
    await vi.advanceTimersByTimeAsync(2_000);
  });

  it("a table's cart size follows `event: table-cart`; an unknown table makes the store read the list", async () => {
    fetchVenueOrders.mockResolvedValue([]);
    fetchVenueSummaries.mockResolvedValue([venue('Taquería')]);
    fetchTableSessions.mockResolvedValue([session('s1', '3')]);
    const $board = boardStore('cart');
    const unsubscribe = $board.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const stream = follows.at(-1)!;
    stream.up();
    await vi.advanceTimersByTimeAsync(0);
    fetchTableSessions.mockClear();
    stream.send('table-cart', { id: 's1', table: '3', cartCount: 4 }, 40);
    await vi.advanceTimersByTimeAsync(0);
    expect($board.get().tables.map((t) => [t.table, t.cartCount])).toEqual([['3', 4]]);
    expect(fetchTableSessions).not.toHaveBeenCalled();
    fetchTableSessions.mockResolvedValue([session('s1', '3'), session('s5', '8')]);
    stream.send('table-cart', { id: 's5', table: '8', cartCount: 1 }, 41);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchTableSessions).toHaveBeenCalledTimes(1);
    expect(
      $board
        .get()
        .tables.map((t) => t.table)
        .sort(),
    ).toEqual(['3', '8']);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(2_000);
  });

  it('a list read while the stream changes a table keeps the stream copy', async () => {
    fetchVenueOrders.mockResolvedValue([]);
    fetchVenueSummaries.mockResolvedValue([venue('Taquería')]);
    const $board = boardStore('u');
    const unsubscribe = $board.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const stream = follows.at(-1)!;
    // The list is read (stream coming up) while table 2 is closed over the stream.
    let answer: (list: StaffTableSession[]) => void = () => {};
    fetchTableSessions.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    stream.up();
    await vi.advanceTimersByTimeAsync(0);
    stream.send('table', session('s2', '2', [], { status: 'closed', closedAt: new Date().toISOString() }), 31);
    stream.send('table', session('s3', '4', [call('c9')]), 32);
    answer([session('s2', '2'), session('s3', '4')]);
    await vi.advanceTimersByTimeAsync(0);
    expect($board.get().tables.map((t) => `${t.table}:${t.calls.length}`)).toEqual(['4:1']);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(2_000);
  });

  it('knows the stations and the held courses: a ticket held arrives, a fired one leaves (from the stream or our own «Marchar»)', async () => {
    const held = (id: string, course: Ticket['course'], change: Partial<Ticket> = {}): Ticket => ({
      id,
      orderId: 'o1',
      orderNumber: 'A-1',
      station: 'cocina',
      mode: 'table',
      table: '3',
      customer: 'Mesa 3',
      createdAt: new Date().toISOString(),
      course,
      lines: [],
      status: 'open',
      held: true,
      ...change,
    });
    fetchVenueOrders.mockResolvedValue([]);
    fetchVenueSummaries.mockResolvedValue([venue('Taquería')]);
    fetchHeldTickets.mockResolvedValue([held('t1', 'principales')]);
    const $board = boardStore('held-v');
    const unsubscribe = $board.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect($board.get().stations.map((s) => s.name)).toEqual(['Cocina', 'Barra']);
    expect($board.get().held.map((t) => t.id)).toEqual(['t1']);
    const stream = follows.at(-1)!;
    stream.up();
    await vi.advanceTimersByTimeAsync(0);
    stream.send('ticket', held('t2', 'postres'), 21);
    await vi.advanceTimersByTimeAsync(0);
    expect(
      $board
        .get()
        .held.map((t) => t.id)
        .sort(),
    ).toEqual(['t1', 't2']);
    stream.send('ticket', held('t2', 'postres', { held: false, firedAt: new Date().toISOString() }), 22);
    expect($board.get().held.map((t) => t.id)).toEqual(['t1']);
    applyFired('held-v', [held('t1', 'principales', { held: false })]);
    expect($board.get().held).toEqual([]);
    unsubscribe();
  });
});
