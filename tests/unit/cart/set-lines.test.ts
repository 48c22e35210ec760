/** A set menu's lines in the diner's cart (docs/rules.md#set-menus-and-availability): choices kept, merged and replaced. */
import { describe, expect, it } from 'vitest';
import { addLine, emptyCart, normalizeCart, type NewCartLine } from '../../../src/features/cart/logic.ts';
import { replaceLine } from '../../../src/features/cart/replace.ts';
import { currentUnitPrice, lineNotice, type LivePrice } from '../../../src/features/cart/sold-out.ts';

const now = new Date('2026-11-23T12:00:00Z');
const menu = (second: string, optionIds: string[] = []): NewCartLine => ({
  productId: 'menu-del-dia',
  name: 'Menú del día',
  optionIds: [],
  optionNames: [],
  choices: [
    { courseId: 'primero', productId: 'ensalada', optionIds: [] },
    { courseId: 'segundo', productId: second, optionIds },
  ],
  choiceNames: ['Ensalada', second],
  unitPrice: 1_650,
  quantity: 1,
});

describe('set lines in the cart', () => {
  it('keeps the choices; the same choices merge, other choices make another line', () => {
    let cart = emptyCart('bar', 'EUR', 'es-ES', now);
    cart = addLine(cart, menu('entrecot', ['al-punto']), now).cart;
    const again = addLine(cart, menu('entrecot', ['al-punto']), now);
    expect(again).toMatchObject({ merged: true });
    expect(again.cart.lines).toHaveLength(1);
    expect(again.cart.lines[0]!.quantity).toBe(2);
    const other = addLine(again.cart, menu('merluza'), now);
    expect(other).toMatchObject({ merged: false });
    expect(other.cart.lines.map((l) => l.choiceNames)).toEqual([
      ['Ensalada', 'entrecot'],
      ['Ensalada', 'merluza'],
    ]);
  });

  it('an edited line takes the old one’s place, with its new choices', () => {
    let cart = emptyCart('bar', 'EUR', 'es-ES', now);
    cart = addLine(cart, menu('entrecot', ['al-punto']), now).cart;
    cart = addLine(cart, { ...menu('pollo'), productId: 'cafe', choices: [], choiceNames: [] }, now).cart;
    const edited = replaceLine(cart, cart.lines[0]!.key, menu('merluza'), now);
    expect(edited.lines.map((l) => l.productId)).toEqual(['menu-del-dia', 'cafe']);
    expect(edited.lines[0]!.choices!.map((c) => c.productId)).toEqual(['ensalada', 'merluza']);
  });

  it('a stored cart keeps its set lines (reload) and drops a line with a broken choice', () => {
    const stored = JSON.parse(
      JSON.stringify({
        ...emptyCart('bar', 'EUR', 'es-ES', now),
        lines: [
          addLine(emptyCart('bar', 'EUR', 'es', now), menu('entrecot')).cart.lines[0],
          { ...menu('x'), choices: [{ courseId: 1 }] },
        ],
      }),
    ) as unknown;
    const cart = normalizeCart(stored)!;
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]!.choices).toHaveLength(2);
    expect(cart.lines[0]!.choiceNames).toEqual(['Ensalada', 'entrecot']);
  });

  it("prices a set line as the menu does now (its supplements, its dishes' options) and flags a sold-out choice", () => {
    const prices = new Map<string, LivePrice>([
      ['menu-del-dia', { price: 1_350, deltas: { 'segundo>entrecot': 300 } }],
      ['entrecot', { price: 2_200, deltas: { 'con-foie': 400 } }],
    ]);
    const line = { ...menu('entrecot', ['con-foie']), unitPrice: 2_050 };
    expect(currentUnitPrice(prices, line)).toBe(2_050);
    expect(lineNotice(new Set(), prices, line)).toBeNull();
    expect(lineNotice(new Set(['entrecot']), prices, line)).toEqual({ kind: 'sold-out' });
  });
});
