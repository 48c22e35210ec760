/** The live menu's pure parts: a menu's shape (what needs the page rendered again) and a cart line's current price. */
import { describe, expect, it } from 'vitest';
import type { Product, Venue } from '../../../src/contract/venue.ts';
import { isOlderVersion, menuShape } from '../../../src/features/menu/venue-facts.ts';
import {
  $livePrices,
  $soldOut,
  currentUnitPrice,
  lineNotice,
  setSoldOutFrom,
} from '../../../src/features/cart/sold-out.ts';

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
  price: 6900,
  optionGroups: [
    {
      id: 'tortilla',
      name: 'Tortilla',
      min: 1,
      max: 1,
      options: [
        { id: 'maiz', name: 'Maíz', priceDelta: 0, available: true },
        { id: 'harina', name: 'Harina', priceDelta: 500, available: true },
      ],
    },
  ],
});
const venue = {
  id: 'v',
  name: 'Fonda',
  tagline: 'Rica',
  updatedAt: '2026-11-24T00:00:00.000Z',
  categories: [{ id: 'c', name: 'Tacos', products: [taco, p('flan')] }],
} as unknown as Venue;
const edit = (change: (v: Venue) => void): Venue => {
  const copy = structuredClone(venue);
  change(copy);
  return copy;
};

describe('menuShape', () => {
  it('ignores prices, availability and updatedAt (the cards are updated in place for those)', () => {
    const shape = menuShape(venue);
    expect(
      menuShape(
        edit((v) => {
          v.categories[0]!.products[0]!.price = 7900;
        }),
      ),
    ).toBe(shape);
    expect(
      menuShape(
        edit((v) => {
          v.categories[0]!.products[1]!.available = false;
        }),
      ),
    ).toBe(shape);
    expect(
      menuShape(
        edit((v) => {
          v.updatedAt = '2026-11-25T00:00:00.000Z';
        }),
      ),
    ).toBe(shape);
  });

  it('changes with names, dishes, categories, option prices and the venue itself', () => {
    const shape = menuShape(venue);
    expect(
      menuShape(
        edit((v) => {
          v.categories[0]!.products[0]!.name = 'Taco nuevo';
        }),
      ),
    ).not.toBe(shape);
    expect(
      menuShape(
        edit((v) => {
          v.categories[0]!.products.pop();
        }),
      ),
    ).not.toBe(shape);
    expect(
      menuShape(
        edit((v) => {
          v.categories[0]!.name = 'Tacos y más';
        }),
      ),
    ).not.toBe(shape);
    expect(
      menuShape(
        edit((v) => {
          v.categories[0]!.products[0]!.optionGroups[0]!.options[1]!.priceDelta = 700;
        }),
      ),
    ).not.toBe(shape);
    expect(
      menuShape(
        edit((v) => {
          v.tagline = 'Más rica';
        }),
      ),
    ).not.toBe(shape);
  });
});

describe('isOlderVersion', () => {
  it('is a version from before the one shown (a kept copy answered for a slow network), never the same or a newer one', () => {
    expect(isOlderVersion('2026-11-23T23:59:59.999Z', venue.updatedAt)).toBe(true);
    expect(isOlderVersion(venue.updatedAt, venue.updatedAt)).toBe(false);
    expect(isOlderVersion('2026-11-24T00:00:00.001Z', venue.updatedAt)).toBe(false);
    expect(isOlderVersion('2026-11-23T00:00:00.000Z', undefined)).toBe(false);
  });
});

describe('currentUnitPrice', () => {
  it('is unknown until the page has a whole version of the menu, then the dish price plus the chosen options', () => {
    $livePrices.set(new Map());
    expect(currentUnitPrice($livePrices.get(), { productId: 'taco', optionIds: ['harina'] })).toBeNull();
    setSoldOutFrom(
      edit((v) => {
        v.categories[0]!.products[0]!.price = 7200;
      }),
    );
    expect(currentUnitPrice($livePrices.get(), { productId: 'taco', optionIds: ['harina'] })).toBe(7700);
    expect(currentUnitPrice($livePrices.get(), { productId: 'taco', optionIds: ['maiz'] })).toBe(7200);
    expect(currentUnitPrice($livePrices.get(), { productId: 'gone', optionIds: [] })).toBeNull();
  });
});

describe("lineNotice (the diner's cart and the table cart flag lines by it)", () => {
  it('says nothing until a whole menu is known, then sold out, gone from the menu, or the new price', () => {
    $livePrices.set(new Map());
    const line = { productId: 'taco', optionIds: ['harina'], unitPrice: 7400 };
    expect(lineNotice(new Set(), $livePrices.get(), line)).toBeNull();
    setSoldOutFrom(venue);
    expect(lineNotice($soldOut.get(), $livePrices.get(), line)).toBeNull();
    setSoldOutFrom(
      edit((v) => {
        v.categories[0]!.products[0]!.price = 7200;
      }),
    );
    expect(lineNotice($soldOut.get(), $livePrices.get(), line)).toEqual({ kind: 'price', now: 7700 });
    setSoldOutFrom(
      edit((v) => {
        v.categories[0]!.products[0]!.available = false;
      }),
    );
    expect(lineNotice($soldOut.get(), $livePrices.get(), line)).toEqual({ kind: 'sold-out' });
    setSoldOutFrom(
      edit((v) => {
        v.categories[0]!.products.shift();
      }),
    );
    expect(lineNotice($soldOut.get(), $livePrices.get(), line)).toEqual({ kind: 'gone' });
  });
});
