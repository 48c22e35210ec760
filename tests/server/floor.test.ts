/**
 * The floor (docs/rules.md#the-floor): staff open a table without its QR code, put lines into its cart (live on
 * the phones, «Cocina umenu · mesero»), send its rounds (idempotent), remove a person, move a session to a free
 * table and merge two tables, while the phones' streams are connected. Every scope: a diner's credential and
 * another venue's staff get 403. Runs on SQLite and, in the `server-pg` project, on PostgreSQL (there also two
 * instances sending the same waiter round).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffTableSessions, TableSession, TABLE_MESSAGES, TABLE_STRINGS } from '../../src/contract/table.ts';
import { FloorSession, ParticipantRemoved, TableMoved } from '../../src/contract/floor.ts';
import { Order } from '../../src/contract/order.ts';
import { TableBill } from '../../src/contract/bill.ts';
import { TicketList } from '../../src/contract/kitchen.ts';
import { newKey, openEvents, pgUrl, startTestServer, testDatabase, type TestServer } from './helpers.ts';
import { cred, joinTable, lineId, problemOf, tableTokens } from './table-kit.ts';

const V = 'taqueria-el-guero';
const TACOS = { productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 }; // 2 × 6 900
const FLAN = { productId: 'flan-napolitano', optionIds: [] as string[], quantity: 1 }; // 4 500

let s: TestServer;
let staff: string, manager: string, diner: string, otherStaff: string;
let tokens: Map<string, string>;

const at = (label: string, rest = '') => `/api/venues/${V}/tables/${encodeURIComponent(label)}${rest}`;
const open = (label: string, token = staff, server = s) =>
  server.request(at(label, '/open'), { method: 'POST', token });
const putLine = (label: string, id: string, line: unknown, token = staff) =>
  s.request(at(label, `/cart/lines/${id}`), { method: 'PUT', json: line, token });
const round = (label: string, key: string, server = s, token = staff) =>
  server.request(at(label, '/rounds'), { method: 'POST', key, token });
const close = (label: string) =>
  s.request(at(label, '/close'), { method: 'POST', json: { confirmUnpaid: true }, token: staff });
const board = async () =>
  StaffTableSessions.parse(await (await s.request(`/api/venues/${V}/table-sessions`, { token: staff })).json())
    .sessions;
const phoneStream = (credential: string) => openEvents(s, '/api/table-session/events', '', cred(credential));
const audit = (action: string) =>
  s.deps.db.all<{ actor_name: string; subject: string; detail: string }>(
    'SELECT actor_name, subject, detail FROM audit_log WHERE venue_id = ? AND action = ? ORDER BY id',
    [V, action],
  );

beforeAll(async () => {
  s = await startTestServer({
    tableJoinLimit: null,
    tableJoinAddressLimit: null,
    tableCartLimit: null,
    tableCartSessionLimit: null,
  });
  staff = await s.tokenFor('cocina@umenu.test');
  manager = await s.tokenFor('gerente@umenu.test');
  diner = await s.tokenFor('ana@umenu.test');
  otherStaff = (await s.newDiner('otro-local@umenu.test', ['staff:bar-el-cabanyal'])).token;
  tokens = await tableTokens(s, staff);
});
afterAll(() => s.dispose());

describe('who may act on the floor', () => {
  it("refuses a diner's table credential, a diner's account and another venue's staff with 403 on every floor endpoint", async () => {
    const ana = await joinTable(s, tokens, '11', 'Ana');
    const calls: Array<[string, string, unknown?]> = [
      ['POST', at('11', '/open')],
      ['GET', at('11', '/session')],
      ['PUT', at('11', `/cart/lines/${lineId()}`), TACOS],
      ['DELETE', at('11', `/cart/lines/${lineId()}`)],
      ['POST', at('11', '/rounds')],
      ['DELETE', at('11', `/participants/${ana.participantId}`)],
      ['POST', at('11', '/move'), { to: '12' }],
      ['POST', at('11', '/merge'), { into: '12' }],
    ];
    for (const [method, path, json] of calls) {
      const headers = cred(ana.credential);
      const asDiner = await s.request(path, { method, headers, key: newKey(), ...(json ? { json } : {}) });
      expect(asDiner.status, `${method} ${path} with a table credential`).toBe(403);
      expect((await problemOf(asDiner)).detail).toBe(TABLE_MESSAGES.floorStaffOnly);
      for (const token of [diner, otherStaff]) {
        const res = await s.request(path, { method, token, key: newKey(), ...(json ? { json } : {}) });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    // Nothing changed: Ana is still at table 11, alone, with an empty cart.
    const seen = TableSession.parse(
      await (await s.request('/api/table-session', { headers: cred(ana.credential) })).json(),
    );
    expect(seen.table).toBe('11');
    expect(seen.participants.map((p) => p.name)).toEqual(['Ana']);
    expect(seen.cart.lines).toEqual([]);
    await close('11');
  });
});

describe("a table's zone", () => {
  it('is set by a manager (cleaned), listed with the tables, removed with null; staff and other venues are refused', async () => {
    const path = at('Terraza');
    const set = await s.request(path, { method: 'PUT', json: { zone: '  Terraza\u200b norte ' }, token: manager });
    expect(set.status, await set.clone().text()).toBe(200);
    expect(((await set.json()) as { zone?: string }).zone).toBe('Terraza norte');
    const list = async () =>
      (
        (await (await s.request(`/api/venues/${V}/tables`, { token: staff })).json()) as {
          tables: Array<{ label: string; zone?: string }>;
        }
      ).tables;
    expect((await list()).find((t) => t.label === 'Terraza')?.zone).toBe('Terraza norte');
    expect((await list()).find((t) => t.label === '1')?.zone).toBeUndefined();
    expect((await s.request(path, { method: 'PUT', json: { zone: 'Sala' }, token: staff })).status).toBe(403);
    expect((await s.request(path, { method: 'PUT', json: { zone: 'Sala' }, token: otherStaff })).status).toBe(403);
    expect((await s.request(at('99'), { method: 'PUT', json: { zone: 'Sala' }, token: manager })).status).toBe(404);
    expect((await s.request(path, { method: 'PUT', json: { zone: '  ' }, token: manager })).status).toBe(422);
    expect((await s.request(path, { method: 'PUT', json: { zone: 'x'.repeat(41) }, token: manager })).status).toBe(422);
    expect((await s.request(path, { method: 'PUT', json: { zone: null }, token: manager })).status).toBe(200);
    expect((await list()).find((t) => t.label === 'Terraza')?.zone).toBeUndefined();
  });
});

describe('opening a table and ordering into it', () => {
  it('opens a free table (201), answers the open session as it is (200), shows it on the board, and a diner who scans joins it', async () => {
    const first = await open('1');
    expect(first.status).toBe(201);
    const { session } = FloorSession.parse(await first.json());
    expect(session).toMatchObject({ table: '1', status: 'open', participants: [] });
    const again = await open('1', manager);
    expect(again.status).toBe(200);
    expect(FloorSession.parse(await again.json()).session.id).toBe(session.id);
    expect((await board()).find((t) => t.table === '1')).toMatchObject({ id: session.id, openedByStaff: true });
    const ana = await joinTable(s, tokens, '1', 'Ana');
    expect(ana.session.id).toBe(session.id);
    expect((await open('99')).status).toBe(404);
    await close('1');
  });

  it("puts a waiter's lines into the table's cart, live on the diner's phone, priced by the server, with who added them and for whom", async () => {
    const ana = await joinTable(s, tokens, '2', 'Ana');
    const phone = await phoneStream(ana.credential);
    await phone.until((m) => m.some((x) => x.event === 'session'));
    const id = lineId();
    const res = await putLine('2', id, { ...TACOS, guest: '  Comensal 2 ' });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = TableSession.parse(await res.json());
    const line = after.cart.lines.find((l) => l.id === id)!;
    expect(line).toMatchObject({
      by: 'Cocina umenu · mesero',
      byStaff: true,
      guest: 'Comensal 2',
      unitPrice: 6900,
      lineTotal: 13800,
      participantId: expect.stringMatching(/^staff:/),
    });
    // The diner's phone hears it as any cart change.
    const heard = await phone.until((m) => m.some((x) => x.event === 'cart' && x.data!.includes(id)));
    expect(JSON.parse(heard.find((x) => x.event === 'cart' && x.data!.includes(id))!.data!).line.by).toBe(
      'Cocina umenu · mesero',
    );
    // A manager's line says so; the same rules as a diner's line.
    const managers = TableSession.parse(await (await putLine('2', lineId(), FLAN, manager)).json());
    expect(managers.cart.lines.at(-1)!.by).toBe('Gerente umenu · encargado');
    const bad = await putLine('2', lineId(), { productId: 'no-existe', optionIds: [], quantity: 1 });
    expect(bad.status).toBe(422);
    const badGuest = await putLine('2', lineId(), { ...FLAN, guest: '   ' });
    expect(badGuest.status).toBe(422);
    // Removing one.
    const removed = await s.request(at('2', `/cart/lines/${id}`), { method: 'DELETE', token: staff });
    expect(removed.status).toBe(200);
    expect(TableSession.parse(await removed.json()).cart.lines.map((l) => l.id)).not.toContain(id);
    phone.close();
    await close('2');
  });

  it("sends the round with the rules of a diner's round; a repeat of the key answers the same order; lines keep who and for whom", async () => {
    expect((await open('3')).status).toBe(201);
    expect((await putLine('3', lineId(), { ...TACOS, guest: 'Comensal 1' })).status).toBe(200);
    expect((await putLine('3', lineId(), { ...FLAN, guest: 'Comensal 2' })).status).toBe(200);
    const noKey = await s.request(at('3', '/rounds'), { method: 'POST', token: staff });
    expect(noKey.status).toBe(400);
    const key = newKey();
    const sent = await round('3', key);
    expect(sent.status, await sent.clone().text()).toBe(201);
    const order = Order.parse(await sent.json());
    expect(order).toMatchObject({ mode: 'table', table: '3', subtotal: 18300 });
    expect(order.lines.map((l) => [l.name, l.by, l.guest])).toEqual([
      [expect.any(String), 'Cocina umenu · mesero', 'Comensal 1'],
      [expect.any(String), 'Cocina umenu · mesero', 'Comensal 2'],
    ]);
    const repeat = await round('3', key);
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(Order.parse(await repeat.json()).id).toBe(order.id);
    // The kitchen has its tickets, saying who asked; the cart is empty; another round of an empty cart is refused.
    const tickets = TicketList.parse(
      await (await s.request(`/api/venues/${V}/tickets`, { token: staff })).json(),
    ).tickets.filter((t) => t.orderId === order.id);
    expect(tickets.length).toBeGreaterThan(0);
    expect(tickets.flatMap((t) => t.lines.map((l) => l.by))).toContain('Cocina umenu · mesero');
    const view = TableSession.parse(await (await s.request(at('3', '/session'), { token: staff })).json());
    expect(view.cart.lines).toEqual([]);
    expect(view.rounds.map((r) => r.id)).toEqual([order.id]);
    expect((await round('3', newKey())).status).toBe(422);
    // The bill's lines say for whom too: the table can split by it.
    const bill = TableBill.parse(await (await s.request(at('3', '/bill'), { token: staff })).json());
    expect(bill.lines.map((l) => l.guest)).toEqual(['Comensal 1', 'Comensal 2']);
    await close('3');
  });
});

describe('removing a person', () => {
  it('tells that phone, ends its stream, and its credential stops working; their lines stay; it is audited', async () => {
    const ana = await joinTable(s, tokens, '4', 'Ana');
    const stranger = await joinTable(s, tokens, '4', 'Intruso');
    const id = lineId();
    const added = await s.request(`/api/table-session/cart/lines/${id}`, {
      method: 'PUT',
      json: FLAN,
      headers: cred(stranger.credential),
    });
    expect(added.status).toBe(200);
    const [anaPhone, strangerPhone] = await Promise.all([
      phoneStream(ana.credential),
      phoneStream(stranger.credential),
    ]);
    await strangerPhone.until((m) => m.some((x) => x.event === 'session'));
    const res = await s.request(at('4', `/participants/${stranger.participantId}`), { method: 'DELETE', token: staff });
    expect(res.status).toBe(200);
    const after = TableSession.parse(await res.json());
    expect(after.participants.map((p) => p.name)).toEqual(['Ana']);
    expect(after.cart.lines.find((l) => l.id === id)?.by).toBe('Intruso');
    const heard = await strangerPhone.until((m) => m.some((x) => x.event === 'participant-removed'));
    expect(ParticipantRemoved.parse(JSON.parse(heard.find((x) => x.event === 'participant-removed')!.data!))).toEqual({
      sessionId: ana.session.id,
      participantId: stranger.participantId,
    });
    await strangerPhone.ended;
    expect((await s.request('/api/table-session', { headers: cred(stranger.credential) })).status).toBe(401);
    expect((await phoneStream(stranger.credential)).status).toBe(401);
    // Ana's phone stays, and hears the table without them.
    await anaPhone.until((m) =>
      m.some((x) => x.event === 'session' && TableSession.parse(JSON.parse(x.data!)).participants.length === 1),
    );
    const again = await s.request(at('4', `/participants/${stranger.participantId}`), {
      method: 'DELETE',
      token: staff,
    });
    expect(again.status).toBe(404);
    expect((await problemOf(again)).detail).toBe(TABLE_MESSAGES.participantNotFound);
    expect((await audit('removeParticipant')).at(-1)).toMatchObject({ actor_name: 'Cocina umenu', subject: '4' });
    anaPhone.close();
    await close('4');
  });
});

describe('moving and merging tables while phones are connected', () => {
  it('moves the session with its people, cart, rounds, tickets and bill to a free table; phones keep working; a busy table is refused', async () => {
    const ana = await joinTable(s, tokens, '5', 'Ana');
    expect((await putLine('5', lineId(), TACOS)).status).toBe(200);
    const order = Order.parse(await (await round('5', newKey())).json());
    expect((await putLine('5', lineId(), FLAN)).status).toBe(200);
    const busy = await joinTable(s, tokens, '6', 'Luis');
    const phone = await phoneStream(ana.credential);
    await phone.until((m) => m.some((x) => x.event === 'session'));

    const refused = await s.request(at('5', '/move'), { json: { to: '6' }, token: staff });
    expect(refused.status).toBe(409);
    expect((await problemOf(refused)).detail).toBe(TABLE_MESSAGES.tableBusy('6'));
    expect((await s.request(at('5', '/move'), { json: { to: 'nope' }, token: staff })).status).toBe(404);

    const res = await s.request(at('5', '/move'), { json: { to: '7' }, token: staff });
    expect(res.status, await res.clone().text()).toBe(200);
    const { session } = FloorSession.parse(await res.json());
    expect(session).toMatchObject({ id: ana.session.id, table: '7' });
    expect(session.cart.lines).toHaveLength(1);
    expect(session.rounds.map((r) => [r.id, r.table])).toEqual([[order.id, '7']]);
    const heard = await phone.until((m) => m.some((x) => x.event === 'table-moved'));
    const moved = TableMoved.parse(JSON.parse(heard.find((x) => x.event === 'table-moved')!.data!));
    expect(moved).toMatchObject({ kind: 'move', table: '7', from: '5', sessionId: ana.session.id });
    expect(TABLE_STRINGS.movedTo(moved.table)).toBe('Os hemos cambiado a la Mesa 7');

    // The phone keeps working: its next edit goes to table 7 and its stream hears it.
    const id = lineId();
    const edit = await s.request(`/api/table-session/cart/lines/${id}`, {
      method: 'PUT',
      json: FLAN,
      headers: cred(ana.credential),
    });
    expect(edit.status).toBe(200);
    expect(TableSession.parse(await edit.json()).table).toBe('7');
    await phone.until((m) => m.some((x) => x.event === 'cart' && x.data!.includes(id)));
    // The kitchen and the board say table 7; table 5 is free; the bill came along.
    const tickets = TicketList.parse(
      await (await s.request(`/api/venues/${V}/tickets`, { token: staff })).json(),
    ).tickets.filter((t) => t.orderId === order.id);
    expect(tickets.map((t) => t.table)).toEqual(tickets.map(() => '7'));
    const tables = await board();
    expect(tables.find((t) => t.id === ana.session.id)?.table).toBe('7');
    expect(tables.find((t) => t.table === '5')).toBeUndefined();
    const bill = await s.request(at('7', '/bill'), { token: staff });
    expect(bill.status).toBe(200);
    expect(((await bill.json()) as { balance: number }).balance).toBe(order.total);
    expect((await audit('move')).at(-1)).toMatchObject({ subject: '5' });
    expect(JSON.parse((await audit('move')).at(-1)!.detail)).toMatchObject({ from: '5', to: '7' });
    phone.close();
    await close('7');
    await s.request(`/api/venues/${V}/tables/6/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
    void busy;
  });

  it('merges two tables into one session with everyone, both carts, all rounds and one bill; every phone follows', async () => {
    const ana = await joinTable(s, tokens, '8', 'Ana');
    const luis = await joinTable(s, tokens, '9', 'Luis');
    expect((await putLine('8', lineId(), TACOS)).status).toBe(200);
    const first = Order.parse(await (await round('8', newKey())).json());
    expect((await putLine('8', lineId(), FLAN)).status).toBe(200);
    expect((await putLine('9', lineId(), FLAN)).status).toBe(200);
    const second = Order.parse(await (await round('9', newKey())).json());
    expect((await putLine('9', lineId(), TACOS)).status).toBe(200);
    const [anaPhone, luisPhone] = await Promise.all([phoneStream(ana.credential), phoneStream(luis.credential)]);
    await anaPhone.until((m) => m.some((x) => x.event === 'session'));
    await luisPhone.until((m) => m.some((x) => x.event === 'session'));

    expect((await s.request(at('8', '/merge'), { json: { into: '10' }, token: staff })).status).toBe(409);
    const res = await s.request(at('8', '/merge'), { json: { into: '9' }, token: staff });
    expect(res.status, await res.clone().text()).toBe(200);
    const { session } = FloorSession.parse(await res.json());
    expect(session).toMatchObject({ id: luis.session.id, table: '9' });
    expect(session.participants.map((p) => p.name).sort()).toEqual(['Ana', 'Luis']);
    expect(session.cart.lines).toHaveLength(2);
    expect(session.rounds.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect(session.rounds.every((r) => r.table === '9')).toBe(true);

    // Ana's phone is told, its stream ends, and her credential now opens the merged session.
    const heard = await anaPhone.until((m) => m.some((x) => x.event === 'table-moved'));
    expect(TableMoved.parse(JSON.parse(heard.find((x) => x.event === 'table-moved')!.data!))).toMatchObject({
      kind: 'merge',
      table: '9',
      from: '8',
      sessionId: luis.session.id,
    });
    await anaPhone.ended;
    const anaAgain = await phoneStream(ana.credential);
    const fresh = await anaAgain.until((m) => m.some((x) => x.event === 'session'));
    expect(TableSession.parse(JSON.parse(fresh.find((x) => x.event === 'session')!.data!)).id).toBe(luis.session.id);
    // Luis's phone heard the merged table; both phones hear what happens next.
    await luisPhone.until((m) =>
      m.some((x) => x.event === 'session' && TableSession.parse(JSON.parse(x.data!)).participants.length === 2),
    );
    const id = lineId();
    const edit = await s.request(`/api/table-session/cart/lines/${id}`, {
      method: 'PUT',
      json: FLAN,
      headers: cred(ana.credential),
    });
    expect(edit.status).toBe(200);
    await Promise.all([
      anaAgain.until((m) => m.some((x) => x.event === 'cart' && x.data!.includes(id))),
      luisPhone.until((m) => m.some((x) => x.event === 'cart' && x.data!.includes(id))),
    ]);
    // One bill with both tables' rounds; table 8 is free.
    const bill = (await (await s.request(at('9', '/bill'), { token: staff })).json()) as { balance: number };
    expect(bill.balance).toBe(first.total + second.total);
    expect((await s.request(at('8', '/bill'), { token: staff })).status).toBe(404);
    expect((await board()).find((t) => t.table === '8')).toBeUndefined();
    expect((await audit('merge')).at(-1)).toMatchObject({ subject: '8' });
    anaAgain.close();
    luisPhone.close();
    await close('9');
  });
});

describe.skipIf(!pgUrl())('two instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    database = await testDatabase();
    a = await startTestServer({ jwtSecret: undefined }, {}, database);
    b = await startTestServer({ jwtSecret: undefined }, {}, database);
  });
  afterAll(async () => {
    await Promise.allSettled([a, b].map((x) => x?.close()));
    await database.drop();
  });

  it('one waiter round sent to both instances at the same moment makes exactly one order', async () => {
    const cook = (await a.login('cocina@umenu.test')).token;
    for (let n = 0; n < 3; n++) {
      expect((await open('Barra 1', cook, a)).status).toBe(n === 0 ? 201 : 200);
      const put = await a.request(at('Barra 1', `/cart/lines/${lineId()}`), { method: 'PUT', json: FLAN, token: cook });
      expect(put.status).toBe(200);
      const key = newKey();
      const answers = await Promise.all([a, b, a, b].map((server) => round('Barra 1', key, server, cook)));
      const ids = new Set<string>();
      for (const res of answers) {
        expect([201, 409], await res.clone().text()).toContain(res.status);
        if (res.status === 201) ids.add(Order.parse(await res.json()).id);
      }
      expect(ids.size).toBe(1);
      const rounds = await a.deps.db.all<{ n: number }>(
        'SELECT COUNT(*) AS n FROM orders WHERE doc LIKE \'%"table":"Barra 1"%\'',
      );
      expect(Number(rounds[0]!.n)).toBe(n + 1);
    }
  });
});
