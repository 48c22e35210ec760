// @vitest-environment happy-dom
/**
 * The kitchen display's store (src/features/kitchen/store.ts): a read racing the stream never
 * brings back a bumped ticket nor hides a new one; a ticket shows once; a new one beeps once sound is on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '../../../src/contract/kitchen.ts';
import { follows } from '../fake-stream.ts';

const fetchOpenTickets = vi.fn<() => Promise<Ticket[]>>();
const bumpTicket = vi.fn<(venueId: string, id: string) => Promise<Ticket>>();
const reopenTicket = vi.fn<(venueId: string, id: string) => Promise<Ticket>>();
const beep = vi.fn();
vi.mock('../../../src/lib/event-stream.ts', () => import('../fake-stream.ts'));
vi.mock('../../../src/features/kitchen/api.ts', () => ({
  fetchOpenTickets: () => fetchOpenTickets(),
  bumpTicket: (venueId: string, id: string) => bumpTicket(venueId, id),
  reopenTicket: (venueId: string, id: string) => reopenTicket(venueId, id),
}));
vi.mock('../../../src/features/kitchen/sound.ts', () => ({
  beep: () => beep(),
  enableSound: () => true,
  disableSound: vi.fn(),
}));
vi.mock('../../../src/shell/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn() } }));

const { bump, kitchenStore, setSound, undoLastBump } = await import('../../../src/features/kitchen/store.ts');

let minute = 0;
const ticket = (id: string, change: Partial<Ticket> = {}): Ticket => ({
  id,
  orderId: `o-${id}`,
  orderNumber: `A-${id}`,
  station: 'cocina',
  mode: 'pickup',
  customer: 'Ana',
  createdAt: new Date(Date.UTC(2026, 10, 24, 10, minute++)).toISOString(),
  lines: [],
  status: 'open',
  ...change,
});

beforeEach(() => {
  vi.useFakeTimers();
  follows.length = 0;
  fetchOpenTickets.mockReset();
  beep.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('kitchenStore', () => {
  it("a read answered after the stream's events keeps them: the bumped ticket stays gone, the new one stays", async () => {
    const a = ticket('a');
    const b = ticket('b');
    let answer!: (list: Ticket[]) => void;
    fetchOpenTickets.mockResolvedValueOnce([a]);
    const $kitchen = kitchenStore('v1', 'cocina');
    const stop = $kitchen.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect($kitchen.get()).toMatchObject({ gate: 'ready', live: false, wasLive: false });
    const stream = follows[0]!;
    expect(stream.handlers.resumeKey).toBe('kitchen:v1:cocina');

    // The stream comes up: a read goes out; before it answers, «a» is bumped elsewhere and «b» arrives.
    fetchOpenTickets.mockReturnValueOnce(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    stream.up();
    stream.send('ticket', { ...a, status: 'done' }, 5);
    stream.send('ticket', b, 6);
    answer([a]); // asked before both
    await vi.advanceTimersByTimeAsync(0);
    expect($kitchen.get().tickets.map((t) => t.id)).toEqual(['b']);
    expect($kitchen.get().live).toBe(true);

    // A replayed copy shows nothing twice; a held or other station's ticket is not shown.
    stream.send('ticket', b, 6);
    stream.send('ticket', ticket('h', { held: true }), 7);
    stream.send('ticket', ticket('x', { station: 'barra' }), 8);
    expect($kitchen.get().tickets.map((t) => t.id)).toEqual(['b']);

    stream.down();
    expect($kitchen.get()).toMatchObject({ live: false, wasLive: true });
    stop();
  });

  it('beeps for a ticket it has not shown before once sound is on, not for one brought back', async () => {
    const a = ticket('a');
    fetchOpenTickets.mockResolvedValue([a]);
    const $kitchen = kitchenStore('v2', 'cocina');
    const stop = $kitchen.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const stream = follows[0]!;
    stream.send('ticket', ticket('b'), 3);
    expect(beep).not.toHaveBeenCalled();
    setSound(true);
    beep.mockReset();
    stream.send('ticket', ticket('c'), 4);
    expect(beep).toHaveBeenCalledTimes(1);
    expect($kitchen.get().announcement).toBe('Nueva comanda: pedido A-c');

    bumpTicket.mockResolvedValueOnce({ ...a, status: 'done' });
    expect(await bump('v2', 'cocina', a)).toBe(true);
    expect($kitchen.get().tickets.map((t) => t.id)).toEqual(['b', 'c']);
    expect($kitchen.get().lastBumped?.id).toBe('a');
    reopenTicket.mockResolvedValueOnce(a);
    expect(await undoLastBump('v2', 'cocina')).toBe(true);
    expect($kitchen.get().tickets.map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect($kitchen.get().lastBumped).toBeNull();
    expect(beep).toHaveBeenCalledTimes(1);
    setSound(false);
    stop();
  });
});
