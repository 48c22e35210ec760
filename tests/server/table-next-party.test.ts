/**
 * The next party at a table (docs/rules.md#table-sessions): a table paid in full closes by itself
 * `UMENU_PAID_TABLE_CLOSE_S` after its balance reached 0 (every instance looks, each session closes once), and a
 * phone joining a session with no activity for 30 minutes is asked «¿Sois el mismo grupo?» before anything of it
 * is answered; «No, somos otro grupo» tells the board and joins nothing until staff close the old one.
 * Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JoinResult,
  JoinWaiting,
  StaffTableSessions,
  TableSession,
  TABLE_MESSAGES,
  TABLE_STRINGS,
} from '../../src/contract/table.ts';
import { TableBill } from '../../src/contract/bill.ts';
import { PROBLEM_TYPES } from '../../src/contract/problem.ts';
import { configFromEnv } from '../../server/platform/config.ts';
import { newKey, pgUrl, startTestServer, testDatabase, type TestServer } from './helpers.ts';
import { cred, joinRequest, joinTable, lineId, problemOf, tableTokens } from './table-kit.ts';

const V = 'taqueria-el-guero';
const NO_LIMITS = {
  tableJoinLimit: null,
  tableJoinAddressLimit: null,
  tableBadTokenLimit: null,
  tableCallLimit: null,
  tableCartLimit: null,
  tableCartSessionLimit: null,
  tablePayRequestLimit: null,
} as const;
const GUACAMOLE = { productId: 'guacamole-con-totopos', optionIds: [] as string[], quantity: 1 };

/** Waits until `check` is true (the state the test needs), polling. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function kit(s: TestServer, tokens: Map<string, string>, staff: string) {
  const session = async (credential: string) =>
    TableSession.parse(await (await s.request('/api/table-session', { headers: cred(credential) })).json());
  return {
    session,
    /** A round with one dish, paid in full by staff: the table's balance reaches 0. */
    async orderAndPay(table: string, credential: string) {
      const put = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
        method: 'PUT',
        json: GUACAMOLE,
        headers: cred(credential),
      });
      expect(put.status, await put.clone().text()).toBe(200);
      const round = await s.request('/api/table-session/rounds', {
        json: { expectedTotal: (await session(credential)).cart.subtotal },
        key: newKey(),
        headers: cred(credential),
      });
      expect(round.status, await round.clone().text()).toBe(201);
      const bill = TableBill.parse(
        await (await s.request('/api/table-session/bill', { headers: cred(credential) })).json(),
      );
      const paid = await s.request(`/api/venues/${V}/tables/${table}/payments`, {
        json: { amount: bill.balance, tip: 0, method: 'cash' },
        key: newKey(),
        token: staff,
      });
      expect(paid.status, await paid.clone().text()).toBe(201);
      expect((await session(credential)).paidAt).toBeDefined();
    },
    board: async () =>
      StaffTableSessions.parse(await (await s.request(`/api/venues/${V}/table-sessions`, { token: staff })).json())
        .sessions,
    join: (table: string, name: string) => joinTable(s, tokens, table, name),
    status: async (id: string) =>
      (await s.deps.db.get<{ status: string }>('SELECT status FROM table_sessions WHERE id = ?', [id]))!.status,
  };
}

describe('a paid table closes by itself', () => {
  it('UMENU_PAID_TABLE_CLOSE_S: 600 s unless set', () => {
    expect(configFromEnv({}).paidTableCloseS).toBe(600);
    expect(configFromEnv({ UMENU_PAID_TABLE_CLOSE_S: '90' }).paidTableCloseS).toBe(90);
  });

  let s: TestServer;
  let t: ReturnType<typeof kit>;
  beforeAll(async () => {
    s = await startTestServer({ ...NO_LIMITS, paidTableCloseS: 1 });
    const staff = await s.tokenFor('cocina@umenu.test');
    t = kit(s, await tableTokens(s, staff), staff);
  });
  afterAll(() => s.dispose());

  it('closes after its balance reached 0, with nobody asking; the next party finds an empty table', async () => {
    const ana = await t.join('5', 'Ana');
    await t.orderAndPay('5', ana.credential);
    // Nobody reads the session: the server closes it on its own.
    await until(async () => (await t.status(ana.session.id)) === 'closed', 'the paid table closed');
    expect(await t.session(ana.credential)).toMatchObject({ status: 'closed', participants: [], rounds: [] });
    expect((await t.board()).map((b) => b.table)).not.toContain('5');
    const next = await t.join('5', 'Beto');
    expect(next.session.id).not.toBe(ana.session.id);
    expect(next.session.participants.map((p) => p.name)).toEqual(['Beto']);
    expect(next.session.rounds).toEqual([]);
  });

  it('a table that still owes, or never ordered, stays open', async () => {
    const carla = await t.join('7', 'Carla');
    const put = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
      method: 'PUT',
      json: GUACAMOLE,
      headers: cred(carla.credential),
    });
    expect(put.status).toBe(200);
    const paidElsewhere = await t.join('5', 'Dani');
    await t.orderAndPay('5', paidElsewhere.credential);
    await until(async () => (await t.status(paidElsewhere.session.id)) === 'closed', 'the other, paid table closed');
    expect(await t.status(carla.session.id)).toBe('open');
  });
});

describe('one paid table, two sweeps at once (on PostgreSQL, two instances): it closes once, not before its time', () => {
  it('both look; one closes it', async () => {
    const database = await testDatabase();
    let clock = Date.now();
    const options = { now: () => new Date(clock) };
    const a = await startTestServer({ ...NO_LIMITS, paidTableCloseS: 600 }, options, database);
    // SQLite is one instance's database (server/README.md, "Running at scale"): there, the one instance sweeps twice at once.
    const b = pgUrl() ? await startTestServer({ ...NO_LIMITS, paidTableCloseS: 600 }, options, database) : a;
    try {
      const staff = await a.tokenFor('cocina@umenu.test');
      const t = kit(a, await tableTokens(a, staff), staff);
      const ana = await t.join('2', 'Ana');
      await t.orderAndPay('2', ana.credential);
      clock += 599_000;
      expect(await a.deps.tableSessions.closePaid()).toBe(0);
      expect(await t.status(ana.session.id)).toBe('open');
      clock += 2_000;
      const closed = await Promise.all([a.deps.tableSessions.closePaid(), b.deps.tableSessions.closePaid()]);
      expect(closed[0] + closed[1]).toBe(1);
      expect(await t.status(ana.session.id)).toBe('closed');
    } finally {
      if (b !== a) await b.close();
      await a.dispose();
    }
  });
});

describe('«¿Sois el mismo grupo?»', () => {
  let s: TestServer;
  let tokens: Map<string, string>;
  let t: ReturnType<typeof kit>;
  let staff: string;
  beforeAll(async () => {
    s = await startTestServer(NO_LIMITS);
    staff = await s.tokenFor('cocina@umenu.test');
    tokens = await tableTokens(s, staff);
    t = kit(s, tokens, staff);
  });
  afterAll(() => s.dispose());

  const ageSession = (id: string, minutes: number) =>
    s.deps.db.run('UPDATE table_sessions SET active_at = ? WHERE id = ?', [Date.now() - minutes * 60_000, id]);
  const joinAs = (table: string, name: string, group?: 'same' | 'new') =>
    s.request(`/api/venues/${V}/tables/${table}/join`, {
      json: { token: tokens.get(table), name, ...(group ? { group } : {}) },
    });

  it('a session active in the last 30 minutes is joined without a question', async () => {
    const ana = await t.join('8', 'Ana');
    await ageSession(ana.session.id, 29);
    const beto = await t.join('8', 'Beto');
    expect(beto.session.id).toBe(ana.session.id);
  });

  it('an older one: 409 with the question and nothing of the party; «Sí, unirme» joins it', async () => {
    const ana = await t.join('9', 'Ana');
    await ageSession(ana.session.id, 31);
    const asked = await joinRequest(s, '9', tokens.get('9'), 'Beto');
    expect(asked.status).toBe(409);
    const text = await asked.clone().text();
    const problem = await problemOf(asked);
    expect(problem.type).toBe(PROBLEM_TYPES.tableSameGroup);
    expect(problem.detail).toBe('Esta mesa tiene una cuenta abierta. ¿Sois el mismo grupo?');
    expect(text).not.toContain('Ana');
    expect(text).not.toContain(ana.session.id);
    const same = await joinAs('9', 'Beto', 'same');
    expect(same.status, await same.clone().text()).toBe(201);
    const joined = JoinResult.parse(await same.json());
    expect(joined.session.id).toBe(ana.session.id);
    expect(joined.session.participants.map((p) => p.name)).toEqual(['Ana', 'Beto']);
  });

  it('«No, somos otro grupo»: nothing of the old party, the board says a new group waits, and after staff close it the group gets a new table', async () => {
    const ana = await t.join('10', 'Ana');
    const put = await s.request(`/api/table-session/cart/lines/${lineId()}`, {
      method: 'PUT',
      json: GUACAMOLE,
      headers: cred(ana.credential),
    });
    expect(put.status).toBe(200);
    await ageSession(ana.session.id, 45);
    const before = (await t.board()).find((b) => b.table === '10')!;
    expect(before.newGroupAt).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const waiting = await joinAs('10', 'Beto', 'new');
      expect(waiting.status).toBe(202);
      const text = await waiting.clone().text();
      expect(JoinWaiting.parse(JSON.parse(text))).toEqual({ table: '10', waiting: true });
      expect(text).not.toContain('Ana');
      expect(text).not.toContain('guacamole');
    }
    const row = (await t.board()).find((b) => b.table === '10')!;
    expect(row.newGroupAt).toBeDefined();
    expect(TABLE_STRINGS.newGroupWaiting(row.table)).toBe('Mesa 10: un grupo nuevo espera');
    // The old party's phone sees nothing change and keeps its table.
    expect(await t.session(ana.credential)).toMatchObject({ status: 'open', participants: [{ name: 'Ana' }] });
    const closed = await s.request(`/api/venues/${V}/tables/10/close`, { json: { confirmUnpaid: true }, token: staff });
    expect(closed.status, await closed.clone().text()).toBe(200);
    const fresh = await joinAs('10', 'Beto', 'new');
    expect(fresh.status, await fresh.clone().text()).toBe(201);
    const joined = JoinResult.parse(await fresh.json());
    expect(joined.session.id).not.toBe(ana.session.id);
    expect(joined.session.participants.map((p) => p.name)).toEqual(['Beto']);
    expect(joined.session.cart.lines).toEqual([]);
    // The next of that group joins without a question.
    const carla = await t.join('10', 'Carla');
    expect(carla.session.id).toBe(joined.session.id);
    expect(TABLE_MESSAGES.sameGroup).toBe(TABLE_STRINGS.sameGroup);
  });
});
