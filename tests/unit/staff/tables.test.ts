import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '../../../src/contract/order.ts';
import type { StaffTableSession, TableCall } from '../../../src/contract/table.ts';
import {
  applyTable,
  callMessage,
  callsMessage,
  freshRounds,
  newCalls,
  peopleText,
  replaceTables,
  sortTables,
  withoutCall,
  withoutTable,
} from '../../../src/features/staff/tables.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
const call = (
  id: string,
  minute: number,
  kind: TableCall['kind'] = 'waiter',
  by = kind === 'bill' ? 'Mateo' : 'Lucía',
): TableCall => ({ id, kind, at: at(minute), participantId: `p-${by}`, by });
const table = (
  id: string,
  label: string,
  calls: TableCall[] = [],
  change: Partial<StaffTableSession> = {},
): StaffTableSession => ({
  id,
  table: label,
  status: 'open',
  openedAt: at(0),
  participants: [],
  cartCount: 0,
  rounds: [],
  calls,
  ...change,
});
const round = (id: string, statuses: OrderStatus[]): Order => ({
  id,
  number: id,
  venueId: 'v',
  venueName: 'V',
  mode: 'table',
  table: '1',
  status: statuses.at(-1)!,
  history: statuses.map((status, i) => ({ status, at: at(i) })),
  customer: { name: 'Mesa 1', phone: '' },
  payment: 'cash',
  lines: [],
  subtotal: 0,
  tip: 0,
  deliveryFee: 0,
  total: 0,
  currency: 'MXN',
  createdAt: at(0),
});

describe('table sessions on the board', () => {
  it('shows tables with a call first, the longest-waiting call first, then by label as people read it', () => {
    const sorted = sortTables([
      table('a', '12'),
      table('b', '2'),
      table('c', '7', [call('c2', 9)]),
      table('d', 'Terraza', [call('c3', 15), call('c1', 3, 'bill')]),
    ]);
    expect(sorted.map((t) => t.table)).toEqual(['Terraza', '7', '2', '12']);
    expect(sorted[0]!.calls.map((c) => c.id)).toEqual(['c1', 'c3']);
  });

  it('an acknowledged call is not shown even if a copy still carries it', () => {
    const sorted = sortTables([table('a', '1', [{ ...call('c1', 1), acknowledgedAt: at(2) }])]);
    expect(sorted[0]!.calls).toEqual([]);
  });

  it('replaces a session by id, a new session of the same table replaces the old one, a closed one leaves', () => {
    let tables = applyTable([], table('s1', '4'));
    tables = applyTable(tables, table('s1', '4', [call('c1', 1)]));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.calls).toHaveLength(1);
    tables = applyTable(tables, table('s2', '4'));
    expect(tables.map((t) => t.id)).toEqual(['s2']);
    tables = applyTable(tables, table('s2', '4', [], { status: 'closed', closedAt: at(5) }));
    expect(tables).toEqual([]);
  });

  it('a fetched list does not undo what the stream said meanwhile', () => {
    const known = [table('s1', '1', [call('c1', 1)])];
    const fetched = [table('s1', '1'), table('s2', '2'), table('s3', '3')];
    // s1 got a call and s3 was closed over the stream while the list was read.
    const merged = replaceTables(known, fetched, new Set(['s1', 's3']));
    expect(merged.map((t) => `${t.id}:${t.calls.length}`).sort()).toEqual(['s1:1', 's2:0']);
  });

  it('removes one call or one table', () => {
    const tables = [table('s1', '1', [call('c1', 1), call('c2', 2, 'bill')]), table('s2', '2')];
    expect(withoutCall(tables, 'c1')[0]!.calls.map((c) => c.id)).toEqual(['c2']);
    expect(withoutCall(tables, 'c1')[1]).toBe(tables[1]);
    expect(withoutTable(tables, '1').map((t) => t.table)).toEqual(['2']);
  });

  it('finds calls not seen before and words them with the table', () => {
    const tables = [table('s1', '1', [call('c1', 1)]), table('s2', '9', [call('c3', 4, 'bill'), call('c2', 2)])];
    const fresh = newCalls(tables, new Set(['c1']));
    expect(fresh.map((c) => c.call.id)).toEqual(['c2', 'c3']);
    expect(callMessage('3', { kind: 'bill', by: 'Mateo' })).toBe('Mesa 3 · Mateo pide la cuenta');
    expect(callMessage('3', { kind: 'waiter', by: 'Lucía' })).toBe('Mesa 3 · Lucía llama al mesero');
    // A call of an older server, without a name, still says what is wanted.
    expect(callMessage('3', { kind: 'waiter' })).toBe('Mesa 3 · Llaman al mesero');
    // The venue's country picks the word (src/contract/country-words.ts).
    expect(callMessage('3', { kind: 'waiter', by: 'Lucía' }, 'es-ES')).toBe('Mesa 3 · Lucía llama al camarero');
    expect(callMessage('3', { kind: 'waiter' }, 'es-MX')).toBe('Mesa 3 · Llaman al mesero');
    expect(callsMessage(fresh)).toBe('Mesa 9 · Lucía llama al mesero. Mesa 9 · Mateo pide la cuenta');
    expect(newCalls(tables, new Set(['c1', 'c2', 'c3']))).toEqual([]);
  });

  it('a round shows the freshest copy of its order', () => {
    const rounds = [round('r1', ['received']), round('r2', ['received', 'preparing'])];
    const orders = [round('r1', ['received', 'preparing', 'ready']), round('r2', ['received'])];
    expect(freshRounds(rounds, orders).map((r) => r.status)).toEqual(['ready', 'preparing']);
  });

  it('a round voided in part since (same status) shows the copy with the void', () => {
    const line = { productId: 'p', name: 'Tacos', options: [], quantity: 3, unitPrice: 100, lineTotal: 300 };
    const sent = { ...round('r1', ['received']), lines: [line] };
    const voided = { ...sent, lines: [{ ...line, voided: 1, lineTotal: 200 }] };
    expect(freshRounds([sent], [voided])[0]!.lines[0]!.voided).toBe(1);
    expect(freshRounds([voided], [sent])[0]!.lines[0]!.voided).toBe(1);
  });

  it('names the people at the table', () => {
    expect(peopleText([])).toBe('');
    expect(peopleText(['Ana'])).toBe('Ana');
    expect(peopleText(['Ana', 'Luis', 'Marta'])).toBe('Ana, Luis y Marta');
  });
});
