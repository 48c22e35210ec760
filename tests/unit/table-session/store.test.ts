// @vitest-environment happy-dom
/**
 * The table store on a phone (src/features/table-session/store.ts), with the server played by the test:
 * a cart write refused for going too fast stays queued and is sent again after `Retry-After`;
 * cart changes from the stream are applied in version order, and a gap reads the session once;
 * the bill's state from the stream (`event: bill`) updates the open bill, «Pagada» included.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HTTPError } from 'ky';
import type { CartLineInput, TableCartLine, TableSession } from '../../../src/contract/table.ts';
import type { BillState, TableBill } from '../../../src/contract/bill.ts';
import { follows } from '../fake-stream.ts';

const putLine = vi.fn<(credential: string, lineId: string, input: CartLineInput) => Promise<TableSession>>();
const fetchSession = vi.fn<(credential: string) => Promise<TableSession>>();
const fetchBill = vi.fn<(credential: string) => Promise<TableBill>>();
const toastError = vi.fn();
vi.mock('../../../src/lib/event-stream.ts', () => import('../fake-stream.ts'));
vi.mock('../../../src/features/table-session/api.ts', () => ({
  putLine: (credential: string, lineId: string, input: CartLineInput) => putLine(credential, lineId, input),
  fetchSession: (credential: string) => fetchSession(credential),
  deleteLine: vi.fn(),
  checkTable: vi.fn(),
  joinTable: vi.fn(),
  sendRound: vi.fn(),
  callStaff: vi.fn(),
  fetchBill: (credential: string) => fetchBill(credential),
}));
vi.mock('../../../src/shell/toast.ts', () => ({
  toast: { info: vi.fn(), success: vi.fn(), warning: vi.fn(), error: (...args: unknown[]) => toastError(...args) },
}));

const store = await import('../../../src/features/table-session/store.ts');

const CREDENTIAL = 'c'.repeat(43);
const VENUE = { id: 'v', name: 'Taquería', currency: 'MXN', locale: 'es-MX' };
const line = (id: string, quantity = 1): TableCartLine => ({
  id,
  participantId: 'p-ana',
  by: 'Ana',
  productId: 'flan',
  name: 'Flan',
  options: [],
  optionIds: [],
  quantity,
  unitPrice: 4_500,
  lineTotal: 4_500 * quantity,
  addedAt: '2026-11-24T10:00:00Z',
});
/** Each test has its own session (what an earlier one stored on the phone is not this one's). */
let sid = 's0';
const session = (version: number, lines: TableCartLine[] = []): TableSession => ({
  id: sid,
  venueId: 'v',
  table: '5',
  status: 'open',
  openedAt: '2026-11-24T10:00:00Z',
  version,
  participants: [{ id: 'p-ana', name: 'Ana', joinedAt: '2026-11-24T10:00:00Z' }],
  cart: {
    lines,
    subtotal: lines.reduce((n, l) => n + l.lineTotal, 0),
    count: lines.reduce((n, l) => n + l.quantity, 0),
  },
  rounds: [],
  calls: [],
});
const tooFast = (seconds: number) =>
  new HTTPError(
    new Response(
      JSON.stringify({
        type: 'urn:umenu:problem:rate-limited',
        status: 429,
        detail: 'Demasiados cambios seguidos en el carrito de la mesa.',
      }),
      {
        status: 429,
        headers: { 'content-type': 'application/problem+json', 'retry-after': String(seconds) },
      },
    ),
    new Request('http://127.0.0.1/api/table-session/cart/lines/x', { method: 'PUT' }),
    {} as never,
  );

beforeEach(async () => {
  vi.useFakeTimers();
  follows.length = 0;
  putLine.mockReset();
  fetchSession.mockReset();
  toastError.mockReset();
  sid = `s${Number(sid.slice(1)) + 1}`;
  store.$memberships.set({ v: { table: '5', credential: CREDENTIAL, participantId: 'p-ana', sessionId: sid } });
  store.$queue.set({});
  store.$session.set(null);
  fetchSession.mockResolvedValue(session(3));
  await store.startTable(VENUE);
  await store.refresh();
});
afterEach(() => vi.useRealTimers());

describe('the table cart on a phone', () => {
  it('keeps an edit refused with 429 queued and sends it again after Retry-After: nothing is lost', async () => {
    putLine
      .mockRejectedValueOnce(tooFast(7))
      .mockImplementation(async (_c, id, input) => session(4, [{ ...line(id, input.quantity) }]));
    expect(
      store.addTableLine({
        productId: 'flan',
        name: 'Flan',
        optionIds: [],
        optionNames: [],
        unitPrice: 4_500,
        quantity: 2,
      }).ok,
    ).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(putLine).toHaveBeenCalledTimes(1);
    // Still shown, still queued, no error said.
    expect(store.$view.get()).toMatchObject({ pendingEdits: 1, count: 2 });
    expect(toastError).not.toHaveBeenCalled();
    // Coming back online, or another edit, does not send before the wait is over.
    await store.flush();
    await vi.advanceTimersByTimeAsync(6_900);
    expect(putLine).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(putLine).toHaveBeenCalledTimes(2);
    expect(putLine.mock.calls[1]![2]).toEqual({ productId: 'flan', optionIds: [], quantity: 2 });
    expect(store.$queue.get().v).toBeUndefined();
    expect(store.$view.get()).toMatchObject({ pendingEdits: 0, count: 2 });
    expect(store.$session.get()!.version).toBe(4);
  });

  it('applies cart changes from the stream in version order, ignores old ones, and reads the session once on a gap', async () => {
    const stream = follows.at(-1)!;
    expect(store.$session.get()!.version).toBe(3);
    stream.send('cart', { sessionId: sid, version: 4, line: line('l-1') });
    expect(store.$session.get()!.cart).toMatchObject({ subtotal: 4_500, count: 1 });
    stream.send('cart', { sessionId: sid, version: 5, line: line('l-1', 3) });
    stream.send('cart', { sessionId: sid, version: 4, line: line('l-1') }); // replayed after a reconnection
    expect(store.$session.get()).toMatchObject({
      version: 5,
      cart: { lines: [{ id: 'l-1', quantity: 3 }], subtotal: 13_500, count: 3 },
    });
    expect(fetchSession).toHaveBeenCalledTimes(1); // the first read only

    // Versions 6 and 7 were missed: one read of the whole session, however many changes follow the gap.
    fetchSession.mockResolvedValue(session(9, [line('l-1', 3), line('l-2')]));
    stream.send('cart', { sessionId: sid, version: 8, removedLineId: 'l-9' });
    stream.send('cart', { sessionId: sid, version: 9, line: line('l-2') });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSession).toHaveBeenCalledTimes(2);
    expect(store.$session.get()).toMatchObject({ version: 9, cart: { count: 4 } });
    stream.send('cart', { sessionId: sid, version: 10, removedLineId: 'l-1' });
    expect(store.$session.get()!.cart.lines.map((l) => l.id)).toEqual(['l-2']);
  });
});

describe('the bill on a phone', () => {
  const state = (paid: number, paidAt?: string): BillState => ({
    sessionId: sid,
    table: '5',
    currency: 'MXN',
    total: 9_000,
    paid,
    pending: 0,
    balance: 9_000 - paid,
    unassigned: 9_000 - paid,
    ...(paidAt ? { paidAt } : {}),
    lines: [],
    payments: [],
    requests: [],
  });

  it('follows the balance live from the stream, and «Pagada» goes when a new round makes the table owe again', async () => {
    fetchBill.mockResolvedValue({ ...state(0), locale: 'es-MX', rounds: [], people: [], subtotal: 9_000 });
    await store.openBill();
    const stream = follows.at(-1)!;
    stream.send('bill', state(4_500));
    expect(store.$bill.get()).toMatchObject({ state: 'ready', bill: { paid: 4_500, balance: 4_500, locale: 'es-MX' } });
    stream.send('bill', state(9_000, '2026-11-24T11:00:00Z'));
    expect(store.$bill.get()).toMatchObject({ bill: { balance: 0, paidAt: '2026-11-24T11:00:00Z' } });
    stream.send('bill', { ...state(9_000), total: 12_000, balance: 3_000, unassigned: 3_000 });
    const after = store.$bill.get();
    expect(after.state === 'ready' && 'paidAt' in after.bill).toBe(false);
    // Another table's bill is not this one's.
    stream.send('bill', { ...state(0), sessionId: 'other' });
    expect(store.$bill.get()).toMatchObject({ bill: { balance: 3_000 } });
    store.closeBill();
  });
});
