import { describe, expect, it } from 'vitest';
import type { Product, Venue } from '../../../src/contract/venue.ts';
import {
  buildIndex,
  filterProducts,
  allergensInMenu,
  resultsText,
  NO_FILTERS,
} from '../../../src/features/menu/filter.ts';
import { missingGroups, optionNamesOf, unitPriceOf } from '../../../src/features/menu/options.ts';

const p = (id: string, extra: Partial<Product> = {}): Product => ({
  id,
  name: id,
  description: '',
  price: 1000,
  tags: [],
  allergens: [],
  available: true,
  optionGroups: [],
  ...extra,
});
const taco = p('taco', {
  name: 'Taco de jalapeño',
  description: 'Con queso fresco',
  price: 6900,
  tags: ['picante'],
  optionGroups: [
    {
      id: 'tortilla',
      name: 'Tortilla',
      min: 1,
      max: 1,
      options: [
        { id: 'maiz', name: 'Maíz', priceDelta: 0, available: true },
        { id: 'harina', name: 'Harina', priceDelta: 500, available: true, allergens: ['gluten'] },
      ],
    },
    {
      id: 'extras',
      name: 'Extras',
      min: 0,
      max: 2,
      options: [
        { id: 'queso', name: 'Queso', priceDelta: 1500, available: true, allergens: ['milk'] },
        { id: 'aguacate', name: 'Aguacate', priceDelta: 2000, available: true },
        { id: 'morita', name: 'Morita', priceDelta: 0, available: false },
      ],
    },
  ],
});
const ensalada = p('ensalada', {
  name: 'Ensalada verde',
  description: 'Lechuga y pepino',
  tags: ['vegano', 'sin-gluten'],
});
const flan = p('flan', { name: 'Flan', description: 'De la casa', tags: ['vegetariano'], allergens: ['eggs', 'milk'] });
const venue = {
  categories: [
    { id: 'tacos', name: 'Tacos', products: [taco] },
    { id: 'otros', name: 'Otros', products: [ensalada, flan] },
  ],
} as Pick<Venue, 'categories'>;
const index = buildIndex(venue);

describe('menu search and filters', () => {
  it('search is accent-insensitive over name and description', () => {
    expect(filterProducts(index, { ...NO_FILTERS, query: 'jalapeno' })).toEqual(['taco']);
    expect(filterProducts(index, { ...NO_FILTERS, query: 'PEPINO' })).toEqual(['ensalada']);
    expect(filterProducts(index, { ...NO_FILTERS, query: 'queso taco' })).toEqual(['taco']);
    expect(filterProducts(index, { ...NO_FILTERS, query: 'sushi' })).toEqual([]);
    expect(filterProducts(index, NO_FILTERS)).toEqual(['taco', 'ensalada', 'flan']);
  });
  it('diet tags must all match', () => {
    expect(filterProducts(index, { ...NO_FILTERS, diets: ['vegano'] })).toEqual(['ensalada']);
    expect(filterProducts(index, { ...NO_FILTERS, diets: ['vegano', 'vegetariano'] })).toEqual([]);
  });
  it('excluding an allergen also excludes dishes whose options carry it', () => {
    expect(filterProducts(index, { ...NO_FILTERS, excluded: ['gluten'] })).toEqual(['ensalada', 'flan']);
    expect(filterProducts(index, { ...NO_FILTERS, excluded: ['milk'] })).toEqual(['ensalada']);
    expect(allergensInMenu(index).sort()).toEqual(['eggs', 'gluten', 'milk']);
  });
  it('counts results in Spanish', () => {
    expect(resultsText(0)).toBe('Ningún plato coincide');
    expect(resultsText(1)).toBe('1 plato');
    expect(resultsText(12)).toBe('12 platos');
  });
});

describe('product options', () => {
  it('prices the chosen options in minor units', () => {
    expect(unitPriceOf(taco, {})).toBe(6900);
    expect(unitPriceOf(taco, { tortilla: ['harina'], extras: ['queso', 'aguacate'] })).toBe(6900 + 500 + 1500 + 2000);
  });
  it('enforces min and max and refuses unavailable options', () => {
    expect(missingGroups(taco, {}).map((g) => g.id)).toEqual(['tortilla']);
    expect(missingGroups(taco, { tortilla: ['maiz'] })).toEqual([]);
    expect(
      missingGroups(taco, { tortilla: ['maiz'], extras: ['queso', 'aguacate', 'morita'] }).map((g) => g.id),
    ).toEqual(['extras']);
    expect(missingGroups(taco, { tortilla: ['maiz'], extras: ['morita'] }).map((g) => g.id)).toEqual(['extras']);
    expect(optionNamesOf(taco, ['aguacate', 'harina'])).toEqual(['Harina', 'Aguacate']);
  });
});

describe('featured dishes for /inspire', () => {
  const v = (id: string, products: Product[]): Venue => ({
    id,
    name: id.toUpperCase(),
    tagline: '',
    city: '',
    cuisine: '',
    currency: 'EUR',
    locale: 'es-ES',
    timezone: 'Europe/Madrid',
    address: '',
    hours: {} as Venue['hours'],
    orderModes: ['table'],
    updatedAt: '',
    categories: [{ id: 'c', name: 'C', products }],
  });
  it('takes available dishes with the tag in turns from each venue, up to the limit', async () => {
    const { featuredDishes, featuredSections } = await import('../../../src/features/menu/featured.ts');
    const big = v(
      'big',
      Array.from({ length: 10 }, (_, i) => p(`b${i}`, { tags: ['popular'] })),
    );
    const small = v('small', [
      p('s1', { tags: ['popular'] }),
      p('s2', { tags: ['popular'], available: false }),
      p('s3', { tags: ['vegano'] }),
    ]);
    expect(featuredDishes([big, small], 'popular', 4).map((d) => d.productId)).toEqual(['b0', 's1', 'b1', 'b2']);
    expect(featuredDishes([big, small], 'vegano').map((d) => [d.venueId, d.productId])).toEqual([['small', 's3']]);
    expect(featuredSections([big, small]).map((s) => s.id)).toEqual(['populares', 'veganos']);
  });
});
