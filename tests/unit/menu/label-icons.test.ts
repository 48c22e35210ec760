/** A diet chip never shares an allergen's drawing (docs/rules.md#menu-and-money): «Sin gluten» is not the gluten ear. */
import { describe, expect, it } from 'vitest';
import { ALLERGEN_ICONS, TAG_ICONS } from '../../../src/features/menu/label-icons.ts';

describe('menu label icons', () => {
  it('gives no diet tag the drawing of an allergen', () => {
    const allergenDrawings = new Set(Object.values(ALLERGEN_ICONS));
    expect(
      Object.entries(TAG_ICONS)
        .filter(([, path]) => allergenDrawings.has(path))
        .map(([tag]) => tag),
    ).toEqual([]);
  });
});
