import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, STATUS_TRANSITIONS, type OrderStatus } from '../../../src/contract/order.ts';
import {
  RECENT_DONE_MAX,
  arrivalMessage,
  boardVenues,
  foreignLanguage,
  elapsedLabel,
  groupBoard,
  isActiveStatus,
  isLate,
  mergeOrders,
  newArrivals,
  nextActions,
  statusSince,
  venueParam,
  type BoardOrder,
} from '../../../src/features/staff/logic.ts';

const PATH: OrderStatus[] = ['received', 'preparing', 'ready', 'delivered'];
const NOW = Date.parse('2026-11-21T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

function order(
  id: string,
  status: OrderStatus,
  createdMinutesAgo: number,
  changedMinutesAgo = createdMinutesAgo,
): BoardOrder {
  // The real path up to `status`: received → preparing → ready → delivered (cancelled straight from received).
  const path: OrderStatus[] =
    status === 'cancelled' ? ['received', 'cancelled'] : PATH.slice(0, PATH.indexOf(status) + 1);
  const history = path.map((step, i) => ({
    status: step,
    at: minutesAgo(i === path.length - 1 && i > 0 ? changedMinutesAgo : createdMinutesAgo),
  }));
  return { id, number: `A-${id.padStart(3, '0')}`, status, createdAt: minutesAgo(createdMinutesAgo), history };
}

describe('groupBoard', () => {
  it('puts each working order in its column, the longest waiting first', () => {
    const board = groupBoard(
      [
        order('1', 'received', 2),
        order('2', 'preparing', 30, 10),
        order('3', 'received', 15),
        order('4', 'ready', 40, 1),
        order('5', 'preparing', 5, 4),
      ],
      NOW,
    );
    expect(board.columns.received.map((o) => o.id)).toEqual(['3', '1']);
    expect(board.columns.preparing.map((o) => o.id)).toEqual(['2', '5']);
    expect(board.columns.ready.map((o) => o.id)).toEqual(['4']);
    expect(board.done).toEqual([]);
  });

  it('breaks ties of creation time by order number', () => {
    const a = { ...order('12', 'received', 3) };
    const b = { ...order('11', 'received', 3) };
    expect(groupBoard([a, b], NOW).columns.received.map((o) => o.number)).toEqual(['A-011', 'A-012']);
  });

  it('keeps finished orders of the last 3 hours, latest change first, and drops older ones', () => {
    const board = groupBoard(
      [
        order('1', 'delivered', 300, 170),
        order('2', 'cancelled', 20, 18),
        order('3', 'delivered', 400, 200),
        order('4', 'delivered', 60, 5),
      ],
      NOW,
    );
    expect(board.done.map((o) => o.id)).toEqual(['4', '2', '1']);
  });

  it('keeps at most the newest finished orders', () => {
    const many = Array.from({ length: RECENT_DONE_MAX + 5 }, (_, i) => order(String(i + 1), 'delivered', 100, i));
    const { done } = groupBoard(many, NOW);
    expect(done).toHaveLength(RECENT_DONE_MAX);
    expect(done[0]!.id).toBe('1');
  });

  it('shows a repeated order once', () => {
    const board = groupBoard([order('1', 'received', 2), order('1', 'received', 2)], NOW);
    expect(board.columns.received).toHaveLength(1);
  });
});

describe('statusSince', () => {
  it('is the time of the last change to the current status', () => {
    expect(statusSince(order('1', 'ready', 30, 7))).toBe(minutesAgo(7));
  });
  it('falls back to the creation time without history', () => {
    expect(statusSince({ ...order('1', 'received', 9), history: [] })).toBe(minutesAgo(9));
  });
});

describe('nextActions', () => {
  it('offers exactly the legal transitions of the contract for every status', () => {
    for (const status of ORDER_STATUSES) {
      expect(
        nextActions(status)
          .map((a) => a.to)
          .sort(),
      ).toEqual([...STATUS_TRANSITIONS[status]].sort());
    }
  });

  it('names the buttons in Spanish, forward first, and only cancelling asks to confirm', () => {
    expect(nextActions('received').map((a) => [a.label, a.confirm, a.tone])).toEqual([
      ['Empezar a preparar', false, 'primary'],
      ['Cancelar', true, 'danger'],
    ]);
    expect(nextActions('preparing').map((a) => a.label)).toEqual(['Marcar listo']);
    expect(nextActions('ready').map((a) => a.label)).toEqual(['Entregado']);
    expect(nextActions('ready', 'delivery').map((a) => a.label)).toEqual(['Entregado']);
    expect(nextActions('ready', 'pickup').map((a) => a.label)).toEqual(['Recogido']);
    expect(nextActions('delivered')).toEqual([]);
    expect(nextActions('cancelled')).toEqual([]);
  });

  it('never offers cancelling once the kitchen has started', () => {
    for (const status of ['preparing', 'ready', 'delivered', 'cancelled'] as const) {
      expect(nextActions(status).some((a) => a.to === 'cancelled')).toBe(false);
    }
  });
});

describe('newArrivals and arrivalMessage', () => {
  it('finds received orders never seen before, oldest first', () => {
    const known = new Set(['1', '2']);
    const arrivals = newArrivals(
      [order('1', 'received', 9), order('4', 'received', 1), order('3', 'received', 3), order('5', 'preparing', 2, 1)],
      known,
    );
    expect(arrivals.map((o) => o.id)).toEqual(['3', '4']);
  });

  it('says "Nuevo pedido A-012" for one and lists several', () => {
    expect(arrivalMessage(['A-012'])).toBe('Nuevo pedido A-012');
    expect(arrivalMessage(['A-012', 'A-013'])).toBe('2 pedidos nuevos: A-012, A-013');
    expect(arrivalMessage([])).toBe('');
  });
});

describe('elapsedLabel and isLate', () => {
  it('says how long ago in minutes and hours', () => {
    expect(elapsedLabel(minutesAgo(0.5), NOW)).toBe('hace menos de 1 min');
    expect(elapsedLabel(minutesAgo(5), NOW)).toBe('hace 5 min');
    expect(elapsedLabel(minutesAgo(60), NOW)).toBe('hace 1 h');
    expect(elapsedLabel(minutesAgo(83), NOW)).toBe('hace 1 h 23 min');
    expect(elapsedLabel(minutesAgo(60 * 50), NOW)).toBe('hace 2 d');
  });

  it('treats a time in the future (clock skew) as just now and junk as nothing', () => {
    expect(elapsedLabel(minutesAgo(-3), NOW)).toBe('hace menos de 1 min');
    expect(elapsedLabel('not a date', NOW)).toBe('');
  });

  it('marks working orders waiting 20 minutes or more as late, never finished ones', () => {
    expect(isLate(order('1', 'received', 19), NOW)).toBe(false);
    expect(isLate(order('1', 'preparing', 20, 1), NOW)).toBe(true);
    expect(isLate(order('1', 'delivered', 90, 1), NOW)).toBe(false);
  });
});

describe('mergeOrders', () => {
  it('takes a poll of the working columns as the truth for them, keeping finished orders', () => {
    const known = [order('1', 'received', 5), order('2', 'preparing', 9, 3), order('3', 'delivered', 30, 2)];
    const merged = mergeOrders(known, [order('1', 'received', 5), order('4', 'received', 1)], isActiveStatus);
    expect(merged.map((o) => `${o.id}:${o.status}`).sort()).toEqual(['1:received', '3:delivered', '4:received']);
  });

  it('never lets a stale copy undo a newer change (poll started before a click)', () => {
    const moved = order('1', 'preparing', 5, 0);
    const stale = order('1', 'received', 5);
    expect(mergeOrders([moved], [stale], isActiveStatus)).toEqual([moved]);
    const done = order('2', 'delivered', 20, 0);
    const staleReady = order('2', 'ready', 20, 1);
    expect(mergeOrders([done], [staleReady], isActiveStatus)[0]!.status).toBe('delivered');
  });

  it('adds or replaces a single fresher copy and keeps everything else', () => {
    const known = [order('1', 'received', 5), order('2', 'ready', 9, 3)];
    const updated = order('1', 'preparing', 5, 0);
    expect(mergeOrders(known, [updated]).map((o) => `${o.id}:${o.status}`)).toEqual(['1:preparing', '2:ready']);
  });
});

describe('venueParam', () => {
  it('accepts a venue id and refuses junk without calling anyone', () => {
    expect(venueParam('?venue=taqueria-el-guero')).toBe('taqueria-el-guero');
    expect(venueParam('?venue=%20cafe-la-macarena%20')).toBe('cafe-la-macarena');
    expect(venueParam('?venue=../admin')).toBeNull();
    expect(venueParam('?venue=Taqueria')).toBeNull();
    expect(venueParam('')).toBeNull();
  });
});

describe('boardVenues', () => {
  const venues = [
    { id: 'taqueria-el-guero', name: 'Taquería El Güero', city: 'Ciudad de México' },
    { id: 'bar-el-cabanyal', name: 'Bar El Cabanyal', city: 'Valencia' },
    { id: 'cafe-la-macarena', name: 'Café La Macarena', city: 'Bogotá' },
  ];

  it('gives an admin every venue, by name', () => {
    expect(boardVenues({ scope: ['admin'] }, venues).map((v) => v.id)).toEqual([
      'bar-el-cabanyal',
      'cafe-la-macarena',
      'taqueria-el-guero',
    ]);
  });

  it('gives staff only their venues, named when known', () => {
    expect(boardVenues({ scope: ['staff:taqueria-el-guero', 'staff:nuevo-local'] }, venues)).toEqual([
      { id: 'nuevo-local', name: 'nuevo-local' },
      { id: 'taqueria-el-guero', name: 'Taquería El Güero', city: 'Ciudad de México' },
    ]);
  });

  it('also reads an object scope, and gives a diner nothing', () => {
    expect(
      boardVenues({ scope: { 'staff:bar-el-cabanyal': true, 'staff:cafe-la-macarena': false } }, venues).map(
        (v) => v.id,
      ),
    ).toEqual(['bar-el-cabanyal']);
    expect(boardVenues({ scope: [] }, venues)).toEqual([]);
    expect(boardVenues(null, venues)).toEqual([]);
  });
});

describe('foreignLanguage', () => {
  it("tags an order in another language than the venue's own, not one in the venue's", () => {
    expect(foreignLanguage({ language: 'en' }, 'es')).toBe('en');
    expect(foreignLanguage({ language: 'es' }, 'es')).toBeUndefined();
    expect(foreignLanguage({}, 'es')).toBeUndefined();
    // A Catalan venue: a Spanish-speaking diner is the foreign one, a Catalan one is not.
    expect(foreignLanguage({ language: 'es' }, 'ca')).toBe('es');
    expect(foreignLanguage({ language: 'ca' }, 'ca')).toBeUndefined();
  });
});
