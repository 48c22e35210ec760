import { describe, expect, it } from 'vitest';
import {
  blankVenue,
  errorPaths,
  newStation,
  NewVenueForm,
  readMoney,
  toForm,
  venueResolver,
  withoutStation,
  type FormValues,
} from '../../../../src/features/manage/menu-editor/logic.ts';
import { isValidVenueId } from '../../../../src/contract/limits.ts';
import { DEMO_VENUES } from '../../../../server/demo/venues/index.ts';

describe('money typed as text in the editor', () => {
  it("is read in the venue's locale (src/contract/money-text.ts), with Spanish messages", () => {
    expect(readMoney('3.500', 'EUR', 'es-ES')).toEqual({ value: 350_000 });
    expect(readMoney('3.500', 'MXN', 'es-MX')).toEqual({ value: 350 });
    expect(readMoney('-1', 'EUR', 'es-ES')).toEqual({ error: 'El precio no puede ser negativo' });
    expect(readMoney('-1,5', 'EUR', 'es-ES', { allowNegative: true })).toEqual({ value: -150 });
    expect(readMoney('1,2345', 'EUR', 'es-ES')).toEqual({ error: 'Como mucho 2 decimales' });
    expect(readMoney('doce', 'MXN', 'es-MX')).toEqual({ error: 'Escribe un precio válido, p. ej. 12.50' });
    expect(readMoney('', 'EUR', 'es-ES')).toEqual({ error: 'Escribe un precio' });
  });
});

/** The editor's resolver as react-hook-form calls it: `{ values, errors }`, errors nested like the form. */
async function resolve(values: FormValues) {
  const out = await venueResolver()(values, undefined, {
    fields: {},
    names: [],
    shouldUseNativeValidation: false,
    criteriaMode: 'firstError',
  } as never);
  const messages: Record<string, string> = {};
  for (const path of errorPaths(out.errors)) {
    let node: unknown = out.errors;
    for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
    messages[path] = (node as { message: string }).message;
  }
  return { values: out.values, messages };
}

describe('form model', () => {
  it('round-trips every demo venue through the form unchanged', async () => {
    for (const venue of DEMO_VENUES) {
      const full = { ...venue, updatedAt: '2026-01-01T00:00:00.000Z' };
      const out = await resolve(toForm(full));
      expect(out.messages, venue.id).toEqual({});
      const saved = out.values as typeof full;
      expect(saved.categories.flatMap((c) => c.products.map((p) => p.price))).toEqual(
        full.categories.flatMap((c) => c.products.map((p) => p.price)),
      );
      // The kitchen's settings survive the editor (docs/rules.md#the-kitchen).
      expect(saved.stations, venue.id).toEqual(full.stations);
      expect(saved.holdCourses, venue.id).toEqual(full.holdCourses);
      expect(
        saved.categories.map((c) => [c.station, c.course]),
        venue.id,
      ).toEqual(full.categories.map((c) => [c.station, c.course]));
      expect(
        saved.categories.flatMap((c) => c.products.map((p) => p.station)),
        venue.id,
      ).toEqual(full.categories.flatMap((c) => c.products.map((p) => p.station)));
    }
  });

  it('puts a station that does not exist at its field', async () => {
    const form = toForm({ ...DEMO_VENUES[0]!, updatedAt: 'x' });
    form.categories[0]!.station = 'horno';
    form.categories[1]!.products[0]!.station = 'plancha';
    const { messages } = await resolve(form);
    expect(messages).toEqual({
      'categories.0.station': 'La estación «horno» no existe: añádela en las estaciones del local',
      'categories.1.products.0.station': 'La estación «plancha» no existe: añádela en las estaciones del local',
    });
  });

  it('puts contract errors at the form fields through the zod resolver (price text, min > max, long names, money typed wrong)', async () => {
    const form = toForm({ ...DEMO_VENUES[0]!, updatedAt: 'x' });
    // The example is written in the venue's locale (es-MX: "12.50", es-ES: "12,50").
    const example = form.locale === 'es-MX' ? '12.50' : '12,50';
    const product = form.categories[0]!.products[0]!;
    product.priceText = '-3';
    product.name = 'x'.repeat(10_000);
    product.optionGroups = [
      {
        id: 'g',
        name: 'Salsa',
        min: 2,
        max: 1,
        options: [{ id: 'o', name: 'Verde', priceDeltaText: 'uno', available: true, allergens: [] }],
      },
    ];
    form.minOrderText = 'doce';
    const { messages, values } = await resolve(form);
    expect(values).toEqual({});
    expect(messages).toMatchObject({
      'categories.0.products.0.priceText': 'El precio no puede ser negativo',
      'categories.0.products.0.name': 'Máximo 80 caracteres',
      'categories.0.products.0.optionGroups.0.min': 'El mínimo no puede ser mayor que el máximo',
      'categories.0.products.0.optionGroups.0.options.0.priceDeltaText': `Escribe un precio válido, p. ej. ${example}`,
    });
    expect(messages.minOrderText).toBe(`Escribe un precio válido, p. ej. ${example}`);
  });
});

describe("a new venue's id", () => {
  it('is accepted exactly when the contract accepts it, with one Spanish reason otherwise', () => {
    const ids = [
      'ab',
      'casa-pepe',
      '9-bar',
      'a'.repeat(63),
      'a'.repeat(64),
      'a',
      '',
      '-casa',
      'Casa',
      'casa pepe',
      'cañada',
      'panel',
      'api',
      'login',
      'casa--',
      'casa_pepe',
    ];
    for (const id of ids) {
      const parsed = NewVenueForm.safeParse({ name: 'Casa', id });
      expect(parsed.success, id).toBe(isValidVenueId(id));
      if (!parsed.success) expect(parsed.error.issues[0]!.message, id).toMatch(/^[A-ZÁÉÍÓÚ]/);
    }
  });

  it('starts the editor on a blank venue the contract accepts', async () => {
    const out = await resolve(toForm(blankVenue('casa-nueva', 'Casa Nueva')));
    expect(out.messages).toEqual({});
    expect((out.values as { categories: unknown[] }).categories).toEqual([]);
  });
});

describe("the venue's stations in the editor", () => {
  const taqueria = () => toForm({ ...DEMO_VENUES.find((v) => v.id === 'taqueria-el-guero')!, updatedAt: 'x' });

  it('shows «Cocina» for a venue without stations and saves the defaults unsaid', async () => {
    const form = toForm(blankVenue('casa-nueva', 'Casa Nueva'));
    expect(form.stations).toEqual([{ id: 'cocina', name: 'Cocina' }]);
    expect(form.holdCourses).toBe(true);
    const saved = (await resolve(form)).values as { stations?: unknown; holdCourses?: unknown };
    expect(saved.stations).toBeUndefined();
    expect(saved.holdCourses).toBeUndefined();
    const changed = (
      await resolve({ ...form, stations: [...form.stations, { id: 'horno', name: 'Horno' }], holdCourses: false })
    ).values as { stations?: unknown; holdCourses?: unknown };
    expect(changed.stations).toEqual([
      { id: 'cocina', name: 'Cocina' },
      { id: 'horno', name: 'Horno' },
    ]);
    expect(changed.holdCourses).toBe(false);
  });

  it("makes a new station's id from its name and refuses an empty or repeated name", () => {
    const stations = [{ id: 'cocina', name: 'Cocina' }];
    expect(newStation('  Plancha caliente ', stations)).toEqual({ id: 'plancha-caliente', name: 'Plancha caliente' });
    expect(newStation('', stations)).toEqual({ error: 'Escribe el nombre de la estación' });
    expect(newStation('cocína', stations)).toEqual({ error: 'Ya hay una estación «cocína»' });
    expect(newStation('Cocina 2', [{ id: 'cocina-2', name: 'Otra' }])).toEqual({ id: 'cocina-2-2', name: 'Cocina 2' });
  });

  it("moves a removed station's categories and dishes to the first station left, and keeps one", async () => {
    const form = taqueria();
    const bebidas = form.categories.findIndex((c) => c.station === 'barra');
    form.categories[0]!.products[0]!.station = 'barra';
    const after = withoutStation(form, 1)!;
    expect(after.stations).toEqual([{ id: 'cocina', name: 'Cocina' }]);
    expect(after.categories[bebidas]!.station).toBe('');
    expect(after.categories[0]!.products[0]!.station).toBe('');
    expect(after.message).toBe('Estación «Barra» quitada: 1 categoría y 1 plato pasan a «Cocina».');
    expect((await resolve({ ...form, ...after })).messages).toEqual({});
    expect(withoutStation({ stations: after.stations, categories: after.categories }, 0)).toBeUndefined();
    // Removing the first: a dish of a category on another station is sent to the new first by name.
    const first = withoutStation(
      {
        stations: [...form.stations, { id: 'horno', name: 'Horno' }],
        categories: [
          {
            ...form.categories[0]!,
            station: 'horno',
            products: [{ ...form.categories[0]!.products[0]!, station: 'cocina' }],
          },
        ],
      },
      0,
    )!;
    expect(first.categories[0]!.products[0]!.station).toBe('barra');
    expect(first.message).toBe('Estación «Cocina» quitada: 1 plato pasa a «Barra».');
  });
});
