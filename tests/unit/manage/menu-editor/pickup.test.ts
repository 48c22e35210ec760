/** «Pedidos para llevar» in the editor (docs/rules.md#pickup-times): the settings and preparation times survive a save. */
import { describe, expect, it } from 'vitest';
import { DEMO_VENUES } from '../../../../server/demo/venues/index.ts';
import { VenueInput } from '../../../../src/contract/manage.ts';
import { toDraft, toForm } from '../../../../src/features/manage/menu-editor/logic.ts';

describe('pickup settings and preparation times in the editor', () => {
  it('keeps the pickup settings and each category and dish preparation time through the form', () => {
    const venue = structuredClone(DEMO_VENUES[0]!);
    venue.pickup = { slotMinutes: 30, ordersPerSlot: 4, leadMinutes: 20, daysAhead: 2 };
    venue.categories[0]!.prepMinutes = 12;
    venue.categories[0]!.products[0]!.prepMinutes = 25;
    const { draft, moneyErrors } = toDraft(toForm(venue));
    expect(moneyErrors).toEqual({});
    const saved = VenueInput.parse(draft);
    expect(saved.pickup).toEqual({ slotMinutes: 30, ordersPerSlot: 4, leadMinutes: 20, daysAhead: 2 });
    expect(saved.categories[0]!.prepMinutes).toBe(12);
    expect(saved.categories[0]!.products[0]!.prepMinutes).toBe(25);
    expect(saved.categories[0]!.products[1]!.prepMinutes).toBeUndefined();
  });

  it('says what is wrong with minutes a manager typed, at the field', () => {
    const form = toForm(structuredClone(DEMO_VENUES[0]!));
    form.categories[0]!.prepMinutesText = 'diez';
    form.categories[0]!.products[0]!.prepMinutesText = '999';
    expect(toDraft(form).moneyErrors).toEqual({
      'categories.0.prepMinutesText': 'Escribe los minutos como un número entero',
      'categories.0.products.0.prepMinutesText': 'Entre 1 y 240 minutos',
    });
    const venue = structuredClone(DEMO_VENUES[0]!);
    const bad = VenueInput.safeParse({
      ...(toDraft(toForm(venue)).draft as object),
      pickup: { slotMinutes: 7, daysAhead: 8 },
    });
    expect(bad.success).toBe(false);
  });
});
