import { describe, expect, it } from 'vitest';
import type { TableCartLine } from '../../../src/contract/table.ts';
import {
  applyEdits,
  enqueue,
  newer,
  sameLineOf,
  subtotalOfLines,
  type QueuedEdit,
} from '../../../src/features/table-session/logic.ts';

const me = { participantId: 'p-ana', name: 'Ana' };
const line = (over: Partial<TableCartLine> = {}): TableCartLine => ({
  id: 'line-0001',
  participantId: 'p-luis',
  by: 'Luis',
  productId: 'torta',
  name: 'Torta',
  options: [],
  optionIds: [],
  quantity: 1,
  unitPrice: 10_500,
  lineTotal: 10_500,
  addedAt: '2026-11-22T18:00:00Z',
  ...over,
});
const put = (lineId: string, quantity: number, productId = 'flan'): QueuedEdit => ({
  kind: 'put',
  lineId,
  input: { productId, optionIds: [], quantity },
  display: { name: 'Flan', options: [], unitPrice: 4_500 },
});

describe('table cart view', () => {
  it('shows my queued new line, as mine and pending, priced from the menu', () => {
    const lines = applyEdits([line()], [put('line-new-01', 2)], me);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      id: 'line-new-01',
      by: 'Ana',
      participantId: 'p-ana',
      quantity: 2,
      lineTotal: 9_000,
      pending: true,
    });
    expect(subtotalOfLines(lines)).toBe(19_500);
  });

  it('applies a quantity change and a removal over the server lines', () => {
    const server = [
      line(),
      line({
        id: 'line-0002',
        participantId: 'p-ana',
        by: 'Ana',
        productId: 'flan',
        unitPrice: 4_500,
        lineTotal: 4_500,
      }),
    ];
    const lines = applyEdits(server, [put('line-0002', 3), { kind: 'delete', lineId: 'line-0001' }], me);
    expect(lines.map((l) => [l.id, l.quantity, l.lineTotal])).toEqual([['line-0002', 3, 13_500]]);
  });

  it('keeps only the latest edit of a line; a line created and removed offline leaves nothing to send', () => {
    let edits = enqueue([], put('line-new-01', 1), false);
    edits = enqueue(edits, put('line-new-01', 2), false);
    expect(edits).toEqual([put('line-new-01', 2)]);
    expect(enqueue(edits, { kind: 'delete', lineId: 'line-new-01' }, false)).toEqual([]);
    expect(enqueue(edits, { kind: 'delete', lineId: 'line-new-01' }, true)).toEqual([
      { kind: 'delete', lineId: 'line-new-01' },
    ]);
  });

  it('merges into my identical line only (same product, options in any order, note)', () => {
    const mine = line({ id: 'mine', participantId: 'p-ana', by: 'Ana', optionIds: ['b', 'a'] });
    const input = { productId: 'torta', optionIds: ['a', 'b'], quantity: 1 };
    expect(sameLineOf([line({ optionIds: ['a', 'b'] }), mine], input, me)?.id).toBe('mine');
    expect(sameLineOf([mine], { ...input, note: 'sin cebolla' }, me)).toBeUndefined();
    // The note is compared trimmed, as the cart and the server compare it.
    const withNote = { ...mine, note: 'sin cebolla' };
    expect(sameLineOf([withNote], { ...input, note: '  sin cebolla ' }, me)?.id).toBe('mine');
    expect(sameLineOf([mine], { ...input, note: '   ' }, me)?.id).toBe('mine');
  });

  it('ignores an older snapshot of the same session, takes any snapshot of another one', () => {
    const session = { id: 's1', version: 5 } as Parameters<typeof newer>[1];
    expect(newer(session, { ...session, version: 4 })).toBe(false);
    expect(newer(session, { ...session, version: 6 })).toBe(true);
    expect(newer(session, { ...session, id: 's2', version: 1 })).toBe(true);
  });
});
