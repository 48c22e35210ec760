import { describe, expect, it } from 'vitest';
import type { BillState } from '../../../src/contract/bill.ts';
import type { Order } from '../../../src/contract/order.ts';
import type { StaffTableSession } from '../../../src/contract/table.ts';
import type { Category, Product } from '../../../src/contract/venue.ts';
import {
  dishesOf,
  floorTablesOf,
  folded,
  groupByZone,
  guestChoices,
  lineKitchenState,
  pickDishes,
  RECENT_MAX,
  tileState,
  voidReason,
  pendingEdits,
  roundWaiting,
  withEdit,
  withRecent,
  withRound,
  type WaiterItem,
} from '../../../src/features/floor/logic.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');

const session = (change: Partial<StaffTableSession> = {}): StaffTableSession => ({
  id: 's1',
  table: '3',
  openedAt: '2026-11-27T11:00:00Z',
  participants: [
    { id: 'p1', name: 'Ana', joinedAt: '2026-11-27T11:00:00Z' },
    { id: 'p2', name: 'Luis', joinedAt: '2026-11-27T11:00:00Z' },
    { id: 'p3', name: 'Marta', joinedAt: '2026-11-27T11:00:00Z' },
  ],
  cartCount: 0,
  rounds: [],
  calls: [],
  ...change,
});

const round = (id: string, status: Order['status'], createdAt: string): Order =>
  ({ id, status, createdAt, number: id, lines: [], history: [] }) as unknown as Order;

describe('tileState', () => {
  it('says each state in words', () => {
    expect(tileState(undefined, undefined, NOW)).toEqual({ kind: 'free', text: 'Libre' });
    expect(tileState(session(), undefined, NOW)).toEqual({ kind: 'occupied', text: 'Ocupada · 3 personas' });
    expect(tileState(session({ participants: [] }), undefined, NOW).text).toBe('Ocupada · 0 personas');
    expect(tileState(session({ cartCount: 2 }), undefined, NOW)).toEqual({ kind: 'ordering', text: 'Pidiendo' });
  });

  it('counts the kitchen time from the oldest round still in the kitchen', () => {
    const rounds = [
      round('b', 'preparing', '2026-11-27T11:55:00Z'),
      round('a', 'received', '2026-11-27T11:48:00Z'),
      round('z', 'delivered', '2026-11-27T11:00:00Z'),
    ];
    expect(tileState(session({ rounds, cartCount: 1 }), undefined, NOW)).toEqual({
      kind: 'kitchen',
      text: 'En cocina · 12 min',
    });
  });

  it('puts a bill call and a paid bill above the rest', () => {
    const call = { id: 'c', kind: 'bill' as const, at: '2026-11-27T11:59:00Z' };
    const rounds = [round('a', 'received', '2026-11-27T11:48:00Z')];
    expect(tileState(session({ calls: [call], rounds }), undefined, NOW).text).toBe('Pide la cuenta');
    expect(tileState(session({ calls: [{ ...call, kind: 'waiter' }] }), undefined, NOW).kind).toBe('occupied');
    expect(tileState(session({ paidAt: '2026-11-27T11:59:00Z', calls: [call] }), undefined, NOW).text).toBe('Pagada');
    const bill = { paidAt: '2026-11-27T11:59:00Z' } as BillState;
    expect(tileState(session(), bill, NOW).text).toBe('Pagada');
  });
});

describe('groupByZone', () => {
  it('orders labels as people read them, in one group without zones', () => {
    const groups = groupByZone(floorTablesOf(['10', '2', 'Barra 1', '1']));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.zone).toBe('');
    expect(groups[0]!.tables.map((t) => t.label)).toEqual(['1', '2', '10', 'Barra 1']);
  });

  it('groups by zone, tables without one last', () => {
    const groups = groupByZone(
      floorTablesOf([
        { label: '10', zone: 'Terraza' },
        { label: '3', zone: 'Sala' },
        { label: '2', zone: 'Terraza' },
        { label: '7', zone: null },
      ]),
    );
    expect(groups.map((g) => [g.zone, g.tables.map((t) => t.label)])).toEqual([
      ['Sala', ['3']],
      ['Terraza', ['2', '10']],
      ['', ['7']],
    ]);
  });
});

const product = (id: string, name: string, description = ''): Product => ({
  id,
  name,
  description,
  price: 100,
  tags: [],
  allergens: [],
  available: true,
  optionGroups: [],
});

describe('the picker', () => {
  const categories = [
    { id: 'bebidas', name: 'Bebidas', products: [product('cafe', 'Café con leche'), product('agua', 'Agua')] },
    {
      id: 'postres',
      name: 'Postres',
      products: [product('flan', 'Flan', 'con café'), product('tarta', 'Tarta de queso')],
    },
  ] as Category[];
  const dishes = dishesOf(categories);
  const ids = (list: ReturnType<typeof pickDishes>) => list.map((d) => d.product.id);

  it('finds dishes without accents, names that start with the words first', () => {
    expect(folded('  Café ÁÑO ')).toBe('cafe ano');
    expect(ids(pickDishes(dishes, 'cafe', '', []))).toEqual(['cafe', 'flan']);
    expect(ids(pickDishes(dishes, 'CAFÉ leche', '', []))).toEqual(['cafe']);
    expect(ids(pickDishes(dishes, 'nada', '', []))).toEqual([]);
  });

  it('keeps to a category and shows recent dishes first', () => {
    expect(ids(pickDishes(dishes, '', 'postres', []))).toEqual(['flan', 'tarta']);
    expect(ids(pickDishes(dishes, '', '', ['tarta', 'agua']))).toEqual(['tarta', 'agua', 'cafe', 'flan']);
  });

  it('remembers recent dishes once each, newest first, at most a dozen', () => {
    expect(withRecent(['a', 'b'], 'b')).toEqual(['b', 'a']);
    const many = Array.from({ length: 20 }, (_, i) => `p${i}`).reduce(withRecent, [] as string[]);
    expect(many).toHaveLength(RECENT_MAX);
    expect(many[0]).toBe('p19');
  });

  it('offers numbered guests and the people at the table', () => {
    expect(guestChoices([{ name: 'Ana' }], 2)).toEqual(['Comensal 1', 'Comensal 2', 'Ana']);
  });
});

describe('the waiter queue', () => {
  const put = (lineId: string, quantity: number) => ({
    kind: 'put' as const,
    lineId,
    input: { productId: 'p', optionIds: [], quantity },
    display: { name: 'P', options: [], unitPrice: 100 },
  });
  let n = 0;
  const key = () => `k${++n}`;

  it('keeps the latest edit of a line, with whom it is for', () => {
    let q: WaiterItem[] = [];
    q = withEdit(q, '3', put('a', 1), 'Comensal 2', false);
    q = withEdit(q, '3', put('a', 3), undefined, false);
    q = withEdit(q, '4', put('b', 1), undefined, false);
    expect(q).toEqual([
      { table: '3', kind: 'edit', edit: put('a', 3), guest: 'Comensal 2' },
      { table: '4', kind: 'edit', edit: put('b', 1) },
    ]);
    // A line created and removed before reaching the server leaves nothing.
    expect(withEdit(q, '4', { kind: 'delete', lineId: 'b' }, undefined, false)).toHaveLength(1);
  });

  it('sends one round per attempt: a second tap with nothing new is the same round, with the same key', () => {
    let q: WaiterItem[] = withEdit([], '3', put('a', 1), undefined, false);
    q = withRound(q, '3', key);
    const [, round] = q;
    expect(round).toMatchObject({ kind: 'round', table: '3' });
    expect(withRound(q, '3', key)).toEqual(q);
    expect(roundWaiting(q, '3')).toBe(true);
    expect(pendingEdits(q, '3')).toEqual([]);
    // An edit after the waiting round is the next round's: it does not join the one waiting.
    q = withEdit(q, '3', put('a', 2), undefined, true);
    expect(q.map((i) => i.kind)).toEqual(['edit', 'round', 'edit']);
    expect(pendingEdits(q, '3')).toEqual([put('a', 2)]);
    q = withRound(q, '3', key);
    expect(q.filter((i) => i.kind === 'round').map((i) => (i.kind === 'round' ? i.key : ''))).toHaveLength(2);
  });
});

describe('voidReason', () => {
  it('writes «Otro: …» with the waiter’s words', () => {
    expect(voidReason('Producto agotado', 'x')).toBe('Producto agotado');
    expect(voidReason('Otro', '  se cayó ')).toBe('Otro: se cayó');
  });
});

describe('lineKitchenState', () => {
  const order = {
    id: 'o1',
    status: 'preparing',
    lines: [
      { name: 'Café', quantity: 1 },
      { name: 'Flan', quantity: 2 },
      { name: 'Agua', quantity: 1, voided: 1 },
      { name: 'Pan', quantity: 1 },
    ],
  } as unknown as Order;
  const ticket = (id: string, lines: number[], change: Record<string, unknown> = {}) =>
    ({
      id,
      orderId: 'o1',
      status: 'open',
      lines: lines.map((orderLine) => ({ name: '', options: [], quantity: 1, orderLine })),
      ...change,
    }) as never;

  it('says each line as its station has it', () => {
    const tickets = [ticket('barra', [0]), ticket('cocina', [1], { held: true, course: 'postres' })];
    expect(lineKitchenState(order, 0, tickets)).toBe('En cocina');
    expect(lineKitchenState(order, 1, tickets)).toBe('En espera · postres');
    expect(lineKitchenState(order, 0, [ticket('barra', [0], { status: 'done' })])).toBe('Listo');
    expect(lineKitchenState(order, 2, tickets)).toBe('Anulado');
    expect(lineKitchenState(order, 3, tickets)).toBe('En preparación');
    expect(lineKitchenState({ ...order, status: 'delivered' }, 0, tickets)).toBe('Entregado');
  });
});
