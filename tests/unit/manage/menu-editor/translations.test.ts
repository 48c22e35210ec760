import { describe, expect, it } from 'vitest';
import { menuCsv, parseMenuCsv } from '../../../../src/features/manage/menu-editor/csv.ts';
import { toDraft, toForm } from '../../../../src/features/manage/menu-editor/logic.ts';
import {
  cleanTranslations,
  csvTranslationColumns,
  missingCount,
  missingLabel,
  textRows,
} from '../../../../src/features/manage/menu-editor/translations.ts';
import { DEMO_VENUES } from '../../../../server/demo/venues/index.ts';
import type { Venue } from '../../../../src/contract/venue.ts';

const ES = { currency: 'EUR', locale: 'es-ES' };
const taqueria = (): Venue => structuredClone<Venue>(DEMO_VENUES.find((v) => v.id === 'taqueria-el-guero')!);

describe('CSV translation columns', () => {
  it("reads name_xx, description_xx and category_xx for the menu's languages", () => {
    const csv =
      'category,name,description,price,name_en,description_en,category_en\nTacos,Tacos de pollo,Con salsa verde,"3,50",Chicken tacos,With green salsa,Tacos\n';
    const { rows, addLanguages, fileErrors } = parseMenuCsv(csv, { ...ES, languages: ['es', 'en'] }, new Set());
    expect(fileErrors).toBeUndefined();
    expect(addLanguages).toBeUndefined();
    expect(rows[0]!.product).toMatchObject({
      name: 'Tacos de pollo',
      priceText: '3,50',
      translations: { en: { name: 'Chicken tacos', description: 'With green salsa' } },
    });
    expect(rows[0]!.categoryTranslations).toEqual({ en: { name: 'Tacos' } });
  });

  it('adds an interface language the menu does not list yet, and leaves empty cells out', () => {
    const csv = 'category,name,price,name_fr,name_en\nPostres,Flan,4,Flan maison,\n';
    const { rows, addLanguages } = parseMenuCsv(csv, { ...ES, languages: ['es', 'en'] }, new Set());
    expect(addLanguages).toEqual(['fr']);
    expect(rows[0]!.product!.translations).toEqual({ fr: { name: 'Flan maison' } });
  });

  it('stops the whole file on a column in a language umenu does not know, in Spanish, and imports nothing', () => {
    const csv = 'category,name,price,name_english,name_en\nPostres,Flan,4,Flan,Flan\n';
    const { fileErrors } = parseMenuCsv(csv, { ...ES, languages: ['es'] }, new Set());
    expect(fileErrors).toEqual([
      'Columna «name_english»: «english» no es un idioma que umenu conozca. Usa el código de dos letras (name_en, name_fr, name_de, name_it, name_pt, name_ca) y vuelve a elegir el archivo: no se ha importado nada.',
    ]);
    expect(csvTranslationColumns(['name_es'], ['es', 'en']).errors).toEqual([
      'Columna «name_es»: español es el idioma del local; sus textos van en la columna «name».',
    ]);
  });

  it("exports what it imports: the menu's other languages as columns, read back the same", () => {
    const form = toForm(taqueria());
    const csv = menuCsv(form);
    const header = csv.split('\r\n')[0]!;
    // Set menus come after the dishes, with columns of their own.
    expect(header).toBe(
      'category,name,description,price,allergens,tags,station,prep_minutes,category_en,name_en,description_en,type,courses,included,availability',
    );
    const back = parseMenuCsv(
      csv,
      { currency: form.currency, locale: form.locale, languages: form.languages },
      new Set(),
    );
    expect(back.fileErrors).toBeUndefined();
    const pastor = back.rows.find((r) => r.name === 'Tacos al pastor')!;
    expect(pastor.errors).toEqual([]);
    expect(pastor.product!.translations?.en?.name).toBe('Al pastor tacos');
    expect(pastor.product!.allergens).toEqual(form.categories[0]!.products[0]!.allergens);
    expect(pastor.categoryTranslations?.en?.name).toBe(form.categories[0]!.translations?.en?.name);
  });
});

describe('what each language misses', () => {
  it('counts the texts with words and no translation, and they drop as translations are typed', () => {
    const form = toForm(taqueria());
    const rows = textRows(form);
    expect(rows.length).toBeGreaterThan(10);
    expect(missingCount(form, 'fr', rows)).toBe(rows.length);
    const en = missingCount(form, 'en', rows);
    const pastor = form.categories[0]!.products[0]!.translations!.en!;
    pastor.name = ' ';
    expect(missingCount(form, 'en')).toBe(en + 1);
    pastor.name = 'Al pastor tacos';
    expect(missingCount(form, 'en')).toBe(en);
    form.tagline = '';
    expect(textRows(form).some((r) => r.kind === 'Lema')).toBe(false);
    expect(missingLabel(12)).toBe('Faltan 12');
    expect(missingLabel(0)).toBe('Completo');
  });

  it("publishes the menu's other languages only, trimmed, without empty words; an item without any keeps the API's", () => {
    expect(
      cleanTranslations({ en: { name: ' Tacos ', description: ' ' }, fr: { name: 'Tacos' }, es: { name: 'x' } }, [
        'es',
        'en',
      ]),
    ).toEqual({ en: { name: 'Tacos' } });
    expect(cleanTranslations(undefined, ['es', 'en'])).toBeUndefined();
    const form = toForm(taqueria());
    form.languages = ['es'];
    const { draft } = toDraft(form) as { draft: Venue };
    expect(draft.languages).toEqual(['es']);
    expect(draft.categories[0]!.products[0]!.translations).toEqual({});
  });
});
