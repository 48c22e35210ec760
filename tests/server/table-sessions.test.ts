/**
 * Table sessions (docs/rules.md#table-sessions), every rule of the API: joining (tokens, names, accounts),
 * participant credentials, the shared live cart (stream with catch-up, merges, ownership,
 * limits), rounds (server prices, idempotency, price-change 409), calls, the bill, closing
 * (nothing of a closed session stays readable), floods and staff scopes. Runs on SQLite
 * and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { applyCartChange } from '../../src/features/table-session/logic.ts';
import {
  JoinResult,
  StaffTableSessions,
  TableBill,
  TableCartChange,
  TableSession,
  TABLE_MESSAGES,
  TABLE_STRINGS,
  type TableSession as Session,
} from '../../src/contract/table.ts';
import { Order, type Order as OrderT } from '../../src/contract/order.ts';
import { PROBLEM_TYPES } from '../../src/contract/problem.ts';
import {
  newKey,
  openEvents,
  pgUrl,
  startTestServer,
  testDatabase,
  type SseMessage,
  type TestServer,
} from './helpers.ts';
import { cred, joinRequest, joinTable, lineId, problemOf, tableTokens, type Problem } from './table-kit.ts';
import { configFromEnv } from '../../server/platform/config.ts';
import { ceiling } from '../ceiling.ts';

const V = 'taqueria-el-guero';
const TACOS = { productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 }; // 2 × 6 900
const FLAN = { productId: 'flan-napolitano', optionIds: [] as string[], quantity: 1 }; // 4 500

let s: TestServer;
let staff: string, manager: string, diner: string, admin: string;
const tokens = new Map<string, string>();

const tokensOf = (server: TestServer, token: string) => tableTokens(server, token);

const joinAt = (
  server: TestServer,
  table: string,
  name: string | undefined,
  init: { token?: string; tableToken?: string } = {},
): Promise<Response> => joinRequest(server, table, init.tableToken ?? tokens.get(table)!, name, init);

const join = (table: string, name: string, server: TestServer = s): Promise<JoinResult> =>
  joinTable(server, tokens, table, name);

const getSession = async (credential: string) => {
  const res = await s.request('/api/table-session', { headers: cred(credential) });
  expect(res.status).toBe(200);
  return TableSession.parse(await res.json());
};
const put = (credential: string, id: string, line: unknown) =>
  s.request(`/api/table-session/cart/lines/${id}`, { method: 'PUT', json: line, headers: cred(credential) });
const del = (credential: string, id: string) =>
  s.request(`/api/table-session/cart/lines/${id}`, { method: 'DELETE', headers: cred(credential) });
const sendRound = (credential: string, expectedTotal: number, key = newKey()) =>
  s.request('/api/table-session/rounds', { json: { expectedTotal }, key, headers: cred(credential) });
const callStaff = (credential: string, kind: 'waiter' | 'bill', server: TestServer = s) =>
  server.request('/api/table-session/calls', { json: { kind }, headers: cred(credential) });
/**
 * The sessions a phone holds while reading `messages`, as the phone builds them: each `session`
 * replaces it, each `cart` change is applied over it (from `base` on a resumed stream).
 */
function sessionsOf(messages: SseMessage[], base?: Session): Session[] {
  const out: Session[] = [];
  let current = base;
  for (const m of messages) {
    if (m.event === 'session') current = TableSession.parse(JSON.parse(m.data!));
    else if (m.event === 'cart' && current) {
      const next = applyCartChange(current, TableCartChange.parse(JSON.parse(m.data!)));
      expect(next).not.toBe('gap');
      if (typeof next === 'string') continue;
      current = next;
    } else continue;
    out.push(current);
  }
  return out;
}

beforeAll(async () => {
  // Joins, calls and cart writes are not limited here (describes below have their own servers with limits).
  s = await startTestServer({
    tableJoinLimit: null,
    tableJoinAddressLimit: null,
    tableBadTokenLimit: null,
    tableCallLimit: null,
    tableCartLimit: null,
    tableCartSessionLimit: null,
  });
  staff = await s.tokenFor('cocina@umenu.test');
  manager = await s.tokenFor('gerente@umenu.test');
  diner = await s.tokenFor('ana@umenu.test');
  admin = await s.tokenFor('admin@umenu.test');
  for (const [label, token] of await tokensOf(s, staff)) tokens.set(label, token);
});
afterAll(() => s.dispose());

describe('checking a table link', () => {
  it("accepts the table's token and refuses an unknown one, another table's, or an unknown table or venue, saying nothing else", async () => {
    const ok = await s.request(`/api/venues/${V}/tables/1/check?t=${tokens.get('1')}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await ok.json()).toEqual({ venueId: V, table: '1' });
    for (const path of [
      `/api/venues/${V}/tables/1/check?t=nope`,
      `/api/venues/${V}/tables/1/check?t=${tokens.get('2')}`,
      `/api/venues/${V}/tables/1/check`,
      `/api/venues/${V}/tables/99/check?t=${tokens.get('1')}`,
      `/api/venues/no-existe/tables/1/check?t=${tokens.get('1')}`,
    ]) {
      const res = await s.request(path);
      expect(res.status, path).toBe(404);
      const body = await problemOf(res);
      expect(body.type).toBe(PROBLEM_TYPES.tableTokenInvalid);
      expect(body.detail).toBe(TABLE_STRINGS.invalidToken);
    }
  });

  it('refuses a rotated token for checking and joining; the new one works', async () => {
    const old = tokens.get('12')!;
    const rotated = await s.request(`/api/venues/${V}/tables/12/token`, { method: 'POST', token: manager });
    expect(rotated.status).toBe(200);
    const fresh = new URL(((await rotated.json()) as { url: string }).url).searchParams.get('t')!;
    expect((await s.request(`/api/venues/${V}/tables/12/check?t=${old}`)).status).toBe(404);
    const refused = await joinAt(s, '12', 'Ana', { tableToken: old });
    expect(refused.status).toBe(404);
    expect((await problemOf(refused)).detail).toBe(TABLE_STRINGS.invalidToken);
    expect((await s.request(`/api/venues/${V}/tables/12/check?t=${fresh}`)).status).toBe(200);
    tokens.set('12', fresh);
    expect((await joinAt(s, '12', 'Ana')).status).toBe(201);
    await s.request(`/api/venues/${V}/tables/12/close`, {
      method: 'POST',
      json: { confirmUnpaid: true },
      token: staff,
    });
  });
});

describe('joining', () => {
  it('asks for a name of 1 to 40 characters (errors.name) and changes nothing otherwise', async () => {
    for (const name of [undefined, '', '   ', 'x'.repeat(41)]) {
      const res = await joinAt(s, '2', name);
      expect(res.status, JSON.stringify(name)).toBe(422);
      const body = await problemOf(res);
      expect(body.errors?.name).toEqual([TABLE_MESSAGES.nameInvalid]);
      expect(body.detail).toBe('Escribe tu nombre (1 a 40 caracteres).');
    }
    // A bad token is refused as such, whatever the name.
    expect((await joinAt(s, '2', '', { tableToken: 'bad-token' })).status).toBe(404);
    const staffView = StaffTableSessions.parse(
      await (await s.request(`/api/venues/${V}/table-sessions`, { token: staff })).json(),
    );
    expect(staffView.sessions.find((x) => x.table === '2')).toBeUndefined();

    const forty = await join('2', `  ${'y'.repeat(40)}  `);
    expect(forty.session.participants.map((p) => p.name)).toEqual(['y'.repeat(40)]);
    await s.request(`/api/venues/${V}/tables/2/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });

  it('opens one session for the table; the next phone joins it; the credential is long, random, not the token, and stored hashed', async () => {
    const ana = await join('3', 'Ana');
    const luis = await join('3', 'Luis');
    expect(luis.session.id).toBe(ana.session.id);
    expect(luis.session.participants.map((p) => p.name)).toEqual(['Ana', 'Luis']);
    expect(luis.session.table).toBe('3');
    expect(luis.session.status).toBe('open');
    expect(ana.credential).not.toBe(luis.credential);
    expect(ana.credential).not.toContain(tokens.get('3')!);
    expect(Buffer.from(ana.credential, 'base64url').length).toBeGreaterThanOrEqual(32);
    const stored = await s.deps.db.all<{ credential_hash: string }>(
      'SELECT credential_hash FROM table_participants WHERE session_id = ?',
      [ana.session.id],
    );
    expect(stored).toHaveLength(2);
    for (const row of stored) expect([ana.credential, luis.credential]).not.toContain(row.credential_hash);
    const seen = await getSession(ana.credential);
    expect(seen.participants.map((p) => p.id)).toEqual([ana.participantId, luis.participantId]);
    await s.request(`/api/venues/${V}/tables/3/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });

  it('a signed-in diner joins under their account name (no name needed); a forged bearer token gets 401', async () => {
    const res = await joinAt(s, '4', undefined, { token: diner });
    expect(res.status).toBe(201);
    const joined = JoinResult.parse(await res.json());
    expect(joined.session.participants.map((p) => p.name)).toEqual(['Ana García']);
    const typed = JoinResult.parse(await (await joinAt(s, '4', 'Otro nombre', { token: diner })).json());
    expect(typed.session.participants.map((p) => p.name)).toEqual(['Ana García', 'Ana García']);
    expect((await joinAt(s, '4', 'Ana', { token: 'forged.token.value' })).status).toBe(401);
    await s.request(`/api/venues/${V}/tables/4/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });

  it('simultaneous joins of an empty table open exactly one session', async () => {
    const results = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((n) => join('Barra 1', n)));
    expect(new Set(results.map((r) => r.session.id)).size).toBe(1);
    expect((await getSession(results[0]!.credential)).participants).toHaveLength(5);
    await s.request(`/api/venues/${V}/tables/Barra%201/close`, {
      method: 'POST',
      json: { confirmUnpaid: true },
      token: staff,
    });
  });
});

describe('the participant credential', () => {
  it("reads only its own session: another table's changes never reach it", async () => {
    const ana = await join('1', 'Ana');
    const bob = await join('Barra 2', 'Bob');
    expect(bob.session.id).not.toBe(ana.session.id);
    const stream = await openEvents(s, '/api/table-session/events', '', cred(ana.credential));
    const [ready] = await stream.until((m) => sessionsOf(m).length === 1);
    const base = sessionsOf(stream.messages())[0]!;
    await put(bob.credential, lineId(), FLAN);
    await callStaff(bob.credential, 'waiter');
    await put(ana.credential, lineId(), TACOS);
    const seen = sessionsOf(await stream.until((m) => sessionsOf(m).some((x) => x.cart.lines.length === 1)));
    for (const x of seen) {
      expect(x.id).toBe(ana.session.id);
      expect(x.participants.map((p) => p.name)).toEqual(['Ana']);
      expect(x.calls).toEqual([]);
    }
    stream.close();
    // Resuming from before Bob's changes still gives only Ana's table.
    const resumed = await openEvents(s, '/api/table-session/events', '', {
      ...cred(ana.credential),
      'last-event-id': ready!.id!,
    });
    await resumed.until((m) => sessionsOf(m, base).length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(sessionsOf(resumed.messages(), base).map((x) => x.id)).toEqual([ana.session.id]);
    expect(
      resumed
        .messages()
        .filter((m) => m.event === 'cart')
        .map((m) => TableCartChange.parse(JSON.parse(m.data!)).sessionId),
    ).toEqual([ana.session.id]);
    resumed.close();
    const mine = await getSession(ana.credential);
    expect(mine.table).toBe('1');
    expect(mine.cart.lines.map((l) => l.by)).toEqual(['Ana']);
    await s.request(`/api/venues/${V}/tables/1/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
    await s.request(`/api/venues/${V}/tables/Barra%202/close`, {
      method: 'POST',
      json: { confirmUnpaid: true },
      token: staff,
    });
  });

  it('is required for every session operation: missing or forged → 401 with a Spanish message', async () => {
    const forged = randomBytes(32).toString('base64url');
    const calls: Array<[string, RequestInit & { json?: unknown; key?: string }]> = [
      ['/api/table-session', {}],
      ['/api/table-session/events', {}],
      ['/api/table-session/bill', {}],
      [`/api/table-session/cart/lines/${lineId()}`, { method: 'PUT', json: FLAN }],
      [`/api/table-session/cart/lines/${lineId()}`, { method: 'DELETE' }],
      ['/api/table-session/rounds', { json: { expectedTotal: 0 }, key: newKey() }],
      ['/api/table-session/calls', { json: { kind: 'waiter' } }],
    ];
    for (const [path, init] of calls) {
      for (const headers of [{}, cred(forged), cred('short'), { authorization: `Bearer ${diner}` }] as Array<
        Record<string, string>
      >) {
        const res = await s.request(path, { ...init, headers });
        expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(401);
        const body = await problemOf(res);
        expect(body.type).toBe(PROBLEM_TYPES.tableCredentialInvalid);
        expect(body.detail).toBe('Tu acceso a la mesa no es válido. Vuelve a escanear el código de la mesa.');
      }
    }
  });
});

describe('the shared cart', () => {
  let ana: JoinResult, luis: JoinResult;
  beforeAll(async () => {
    ana = await join('5', 'Ana');
    luis = await join('5', 'Luis');
  });
  afterAll(async () => {
    await s.request(`/api/venues/${V}/tables/5/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });

  it('a line added on one phone reaches the other through the stream, says who added it, and is caught up after a reconnect', async () => {
    const stream = await openEvents(s, '/api/table-session/events', '', cred(luis.credential));
    expect(stream.status).toBe(200);
    const first = await stream.until((m) => sessionsOf(m).length === 1);
    const ready = first.find((m) => m.event === 'ready')!;
    expect(sessionsOf(first)[0]!.participants).toHaveLength(2);

    const id = lineId();
    const started = Date.now();
    expect((await put(ana.credential, id, TACOS)).status).toBe(200);
    const messages = await stream.until((m) => sessionsOf(m).some((x) => x.cart.lines.length === 1), 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    const live = sessionsOf(messages).at(-1)!;
    expect(live.cart.lines[0]).toMatchObject({
      id,
      by: 'Ana',
      participantId: ana.participantId,
      productId: 'tacos-al-pastor',
      name: 'Tacos al pastor',
      quantity: 2,
      unitPrice: 6900,
      lineTotal: 13800,
    });
    expect(live.cart).toMatchObject({ subtotal: 13800, count: 2 });
    const lastSeen = messages.filter((m) => m.event === 'session').at(-1)!.id!;
    stream.close();

    // While Luis's phone is away, Ana adds a flan.
    const flanId = lineId();
    expect((await put(ana.credential, flanId, FLAN)).status).toBe(200);
    const resumed = await openEvents(s, '/api/table-session/events', '', {
      ...cred(luis.credential),
      'last-event-id': lastSeen,
    });
    const caught = sessionsOf(
      await resumed.until((m) => sessionsOf(m, live).some((x) => x.cart.lines.length === 2)),
      live,
    );
    expect(caught.at(-1)!.cart.lines.map((l) => l.id)).toEqual([id, flanId]);
    resumed.close();
    // From the very start, with the query parameter: every change of this session, in order.
    const replay = await openEvents(s, `/api/table-session/events?lastEventId=${ready.id}`, '', cred(luis.credential));
    const start = sessionsOf(first)[0]!;
    const all = sessionsOf(
      await replay.until((m) => sessionsOf(m, start).some((x) => x.cart.lines.length === 2)),
      start,
    );
    expect(all.map((x) => x.cart.lines.length)).toEqual([1, 2]);
    expect(all.map((x) => x.version)).toEqual([...all.map((x) => x.version)].sort((a, b) => a - b));
    replay.close();
    await del(ana.credential, id);
    await del(ana.credential, flanId);
  });

  it("merges an identical line of the same person, never twice for a repeated PUT, capped at 99; another person's identical line stays apart", async () => {
    const a = lineId();
    const b = lineId();
    await put(ana.credential, a, { ...FLAN, note: 'sin cajeta' });
    // The note is compared trimmed (src/contract/cart-line.ts), as the diner's cart compares it.
    let session = TableSession.parse(
      await (await put(ana.credential, b, { ...FLAN, quantity: 2, note: ' sin cajeta  ' })).json(),
    );
    expect(session.cart.lines.filter((l) => l.productId === 'flan-napolitano')).toEqual([
      expect.objectContaining({ id: a, quantity: 3, note: 'sin cajeta' }),
    ]);
    // Repeats (lost answers, offline replays) change nothing.
    await put(ana.credential, b, { ...FLAN, quantity: 2, note: ' sin cajeta  ' });
    session = TableSession.parse(await (await put(ana.credential, a, { ...FLAN, note: 'sin cajeta' })).json());
    expect(session.cart.lines.find((l) => l.id === a)!.quantity).toBe(3);
    // Changing one's own line sets its quantity.
    session = TableSession.parse(
      await (await put(ana.credential, a, { ...FLAN, quantity: 98, note: 'sin cajeta' })).json(),
    );
    expect(session.cart.lines.find((l) => l.id === a)!.quantity).toBe(98);
    session = TableSession.parse(
      await (await put(ana.credential, lineId(), { ...FLAN, quantity: 5, note: 'sin cajeta' })).json(),
    );
    expect(session.cart.lines.find((l) => l.id === a)!.quantity).toBe(99);
    // Luis's identical flan is his own line.
    const l = lineId();
    session = TableSession.parse(await (await put(luis.credential, l, { ...FLAN, note: 'sin cajeta' })).json());
    expect(session.cart.lines.filter((x) => x.productId === 'flan-napolitano').map((x) => [x.by, x.quantity])).toEqual([
      ['Ana', 99],
      ['Luis', 1],
    ]);
    await del(ana.credential, a);
    await del(luis.credential, l);
  });

  it('only the person who added a line may change it (403); anyone may remove it; removing a missing line is fine', async () => {
    const a = lineId();
    await put(ana.credential, a, TACOS);
    const res = await put(luis.credential, a, { ...TACOS, quantity: 5 });
    expect(res.status).toBe(403);
    expect((await problemOf(res)).detail).toBe('Solo quien añadió esta línea puede cambiarla.');
    expect((await getSession(ana.credential)).cart.lines.find((x) => x.id === a)!.quantity).toBe(2);
    const removed = await del(luis.credential, a);
    expect(removed.status).toBe(200);
    expect(TableSession.parse(await removed.json()).cart.lines.find((x) => x.id === a)).toBeUndefined();
    expect((await del(luis.credential, a)).status).toBe(200);
    expect((await del(luis.credential, lineId())).status).toBe(200);
  });

  it("applies the menu's rules: dish exists and is available (named), option groups, quantity 1–99, line id shape", async () => {
    const unavailable = await put(ana.credential, lineId(), {
      productId: 'agua-de-tamarindo',
      optionIds: ['tamano-chico-500-ml'],
      quantity: 1,
    });
    expect(unavailable.status).toBe(422);
    expect((await problemOf(unavailable)).detail).toContain('Agua de tamarindo');
    const unknown = await put(ana.credential, lineId(), { productId: 'no-existe', optionIds: [], quantity: 1 });
    expect(unknown.status).toBe(422);
    expect((await problemOf(unknown)).errors?.productId).toBeDefined();
    const noTortilla = await put(ana.credential, lineId(), {
      productId: 'tacos-al-pastor',
      optionIds: ['cantidad-orden-de-3'],
      quantity: 1,
    });
    expect(noTortilla.status).toBe(422);
    expect((await problemOf(noTortilla)).errors?.optionIds?.join(' ')).toContain('Tortilla');
    for (const quantity of [0, 100, 1.5])
      expect((await put(ana.credential, lineId(), { ...FLAN, quantity })).status, String(quantity)).toBe(422);
    expect((await put(ana.credential, 'short', FLAN)).status).toBe(422);
    expect((await put(ana.credential, 'has spaces in it', FLAN)).status).toBe(422);
    expect((await getSession(ana.credential)).cart.lines).toEqual([]);
  });

  it('lists lines in the order they were added, even when added in the same millisecond', async () => {
    // A frozen clock (at the real now, so the session stays active): every line gets the same
    // time; random ids must not decide the order.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (let round = 0; round < 3; round++) {
        const ids: string[] = [];
        for (let i = 0; i < 6; i++) {
          const id = lineId();
          ids.push(id);
          expect(
            (await put(i % 2 ? luis.credential : ana.credential, id, { ...FLAN, note: `orden ${round}-${i}` })).status,
          ).toBe(200);
        }
        expect((await getSession(ana.credential)).cart.lines.map((l) => l.id)).toEqual(ids);
        for (const id of ids) await del(ana.credential, id);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds at most 50 lines at the table', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const id = lineId();
      ids.push(id);
      const res = await put(i % 2 ? luis.credential : ana.credential, id, { ...FLAN, note: `nota ${i}` });
      expect(res.status).toBe(200);
    }
    const res = await put(ana.credential, lineId(), { ...FLAN, note: 'una más' });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).detail).toBe('El carrito de la mesa admite 50 líneas como máximo.');
    // A merge into an existing line is still possible.
    expect((await put(ana.credential, lineId(), { ...FLAN, note: 'nota 0' })).status).toBe(200);
    for (const id of ids) await del(ana.credential, id);
    expect((await getSession(ana.credential)).cart.lines).toEqual([]);
  });
});

describe('what the live stream carries', () => {
  const storedAfter = async (id: number, sessionId: string) =>
    s.deps.db.all<{ type: string; data: string }>(
      'SELECT type, data FROM events WHERE id > ? AND session_id = ? ORDER BY id',
      [id, sessionId],
    );
  const latest = async () => (await s.deps.db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM events'))?.id ?? 0;

  it('a cart change of a 10-line cart is sent and stored as the one line it touched, with the version: at most 1 KB', async () => {
    const ana = await join('10', 'Ana');
    const luis = await join('10', 'Luis');
    const ids = Array.from({ length: 10 }, () => lineId());
    for (const [i, id] of ids.entries())
      expect(
        (
          await put(
            i % 2 ? luis.credential : ana.credential,
            id,
            i % 3 ? { ...FLAN, note: `sin azúcar ${i}` } : { ...TACOS, note: `sin cebolla, con salsa verde ${i}` },
          )
        ).status,
      ).toBe(200);
    await callStaff(luis.credential, 'waiter');
    const stream = await openEvents(s, '/api/table-session/events', '', cred(luis.credential));
    const base = sessionsOf(await stream.until((m) => sessionsOf(m).length === 1))[0]!;
    expect(base.cart.lines).toHaveLength(10);

    const before = await latest();
    expect(
      (await put(ana.credential, ids[0]!, { ...TACOS, note: 'sin cebolla, con salsa verde 0', quantity: 3 })).status,
    ).toBe(200);
    const messages = await stream.until((m) => m.some((x) => x.event === 'cart'));
    const change = messages.find((x) => x.event === 'cart')!;
    expect(TableCartChange.parse(JSON.parse(change.data!))).toMatchObject({
      sessionId: base.id,
      version: base.version + 1,
      line: { id: ids[0], quantity: 3, lineTotal: 20700, by: 'Ana' },
    });
    const stored = await storedAfter(before, base.id);
    expect(stored.map((e) => e.type)).toEqual(['cart', 'table-cart']);
    const bytes = stored.reduce((n, e) => n + Buffer.byteLength(e.data), 0);
    expect(bytes).toBeLessThanOrEqual(1024);
    // The phone's cart after applying it is the server's.
    expect(sessionsOf(stream.messages()).at(-1)).toEqual(await getSession(luis.credential));

    // Removing a line: its id only.
    const removedAt = await latest();
    await del(luis.credential, ids[1]!);
    const [removal] = await storedAfter(removedAt, base.id);
    expect(JSON.parse(removal!.data)).toEqual({ sessionId: base.id, version: base.version + 2, removedLineId: ids[1] });
    stream.close();
    await s.request(`/api/venues/${V}/tables/10/close`, {
      method: 'POST',
      json: { confirmUnpaid: true },
      token: staff,
    });
  });

  it(
    'a phone resuming after 5,000 writes gets one current snapshot, not the history',
    { timeout: ceiling(180_000) },
    async () => {
      const ana = await join('11', 'Ana');
      const stream = await openEvents(s, '/api/table-session/events', '', cred(ana.credential));
      const [ready] = await stream.until((m) => sessionsOf(m).length === 1);
      stream.close();
      const id = lineId();
      for (let i = 0; i < 5000; i++) {
        const res = await put(ana.credential, id, { ...FLAN, quantity: 1 + (i % 99) });
        if (res.status !== 200) expect(res.status).toBe(200);
      }
      for (const from of ['0', ready!.id!]) {
        const replay = await openEvents(s, '/api/table-session/events', '', {
          ...cred(ana.credential),
          'last-event-id': from,
        });
        await replay.until((m) => sessionsOf(m).length >= 1);
        await new Promise((r) => setTimeout(r, 100));
        const messages = replay.messages().filter((m) => m.event !== 'ready');
        replay.close();
        expect(messages.map((m) => m.event)).toEqual(['session']);
        expect(sessionsOf(messages)[0]).toEqual(await getSession(ana.credential));
        expect(sessionsOf(messages)[0]!.cart.lines[0]!.quantity).toBe(1 + (4999 % 99));
      }
      await s.request(`/api/venues/${V}/tables/11/close`, {
        method: 'POST',
        json: { confirmUnpaid: true },
        token: staff,
      });
    },
  );

  it('closing a table deletes its stored table events; its rounds keep theirs', async () => {
    const ana = await join('12', 'Ana');
    await put(ana.credential, lineId(), FLAN);
    expect((await sendRound(ana.credential, 4500)).status).toBe(201);
    await put(ana.credential, lineId(), TACOS);
    const types = async () =>
      (
        await s.deps.db.all<{ type: string }>('SELECT type FROM events WHERE session_id = ? ORDER BY id', [
          ana.session.id,
        ])
      ).map((e) => e.type);
    expect(await types()).toEqual(expect.arrayContaining(['session', 'table', 'cart', 'table-cart', 'order']));
    expect(
      (
        await s.request(`/api/venues/${V}/tables/12/close`, {
          method: 'POST',
          json: { confirmUnpaid: true },
          token: staff,
        })
      ).status,
    ).toBe(200);
    // What stays: the round's order events, then the closed snapshot for phones and board.
    const left = await types();
    expect(left.filter((t) => t !== 'order')).toEqual(['session', 'table']);
    expect(left.filter((t) => t === 'order').length).toBeGreaterThan(0);
  });
});

describe('rounds', () => {
  let ana: JoinResult, luis: JoinResult;
  beforeAll(async () => {
    ana = await join('6', 'Ana');
    luis = await join('6', 'Luis');
  });
  afterAll(async () => {
    await s.request(`/api/venues/${V}/tables/6/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });

  it('an empty cart cannot be sent; the Idempotency-Key is required', async () => {
    const empty = await sendRound(ana.credential, 0);
    expect(empty.status).toBe(422);
    expect((await problemOf(empty)).detail).toBe('El carrito de la mesa está vacío.');
    const noKey = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: 0 },
      headers: cred(ana.credential),
    });
    expect(noKey.status).toBe(400);
  });

  it("sends everyone's lines as one table order priced by the server, empties the cart for all, and a repeat answers the same round", async () => {
    const board = await openEvents(s, `/api/venues/${V}/orders/events`, staff);
    await board.until((m) => m.some((x) => x.event === 'ready'));
    const stream = await openEvents(s, '/api/table-session/events', '', cred(luis.credential));
    await stream.until((m) => sessionsOf(m).length === 1);

    await put(ana.credential, lineId(), TACOS);
    await put(luis.credential, lineId(), { ...FLAN, note: 'con cajeta extra' });
    const key = newKey();
    const res = await sendRound(luis.credential, 18300, key);
    expect(res.status).toBe(201);
    const round = Order.parse(await res.json());
    expect(round).toMatchObject({
      mode: 'table',
      table: '6',
      status: 'received',
      subtotal: 18300,
      tip: 0,
      total: 18300,
      currency: 'MXN',
    });
    // Nobody paid a round: payment belongs to the bill.
    expect(round.payment).toBeUndefined();
    expect(round.customer).toEqual({ name: 'Mesa 6', phone: '' });
    expect(round.lines.map((l) => [l.name, l.quantity, l.lineTotal, l.by])).toEqual([
      ['Tacos al pastor', 2, 13800, 'Ana'],
      ['Flan napolitano', 1, 4500, 'Luis'],
    ]);
    expect(round.lines[1]!.note).toBe('con cajeta extra');
    // A phone that says no language records none (the board shows no tag).
    expect(round.language).toBeUndefined();

    const after = await getSession(ana.credential);
    expect(after.cart).toEqual({ lines: [], subtotal: 0, count: 0 });
    expect(after.rounds.map((r) => r.id)).toEqual([round.id]);
    const seen = await stream.until((m) =>
      sessionsOf(m).some((x) => x.rounds.length === 1 && x.cart.lines.length === 0),
    );
    expect(sessionsOf(seen).at(-1)!.rounds[0]!.number).toBe(round.number);

    const again = await sendRound(luis.credential, 18300, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(Order.parse(await again.json()).id).toBe(round.id);
    expect((await getSession(ana.credential)).rounds).toHaveLength(1);

    // The kitchen sees it as an order, and its status changes reach every phone as `event: order`.
    const boardSeen = await board.until((m) =>
      m.some((x) => x.event === 'order' && (JSON.parse(x.data!) as OrderT).id === round.id),
    );
    expect(boardSeen.some((x) => x.event === 'table')).toBe(true);
    expect(boardSeen.some((x) => x.event === 'session')).toBe(false);
    expect(
      (await s.request(`/api/orders/${round.id}/status`, { token: staff, json: { status: 'preparing' } })).status,
    ).toBe(200);
    const statusSeen = await stream.until((m) =>
      m.some((x) => x.event === 'order' && (JSON.parse(x.data!) as OrderT).status === 'preparing'),
    );
    expect(statusSeen.filter((x) => x.event === 'table')).toEqual([]);
    board.close();
    stream.close();
  });

  it("records the language of the phone that sent the round; the dish names stay the venue's", async () => {
    await put(ana.credential, lineId(), { ...TACOS, note: 'no onions please' });
    const bad = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: 13800, language: 'English' },
      key: newKey(),
      headers: cred(luis.credential),
    });
    expect(bad.status).toBe(422);
    const res = await s.request('/api/table-session/rounds', {
      json: { expectedTotal: 13800, language: 'en' },
      key: newKey(),
      headers: cred(ana.credential),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const round = Order.parse(await res.json());
    expect(round.language).toBe('en');
    expect(round.lines.map((l) => [l.name, l.note])).toEqual([['Tacos al pastor', 'no onions please']]);
    // The staff read it so, and so do the table's phones.
    const listed = (await (await s.request(`/api/orders/${round.id}`, { token: staff })).json()) as OrderT;
    expect(listed.language).toBe('en');
    expect((await getSession(luis.credential)).rounds.find((r) => r.id === round.id)?.language).toBe('en');
  });

  it('answers 409 price-changed (as POST /orders) when a price changed, and keeps the cart', async () => {
    await put(ana.credential, lineId(), { ...FLAN, quantity: 2 });
    expect(
      (
        await s.request(`/api/venues/${V}/products/flan-napolitano`, {
          method: 'PATCH',
          token: manager,
          json: { price: 4800 },
        })
      ).status,
    ).toBe(200);
    try {
      const session = await getSession(ana.credential);
      expect(session.cart.subtotal).toBe(9600);
      const res = await sendRound(ana.credential, 9000);
      expect(res.status).toBe(409);
      const body = (await res.json()) as Problem & {
        changes: Array<{ productId: string; expectedUnitPrice: number; unitPrice: number }>;
        total: number;
      };
      expect(body.type).toBe(PROBLEM_TYPES.priceChanged);
      expect(body.changes).toEqual([
        expect.objectContaining({ productId: 'flan-napolitano', expectedUnitPrice: 4500, unitPrice: 4800 }),
      ]);
      expect(body.total).toBe(9600);
      expect((await getSession(ana.credential)).cart.lines).toHaveLength(1);
      const confirmed = await sendRound(ana.credential, 9600);
      expect(confirmed.status).toBe(201);
      expect((await getSession(ana.credential)).cart.lines).toEqual([]);
    } finally {
      await s.request(`/api/venues/${V}/products/flan-napolitano`, {
        method: 'PATCH',
        token: manager,
        json: { price: 4500 },
      });
    }
  });

  it("sends a round whose line ids differ only in case, «-» or «_» (any client's ids, whatever the database's collation)", async () => {
    // By code unit these sort LINE-A, line-a, line-b, line_a; by a collation such as en-US
    // line_a, line-a, LINE-A, line-b: the round must not depend on which one the database uses.
    const ids = ['line-b-03', 'line_a-01', 'LINE-A-01', 'line-a-01'];
    for (const [i, id] of ids.entries()) {
      const res = await put(i % 2 ? luis.credential : ana.credential, id, { ...FLAN, note: `línea ${i}` });
      expect(res.status, id).toBe(200);
    }
    expect((await getSession(ana.credential)).cart.subtotal).toBe(4 * 4500);
    const res = await sendRound(luis.credential, 4 * 4500);
    expect(res.status, await res.clone().text()).toBe(201);
    const round = Order.parse(await res.json());
    expect(round.lines.map((l) => l.note).sort()).toEqual(['línea 0', 'línea 1', 'línea 2', 'línea 3']);
    expect((await getSession(ana.credential)).cart.lines).toEqual([]);
  });
});

describe('calls and the bill', () => {
  it('one open call of each kind per table; a second tap says it is already open; staff see and acknowledge it', async () => {
    const ana = await join('7', 'Ana');
    const luis = await join('7', 'Luis');
    const board = await openEvents(s, `/api/venues/${V}/orders/events`, staff);
    await board.until((m) => m.some((x) => x.event === 'ready'));

    const first = await callStaff(ana.credential, 'waiter');
    expect(first.status).toBe(201);
    const { call, alreadyOpen } = (await first.json()) as { call: { id: string; kind: string }; alreadyOpen: boolean };
    expect(alreadyOpen).toBe(false);
    expect(call.kind).toBe('waiter');
    const second = await callStaff(luis.credential, 'waiter');
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ alreadyOpen: true, call: { id: call.id } });
    const bill = await callStaff(luis.credential, 'bill');
    expect(bill.status).toBe(201);
    expect((await getSession(ana.credential)).calls.map((c) => c.kind)).toEqual(['waiter', 'bill']);

    const tableEvents = await board.until((m) =>
      m.some(
        (x) => x.event === 'table' && (JSON.parse(x.data!) as { table: string; calls: unknown[] }).calls.length === 2,
      ),
    );
    expect(JSON.parse(tableEvents.filter((x) => x.event === 'table').at(-1)!.data!)).toMatchObject({
      table: '7',
      status: 'open',
    });
    const listed = StaffTableSessions.parse(
      await (await s.request(`/api/venues/${V}/table-sessions`, { token: staff })).json(),
    );
    expect(listed.sessions.find((x) => x.table === '7')!.calls.map((c) => c.kind)).toEqual(['waiter', 'bill']);

    const ack = await s.request(`/api/venues/${V}/table-calls/${call.id}/ack`, { method: 'POST', token: staff });
    expect(ack.status).toBe(200);
    expect((await ack.json()) as { acknowledgedAt?: string }).toHaveProperty('acknowledgedAt');
    expect(
      (await s.request(`/api/venues/${V}/table-calls/${call.id}/ack`, { method: 'POST', token: staff })).status,
    ).toBe(200);
    expect((await getSession(ana.credential)).calls.map((c) => c.kind)).toEqual(['bill']);
    expect((await callStaff(ana.credential, 'waiter')).status).toBe(201);
    expect(
      (await s.request(`/api/venues/${V}/table-calls/no-such-call/ack`, { method: 'POST', token: staff })).status,
    ).toBe(404);
    expect((await callStaff(ana.credential, 'dessert' as 'bill')).status).toBe(422);
    board.close();
    await s.request(`/api/venues/${V}/tables/7/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });

  it("the bill lists the rounds that were not cancelled and each person's total", async () => {
    const ana = await join('8', 'Ana');
    const luis = await join('8', 'Luis');
    const eva = await join('8', 'Eva');
    await put(ana.credential, lineId(), TACOS);
    await put(luis.credential, lineId(), FLAN);
    const first = Order.parse(await (await sendRound(ana.credential, 18300)).json());
    await put(luis.credential, lineId(), { ...FLAN, quantity: 2, note: 'otra' });
    const second = Order.parse(await (await sendRound(luis.credential, 9000)).json());
    await put(eva.credential, lineId(), { ...FLAN, quantity: 2 });
    const cancelled = Order.parse(await (await sendRound(eva.credential, 9000)).json());
    expect(
      (await s.request(`/api/orders/${cancelled.id}/status`, { token: staff, json: { status: 'cancelled' } })).status,
    ).toBe(200);

    const res = await s.request('/api/table-session/bill', { headers: cred(eva.credential) });
    expect(res.status).toBe(200);
    const bill = TableBill.parse(await res.json());
    expect(bill.currency).toBe('MXN');
    expect(bill.locale).toBe('es-MX');
    expect(bill.rounds.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(bill.people).toEqual([
      { participantId: ana.participantId, name: 'Ana', total: 13800, paid: 0 },
      { participantId: luis.participantId, name: 'Luis', total: 13500, paid: 0 },
      { participantId: eva.participantId, name: 'Eva', total: 0, paid: 0 },
    ]);
    expect(bill.subtotal).toBe(27300);
    expect(bill.total).toBe(27300);
    await s.request(`/api/venues/${V}/tables/8/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });
});

describe('closing a table', () => {
  it('ends the session for every phone: closed snapshot, writes refused, nothing of it readable, and the next join starts empty', async () => {
    const ana = await join('9', 'Ana');
    const luis = await join('9', 'Luis');
    await put(ana.credential, lineId(), TACOS);
    await sendRound(ana.credential, 13800);
    await put(luis.credential, lineId(), FLAN);
    await callStaff(luis.credential, 'bill');
    const stream = await openEvents(s, '/api/table-session/events', '', cred(luis.credential));
    await stream.until((m) => sessionsOf(m).length === 1);
    const board = await openEvents(s, `/api/venues/${V}/orders/events`, staff);
    await board.until((m) => m.some((x) => x.event === 'ready'));

    const closed = await s.request(`/api/venues/${V}/tables/9/close`, {
      method: 'POST',
      json: { confirmUnpaid: true },
      token: staff,
    });
    expect(closed.status).toBe(200);
    const { table, closedAt } = (await closed.json()) as { table: string; closedAt: string };
    expect(table).toBe('9');

    const last = sessionsOf(await stream.until((m) => sessionsOf(m).some((x) => x.status === 'closed'), 3000)).at(-1)!;
    const expected: Session = {
      id: ana.session.id,
      venueId: V,
      table: '9',
      status: 'closed',
      closedAt,
      version: last.version,
      participants: [],
      cart: { lines: [], subtotal: 0, count: 0 },
      rounds: [],
      calls: [],
    };
    expect(last).toEqual(expected);
    stream.close();
    const onBoard = await board.until((m) =>
      m.some((x) => x.event === 'table' && (JSON.parse(x.data!) as { status: string }).status === 'closed'),
    );
    expect(JSON.parse(onBoard.filter((x) => x.event === 'table').at(-1)!.data!)).toEqual({
      id: ana.session.id,
      table: '9',
      status: 'closed',
      openedAt: ana.session.openedAt,
      closedAt,
      participants: [],
      cartCount: 0,
      rounds: [],
      calls: [],
    });
    board.close();
    expect(await getSession(ana.credential)).toEqual(expected);

    for (const res of [
      await put(ana.credential, lineId(), FLAN),
      await del(ana.credential, lineId()),
      await sendRound(ana.credential, 4500),
      await callStaff(ana.credential, 'waiter'),
      await s.request('/api/table-session/bill', { headers: cred(ana.credential) }),
    ]) {
      expect(res.status).toBe(409);
      const body = await problemOf(res);
      expect(body.type).toBe(PROBLEM_TYPES.tableClosed);
      expect(body.detail).toBe('La mesa está cerrada. Escanea el código de la mesa para empezar de nuevo.');
    }
    // Replaying the stream of a closed session from the start gives only the closed snapshot.
    const replay = await openEvents(s, '/api/table-session/events', '', {
      ...cred(luis.credential),
      'last-event-id': '0',
    });
    await replay.until((m) => sessionsOf(m).length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(sessionsOf(replay.messages())).toEqual([expected]);
    expect(replay.messages().some((m) => m.event === 'order')).toBe(false);
    replay.close();

    const again = await s.request(`/api/venues/${V}/tables/9/close`, {
      method: 'POST',
      json: { confirmUnpaid: true },
      token: staff,
    });
    expect(again.status).toBe(404);
    expect((await problemOf(again)).detail).toBe('La mesa 9 no tiene una sesión abierta.');
    const listed = StaffTableSessions.parse(
      await (await s.request(`/api/venues/${V}/table-sessions`, { token: staff })).json(),
    );
    expect(listed.sessions.find((x) => x.table === '9')).toBeUndefined();

    // The same link opens a new, empty session.
    const eva = await join('9', 'Eva');
    expect(eva.session.id).not.toBe(ana.session.id);
    expect(eva.session.participants.map((p) => p.name)).toEqual(['Eva']);
    expect(eva.session.cart.lines).toEqual([]);
    expect(eva.session.rounds).toEqual([]);
    expect(eva.session.calls).toEqual([]);
    const evaStream = await openEvents(s, '/api/table-session/events', '', {
      ...cred(eva.credential),
      'last-event-id': '0',
    });
    await evaStream.until((m) => sessionsOf(m).length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    for (const seen of sessionsOf(evaStream.messages())) expect(seen.id).toBe(eva.session.id);
    expect(evaStream.messages().some((m) => m.event === 'order')).toBe(false);
    evaStream.close();
    const bill = TableBill.parse(
      await (await s.request('/api/table-session/bill', { headers: cred(eva.credential) })).json(),
    );
    expect(bill.rounds).toEqual([]);
    expect(bill.people.map((p) => p.name)).toEqual(['Eva']);
    // The old credential still sees only the closed session.
    expect((await getSession(ana.credential)).id).toBe(ana.session.id);
    await s.request(`/api/venues/${V}/tables/9/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });

  it('a session without activity for 12 hours counts as closed', async () => {
    const ana = await join('10', 'Ana');
    await put(ana.credential, lineId(), FLAN);
    await s.deps.db.run('UPDATE table_sessions SET active_at = ? WHERE id = ?', [
      Date.now() - 12 * 3600_000 - 1000,
      ana.session.id,
    ]);
    const res = await put(ana.credential, lineId(), FLAN);
    expect(res.status).toBe(409);
    expect((await problemOf(res)).type).toBe(PROBLEM_TYPES.tableClosed);
    expect((await getSession(ana.credential)).status).toBe('closed');
    const next = await join('10', 'Luis');
    expect(next.session.id).not.toBe(ana.session.id);
    expect(next.session.cart.lines).toEqual([]);
    await s.request(`/api/venues/${V}/tables/10/close`, {
      method: 'POST',
      json: { confirmUnpaid: true },
      token: staff,
    });
  });
});

describe('staff operations', () => {
  it("belong to staff, managers of the venue and admins; diners, other venues' staff and participants are refused", async () => {
    const ana = await join('11', 'Ana');
    const { call } = (await (await callStaff(ana.credential, 'waiter')).json()) as { call: { id: string } };
    const otherStaff = (await s.newDiner('cocina-otro@umenu.test', ['staff:bar-el-cabanyal'])).token;
    const ops: Array<[string, string]> = [
      ['GET', `/api/venues/${V}/table-sessions`],
      ['POST', `/api/venues/${V}/table-calls/${call.id}/ack`],
      ['POST', `/api/venues/${V}/tables/11/close`],
    ];
    for (const [method, path] of ops) {
      for (const token of [diner, otherStaff]) {
        const res = await s.request(path, { method, token });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect((await s.request(path, { method, headers: cred(ana.credential) })).status).toBe(401);
    }
    // A call of this venue cannot be acknowledged through another venue.
    expect(
      (await s.request(`/api/venues/bar-el-cabanyal/table-calls/${call.id}/ack`, { method: 'POST', token: admin }))
        .status,
    ).toBe(404);
    const list = await s.request(`/api/venues/${V}/table-sessions`, { token: manager });
    expect(list.status).toBe(200);
    const mine = StaffTableSessions.parse(await list.json()).sessions.find((x) => x.table === '11')!;
    expect(mine).toMatchObject({
      id: ana.session.id,
      cartCount: 0,
      participants: [expect.objectContaining({ name: 'Ana' })],
    });
    expect(
      (await s.request(`/api/venues/${V}/table-calls/${call.id}/ack`, { method: 'POST', token: admin })).status,
    ).toBe(200);
    expect(
      (
        await s.request(`/api/venues/${V}/tables/11/close`, {
          method: 'POST',
          json: { confirmUnpaid: true },
          token: manager,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await s.request(`/api/venues/${V}/tables/no-existe/close`, {
          method: 'POST',
          json: { confirmUnpaid: true },
          token: staff,
        })
      ).status,
    ).toBe(404);
  });
});

describe('floods', () => {
  let limited: TestServer;
  let cook: string;
  beforeAll(async () => {
    limited = await startTestServer({
      tableJoinLimit: { max: 3, windowSeconds: 600 },
      tableJoinAddressLimit: { max: 6, windowSeconds: 600 },
      tableBadTokenLimit: { max: 3, windowSeconds: 600 },
      tableMaxPeople: 5,
      tableCallLimit: { max: 3, windowSeconds: 600 },
      tableCartLimit: null,
      tableCartSessionLimit: null,
    });
    cook = (await limited.login('cocina@umenu.test')).token;
    for (const [label, token] of await tokensOf(limited, cook)) tokens.set(`limited:${label}`, token);
  });
  afterAll(() => limited.dispose());

  /** A request from the client at `address` (the socket's address: no proxy is trusted here). */
  const from = (address: string, path: string, json?: unknown) =>
    limited.app.request(
      path,
      json === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) },
      { incoming: { socket: { remoteAddress: address } } },
    );
  const joinFrom = (address: string, table: string, name: string, tableToken = tokens.get(`limited:${table}`)!) =>
    from(address, `/api/venues/${V}/tables/${table}/join`, { token: tableToken, name });
  const checkFrom = (address: string, table: string, tableToken: string) =>
    from(address, `/api/venues/${V}/tables/${table}/check?t=${encodeURIComponent(tableToken)}`);
  const closeLimited = (table: string) =>
    limited.request(`/api/venues/${V}/tables/${table}/close`, {
      method: 'POST',
      json: { confirmUnpaid: true },
      token: cook,
    });
  const peopleAt = async (table: string) => {
    const listed = await limited.request(`/api/venues/${V}/table-sessions`, { token: cook });
    return (
      StaffTableSessions.parse(await listed.json()).sessions.find((x) => x.table === table)?.participants.length ?? 0
    );
  };

  it('limits joins of a table per address, not for everyone; closing the table or renewing its code starts afresh', async () => {
    for (let i = 0; i < 3; i++) expect((await joinFrom('198.51.100.1', '1', `P${i}`)).status).toBe(201);
    const tooMany = await joinFrom('198.51.100.1', '1', 'P3');
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await problemOf(tooMany)).detail).toMatch(
      /^Te has unido demasiadas veces a esta mesa en poco tiempo\. Vuelve a intentarlo en \d+ (min|s)\.$/,
    );
    // Another diner of the same table is not locked out by the first one.
    expect((await joinFrom('198.51.100.2', '1', 'Marta')).status).toBe(201);
    expect(await peopleAt('1')).toBe(4);
    // Staff close the table: the next session's joins are counted afresh.
    expect((await closeLimited('1')).status).toBe(200);
    expect((await joinFrom('198.51.100.1', '1', 'P0')).status).toBe(201);

    for (let i = 0; i < 2; i++) expect((await joinFrom('198.51.100.3', '6', `R${i}`)).status).toBe(201);
    expect((await joinFrom('198.51.100.3', '6', 'R2')).status).toBe(201);
    expect((await joinFrom('198.51.100.3', '6', 'R3')).status).toBe(429);
    // Renewing the table's code ends its session: the new code joins at once.
    const rotated = await limited.request(`/api/venues/${V}/tables/6/token`, {
      method: 'POST',
      token: (await limited.login('gerente@umenu.test')).token,
    });
    expect(rotated.status).toBe(200);
    const fresh = new URL(((await rotated.json()) as { url: string }).url).searchParams.get('t')!;
    expect((await joinFrom('198.51.100.3', '6', 'R4', fresh)).status).toBe(201);
  });

  it('holds at most the configured number of people in one session (409, Spanish), and the refused join changes nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await joinFrom(`198.51.100.${20 + i}`, '2', `Q${i}`)).status).toBe(201);
    const full = await joinAt(limited, '2', 'Q5', { tableToken: tokens.get('limited:2')! });
    expect(full.status).toBe(409);
    const problem = await problemOf(full);
    expect(problem.type).toBe(PROBLEM_TYPES.tableFull);
    expect(problem.detail).toBe('La mesa ya tiene 5 personas unidas, el máximo. Pide ayuda al personal.');
    expect(await peopleAt('2')).toBe(5);
    expect((await closeLimited('2')).status).toBe(200);
    expect((await joinAt(limited, '2', 'Q5', { tableToken: tokens.get('limited:2')! })).status).toBe(201);
  });

  it('counts wrong tokens in their own bucket per address (join and check): they never use up good joins', async () => {
    const address = '198.51.100.40';
    // A wrong code, one too long to be a code, and one for a venue that does not exist: three wrong tokens.
    expect((await joinFrom(address, '3', 'X', 'guess-0')).status).toBe(404);
    expect((await joinFrom(address, '3', 'X', 'x'.repeat(100))).status).toBe(404);
    expect((await from(address, `/api/venues/no-existe/tables/3/join`, { token: 'guess-2', name: 'X' })).status).toBe(
      404,
    );
    const guessing = await joinFrom(address, '3', 'X', 'guess-3');
    expect(guessing.status).toBe(429);
    expect(Number(guessing.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await problemOf(guessing)).detail).toMatch(
      /^Demasiados intentos con un código de mesa que no vale desde esta conexión\. Vuelve a intentarlo en \d+ (min|s)\.$/,
    );
    expect((await checkFrom(address, '3', 'guess-4')).status).toBe(429);
    // The good code still opens the table: 6 good joins from this address (its allowance), then 429.
    expect((await checkFrom(address, '3', tokens.get('limited:3')!)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await joinFrom(address, '3', `G${i}`)).status).toBe(201);
    for (let i = 3; i < 6; i++) expect((await joinFrom(address, '4', `G${i}`)).status).toBe(201);
    const spent = await joinFrom(address, '5', 'G6');
    expect(spent.status).toBe(429);
    expect((await problemOf(spent)).detail).toMatch(/^Demasiados intentos de unirse a una mesa desde esta conexión\./);
    expect(await peopleAt('5')).toBe(0);
  });

  it('limits checking a table link with wrong tokens (the same bucket as joins)', async () => {
    for (let i = 0; i < 3; i++)
      expect((await limited.request(`/api/venues/${V}/tables/7/check?t=guess-${i}`)).status).toBe(404);
    const refused = await limited.request(`/api/venues/${V}/tables/7/check?t=guess-3`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await problemOf(refused)).detail).toMatch(/^Demasiados intentos con un código de mesa que no vale/);
    expect((await joinAt(limited, '7', 'Y', { tableToken: 'guess-4' })).status).toBe(429);
    // Another client is not affected.
    expect((await checkFrom('198.51.100.50', '7', 'guess-5')).status).toBe(404);
  });

  it('limits calls per session', async () => {
    const ana = JoinResult.parse(await (await joinFrom('198.51.100.60', '8', 'Ana')).json());
    expect((await callStaff(ana.credential, 'waiter', limited)).status).toBe(201);
    expect((await callStaff(ana.credential, 'waiter', limited)).status).toBe(200);
    expect((await callStaff(ana.credential, 'bill', limited)).status).toBe(201);
    const flood = await callStaff(ana.credential, 'bill', limited);
    expect(flood.status).toBe(429);
    expect(flood.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await problemOf(flood)).detail).toMatch(/^Has avisado al personal muchas veces seguidas\./);
  });
});

describe('cart write floods', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      tableJoinLimit: null,
      tableJoinAddressLimit: null,
      tableCartLimit: { max: 3, windowSeconds: 60 },
      tableCartSessionLimit: { max: 5, windowSeconds: 60 },
    });
    const cook = (await limited.login('cocina@umenu.test')).token;
    for (const [label, token] of await tokensOf(limited, cook)) tokens.set(`cart:${label}`, token);
  });
  afterAll(() => limited.dispose());

  const joinHere = async (name: string) =>
    JoinResult.parse(await (await joinAt(limited, '1', name, { tableToken: tokens.get('cart:1')! })).json());
  const putHere = (credential: string, id: string, line: unknown) =>
    limited.request(`/api/table-session/cart/lines/${id}`, { method: 'PUT', json: line, headers: cred(credential) });
  const linesHere = async (credential: string) =>
    TableSession.parse(await (await limited.request('/api/table-session', { headers: cred(credential) })).json()).cart
      .lines;

  it('limits cart writes per participant and per session (429, Retry-After, Spanish); a refused write changes nothing', async () => {
    const ana = await joinHere('Ana');
    const luis = await joinHere('Luis');
    const ids = [lineId(), lineId(), lineId()];
    expect((await putHere(ana.credential, ids[0]!, FLAN)).status).toBe(200);
    expect((await putHere(ana.credential, ids[1]!, TACOS)).status).toBe(200);
    expect(
      (
        await limited.request(`/api/table-session/cart/lines/${ids[1]}`, {
          method: 'DELETE',
          headers: cred(ana.credential),
        })
      ).status,
    ).toBe(200);
    const mine = await putHere(ana.credential, ids[2]!, TACOS);
    expect(mine.status).toBe(429);
    expect(Number(mine.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await problemOf(mine)).detail).toMatch(
      /^Demasiados cambios seguidos en el carrito de la mesa\. Lo guardamos y lo enviamos en \d+ s\.$/,
    );
    // Luis still writes, until the table as a whole has written too often.
    expect((await putHere(luis.credential, lineId(), FLAN)).status).toBe(200);
    expect((await putHere(luis.credential, lineId(), TACOS)).status).toBe(200);
    const table = await putHere(luis.credential, lineId(), FLAN);
    expect(table.status).toBe(429);
    expect(table.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await problemOf(table)).detail).toMatch(
      /^La mesa está haciendo demasiados cambios seguidos en el carrito\./,
    );
    const refusedDelete = await limited.request(`/api/table-session/cart/lines/${ids[0]}`, {
      method: 'DELETE',
      headers: cred(ana.credential),
    });
    expect(refusedDelete.status).toBe(429);
    expect((await linesHere(ana.credential)).map((l) => l.productId)).toEqual([
      'flan-napolitano',
      'flan-napolitano',
      'tacos-al-pastor',
    ]);
  });
});

describe.skipIf(!pgUrl())('several instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let a: TestServer;
  let b: TestServer;
  const limits = { tableJoinLimit: { max: 4, windowSeconds: 600 }, tableJoinAddressLimit: null, tableCallLimit: null };
  beforeAll(async () => {
    database = await testDatabase();
    [a, b] = await Promise.all([
      startTestServer({ jwtSecret: undefined, ...limits }, {}, database),
      startTestServer({ jwtSecret: undefined, ...limits }, {}, database),
    ]);
    const cook = (await a.login('cocina@umenu.test')).token;
    for (const [label, token] of await tokensOf(a, cook)) tokens.set(`multi:${label}`, token);
  });
  afterAll(async () => {
    await Promise.allSettled([a, b].map((x) => x?.close()));
    await database.drop();
  });

  it('joins on two instances at once open one session; a change on one instance reaches a phone streaming from the other; the join limit is shared', async () => {
    const body = (name: string) => ({ json: { token: tokens.get('multi:2'), name } });
    const answers = await Promise.all(
      [a, b, a, b].map((x, i) => x.request(`/api/venues/${V}/tables/2/join`, body(`P${i}`))),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const joined = await Promise.all(answers.map(async (r) => JoinResult.parse(await r.json())));
    expect(new Set(joined.map((j) => j.session.id)).size).toBe(1);
    // Four joins of this table on two instances: the fifth is refused on either.
    expect((await b.request(`/api/venues/${V}/tables/2/join`, body('P4'))).status).toBe(429);

    const stream = await openEvents(b, '/api/table-session/events', '', cred(joined[1]!.credential));
    await stream.until((m) => sessionsOf(m).length === 1);
    const id = lineId();
    expect(
      (
        await a.request(`/api/table-session/cart/lines/${id}`, {
          method: 'PUT',
          json: FLAN,
          headers: cred(joined[0]!.credential),
        })
      ).status,
    ).toBe(200);
    const seen = await stream.until((m) => sessionsOf(m).some((x) => x.cart.lines.some((l) => l.id === id)), 3000);
    expect(sessionsOf(seen).at(-1)!.cart.lines[0]!.by).toBe('P0');
    const cook = (await b.login('cocina@umenu.test')).token;
    expect(
      (
        await b.request(`/api/venues/${V}/tables/2/close`, {
          method: 'POST',
          json: { confirmUnpaid: true },
          token: cook,
        })
      ).status,
    ).toBe(200);
    await stream.until((m) => sessionsOf(m).some((x) => x.status === 'closed'), 3000);
    stream.close();
  });
});

describe('a full restaurant behind one shared Wi-Fi address, with the default limits', () => {
  it(
    'lets 120 phones join (30 tables × 4, or as many tables as the venue has) and each write its cart',
    { timeout: ceiling(120_000) },
    async () => {
      const defaults = configFromEnv({});
      const full = await startTestServer({
        tableJoinLimit: defaults.tableJoinLimit,
        tableJoinAddressLimit: defaults.tableJoinAddressLimit,
        tableBadTokenLimit: defaults.tableBadTokenLimit,
        tableCallLimit: defaults.tableCallLimit,
        tableCartLimit: defaults.tableCartLimit,
        tableCartSessionLimit: defaults.tableCartSessionLimit,
      });
      try {
        const labels = [...(await tokensOf(full, await full.tokenFor('cocina@umenu.test')))];
        const perTable = Math.ceil(120 / labels.length);
        let joined = 0;
        for (let i = 0; joined < 120; i++) {
          const [label, token] = labels[i % labels.length]!;
          const res = await joinAt(full, label, `Persona ${i + 1}`, { tableToken: token });
          expect(res.status, `join ${i + 1} (${perTable} a table)`).toBe(201);
          const { credential } = (await res.json()) as { credential: string };
          const put = await full.request(`/api/table-session/cart/lines/${lineId()}`, {
            method: 'PUT',
            json: FLAN,
            headers: { 'x-table-credential': credential },
          });
          expect(put.status).toBe(200);
          joined++;
        }
      } finally {
        await full.dispose();
      }
    },
  );
});
