import { beforeEach, describe, expect, it } from 'vitest';
import {
  $cartUi,
  $carts,
  addToCart,
  cartCountOf,
  clearCart,
  closeCart,
  openCart,
  removeFromCart,
  restoreToCart,
  updateQuantity,
} from '../../../src/features/cart/store.ts';

const agua = {
  productId: 'agua',
  name: 'Agua de jamaica',
  optionIds: ['grande'],
  optionNames: ['Grande (1 l)'],
  unitPrice: 5300,
  quantity: 1,
};
const taco = {
  productId: 'taco',
  name: 'Tacos al pastor',
  optionIds: [],
  optionNames: [],
  unitPrice: 6900,
  quantity: 2,
};

describe('cart store (one cart per venue)', () => {
  beforeEach(() => $carts.set({}));

  it('creates each venue cart with its currency and locale, and keeps venues apart', () => {
    expect(addToCart('taqueria-el-guero', agua, { currency: 'MXN', locale: 'es-MX' }).ok).toBe(true);
    addToCart('bar-el-cabanyal', taco, { currency: 'EUR', locale: 'es-ES' });
    const carts = $carts.get();
    expect(carts['taqueria-el-guero']).toMatchObject({
      currency: 'MXN',
      locale: 'es-MX',
      lines: [{ productId: 'agua' }],
    });
    expect(carts['bar-el-cabanyal']).toMatchObject({ currency: 'EUR', lines: [{ productId: 'taco', quantity: 2 }] });
    expect(cartCountOf('taqueria-el-guero').get()).toBe(1);
  });

  it('updates quantities, removes with undo information and restores in place', () => {
    addToCart('v1', agua, { currency: 'MXN', locale: 'es-MX' });
    addToCart('v1', taco, { currency: 'MXN', locale: 'es-MX' });
    const key = $carts.get().v1!.lines[0]!.key;
    updateQuantity('v1', key, 150);
    expect($carts.get().v1!.lines[0]!.quantity).toBe(99);
    const removed = removeFromCart('v1', key);
    expect(removed?.index).toBe(0);
    expect($carts.get().v1!.lines.map((l) => l.productId)).toEqual(['taco']);
    restoreToCart('v1', removed!.line, removed!.index);
    expect($carts.get().v1!.lines.map((l) => l.productId)).toEqual(['agua', 'taco']);
    expect(removeFromCart('v1', 'nope')).toBeNull();
    clearCart('v1');
    expect($carts.get().v1).toBeUndefined();
  });

  it('cart UI atom opens for a venue and closes', () => {
    openCart('v1');
    expect($cartUi.get()).toEqual({ open: true, venueId: 'v1' });
    closeCart();
    expect($cartUi.get().open).toBe(false);
  });
});
