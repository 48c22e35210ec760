import { describe, expect, it } from 'vitest';
import {
  addLine,
  cartCount,
  cartSubtotal,
  emptyCart,
  normalizeCart,
  normalizeCarts,
  removeLine,
  restoreLine,
  setQuantity,
  type Cart,
  type NewCartLine,
} from '../../../src/features/cart/logic.ts';
import { lineKey } from '../../../src/contract/cart-line.ts';

const now = new Date('2026-11-21T12:00:00Z');
const taco: NewCartLine = {
  productId: 'taco-pastor',
  name: 'Taco al pastor',
  optionIds: ['salsa-verde', 'extra-pina'],
  optionNames: ['Salsa verde', 'Extra piña'],
  unitPrice: 3_500,
  quantity: 2,
};
const agua: NewCartLine = {
  productId: 'agua',
  name: 'Agua de jamaica',
  optionIds: [],
  optionNames: [],
  unitPrice: 2_500,
  quantity: 1,
};

function cartWith(...lines: NewCartLine[]): Cart {
  let cart = emptyCart('taqueria-el-guero', 'MXN', 'es-MX', now);
  for (const line of lines) {
    const r = addLine(cart, line, now);
    if (!r.ok) throw new Error('add failed');
    cart = r.cart;
  }
  return cart;
}

describe('addLine', () => {
  it('merges the same product, options (any order) and note', () => {
    const cart = cartWith(taco, { ...taco, optionIds: ['extra-pina', 'salsa-verde'], quantity: 3 });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]!.quantity).toBe(5);
  });

  it('keeps separate lines for a different note or options', () => {
    const cart = cartWith(taco, { ...taco, note: 'sin cebolla' }, { ...taco, optionIds: ['salsa-verde'] });
    expect(cart.lines).toHaveLength(3);
    expect(cart.lines[1]!.note).toBe('sin cebolla');
  });

  it('caps a merged quantity at 99 and clamps a new one to 1–99', () => {
    const merged = cartWith({ ...taco, quantity: 60 }, { ...taco, quantity: 60 });
    expect(merged.lines[0]!.quantity).toBe(99);
    expect(cartWith({ ...agua, quantity: 0 }).lines[0]!.quantity).toBe(1);
    expect(cartWith({ ...agua, quantity: 500 }).lines[0]!.quantity).toBe(99);
  });

  it('refuses a 51st line but still merges into an existing one', () => {
    let cart = emptyCart('v1', 'EUR', 'es-ES', now);
    for (let i = 0; i < 50; i++) {
      const r = addLine(cart, { ...agua, productId: `p${i}` }, now);
      expect(r.ok).toBe(true);
      cart = r.cart;
    }
    const refused = addLine(cart, { ...agua, productId: 'p50' }, now);
    expect(refused.ok).toBe(false);
    expect(refused.cart.lines).toHaveLength(50);
    const merged = addLine(cart, { ...agua, productId: 'p7' }, now);
    expect(merged.ok && merged.merged).toBe(true);
    expect(merged.cart.lines.find((l) => l.productId === 'p7')!.quantity).toBe(2);
  });

  it('trims the note, drops an empty one and cuts it at 200 characters', () => {
    const cart = cartWith({ ...agua, note: '   ' }, { ...taco, note: 'x'.repeat(250) });
    expect(cart.lines[0]!.note).toBeUndefined();
    expect(cart.lines[1]!.note).toHaveLength(200);
  });

  it('does not mutate the input cart', () => {
    const before = cartWith(agua);
    const snapshot = JSON.stringify(before);
    addLine(before, taco, now);
    expect(JSON.stringify(before)).toBe(snapshot);
  });
});

describe('quantities, removal and undo', () => {
  it('setQuantity clamps to 1–99', () => {
    const cart = cartWith(taco);
    const key = cart.lines[0]!.key;
    expect(setQuantity(cart, key, 7).lines[0]!.quantity).toBe(7);
    expect(setQuantity(cart, key, 0).lines[0]!.quantity).toBe(1);
    expect(setQuantity(cart, key, 120).lines[0]!.quantity).toBe(99);
    expect(setQuantity(cart, 'nope', 5)).toBe(cart);
  });

  it('removeLine returns the line and its index; restoreLine puts it back in place', () => {
    const cart = cartWith(agua, taco, { ...agua, productId: 'horchata', name: 'Horchata' });
    const { cart: without, removed } = removeLine(cart, cart.lines[1]!.key, now);
    expect(without.lines.map((l) => l.productId)).toEqual(['agua', 'horchata']);
    expect(removed?.index).toBe(1);
    const back = restoreLine(without, removed!.line, removed!.index, now);
    expect(back.lines.map((l) => l.productId)).toEqual(['agua', 'taco-pastor', 'horchata']);
    expect(removeLine(cart, 'missing').removed).toBeNull();
  });

  it('restoring a line that was re-added meanwhile merges quantities', () => {
    const cart = cartWith(taco);
    const { cart: without, removed } = removeLine(cart, cart.lines[0]!.key, now);
    const readded = addLine(without, { ...taco, quantity: 1 }, now).cart;
    const back = restoreLine(readded, removed!.line, removed!.index, now);
    expect(back.lines).toHaveLength(1);
    expect(back.lines[0]!.quantity).toBe(3);
  });
});

describe('cartSubtotal', () => {
  it('sums unit price × quantity in integer minor units', () => {
    const cart = cartWith(taco, agua, { ...agua, quantity: 2 });
    expect(cartSubtotal(cart)).toBe(3_500 * 2 + 2_500 * 3);
    expect(cartCount(cart)).toBe(5);
    expect(cartSubtotal(emptyCart('v', 'EUR', 'es-ES'))).toBe(0);
  });
});

describe('normalizeCart', () => {
  it('keeps a valid cart as it is', () => {
    const cart = cartWith(taco, { ...agua, note: 'fría' });
    expect(normalizeCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
  });

  it('discards what cannot be repaired', () => {
    expect(normalizeCart(null)).toBeNull();
    expect(normalizeCart('cart')).toBeNull();
    expect(normalizeCart({ venueId: 'v', currency: 'pesos', locale: 'es', lines: [] })).toBeNull();
    expect(normalizeCart({ currency: 'EUR', locale: 'es', lines: [] })).toBeNull();
    expect(normalizeCart({ ...cartWith(agua) }, 'another-venue')).toBeNull();
  });

  it('repairs: drops bad lines, clamps quantities, recomputes keys, merges duplicates, caps at 50', () => {
    const good = cartWith(taco).lines[0]!;
    const raw = {
      venueId: 'taqueria-el-guero',
      currency: 'MXN',
      locale: 'es-MX',
      updatedAt: 'yesterday',
      lines: [
        { ...good, key: 'tampered', quantity: 500 },
        { ...good, key: 'other', quantity: 1 },
        { productId: 'x', name: 'X', optionIds: [], unitPrice: 1.5, quantity: 1 },
        { productId: 'y', name: 'Y', optionIds: 'a', unitPrice: 100, quantity: 1 },
        'garbage',
        ...Array.from({ length: 60 }, (_, i) => ({
          productId: `p${i}`,
          name: 'P',
          optionIds: [],
          optionNames: [],
          unitPrice: 100,
          quantity: -3,
        })),
      ],
    };
    const cart = normalizeCart(raw)!;
    expect(cart.lines).toHaveLength(50);
    expect(cart.lines[0]!.key).toBe(lineKey(good.productId, good.optionIds));
    expect(cart.lines[0]!.quantity).toBe(99);
    expect(cart.lines[1]!.quantity).toBe(1);
    expect(cart.updatedAt).toBe(new Date(0).toISOString());
  });

  it('normalizeCarts drops carts filed under the wrong venue and keeps the rest', () => {
    const mine = cartWith(agua);
    const carts = normalizeCarts({ 'taqueria-el-guero': mine, 'bar-el-cabanyal': mine, junk: 5 });
    expect(Object.keys(carts)).toEqual(['taqueria-el-guero']);
    expect(normalizeCarts([1, 2])).toEqual({});
  });
});
