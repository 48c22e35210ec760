/**
 * `addDish` when the diner's cart is full (src/features/table-session/index.ts): the refusal is said in
 * the page's language, with the contract's limit (LIMITS.linesPerOrder), not a Spanish sentence
 * with a number written in it (docs/architecture.md#languages).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/contract/limits.ts';
import { CATALOGUES } from '../../../src/i18n/catalogues.ts';
import { setBuildLanguage } from '../../../src/lib/i18n.ts';
import { $carts, addToCart } from '../../../src/features/cart/index.ts';
import { addDish } from '../../../src/features/table-session/index.ts';

const money = { currency: 'EUR', locale: 'es-ES' };
const dish = (i: number) => ({
  productId: `plato-${i}`,
  name: `Plato ${i}`,
  optionIds: [],
  optionNames: [],
  unitPrice: 500,
  quantity: 1,
});

function fillCart(venueId: string): void {
  for (let i = 0; i < LIMITS.linesPerOrder; i++) expect(addToCart(venueId, dish(i), money).ok).toBe(true);
}

describe('a dish added to a full cart', () => {
  afterEach(() => {
    $carts.set({});
    setBuildLanguage('es', undefined);
  });

  it('is refused in English on an English page, with the limit from the contract', () => {
    setBuildLanguage('en', CATALOGUES.en);
    fillCart('bar-el-cabanyal');
    expect(addDish('bar-el-cabanyal', dish(LIMITS.linesPerOrder), money)).toEqual({
      ok: false,
      message: `Your cart already has ${LIMITS.linesPerOrder} lines. Send this order or remove a line to add more.`,
    });
  });

  it('is refused in Spanish on a Spanish page', () => {
    fillCart('bar-el-cabanyal');
    expect(addDish('bar-el-cabanyal', dish(LIMITS.linesPerOrder), money)).toEqual({
      ok: false,
      message: `Tu carrito ya tiene ${LIMITS.linesPerOrder} líneas. Envía este pedido o quita alguna línea para añadir más.`,
    });
  });
});
