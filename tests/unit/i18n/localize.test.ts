/** A menu in the diner's language, falling back to the venue's own words (docs/architecture.md#languages). */
import { describe, expect, it } from 'vitest';
import { fallbackLang, venueIdOfPath, venueLanguages } from '../../../src/contract/languages.ts';
import { displayLocale, localizeVenue, textLanguages } from '../../../src/features/menu/localize.ts';
import { buildIndex, filterProducts, NO_FILTERS } from '../../../src/features/menu/filter.ts';
import { suggestedLanguage } from '../../../src/shell/language-choice.ts';
import { DEMO_VENUES } from '../../../server/demo/venues/index.ts';

const taqueria = DEMO_VENUES.find((v) => v.id === 'taqueria-el-guero')!;
const cabanyal = DEMO_VENUES.find((v) => v.id === 'bar-el-cabanyal')!;

describe('localizeVenue', () => {
  it("shows the translation where there is one, the venue's own words elsewhere", () => {
    const en = localizeVenue(cabanyal, 'en');
    const tapas = en.categories.find((c) => c.id === 'tapas')!;
    expect(en.tagline).toBe('Tapas, rice dishes and vermouth two streets from Malvarrosa beach');
    expect(tapas.products.find((p) => p.id === 'gambas-al-ajillo')!.name).toBe('Garlic prawns');
    // No English for this one: the Spanish name, marked `lang="es"`.
    const padron = tapas.products.find((p) => p.id === 'pimientos-de-padron')!;
    expect(padron.name).toBe('Pimientos de Padrón');
    const langs = textLanguages(cabanyal, 'en');
    expect(fallbackLang(padron, 'name', langs)).toBe('es');
    expect(
      fallbackLang(
        tapas.products.find((p) => p.id === 'gambas-al-ajillo')!,
        'name',
        langs,
      ),
    ).toBeUndefined();
  });

  it("translates a set menu's name and its courses' names like any dish", () => {
    const set = localizeVenue(cabanyal, 'en')
      .categories.flatMap((c) => c.products)
      .find((p) => p.id === 'menu-del-dia')!;
    expect(set.name).toBe('Set lunch menu');
    expect(set.courses!.map((c) => c.name)).toEqual(['Starter', 'Main course', 'Dessert or coffee', 'Drink']);
    // Ids, choices and supplements stay as they are.
    expect(set.courses![1]!.choices[0]).toEqual({ productId: 'entrecot-a-la-brasa', supplement: 300 });
  });

  it('leaves the venue as it is in its own language, and marks nothing', () => {
    expect(localizeVenue(taqueria, 'es')).toBe(taqueria);
    expect(textLanguages(taqueria, 'es')).toBeUndefined();
    expect(fallbackLang(taqueria.categories[0]!, 'name', undefined)).toBeUndefined();
  });

  it("keeps prices, ids and the venue's currency; money in the diner's language", () => {
    const en = localizeVenue(taqueria, 'en');
    expect(en.currency).toBe('MXN');
    expect(en.locale).toBe('en-MX');
    expect(displayLocale(taqueria, 'fr')).toBe('fr-MX');
    expect(en.categories.flatMap((c) => c.products.map((p) => [p.id, p.price]))).toEqual(
      taqueria.categories.flatMap((c) => c.products.map((p) => [p.id, p.price])),
    );
    // The localized copy still knows its own language.
    expect(venueLanguages(en)).toEqual(['es', 'en']);
  });

  it("falls back through English before the venue's own words when the venue has English", () => {
    // Bar El Cabanyal has Spanish, English and Catalan, no German: a German page shows English.
    const de = localizeVenue(cabanyal, 'de');
    const paella = de.categories.flatMap((c) => c.products).find((p) => p.id === 'paella-valenciana')!;
    expect(paella.name).toBe('Valencian paella');
    expect(
      fallbackLang(
        cabanyal.categories.flatMap((c) => c.products).find((p) => p.id === 'paella-valenciana')!,
        'name',
        textLanguages(cabanyal, 'de'),
      ),
    ).toBe('en');
    // A word with no English either keeps the venue's own, marked as such.
    const padron = cabanyal.categories.flatMap((c) => c.products).find((p) => p.id === 'pimientos-de-padron')!;
    expect(fallbackLang(padron, 'name', textLanguages(cabanyal, 'de'))).toBe('es');
    // The Catalan page has its own words first, then English.
    expect(localizeVenue(cabanyal, 'ca').categories.find((c) => c.id === 'tapas')!.name).toBe('Tapes');
  });

  it('translates option groups and options', () => {
    const pastor = localizeVenue(taqueria, 'en').categories[0]!.products[0]!;
    expect(pastor.optionGroups.map((g) => g.name)).toEqual(['How many', 'Tortilla', 'Salsas', 'Extras']);
    expect(pastor.optionGroups[0]!.options.map((o) => o.name)).toEqual(['Three tacos', 'Five tacos']);
  });
});

describe('search in either language', () => {
  it("finds a dish by its name in the diner's language and in the venue's", () => {
    const index = buildIndex(taqueria);
    expect(filterProducts(index, { ...NO_FILTERS, query: 'cactus' })).toEqual(['tacos-de-nopales']);
    expect(filterProducts(index, { ...NO_FILTERS, query: 'nopales' })).toEqual(['tacos-de-nopales']);
  });
});

describe('the language suggestion', () => {
  const alternates = new Map([
    ['es', '/x'],
    ['en', '/en/x'],
    ['ca', '/ca/x'],
  ] as const);
  it("offers a language the browser reads when it does not read the page's", () => {
    expect(suggestedLanguage('es', ['en-US', 'en'], alternates, null)).toBe('en');
    expect(suggestedLanguage('es', ['ja', 'ca-ES'], alternates, null)).toBe('ca');
  });
  it("says nothing when the browser reads the page's language, or reads none the page has", () => {
    expect(suggestedLanguage('es', ['en-US', 'es'], alternates, null)).toBeNull();
    expect(suggestedLanguage('es', ['ja'], alternates, null)).toBeNull();
  });
  it('offers the language the diner chose before', () => {
    expect(suggestedLanguage('es', ['es'], alternates, 'en')).toBe('en');
    expect(suggestedLanguage('en', ['es'], alternates, 'en')).toBeNull();
  });
});

it('reads the venue id of /{id} and /{lang}/{id}', () => {
  expect(venueIdOfPath('/taqueria-el-guero')).toBe('taqueria-el-guero');
  expect(venueIdOfPath('/en/taqueria-el-guero')).toBe('taqueria-el-guero');
  expect(venueIdOfPath('/en/')).toBe('en');
});
