/**
 * Text one person types and others read (docs/rules.md#limits-and-bad-input, src/contract/text.ts):
 * names at a table, cart line notes, customer names, addresses and order notes are stored
 * cleaned — no direction overrides, no invisible characters, at most two stacked accents — and
 * a name without a letter or digit is refused with a Spanish message. Runs on SQLite and, in the
 * `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinResult, StaffTableSessions, TableSession } from '../../src/contract/table.ts';
import { Order, OrderList } from '../../src/contract/order.ts';
import { TEXT_MESSAGES } from '../../src/contract/text.ts';
import { newKey, startTestServer, tacoOrder, type TestServer } from './helpers.ts';
import { cred, joinRequest, joinTable, lineId, tableTokens, type Problem } from './table-kit.ts';

const V = 'taqueria-el-guero';
const RLO = '\u202E';
const ACUTE = '\u0301';
const FLAN = { productId: 'flan-napolitano', optionIds: [] as string[], quantity: 1 };

let s: TestServer;
let staff: string, ana: string;
const tokens = new Map<string, string>();

const joinAt = (table: string, name: string) => joinRequest(s, table, tokens.get(table), name);

const join = (table: string, name: string): Promise<JoinResult> => joinTable(s, tokens, table, name);

async function sessionOf(credential: string): Promise<TableSession> {
  const res = await s.request('/api/table-session', { headers: cred(credential) });
  expect(res.status).toBe(200);
  return TableSession.parse(await res.json());
}

async function boardTables() {
  return StaffTableSessions.parse(await (await s.request(`/api/venues/${V}/table-sessions`, { token: staff })).json())
    .sessions;
}

beforeAll(async () => {
  s = await startTestServer({
    tableJoinLimit: null,
    tableJoinAddressLimit: null,
    tableBadTokenLimit: null,
    tableCallLimit: null,
    tableCartLimit: null,
    tableCartSessionLimit: null,
  });
  staff = await s.tokenFor('cocina@umenu.test');
  ana = await s.tokenFor('ana@umenu.test');
  for (const [label, token] of await tableTokens(s, staff)) tokens.set(label, token);
});
afterAll(() => s.dispose());

describe('names at a table', () => {
  it('a name with a right-to-left override reaches the others and the board as typed, in order', async () => {
    const luis = await join('5', `${RLO}Luis, Marta`);
    expect(luis.session.participants.map((p) => p.name)).toEqual(['Luis, Marta']);
    const ana = await join('5', 'Ana');
    expect((await sessionOf(ana.credential)).participants.map((p) => p.name)).toEqual(['Luis, Marta', 'Ana']);
    const board = (await boardTables()).find((t) => t.table === '5');
    expect(board?.participants.map((p) => p.name)).toEqual(['Luis, Marta', 'Ana']);
    await s.request(`/api/venues/${V}/tables/5/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });

  it('a name of only zero-width or invisible characters is refused with a Spanish message, and nobody joins', async () => {
    for (const name of ['\u200B\u200B\u200B', '\u200C\u200D\u2060', `${RLO}\u2066\u2069`, '\u3164\u3164', '🙂']) {
      const res = await joinAt('6', name);
      expect(res.status, JSON.stringify(name)).toBe(422);
      const body = (await res.json()) as Problem;
      expect(body.detail).toBe('Escribe un nombre con letras o números.');
      expect(body.errors?.name).toEqual([TEXT_MESSAGES.nameNeedsLetters]);
    }
    expect((await boardTables()).find((t) => t.table === '6')).toBeUndefined();
  });

  it('stacked accents are capped at two per letter; zero-width characters inside a name go', async () => {
    const zalgo = await join('7', `Ma${ACUTE.repeat(39)}rta\u200B`);
    expect(zalgo.session.participants.map((p) => p.name)).toEqual([`Má${ACUTE}rta`]);
    await s.request(`/api/venues/${V}/tables/7/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });

  it('a cart line note is stored cleaned, line breaks kept', async () => {
    const luis = await join('8', 'Luis');
    const marta = await join('8', 'Marta');
    const id = lineId();
    const put = await s.request(`/api/table-session/cart/lines/${id}`, {
      method: 'PUT',
      headers: cred(luis.credential),
      json: { ...FLAN, note: `${RLO}sin${ACUTE.repeat(39)} caramelo\u200B\r\nfrío\u0007` },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const seen = (await sessionOf(marta.credential)).cart.lines.map((l) => l.note);
    expect(seen).toEqual([`siń${ACUTE} caramelo\nfrío`]);
    await s.request(`/api/venues/${V}/tables/8/close`, { method: 'POST', json: { confirmUnpaid: true }, token: staff });
  });
});

describe('orders', () => {
  it('the customer name, address, order note and line notes are stored cleaned', async () => {
    const res = await s.request('/api/orders', {
      token: ana,
      key: newKey(),
      json: tacoOrder({
        mode: 'delivery',
        customer: {
          name: `${RLO}Ana García\u200B`,
          phone: '\u202A5512345678\u202C',
          address: `\u2067Calle Durango 200\u2069\nRoma${ACUTE.repeat(39)} Norte`,
        },
        note: `${RLO}Timbre roto,\u200B llamar\r\nGracias\uFEFF`,
        lines: [
          {
            productId: 'tacos-al-pastor',
            optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'],
            quantity: 2,
            note: `${RLO}sin cebolla`,
          },
        ],
        expectedTotal: 13800 + 3500,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const placed = Order.parse(await res.json());
    const stored = Order.parse(await (await s.request(`/api/orders/${placed.id}`, { token: ana })).json());
    for (const order of [placed, stored]) {
      expect(order.customer).toEqual({
        name: 'Ana García',
        phone: '5512345678',
        address: `Calle Durango 200\nRomá${ACUTE} Norte`,
      });
      expect(order.note).toBe('Timbre roto, llamar\nGracias');
      expect(order.lines.map((l) => l.note)).toEqual(['sin cebolla']);
    }
    const board = OrderList.parse(await (await s.request(`/api/venues/${V}/orders`, { token: staff })).json());
    expect(board.orders.find((o) => o.id === placed.id)?.customer.name).toBe('Ana García');
  });

  it('a customer name without a letter or digit is refused with a Spanish message', async () => {
    const res = await s.request('/api/orders', {
      token: ana,
      key: newKey(),
      json: tacoOrder({ customer: { name: '\u200B\u200D', phone: '5512345678' } }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Problem).errors?.['customer.name']).toEqual([TEXT_MESSAGES.nameNeedsLetters]);
  });
});
