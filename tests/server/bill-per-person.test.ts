/**
 * «Por persona» (docs/rules.md#the-bill): the bill says, for each person, what they ordered (`total`) and what they
 * paid (`paid`: their payment requests staff took, tips apart), so the phone can show both where they differ.
 * Runs on SQLite and, in the `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PaymentRequest, TableBill } from '../../src/contract/bill.ts';
import { TableSession } from '../../src/contract/table.ts';
import { newKey, startTestServer, type TestServer } from './helpers.ts';
import { cred, joinTable, lineId, tableTokens } from './table-kit.ts';

const V = 'taqueria-el-guero';
const GUACAMOLE = { productId: 'guacamole-con-totopos', optionIds: [] as string[], quantity: 2 };

let s: TestServer;
let staff: string;
let tokens: Map<string, string>;
beforeAll(async () => {
  s = await startTestServer({
    tableJoinLimit: null,
    tableJoinAddressLimit: null,
    tableCartLimit: null,
    tableCartSessionLimit: null,
    tablePayRequestLimit: null,
  });
  staff = await s.tokenFor('cocina@umenu.test');
  tokens = await tableTokens(s, staff);
});
afterAll(() => s.dispose());

it('each person: what they ordered and what they paid, which differ when one pays for another', async () => {
  const lucia = await joinTable(s, tokens, '4', 'Lucía');
  const mateo = await joinTable(s, tokens, '4', 'Mateo');
  expect(
    (
      await s.request(`/api/table-session/cart/lines/${lineId()}`, {
        method: 'PUT',
        json: GUACAMOLE,
        headers: cred(lucia.credential),
      })
    ).status,
  ).toBe(200);
  const session = TableSession.parse(
    await (await s.request('/api/table-session', { headers: cred(lucia.credential) })).json(),
  );
  expect(
    (
      await s.request('/api/table-session/rounds', {
        json: { expectedTotal: session.cart.subtotal },
        key: newKey(),
        headers: cred(lucia.credential),
      })
    ).status,
  ).toBe(201);
  const bill = async () =>
    TableBill.parse(await (await s.request('/api/table-session/bill', { headers: cred(mateo.credential) })).json());
  const ordered = (await bill()).total;
  const half = Math.floor(ordered / 2);

  // Before anyone pays: Lucía ordered everything, nobody paid.
  expect((await bill()).people).toEqual([
    { participantId: lucia.participantId, name: 'Lucía', total: ordered, paid: 0 },
    { participantId: mateo.participantId, name: 'Mateo', total: 0, paid: 0 },
  ]);

  // Lucía pays half (with a tip, which does not count), Mateo the rest; staff take both.
  const pay = async (credential: string, amount: number, tip: number) => {
    const asked = await s.request('/api/table-session/payment-requests', {
      json: { amount, tip, method: 'card' },
      headers: cred(credential),
    });
    expect(asked.status, await asked.clone().text()).toBe(201);
    const request = PaymentRequest.parse(await asked.json());
    const paid = await s.request(`/api/venues/${V}/tables/4/payments`, {
      json: { amount, tip, method: 'card', requestId: request.id },
      key: newKey(),
      token: staff,
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
  };
  await pay(lucia.credential, half, 500);
  await pay(mateo.credential, ordered - half, 0);
  const after = await bill();
  expect(after.balance).toBe(0);
  expect(after.people).toEqual([
    { participantId: lucia.participantId, name: 'Lucía', total: ordered, paid: half },
    { participantId: mateo.participantId, name: 'Mateo', total: 0, paid: ordered - half },
  ]);
});
