/**
 * Text a manager or a new team member types is cleaned like diners' text (src/contract/text.ts, `cleanText`): the
 * name given when accepting an invitation (it is signed into tokens), a venue's names, tagline, descriptions and
 * translations lose direction overrides and control characters; a menu's languages are the interface's
 * languages only (src/contract/languages.ts), refused in Spanish otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from './jwt-decode.ts';
import { CreatedInvitation } from '../../src/contract/team.ts';
import type { Venue } from '../../src/contract/venue.ts';
import type { User } from '../../src/contract/auth.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { problemOf } from './table-kit.ts';

let s: TestServer;
let manager: string;
const V = 'cafe-la-macarena';
const RLO = '\u202E';
const BEL = '\u0007';

beforeAll(async () => {
  s = await startTestServer();
  manager = await s.tokenFor('gerente@umenu.test');
});
afterAll(() => s.dispose());

async function invitationFor(email: string): Promise<string> {
  const res = await s.request(`/api/venues/${V}/invitations`, { token: manager, json: { email, role: 'staff' } });
  expect(res.status).toBe(201);
  return CreatedInvitation.parse(await res.json()).token;
}

describe('the name given when accepting an invitation', () => {
  it('loses U+202E and BEL, in the account and in its tokens', async () => {
    const token = await invitationFor('lucia-texto@example.com');
    const res = await s.request('/api/invitations/accept', {
      json: { token, name: `Lucía${RLO} Gómez${BEL}`, password: 'contraseña-larga' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const pair = await s.login('lucia-texto@example.com', 'contraseña-larga');
    expect((decodeJwt(pair.token) as { name?: string }).name).toBe('Lucía Gómez');
    const { user: me } = (await (await s.request('/api/auth/user', { token: pair.token })).json()) as { user: User };
    expect(me.name).toBe('Lucía Gómez');
  });

  it('refuses a name of invisible characters only, in Spanish', async () => {
    const token = await invitationFor('invisible@example.com');
    const res = await s.request('/api/invitations/accept', {
      json: { token, name: `${RLO}${BEL}\u200B`, password: 'contraseña-larga' },
    });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).errors?.name).toEqual(['Escribe un nombre con letras o números.']);
  });
});

describe("a venue's words", () => {
  it('keep no direction override or control character: name, tagline, city, cuisine, dishes, categories, options, translations', async () => {
    const venue = (await (await s.request(`/api/venues/${V}`)).json()) as Venue;
    const next = structuredClone(venue);
    const dirty = (text: string) => `${RLO}${text}${BEL}\u2066`;
    next.name = dirty('Café La Macarena');
    next.tagline = dirty('Café de origen');
    next.city = dirty('Bogotá');
    next.cuisine = dirty('Cafetería');
    next.address = dirty('Calle 1');
    next.translations = { en: { tagline: dirty('Origin coffee') } };
    const category = next.categories[0]!;
    category.name = dirty('Bebidas');
    category.translations = { en: { name: dirty('Drinks') } };
    const dish = category.products[0]!;
    dish.name = dirty('Tinto');
    dish.description = dirty('Café negro');
    dish.translations = { en: { name: dirty('Black coffee'), description: dirty('Coffee') } };
    const group = next.categories.flatMap((c) => c.products).find((p) => p.optionGroups.length)!.optionGroups[0]!;
    group.name = dirty('Leche');
    group.options[0]!.name = dirty('Entera');
    const res = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: next });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await (await s.request(`/api/venues/${V}`)).json()) as Venue;
    expect([
      saved.name,
      saved.tagline,
      saved.city,
      saved.cuisine,
      saved.address,
      saved.translations?.en?.tagline,
    ]).toEqual(['Café La Macarena', 'Café de origen', 'Bogotá', 'Cafetería', 'Calle 1', 'Origin coffee']);
    const savedCategory = saved.categories[0]!;
    expect([savedCategory.name, savedCategory.translations?.en?.name]).toEqual(['Bebidas', 'Drinks']);
    const savedDish = savedCategory.products[0]!;
    expect([savedDish.name, savedDish.description, savedDish.translations?.en]).toEqual([
      'Tinto',
      'Café negro',
      { name: 'Black coffee', description: 'Coffee' },
    ]);
    const savedGroup = saved.categories.flatMap((c) => c.products).find((p) => p.optionGroups.length)!.optionGroups[0]!;
    expect([savedGroup.name, savedGroup.options[0]!.name]).toEqual(['Leche', 'Entera']);
    // A dish name of invisible characters only is no name.
    const empty = structuredClone(saved);
    empty.categories[0]!.products[0]!.name = `${RLO}${BEL}`;
    const refused = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: empty });
    expect(refused.status).toBe(422);
    expect(Object.keys((await problemOf(refused)).errors ?? {})).toEqual(['categories.0.products.0.name']);
  });

  it("languages are the interface's: xx and zzz are refused in Spanish", async () => {
    const venue = (await (await s.request(`/api/venues/${V}`)).json()) as Venue;
    for (const code of ['xx', 'zzz']) {
      const res = await s.request(`/api/venues/${V}`, {
        method: 'PUT',
        token: manager,
        json: { ...venue, languages: ['es', code] },
      });
      expect(res.status, code).toBe(422);
      const body = await problemOf(res);
      expect(body.errors?.['languages.1']?.[0]).toMatch(/^Idioma no disponible/);
      const translated = await s.request(`/api/venues/${V}`, {
        method: 'PUT',
        token: manager,
        json: { ...venue, translations: { [code]: { tagline: 'x' } } },
      });
      expect(translated.status, code).toBe(422);
    }
    const fine = await s.request(`/api/venues/${V}`, {
      method: 'PUT',
      token: manager,
      json: { ...venue, languages: ['es', 'en', 'ca'] },
    });
    expect(fine.status).toBe(200);
  });
});
