/**
 * Rules of the table and the venue (docs/rules.md#cart-checkout-and-orders, #table-sessions, #live-menu): a table is chosen only by its
 * QR link, the minimum order is for pickup and delivery (and says the amounts), renewing a
 * table's code closes its session, calls and removals say who, table rounds carry no payment
 * method, and orders carry the venue's time zone. Runs on SQLite and, in the `server-pg`
 * project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JoinResult,
  StaffTableSessions,
  TableCartChange,
  TableSession,
  TABLE_MESSAGES,
} from '../../src/contract/table.ts';
import { Order } from '../../src/contract/order.ts';
import { PROBLEM_TYPES } from '../../src/contract/problem.ts';
import { newKey, openEvents, startTestServer, tacoOrder, type TestServer } from './helpers.ts';
import { cred, joinTable, lineId, problemOf, tableTokens } from './table-kit.ts';

const V = 'taqueria-el-guero';
const FLAN = { productId: 'flan-napolitano', optionIds: [] as string[], quantity: 1 }; // 4 500, below the 8 000 minimum
const GUACAMOLE = { productId: 'guacamole-con-totopos', optionIds: [] as string[], quantity: 1 };

let s: TestServer;
let diner: string, manager: string, staff: string;
const tokens = new Map<string, string>();

async function refreshTokens(): Promise<void> {
  for (const [label, token] of await tableTokens(s, staff)) tokens.set(label, token);
}

const join = (table: string, name: string): Promise<JoinResult> => joinTable(s, tokens, table, name);

const session = async (credential: string) =>
  TableSession.parse(await (await s.request('/api/table-session', { headers: cred(credential) })).json());
const put = (credential: string, id: string, line: unknown) =>
  s.request(`/api/table-session/cart/lines/${id}`, { method: 'PUT', json: line, headers: cred(credential) });
const closeTable = (table: string) =>
  s.request(`/api/venues/${V}/tables/${encodeURIComponent(table)}/close`, {
    method: 'POST',
    json: { confirmUnpaid: true },
    token: staff,
  });

beforeAll(async () => {
  s = await startTestServer({
    tableJoinLimit: null,
    tableJoinAddressLimit: null,
    tableBadTokenLimit: null,
    tableCallLimit: null,
    tableCartLimit: null,
    tableCartSessionLimit: null,
  });
  diner = await s.tokenFor('ana@umenu.test');
  manager = await s.tokenFor('gerente@umenu.test');
  staff = await s.tokenFor('cocina@umenu.test');
  await refreshTokens();
});
afterAll(() => s.dispose());

describe('a table is chosen only by its QR link', () => {
  const tableOrder = (table = '3') => tacoOrder({ mode: 'table', table });
  const place = (headers: Record<string, string> = {}, body: unknown = tableOrder()) =>
    s.request('/api/orders', { token: diner, key: newKey(), json: body, headers });

  it("refuses a table-mode order without the table's token or a participant credential: 403 in Spanish, nothing created", async () => {
    const before = await s.deps.orders.count();
    const attempts: Array<Record<string, string>> = [
      {},
      { 'x-table-token': 'not-the-token' },
      { 'x-table-token': tokens.get('4')! },
      { 'x-table-credential': 'x'.repeat(43) },
    ];
    for (const headers of attempts) {
      const res = await place(headers);
      expect(res.status).toBe(403);
      const body = await problemOf(res);
      expect(body.type).toBe(PROBLEM_TYPES.tableAccessRequired);
      expect(body.detail).toBe(TABLE_MESSAGES.tableOrderNeedsLink);
    }
    expect(await s.deps.orders.count()).toBe(before);
  });

  it("accepts it with the table's own token, or the credential of someone at that table, and no other table's", async () => {
    expect((await place({ 'x-table-token': tokens.get('3')! })).status).toBe(201);
    const mateo = await join('3', 'Mateo');
    expect((await place(cred(mateo.credential))).status).toBe(201);
    expect((await place(cred(mateo.credential), tableOrder('4'))).status).toBe(403);
    await closeTable('3');
    expect((await place(cred(mateo.credential))).status).toBe(403);
  });
});

describe('the minimum order', () => {
  it("refuses pickup and delivery below it, saying the minimum and what is missing in the venue's money", async () => {
    const res = await s.request('/api/orders', {
      token: diner,
      key: newKey(),
      json: tacoOrder({ lines: [{ ...FLAN, quantity: 1 }], expectedTotal: 4500 }),
    });
    expect(res.status).toBe(422);
    const body = await problemOf(res);
    expect(body.type).toBe(PROBLEM_TYPES.belowMinimum);
    expect(body.detail).toBe('El pedido mínimo es $80.00; te faltan $35.00.');
    expect(body).toMatchObject({ minOrder: 8000, missing: 3500, subtotal: 4500 });
  });

  it('does not apply to a round sent from a table (a second round of one flan goes to the kitchen)', async () => {
    const lucia = await join('8', 'Lucía');
    await put(lucia.credential, lineId(), FLAN);
    const res = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: 4500 },
      key: newKey(),
      headers: cred(lucia.credential),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const round = Order.parse(await res.json());
    expect(round).toMatchObject({
      mode: 'table',
      table: '8',
      subtotal: 4500,
      total: 4500,
      timezone: 'America/Mexico_City',
    });
    // A round nobody paid has no payment method.
    expect(round.payment).toBeUndefined();
    expect('payment' in round).toBe(false);
    await closeTable('8');
  });
});

describe("renewing a table's code", () => {
  it("closes the table's open session: every phone gets `Mesa cerrada` (the closed snapshot) and writes are refused", async () => {
    const mateo = await join('5', 'Mateo');
    const lucia = await join('5', 'Lucía');
    const stream = await openEvents(s, '/api/table-session/events', '', cred(lucia.credential));
    await stream.until((m) => m.some((x) => x.event === 'session'));
    const res = await s.request(`/api/venues/${V}/tables/5/token`, { method: 'POST', token: manager });
    expect(res.status).toBe(200);
    await stream.until((m) =>
      m.some((x) => x.event === 'session' && TableSession.parse(JSON.parse(x.data!)).status === 'closed'),
    );
    stream.close();
    expect((await session(mateo.credential)).status).toBe('closed');
    const write = await put(mateo.credential, lineId(), FLAN);
    expect(write.status).toBe(409);
    const board = StaffTableSessions.parse(
      await (await s.request(`/api/venues/${V}/table-sessions`, { token: staff })).json(),
    );
    expect(board.sessions.map((x) => x.table)).not.toContain('5');
    await refreshTokens();
  });

  it('renewing a table without an open session just renews it', async () => {
    const res = await s.request(`/api/venues/${V}/tables/6/token`, { method: 'POST', token: manager });
    expect(res.status).toBe(200);
    await refreshTokens();
  });
});

describe('calls and removals say who', () => {
  it('a call carries who made it, for the others and for the board; a second call of the same kind keeps the first caller', async () => {
    const mateo = await join('9', 'Mateo');
    const lucia = await join('9', 'Lucía');
    const bill = await s.request('/api/table-session/calls', {
      json: { kind: 'bill' },
      headers: cred(mateo.credential),
    });
    expect(bill.status).toBe(201);
    expect((await bill.json()) as unknown).toMatchObject({
      call: { kind: 'bill', by: 'Mateo', participantId: mateo.participantId },
      alreadyOpen: false,
    });
    const again = await s.request('/api/table-session/calls', {
      json: { kind: 'bill' },
      headers: cred(lucia.credential),
    });
    expect((await again.json()) as unknown).toMatchObject({ call: { by: 'Mateo' }, alreadyOpen: true });
    await s.request('/api/table-session/calls', { json: { kind: 'waiter' }, headers: cred(lucia.credential) });

    const seen = await session(lucia.credential);
    expect(seen.calls.map((c) => [c.kind, c.by])).toEqual([
      ['bill', 'Mateo'],
      ['waiter', 'Lucía'],
    ]);
    const board = StaffTableSessions.parse(
      await (await s.request(`/api/venues/${V}/table-sessions`, { token: staff })).json(),
    );
    expect(board.sessions.find((x) => x.table === '9')!.calls.map((c) => [c.kind, c.by])).toEqual([
      ['bill', 'Mateo'],
      ['waiter', 'Lucía'],
    ]);
    await closeTable('9');
  });

  it("removing another person's line tells its owner who removed which dish; removing one's own says nothing", async () => {
    const mateo = await join('10', 'Mateo');
    const lucia = await join('10', 'Lucía');
    const stream = await openEvents(s, '/api/table-session/events', '', cred(mateo.credential));
    await stream.until((m) => m.some((x) => x.event === 'session'));
    const mine = lineId();
    const own = lineId();
    await put(mateo.credential, mine, GUACAMOLE);
    await put(lucia.credential, own, FLAN);
    const removed = await s.request(`/api/table-session/cart/lines/${mine}`, {
      method: 'DELETE',
      headers: cred(lucia.credential),
    });
    expect(removed.status).toBe(200);
    const notice = {
      lineId: mine,
      name: 'Guacamole con totopos',
      ownerId: mateo.participantId,
      byId: lucia.participantId,
      by: 'Lucía',
    };
    expect(TableSession.parse(await removed.json()).removed).toEqual(notice);
    // The phones hear the change itself: the removed line and who removed it.
    const heard = await stream.until((m) =>
      m.some((x) => x.event === 'cart' && TableCartChange.parse(JSON.parse(x.data!)).removed?.lineId === mine),
    );
    expect(TableCartChange.parse(JSON.parse(heard.filter((x) => x.event === 'cart').at(-1)!.data!))).toMatchObject({
      removedLineId: mine,
      removed: notice,
    });
    stream.close();
    // Only the snapshot of that change says it; the next read does not repeat it.
    expect((await session(mateo.credential)).removed).toBeUndefined();
    const ownRemoval = await s.request(`/api/table-session/cart/lines/${own}`, {
      method: 'DELETE',
      headers: cred(lucia.credential),
    });
    expect(TableSession.parse(await ownRemoval.json()).removed).toBeUndefined();
    await closeTable('10');
  });
});
