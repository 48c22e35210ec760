/**
 * VERI*FACTU issuers (docs/rules.md#the-bill): one chain per tax id, invoices numbered per issuer and series (each
 * venue its own series under one issuer, gapless), and a tax id joins a chain only once an admin confirmed it for
 * the venue — a manager's new NIF stays unconfirmed and its receipts carry no record. Two venues given the same
 * NIF and 40 payments at once at both (on PostgreSQL on two instances): no duplicate `NumSerieFactura` under the
 * NIF, no gap in any series, and every record's previous fingerprint is one of the same chain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinResult, TableSession } from '../../src/contract/table.ts';
import { PaymentResult, VerifactuIssuer, VerifactuRecords, type VerifactuRecord } from '../../src/contract/bill.ts';
import { Venue, WEEKDAYS, type Venue as VenueT } from '../../src/contract/venue.ts';
import { huellaOf } from '../../server/features/billing/index.ts';
import { newKey, pgUrl, startTestServer, testDatabase, type TestServer } from './helpers.ts';

const NIF = 'B12345678';
const TAQUERIA = 'taqueria-el-guero';
const CAFE = 'cafe-la-macarena';
const NO_LIMITS = {
  tableJoinLimit: null,
  tableJoinAddressLimit: null,
  tableBadTokenLimit: null,
  tableCallLimit: null,
  tableCartLimit: null,
  tableCartSessionLimit: null,
  tablePayRequestLimit: null,
} as const;
const onPostgres = Boolean(pgUrl());

let database: Awaited<ReturnType<typeof testDatabase>>;
let a: TestServer;
let b: TestServer;
let manager: string, admin: string, staff: string;

beforeAll(async () => {
  database = await testDatabase();
  a = await startTestServer({ ...NO_LIMITS, jwtSecret: 'shared-secret-0123456789abcdef0123' }, {}, database);
  // On PostgreSQL a second instance on the same database; SQLite has one process per file.
  b = onPostgres
    ? await startTestServer({ ...NO_LIMITS, jwtSecret: 'shared-secret-0123456789abcdef0123' }, {}, database)
    : a;
  manager = await a.tokenFor('gerente@umenu.test');
  admin = await a.tokenFor('admin@umenu.test');
  staff = await a.tokenFor('cocina@umenu.test');
});
afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
  await database.drop();
});

/** The venue in Spain under `NIF`, open all day (a manager's edit). */
async function inSpain(id: string): Promise<VenueT> {
  const venue = Venue.parse(await (await a.request(`/api/venues/${id}`)).json());
  const next = structuredClone(venue);
  next.legal = { name: 'Grupo Hostelero S.L.', taxId: NIF, address: 'Calle Mayor 1, 46001 Valencia', country: 'ES' };
  next.taxRate = 1000;
  next.hours = Object.fromEntries(WEEKDAYS.map((d) => [d, [{ open: '00:00', close: '24:00' }]])) as VenueT['hours'];
  const res = await a.request(`/api/venues/${id}`, { method: 'PUT', json: next, token: manager });
  expect(res.status, await res.clone().text()).toBe(200);
  return Venue.parse(await res.json());
}

/** Four tables of the venue, each with a round sent (a dish of a category served all day, no required options). */
async function tablesWithRounds(venue: VenueT): Promise<string[]> {
  const { tables } = (await (await a.request(`/api/venues/${venue.id}/tables`, { token: staff })).json()) as {
    tables: Array<{ label: string; url: string }>;
  };
  const dish = venue.categories
    .filter((c) => !c.availableFrom)
    .flatMap((c) => c.products)
    .find((p) => p.available && p.price >= 1000 && !p.optionGroups.some((g) => g.min > 0))!;
  const labels = tables.slice(0, 4).map((t) => t.label);
  for (const t of tables.slice(0, 4)) {
    const join = await a.request(`/api/venues/${venue.id}/tables/${encodeURIComponent(t.label)}/join`, {
      json: { token: new URL(t.url).searchParams.get('t'), name: 'Gus' },
    });
    expect(join.status, await join.clone().text()).toBe(201);
    const { credential } = JoinResult.parse(await join.json());
    const headers = { 'x-table-credential': credential };
    const line = await a.request(`/api/table-session/cart/lines/linea-${t.label.replace(/\W/g, '')}-0001`, {
      method: 'PUT',
      json: { productId: dish.id, optionIds: [], quantity: 5 },
      headers,
    });
    expect(line.status, await line.clone().text()).toBe(200);
    const session = TableSession.parse(await (await a.request('/api/table-session', { headers })).json());
    const round = await a.request('/api/table-session/rounds', {
      json: { expectedTotal: session.cart.subtotal },
      key: newKey(),
      headers,
    });
    expect(round.status, await round.clone().text()).toBe(201);
  }
  return labels;
}

/** 40 payments at once, 20 at each venue, alternating instances. */
async function payAtBoth(tables: Record<string, string[]>): Promise<PaymentResult[]> {
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => {
      const venue = i % 2 ? CAFE : TAQUERIA;
      const server = Math.floor(i / 2) % 2 ? b : a;
      return server.request(`/api/venues/${venue}/tables/${encodeURIComponent(tables[venue]![i % 4]!)}/payments`, {
        json: { amount: 100 + i, tip: 0, method: i % 3 ? 'card' : 'cash' },
        key: newKey(),
        token: staff,
      });
    }),
  );
  expect(answers.map((r) => r.status)).toEqual(Array(40).fill(201));
  return Promise.all(answers.map(async (r) => PaymentResult.parse(await r.json())));
}

const recordsOf = async (venue: string) =>
  VerifactuRecords.parse(await (await b.request(`/api/venues/${venue}/verifactu/records`, { token: manager })).json())
    .records;

/** What the AEAT would check of one issuer's records: unique numbers, gapless series, one unbroken chain. */
function checkIssuer(records: VerifactuRecord[]) {
  expect(records.every((r) => r.IDEmisorFactura === NIF)).toBe(true);
  const numbers = records.map((r) => r.NumSerieFactura);
  expect(new Set(numbers).size, 'NumSerieFactura repetido').toBe(numbers.length);
  const bySeries = new Map<string, number[]>();
  for (const n of numbers) {
    const [, series, k] = /^(.+)-(\d+)$/.exec(n)!;
    bySeries.set(series!, [...(bySeries.get(series!) ?? []), Number(k)]);
  }
  for (const [series, list] of bySeries)
    expect(
      [...list].sort((x, y) => x - y),
      `serie ${series}`,
    ).toEqual(Array.from({ length: list.length }, (_, i) => i + 1));
  // One chain: each record links to another record of the same issuer (the first to none), no two to the same one.
  const huellas = new Set(records.map((r) => r.Huella));
  for (const r of records) {
    expect(r.Huella).toBe(huellaOf(r));
    if (r.HuellaAnterior !== '')
      expect(huellas.has(r.HuellaAnterior), `${r.NumSerieFactura} enlaza fuera de su cadena`).toBe(true);
  }
  expect(records.filter((r) => r.HuellaAnterior === '')).toHaveLength(1);
  const previous = records.map((r) => r.HuellaAnterior);
  expect(new Set(previous).size, 'la cadena se bifurca').toBe(previous.length);
  return bySeries;
}

describe(`two venues with one NIF, 40 payments at once${onPostgres ? ' on two instances' : ''}`, () => {
  it("only an admin confirms a venue's tax id; an unconfirmed NIF joins no chain; one chain and a series per venue once confirmed", async () => {
    const taqueria = await inSpain(TAQUERIA);
    const confirm = (venue: string, token: string) =>
      a.request(`/api/venues/${venue}/verifactu/issuer`, { json: { taxId: NIF }, token });
    // Only an admin confirms; the tax id confirmed is the venue's.
    expect((await confirm(TAQUERIA, manager)).status).toBe(403);
    const confirmed = await confirm(TAQUERIA, admin);
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(VerifactuIssuer.parse(await confirmed.json())).toMatchObject({
      venueId: TAQUERIA,
      taxId: NIF,
      confirmed: true,
    });
    expect(
      (await a.request(`/api/venues/${TAQUERIA}/verifactu/issuer`, { json: { taxId: 'B00000000' }, token: admin }))
        .status,
    ).toBe(409);
    // A manager gives the café the same NIF: it stays unconfirmed.
    const cafe = await inSpain(CAFE);
    const status = await a.request(`/api/venues/${CAFE}/verifactu/issuer`, { token: manager });
    expect(VerifactuIssuer.parse(await status.json())).toMatchObject({ venueId: CAFE, taxId: NIF, confirmed: false });

    const tables = { [TAQUERIA]: await tablesWithRounds(taqueria), [CAFE]: await tablesWithRounds(cafe) };
    const first = await payAtBoth(tables);
    // The café's receipts carry no VERI*FACTU record: its NIF is not confirmed.
    expect(first.filter((p) => p.receipt.venueId === CAFE).every((p) => p.receipt.verifactu === undefined)).toBe(true);
    expect(
      first.filter((p) => p.receipt.venueId === TAQUERIA).every((p) => p.receipt.verifactu?.IDEmisorFactura === NIF),
    ).toBe(true);
    expect(await recordsOf(CAFE)).toEqual([]);
    expect(checkIssuer(await recordsOf(TAQUERIA)).size).toBe(1);

    // The admin confirms the café too: its own series under the same issuer, the same chain.
    const second = await confirm(CAFE, admin);
    expect(second.status).toBe(200);
    const cafeIssuer = VerifactuIssuer.parse(await second.json());
    expect(cafeIssuer.series).not.toBe(
      VerifactuIssuer.parse(
        await (await a.request(`/api/venues/${TAQUERIA}/verifactu/issuer`, { token: manager })).json(),
      ).series,
    );
    const more = await payAtBoth(tables);
    expect(more.every((p) => p.receipt.verifactu?.IDEmisorFactura === NIF)).toBe(true);
    const all = [...(await recordsOf(TAQUERIA)), ...(await recordsOf(CAFE))];
    expect(all).toHaveLength(60);
    const series = checkIssuer(all);
    expect([...series.values()].map((l) => l.length).sort()).toEqual([20, 40]);
  });
});
