/** The kitchen display's pure rules (src/features/kitchen/logic.ts, docs/rules.md#the-kitchen). */
import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../src/contract/kitchen.ts';
import {
  ageText,
  ageTone,
  applyTicket,
  DEFAULT_THRESHOLDS,
  minutesSince,
  sortTickets,
  validThresholds,
} from '../../../src/features/kitchen/logic.ts';

const ticket = (id: string, createdAt: string, extra: Partial<Ticket> = {}): Ticket => ({
  id,
  orderId: `o-${id}`,
  orderNumber: id.toUpperCase(),
  station: 'cocina',
  mode: 'pickup',
  customer: 'Ana',
  createdAt,
  lines: [{ name: 'Tacos', options: [], quantity: 1 }],
  status: 'open',
  ...extra,
});

describe("a station's tickets", () => {
  const a = ticket('a', '2026-11-24T10:00:00.000Z');
  const b = ticket('b', '2026-11-24T10:05:00.000Z');

  it('are oldest first, a fired course by the time it was released', () => {
    const fired = ticket('c', '2026-11-24T09:00:00.000Z', { firedAt: '2026-11-24T10:02:00.000Z' });
    expect(sortTickets([b, fired, a]).map((t) => t.id)).toEqual(['a', 'c', 'b']);
  });

  it('show a ticket once, whatever copies arrive, and drop it when bumped, held, cancelled or of another station', () => {
    let list = applyTicket([], b, 'cocina');
    list = applyTicket(list, a, 'cocina');
    list = applyTicket(list, a, 'cocina');
    expect(list.map((t) => t.id)).toEqual(['a', 'b']);
    expect(applyTicket(list, { ...a, status: 'done' }, 'cocina').map((t) => t.id)).toEqual(['b']);
    expect(applyTicket(list, { ...a, held: true }, 'cocina').map((t) => t.id)).toEqual(['b']);
    expect(applyTicket(list, { ...a, status: 'done', cancelled: true }, 'cocina').map((t) => t.id)).toEqual(['b']);
    expect(applyTicket(list, ticket('x', '2026-11-24T10:01:00.000Z', { station: 'barra' }), 'cocina')).toBe(list);
  });
});

describe("a ticket's age", () => {
  it('turns amber at 10 min and red at 20 by default, and says so in words', () => {
    const now = Date.parse('2026-11-24T10:20:00.000Z');
    expect(minutesSince('2026-11-24T10:10:30.000Z', now)).toBe(9);
    expect(ageTone(9, DEFAULT_THRESHOLDS)).toBe('fresh');
    expect(ageTone(10, DEFAULT_THRESHOLDS)).toBe('late');
    expect(ageTone(20, DEFAULT_THRESHOLDS)).toBe('urgent');
    expect([ageText(0), ageText(12), ageText(60), ageText(75)]).toEqual([
      'Recién llegada',
      '12 min',
      '1 h',
      '1 h 15 min',
    ]);
    // A clock a little behind the server's never shows a negative age.
    expect(minutesSince('2026-11-24T10:21:00.000Z', now)).toBe(0);
  });

  it('takes thresholds in whole minutes, amber before red', () => {
    expect(validThresholds({ amber: 5, red: 8 })).toBe(true);
    expect(validThresholds({ amber: 8, red: 8 })).toBe(false);
    expect(validThresholds({ amber: 0, red: 8 })).toBe(false);
    expect(validThresholds({ amber: 2.5, red: 8 })).toBe(false);
    expect(validThresholds('10,20')).toBe(false);
  });
});
