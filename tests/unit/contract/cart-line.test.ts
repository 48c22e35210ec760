import { describe, expect, it } from 'vitest';
import { lineKey, lineNote } from '../../../src/contract/cart-line.ts';

describe('cart-line identity (docs/rules.md#cart-checkout-and-orders)', () => {
  it('ignores option order and the whitespace around a note', () => {
    expect(lineKey('p', ['a', 'b'], ' sin cebolla ')).toBe(lineKey('p', ['b', 'a'], 'sin cebolla'));
  });

  it('an empty or blank note is no note', () => {
    expect(lineKey('p', [])).toBe(lineKey('p', [], ''));
    expect(lineKey('p', [], '  \n ')).toBe(lineKey('p', [], null));
  });

  it('tells apart products, options and notes', () => {
    expect(lineKey('p', ['a'], 'x')).not.toBe(lineKey('p', ['a'], 'y'));
    expect(lineKey('p', ['a'])).not.toBe(lineKey('p', ['b']));
    expect(lineKey('p', ['a'])).not.toBe(lineKey('q', ['a']));
    expect(lineKey('p', ['a', 'b'])).not.toBe(lineKey('p', ['a,b']));
    expect(lineKey('p', [], 'Sin cebolla')).not.toBe(lineKey('p', [], 'sin cebolla'));
  });

  it('keeps a note trimmed, and none when blank', () => {
    expect(lineNote('  sin cebolla ')).toBe('sin cebolla');
    expect(lineNote('   ')).toBeUndefined();
    expect(lineNote(null)).toBeUndefined();
    expect(lineNote(undefined)).toBeUndefined();
  });
});
