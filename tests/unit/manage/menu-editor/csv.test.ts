import { describe, expect, it } from 'vitest';
import {
  csvLimitMessage,
  menuCsv,
  mergeCsvRows,
  parseMenuCsv,
} from '../../../../src/features/manage/menu-editor/csv.ts';
import { toForm, type FormCategory } from '../../../../src/features/manage/menu-editor/logic.ts';
import { DEMO_VENUES } from '../../../../server/demo/venues/index.ts';

const ES = { currency: 'EUR', locale: 'es-ES' };

describe('CSV import', () => {
  it('previews rows with Spanish errors per row', () => {
    const csv =
      'category,name,description,price,allergens,tags\nPostres,Flan,Casero,"4,50",huevo;lácteos,nuevo\nPostres,,Sin nombre,3,,\nBebidas,Agua,,-1,plomo,\n';
    const { rows, total } = parseMenuCsv(csv, ES, new Set());
    expect(total).toBe(3);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.errors).toEqual([]);
    expect(rows[0]!.product).toMatchObject({
      id: 'flan',
      priceText: '4,50',
      allergens: ['eggs', 'milk'],
      tags: ['nuevo'],
    });
    expect(rows[1]).toMatchObject({ line: 3, errors: ['Falta el nombre'] });
    expect(rows[2]!.errors).toEqual(['Precio «-1»: El precio no puede ser negativo', 'Alérgeno desconocido: «plomo»']);
    // A row with errors still says which dish it is.
    expect(rows[2]!.name).toBe('Agua');
  });

  it('reads the usual allergen words of Spain and Latin America, with or without accents', () => {
    const words: Array<[string, string]> = [
      ['cacahuate', 'peanuts'],
      ['Cacahuete', 'peanuts'],
      ['maní', 'peanuts'],
      ['mani', 'peanuts'],
      ['cacahuates', 'peanuts'],
      ['soya', 'soy'],
      ['soja', 'soy'],
      ['leche', 'milk'],
      ['lácteos', 'milk'],
      ['Lacteos', 'milk'],
      ['ajonjolí', 'sesame'],
      ['sésamo', 'sesame'],
      ['nueces', 'nuts'],
      ['frutos  secos', 'nuts'],
      ['huevos', 'eggs'],
      ['trigo', 'gluten'],
      ['crustaceos', 'crustaceans'],
      ['mariscos', ''],
      ['altramuz', 'lupin'],
      ['sulfitos', 'sulphites'],
      ['peanuts', 'peanuts'],
    ];
    const csv = ['category,name,price,allergens', ...words.map(([word], i) => `Platos,Plato ${i},1,${word}`)].join(
      '\n',
    );
    const { rows } = parseMenuCsv(csv, ES, new Set());
    words.forEach(([word, allergen], i) => {
      if (allergen) expect(rows[i]!.product?.allergens, word).toEqual([allergen]);
      else expect(rows[i]!.errors, word).toEqual([`Alérgeno desconocido: «${word}»`]);
    });
  });

  it("reads an optional station column by the station's id or name", () => {
    const stations = [
      { id: 'cocina', name: 'Cocina' },
      { id: 'barra', name: 'Barra de café' },
    ];
    const csv =
      'category,name,price,station\nCafés,Tinto,2,barra\nCafés,Latte,3,Barra de Cafe\nPlatos,Bandeja,20,\nPlatos,Ajiaco,18,horno\n';
    const { rows } = parseMenuCsv(csv, { ...ES, stations }, new Set());
    expect(rows.map((r) => r.product?.station)).toEqual(['barra', 'barra', undefined, undefined]);
    expect(rows[3]!.errors).toEqual(['Estación desconocida: «horno» (estaciones: Cocina, Barra de café)']);
    // A venue without stations has «Cocina».
    expect(
      parseMenuCsv('category,name,price,station\nPlatos,Ajiaco,18,cocina\n', ES, new Set()).rows[0]!.product?.station,
    ).toBe('cocina');
  });

  it('reads the first 500 rows of a longer file and says so', () => {
    const csv = ['category,name,price', ...Array.from({ length: 10_000 }, (_, i) => `Platos,Plato ${i},1`)].join('\n');
    const { rows, total } = parseMenuCsv(csv, ES, new Set());
    expect(rows).toHaveLength(500);
    expect(total).toBe(10_000);
    expect(csvLimitMessage(total)).toContain('Solo se importan las primeras 500 filas');
  });
});

describe('CSV rows merged into the editor', () => {
  const category = (id: string, name: string, products: FormCategory['products'] = []): FormCategory => ({
    id,
    name,
    availableFrom: '',
    availableUntil: '',
    station: '',
    course: '',
    products,
  });

  it("adds each dish to the category of its name (any case), makes a missing category at the end, and leaves the form's list as it was", () => {
    const before = [category('postres', 'Postres')];
    const csv = 'category,name,price,category_en\npostres,Flan,4,Desserts\nBebidas,Agua,1,Drinks\nBebidas,Zumo,2,\n';
    const { rows } = parseMenuCsv(csv, { ...ES, languages: ['es', 'en'] }, new Set());
    const after = mergeCsvRows(before, rows);
    expect(after.map((c) => [c.id, c.name, c.products.map((p) => p.name)])).toEqual([
      ['postres', 'Postres', ['Flan']],
      ['bebidas', 'Bebidas', ['Agua', 'Zumo']],
    ]);
    // A category's name in another language fills only where it has none.
    expect(after[0]!.translations).toEqual({ en: { name: 'Desserts' } });
    expect(after[1]!.translations).toEqual({ en: { name: 'Drinks' } });
    expect(after[1]!.products[0]!.station).toBe('');
    expect(before[0]!.products).toEqual([]);
  });

  it("keeps a category's own translation and skips rows with errors", () => {
    const before = [{ ...category('postres', 'Postres'), translations: { en: { name: 'Sweets' } } }];
    const { rows } = parseMenuCsv(
      'category,name,price,category_en\nPostres,Flan,4,Desserts\nPostres,Tarta,caro,\n',
      { ...ES, languages: ['es', 'en'] },
      new Set(),
    );
    const after = mergeCsvRows(before, rows);
    expect(after[0]!.translations).toEqual({ en: { name: 'Sweets' } });
    expect(after[0]!.products.map((p) => p.name)).toEqual(['Flan']);
  });

  it('imports back the CSV it exports: the same dishes in the same categories', () => {
    const form = toForm(structuredClone(DEMO_VENUES[0]!));
    const { rows } = parseMenuCsv(
      menuCsv(form),
      { ...ES, currency: form.currency, locale: form.locale, stations: form.stations, languages: form.languages },
      new Set(),
    );
    expect(rows.filter((r) => r.errors.length)).toEqual([]);
    const merged = mergeCsvRows([], rows);
    expect(merged.map((c) => [c.name, c.products.map((p) => [p.name, p.priceText])])).toEqual(
      form.categories
        .map((c) => ({ ...c, products: c.products.filter((p) => p.kind !== 'set') }))
        .filter((c) => c.products.length)
        .map((c) => [c.name, c.products.map((p) => [p.name, p.priceText])]),
    );
  });

  it('reads and writes a dish preparation time (prep_minutes) and refuses one that is not whole minutes', () => {
    const csv = 'category,name,price,prep_minutes\nPlatos,Paella,18,25\nPlatos,Ensalada,9,\nPlatos,Arroz,12,diez\n';
    const { rows } = parseMenuCsv(csv, ES, new Set());
    expect(rows.map((r) => r.product?.prepMinutesText)).toEqual(['25', undefined, undefined]);
    expect(rows[2]!.errors).toEqual(['Minutos de preparación: escribe los minutos como un número entero']);
    const merged = mergeCsvRows([], rows);
    const exported = menuCsv({ categories: merged, languages: ['es'], stations: [{ id: 'cocina', name: 'Cocina' }] });
    expect(exported.split('\r\n').slice(0, 3)).toEqual([
      'category,name,description,price,allergens,tags,station,prep_minutes',
      'Platos,Paella,,"18,00",,,,25',
      'Platos,Ensalada,,"9,00",,,,',
    ]);
  });

  it('lists set menus on their own rows after the dishes, with their courses, and the import leaves them out', () => {
    const form = toForm(structuredClone(DEMO_VENUES.find((v) => v.id === 'bar-el-cabanyal')!));
    const csv = menuCsv(form);
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(/,type,courses,included,availability$/);
    const menu = lines.find((l) => l.startsWith('Menús,Menú del día,'))!;
    expect(menu).toContain(',menú,');
    expect(menu).toContain('Segundo plato (1-1): Entrecot a la brasa +3,00 | Merluza a la plancha');
    expect(menu).toContain('Disponible de lunes a viernes, de 13:00 a 16:00');
    expect(lines.indexOf(menu)).toBeGreaterThan(lines.findIndex((l) => l.includes(',Café,')));
    const { rows } = parseMenuCsv(csv, { ...ES, stations: form.stations, languages: form.languages }, new Set());
    expect(rows.map((r) => r.name)).not.toContain('Menú del día');
  });
});
