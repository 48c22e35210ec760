/** Set menus in the editor's form (docs/rules.md#set-menus-and-availability): to the form and back unchanged, supplements as money text. */
import { describe, expect, it } from 'vitest';
import { toDraft, toForm, venueResolver } from '../../../../src/features/manage/menu-editor/logic.ts';
import { textRows } from '../../../../src/features/manage/menu-editor/translations.ts';
import { DEMO_VENUES } from '../../../../server/demo/venues/index.ts';
import type { Venue } from '../../../../src/contract/venue.ts';

const bar = () => structuredClone(DEMO_VENUES.find((v) => v.id === 'bar-el-cabanyal')!);
const menuOf = (venue: { categories: Venue['categories'] }) =>
  venue.categories.flatMap((c) => c.products).find((p) => p.name === 'Menú del día')!;

describe('a set menu in the editor', () => {
  it('goes to the form (supplements as text, none left empty) and back to the same set, hours and all', async () => {
    const venue = bar();
    const form = toForm(venue);
    const set = form.categories.flatMap((c) => c.products).find((p) => p.name === 'Menú del día')!;
    expect(set.kind).toBe('set');
    const second = set.courses!.find((c) => c.name === 'Segundo plato')!;
    expect(second.choices.map((c) => c.supplementText)).toEqual(['3,00', '', '', '']);
    expect(set.availability).toEqual([{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '13:00', until: '16:00' }]);
    const { draft, moneyErrors } = toDraft(form);
    expect(moneyErrors).toEqual({});
    const back = menuOf(draft as Venue);
    const original = menuOf(venue);
    expect(back.courses).toEqual(original.courses);
    expect(back.included).toEqual(original.included);
    expect(back.availability).toEqual(original.availability);
    const checked = await venueResolver()(form, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(checked.errors).toEqual({});
  });

  it('a supplement typed wrong is said at its field', () => {
    const form = toForm(bar());
    const ci = form.categories.findIndex((c) => c.products.some((p) => p.kind === 'set'));
    const pi = form.categories[ci]!.products.findIndex((p) => p.kind === 'set');
    form.categories[ci]!.products[pi]!.courses![1]!.choices[0]!.supplementText = 'tres';
    const { moneyErrors } = toDraft(form);
    expect(Object.keys(moneyErrors)).toEqual([`categories.${ci}.products.${pi}.courses.1.choices.0.supplementText`]);
  });

  it('lists its course names among the texts to translate', () => {
    const rows = textRows(toForm(bar()));
    expect(rows.filter((r) => r.kind === 'Paso del menú').map((r) => r.original)).toEqual(
      expect.arrayContaining(['Primer plato', 'Segundo plato', 'Postre o café', 'Bebida']),
    );
  });
});
