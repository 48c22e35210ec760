/**
 * The menu editor's translations (docs/architecture.md#languages): the menu's languages, the
 * words each language translates (the tagline, categories, dishes, option groups and options),
 * what is missing per language, and the CSV's `name_en`, `description_en`, `category_en` columns.
 * Manager screens are in Spanish, so languages are named in Spanish here.
 */
import { isUiLanguage, UI_LANGUAGES } from '../../../contract/languages.ts';

/** The languages a manager can add (the interface's: each has its diner pages, `/{lang}/{id}`). */
export const MENU_LANGUAGE_CHOICES = UI_LANGUAGES;

const NAMES_ES: Record<string, string> = {
  es: 'Español',
  en: 'Inglés',
  fr: 'Francés',
  de: 'Alemán',
  it: 'Italiano',
  pt: 'Portugués',
  ca: 'Catalán',
};

/** A language by its Spanish name ("Inglés"); an unknown code as itself. */
export const languageNameEs = (code: string): string => NAMES_ES[code] ?? code.toUpperCase();

export interface FormTranslation {
  name?: string;
  description?: string;
  tagline?: string;
}
export type FormTranslations = Record<string, FormTranslation>;
type Field = keyof FormTranslation;

/** What the translation rows read from the form (structurally: logic.ts's FormValues). */
interface Translatable {
  name: string;
  description?: string;
  translations?: FormTranslations;
}
export interface TranslatableMenu {
  tagline: string;
  translations?: FormTranslations;
  categories: ReadonlyArray<
    Translatable & {
      products: ReadonlyArray<
        Translatable & {
          optionGroups: ReadonlyArray<Translatable & { options: readonly Translatable[] }>;
          /** A set menu's courses (their names are translated too). */
          courses?: readonly Translatable[];
        }
      >;
    }
  >;
}

/** One text to translate: the original beside the form field of its translation (`${base}.${lang}.${field}`). */
export interface TextRow {
  key: string;
  /** What it is, in Spanish ("Plato", "Descripción"…). */
  kind: string;
  original: string;
  /** The form path of the item's `translations`. */
  base: string;
  field: Field;
  /** 0 venue, 1 category, 2 dish, 3 option group, 4 option. */
  depth: number;
  multiline?: boolean;
}

/** Every text of the menu with words in it, in the editor's order. */
export function textRows(menu: TranslatableMenu): TextRow[] {
  const rows: TextRow[] = [];
  const add = (
    kind: string,
    original: string | undefined,
    base: string,
    field: Field,
    depth: number,
    multiline?: boolean,
  ) => {
    if (original?.trim())
      rows.push({ key: `${base}.${field}`, kind, original, base, field, depth, ...(multiline ? { multiline } : {}) });
  };
  add('Lema', menu.tagline, 'translations', 'tagline', 0);
  menu.categories.forEach((c, ci) => {
    const cb = `categories.${ci}`;
    add('Categoría', c.name, `${cb}.translations`, 'name', 1);
    add('Descripción de la categoría', c.description, `${cb}.translations`, 'description', 1, true);
    c.products.forEach((p, pi) => {
      const pb = `${cb}.products.${pi}`;
      add(p.courses ? 'Menú' : 'Plato', p.name, `${pb}.translations`, 'name', 2);
      add('Descripción', p.description, `${pb}.translations`, 'description', 2, true);
      p.courses?.forEach((k, ki) => add('Paso del menú', k.name, `${pb}.courses.${ki}.translations`, 'name', 3));
      p.optionGroups.forEach((g, gi) => {
        const gb = `${pb}.optionGroups.${gi}`;
        add('Grupo de opciones', g.name, `${gb}.translations`, 'name', 3);
        g.options.forEach((o, oi) => add('Opción', o.name, `${gb}.options.${oi}.translations`, 'name', 4));
      });
    });
  });
  return rows;
}

/** The value at a dotted form path. */
export function valueAt(values: unknown, path: string): unknown {
  let node = values;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return node;
}

/** The translation of `row` into `lang` typed so far ('' when none). */
export function translationOf(values: unknown, row: TextRow, lang: string): string {
  const text = (valueAt(values, row.base) as FormTranslations | undefined)?.[lang]?.[row.field];
  return typeof text === 'string' ? text : '';
}

/** How many texts of the menu have no translation into `lang` ("Faltan 12"). */
export function missingCount(menu: TranslatableMenu, lang: string, rows: readonly TextRow[] = textRows(menu)): number {
  return rows.filter((row) => !translationOf(menu, row, lang).trim()).length;
}

/** A tab's count as the manager reads it. */
export const missingLabel = (missing: number): string => (missing === 0 ? 'Completo' : `Faltan ${missing}`);

/**
 * An item's translations as the API stores them: the menu's other languages only, trimmed, empty
 * words left out. `undefined` stays `undefined` (the API then keeps what it has, by id).
 */
export function cleanTranslations(
  translations: FormTranslations | undefined,
  languages: readonly string[],
): FormTranslations | undefined {
  if (!translations) return undefined;
  const out: FormTranslations = {};
  for (const lang of languages.slice(1)) {
    const words = translations[lang];
    if (!words) continue;
    const kept: FormTranslation = {};
    for (const field of ['name', 'description', 'tagline'] as const) {
      const text = words[field]?.trim();
      if (text) kept[field] = text;
    }
    if (Object.keys(kept).length) out[lang] = kept;
  }
  return out;
}

// ── CSV columns: name_en, description_en, category_en… ─────────────────────────────────

const COLUMN = /^(name|description|category)_(.*)$/;

export interface TranslationColumn {
  header: string;
  field: 'name' | 'description' | 'category';
  lang: string;
}
export interface CsvLanguages {
  columns: TranslationColumn[];
  /** Languages of the columns the menu does not list yet: importing adds them. */
  added: string[];
  /** Columns whose language is not one umenu knows: nothing is imported until they are fixed. */
  errors: string[];
}

/** The header's translation columns, read against the menu's languages (its own first). */
export function csvTranslationColumns(headers: readonly string[], languages: readonly string[]): CsvLanguages {
  const own = languages[0];
  const columns: TranslationColumn[] = [];
  const added: string[] = [];
  const errors: string[] = [];
  for (const header of headers) {
    const match = COLUMN.exec(header);
    if (!match) continue;
    const field = match[1] as TranslationColumn['field'];
    const lang = match[2]!;
    if (lang === own) {
      errors.push(
        `Columna «${header}»: ${languageNameEs(lang).toLowerCase()} es el idioma del local; sus textos van en la columna «${field}».`,
      );
    } else if (languages.includes(lang) || isUiLanguage(lang)) {
      columns.push({ header, field, lang });
      if (!languages.includes(lang) && !added.includes(lang)) added.push(lang);
    } else {
      const known = UI_LANGUAGES.filter((l) => l !== own)
        .map((l) => `${field}_${l}`)
        .join(', ');
      errors.push(
        `Columna «${header.slice(0, 40)}»: «${lang.slice(0, 20)}» no es un idioma que umenu conozca. Usa el código de dos letras (${known}) y vuelve a elegir el archivo: no se ha importado nada.`,
      );
    }
  }
  return { columns, added, errors };
}

/** One row's translations from its translation columns: the dish's and its category's. */
export function rowTranslations(
  row: Record<string, string | undefined>,
  columns: readonly TranslationColumn[],
): { product: FormTranslations; category: FormTranslations } {
  const product: FormTranslations = {};
  const category: FormTranslations = {};
  for (const { header, field, lang } of columns) {
    const text = (row[header] ?? '').trim();
    if (!text) continue;
    if (field === 'category') (category[lang] ??= {}).name = text;
    else (product[lang] ??= {})[field] = text;
  }
  return { product, category };
}

/** The CSV header's translation columns for the menu's other languages, in the export's order. */
export function exportTranslationHeaders(languages: readonly string[]): string[] {
  return languages.slice(1).flatMap((lang) => [`category_${lang}`, `name_${lang}`, `description_${lang}`]);
}
