/**
 * `GET /api/venues` with many venues (`UMENU_SEED_LARGE=N`): pages by id with `limit`/`offset`,
 * the `total` of the matches, every venue without `limit` (the answer's shape before pages), and
 * the word-prefix search (accent-insensitive, every word must match), paginated the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VenueList } from '../../src/contract/venue.ts';
import { generateVenues } from '../../server/demo/generate-venues.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const GENERATED = 120;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seedLarge: GENERATED });
});
afterAll(() => s.dispose());

const list = async (query: string) => {
  const res = await s.request(`/api/venues${query}`);
  expect(res.status, query).toBe(200);
  return VenueList.parse(await res.json());
};

describe('GET /api/venues with many venues', () => {
  it('answers one page with the total, pages in id order without gaps or repeats, and everything without a limit', async () => {
    const all = await list('');
    expect(all.total).toBe(GENERATED + 3);
    expect(all.venues).toHaveLength(GENERATED + 3);
    const ids = all.venues.map((v) => v.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toContain('taqueria-el-guero');

    const first = await list('?limit=12');
    expect(first.total).toBe(GENERATED + 3);
    expect(first.venues.map((v) => v.id)).toEqual(ids.slice(0, 12));
    const paged: string[] = [];
    for (let offset = 0; offset < all.total; offset += 50) {
      const page = await list(`?limit=50&offset=${offset}`);
      expect(page.total).toBe(GENERATED + 3);
      paged.push(...page.venues.map((v) => v.id));
    }
    expect(paged).toEqual(ids);
    expect((await list(`?limit=50&offset=${all.total}`)).venues).toEqual([]);
  });

  it('refuses a page size outside 1–100 or a bad offset with problem details', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=10&offset=-1', '?limit=10&offset=x']) {
      const res = await s.request(`/api/venues${query}`);
      expect(res.status, query).toBe(422);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('searches by word prefix without accents or case, every word, with the total of the matches and pages of them', async () => {
    const generated = generateVenues(GENERATED);
    const cafes = generated.filter((v) => v.name.startsWith('Café ')).map((v) => v.id);
    expect(cafes.length).toBeGreaterThan(1);
    // "cafe" finds every «Café …» (and the demo's Café La Macarena), nothing else named otherwise.
    const found = await list('?q=cafe&limit=100');
    expect(found.venues.map((v) => v.id)).toEqual(expect.arrayContaining([...cafes, 'cafe-la-macarena']));
    expect(found.total).toBe(found.venues.length);
    for (const v of found.venues)
      expect(
        `${v.name} ${v.city} ${v.cuisine} ${v.tagline}`
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
      ).toMatch(/\bcaf/);
    expect((await list('?q=CAFÉ&limit=100')).venues).toEqual(found.venues);

    // A word's beginning: "taber" finds the taverns; two words narrow to both.
    const target = generated.find((v) => v.name.startsWith('Taberna '))!;
    const taverns = await list('?q=taber&limit=100');
    expect(taverns.venues.map((v) => v.id)).toContain(target.id);
    const narrowed = await list(`?q=${encodeURIComponent(`taberna ${target.city.slice(0, 4)}`)}&limit=100`);
    expect(narrowed.venues.map((v) => v.id)).toContain(target.id);
    expect(narrowed.total).toBeLessThan(taverns.total);
    for (const v of narrowed.venues) expect(v.name).toMatch(/^Taberna /);

    // Pages of a search: the same matches, in order, with the same total.
    const small = await list('?q=cafe&limit=2');
    expect(small.total).toBe(found.total);
    expect(small.venues).toEqual(found.venues.slice(0, 2));
    expect((await list('?q=cafe&limit=2&offset=2')).venues).toEqual(found.venues.slice(2, 4));

    const none = await list('?q=sushi%20de%20marte&limit=12');
    expect(none).toEqual({ venues: [], total: 0 });
  });

  it('finds a venue edited after start by its new name, and not by its old one', async () => {
    const admin = await s.tokenFor('admin@umenu.test');
    const target = generateVenues(GENERATED)[GENERATED - 1]!;
    const doc = (await (await s.request(`/api/venues/${target.id}`)).json()) as Record<string, unknown>;
    const { updatedAt: _updatedAt, ...rest } = doc;
    const oldWord = target.name.split(' ')[0]!;
    const res = await s.request(`/api/venues/${target.id}`, {
      method: 'PUT',
      token: admin,
      json: { ...rest, name: 'Zumería Ñandú' },
    });
    expect(res.status).toBe(200);
    expect((await list('?q=nandu&limit=12')).venues.map((v) => v.id)).toEqual([target.id]);
    expect(
      (await list(`?q=${encodeURIComponent(`${oldWord} ${target.city}`)}&limit=100`)).venues.map((v) => v.id),
    ).not.toContain(target.id);
  });
});
