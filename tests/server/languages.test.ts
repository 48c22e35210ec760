/**
 * Menus in the diner's language on the API (docs/architecture.md#languages): translations are
 * stored and returned, a PUT that leaves them out keeps them, and an order records the diner's
 * language while its dish names stay the venue's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Venue, type Venue as VenueT } from '../../src/contract/venue.ts';
import { Order } from '../../src/contract/order.ts';
import { newKey, startTestServer, tacoOrder, type TestServer } from './helpers.ts';

let s: TestServer;
let manager: string, ana: string;
const V = 'cafe-la-macarena';

beforeAll(async () => {
  s = await startTestServer();
  manager = await s.tokenFor('gerente@umenu.test');
  ana = await s.tokenFor('ana@umenu.test');
});
afterAll(() => s.dispose());

const getVenue = async (id = V): Promise<VenueT> => Venue.parse(await (await s.request(`/api/venues/${id}`)).json());

describe('menu translations', () => {
  it("the demo taquería has English: its languages and its dishes' translations", async () => {
    const venue = await getVenue('taqueria-el-guero');
    expect(venue.languages).toEqual(['es', 'en']);
    expect(venue.translations?.en?.tagline).toBe('Spit-roasted al pastor tacos since 1987, open around the clock');
    expect(venue.categories[0]!.products[0]!.translations?.en).toEqual({
      name: 'Al pastor tacos',
      description: 'Marinated pork from the spit with pineapple, onion and coriander.',
    });
  });

  it("the venue list says each venue's languages (the board compares a diner's with the venue's own), none for a venue without", async () => {
    const { venues } = (await (await s.request('/api/venues')).json()) as {
      venues: Array<{ id: string; languages?: string[] }>;
    };
    expect(venues.find((v) => v.id === 'taqueria-el-guero')!.languages).toEqual(['es', 'en']);
    expect(venues.find((v) => v.id === V)!.languages).toBeUndefined();
  });

  it('a manager saves languages and translations on the venue, categories, dishes, groups and options; a later PUT without them keeps them; {} removes them', async () => {
    const venue = await getVenue();
    const category = venue.categories[0]!;
    const product = category.products[0]!;
    const edited: VenueT = {
      ...venue,
      languages: ['es', 'en', 'fr'],
      translations: { en: { tagline: 'Colombian coffee and fresh bread' } },
      categories: [
        {
          ...category,
          translations: { en: { name: 'Breakfasts' } },
          products: [
            {
              ...product,
              translations: {
                en: { name: 'Milk and egg soup', description: "Bogotá's breakfast broth." },
                fr: { name: 'Soupe au lait' },
              },
            },
            ...category.products.slice(1),
          ],
        },
        ...venue.categories.slice(1),
      ],
    };
    const res = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: edited });
    expect(res.status).toBe(200);
    let saved = await getVenue();
    expect(saved.languages).toEqual(['es', 'en', 'fr']);
    expect(saved.translations).toEqual({ en: { tagline: 'Colombian coffee and fresh bread' } });
    expect(saved.categories[0]!.translations).toEqual({ en: { name: 'Breakfasts' } });
    expect(saved.categories[0]!.products[0]!.translations).toEqual({
      en: { name: 'Milk and egg soup', description: "Bogotá's breakfast broth." },
      fr: { name: 'Soupe au lait' },
    });

    // An editor that does not know translations yet sends the venue without them: they stay.
    const { languages: _languages, translations: _translations, ...bare } = saved;
    const without = {
      ...bare,
      tagline: 'Café de origen',
      categories: saved.categories.map(({ translations: _t, ...c }) => ({
        ...c,
        products: c.products.map(({ translations: _p, ...p }) => p),
      })),
    };
    expect((await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: without })).status).toBe(200);
    saved = await getVenue();
    expect(saved.tagline).toBe('Café de origen');
    expect(saved.languages).toEqual(['es', 'en', 'fr']);
    expect(saved.categories[0]!.products[0]!.translations?.fr).toEqual({ name: 'Soupe au lait' });

    const cleared = {
      ...saved,
      categories: saved.categories.map((c, i) =>
        i === 0 ? { ...c, products: c.products.map((p, j) => (j === 0 ? { ...p, translations: {} } : p)) } : c,
      ),
    };
    expect((await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: cleared })).status).toBe(200);
    expect((await getVenue()).categories[0]!.products[0]!.translations).toEqual({});
  });

  it('refuses a bad language code and a translation longer than the field allows', async () => {
    const venue = await getVenue();
    const res = await s.request(`/api/venues/${V}`, {
      method: 'PUT',
      token: manager,
      json: { ...venue, languages: ['es', 'English'], translations: { en: { tagline: 'x'.repeat(141) } } },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['languages.1', 'translations.en.tagline']);
  });
});

describe("an order in the diner's language", () => {
  it("records the language; the dish names stay in the venue's", async () => {
    const res = await s.request('/api/orders', {
      token: ana,
      key: newKey(),
      json: { ...tacoOrder({ expectedTotal: 13800 }), language: 'en' },
    });
    expect(res.status).toBe(201);
    const order = Order.parse(await res.json());
    expect(order.language).toBe('en');
    expect(order.lines[0]).toMatchObject({ name: 'Tacos al pastor' });
    expect(order.lines[0]!.options.map((o) => o.name)).toEqual(['Orden de 3', 'Maíz']);
  });

  it('refuses a language that is not a language code', async () => {
    const res = await s.request('/api/orders', {
      token: ana,
      key: newKey(),
      json: { ...tacoOrder({ expectedTotal: 13800 }), language: 'english!' },
    });
    expect(res.status).toBe(422);
  });
});
