/**
 * The menu editor's CSV (docs/architecture.md#languages): reading a file into rows of dishes, each
 * with its Spanish errors (columns category,name,description,price,allergens,tags[,station][,prep_minutes] and
 * `name_xx`, `description_xx`, `category_xx` per language), writing the menu as a CSV the import
 * reads back, and merging the good rows into the form's categories. Pure: no DOM, no network.
 */
import Papa from 'papaparse';
import { ALLERGENS, TAGS, type Allergen, type Tag, type Venue } from '../../../contract/venue.ts';
import { stationsOf } from '../../../contract/kitchen.ts';
import { ALLERGEN_LABELS, TAG_LABELS } from '../../../contract/menu-labels.ts';
import { formatMoneyText } from '../../../contract/money-text.ts';
import { venueLanguages } from '../../../contract/languages.ts';
import { availabilityText } from '../../../contract/availability.ts';
import type { Weekday } from '../../../contract/hours.ts';
import { fold, readMoney, slug, type FormCategory, type FormProduct, type FormValues } from './logic.ts';
import { readMinutes } from './pickup.ts';
import {
  csvTranslationColumns,
  exportTranslationHeaders,
  rowTranslations,
  type FormTranslations,
} from './translations.ts';

export interface CsvRow {
  line: number;
  category: string;
  name: string;
  product?: FormProduct;
  errors: string[];
  /** The category's name in other languages (`category_en`…), for a category the import creates. */
  categoryTranslations?: FormTranslations;
}
/**
 * The rows read (at most `CSV_ROW_LIMIT`) and how many data rows the file has; `addLanguages`:
 * languages of `name_xx`/`description_xx` columns the menu does not list yet (importing adds them);
 * `fileErrors`: what stops the whole file (a column in an unknown language), nothing is imported.
 */
export interface CsvPreview {
  rows: CsvRow[];
  total: number;
  addLanguages?: string[];
  fileErrors?: string[];
}

export const CSV_ROW_LIMIT = 500;
/** Said when a file has more rows than are read. */
export const csvLimitMessage = (total: number) =>
  `El archivo tiene ${total.toLocaleString('es')} filas. Solo se importan las primeras ${CSV_ROW_LIMIT} filas: divide el archivo para importar el resto.`;

/**
 * The words people write for each allergen, in Spain and Latin America (and the API's
 * English values), compared without accents.
 */
const ALLERGEN_WORDS: Record<Allergen, string[]> = {
  gluten: ['gluten', 'trigo', 'cereales', 'cereales con gluten'],
  crustaceans: ['crustaceos', 'crustaceo', 'crustaceans'],
  eggs: ['huevo', 'huevos', 'eggs', 'egg'],
  fish: ['pescado', 'pescados', 'fish'],
  peanuts: ['cacahuete', 'cacahuetes', 'cacahuate', 'cacahuates', 'mani', 'manies', 'manises', 'peanuts', 'peanut'],
  soy: ['soja', 'soya', 'soy'],
  milk: ['lacteos', 'lacteo', 'leche', 'lactosa', 'milk'],
  nuts: ['frutos secos', 'fruto seco', 'frutos de cascara', 'nueces', 'nuts'],
  celery: ['apio', 'celery'],
  mustard: ['mostaza', 'mustard'],
  sesame: ['sesamo', 'ajonjoli', 'sesame'],
  sulphites: ['sulfitos', 'sulfito', 'dioxido de azufre', 'sulphites', 'sulfites'],
  lupin: ['altramuces', 'altramuz', 'lupino', 'lupinos', 'chocho', 'chochos', 'lupin'],
  molluscs: ['moluscos', 'molusco', 'molluscs', 'mollusks'],
};

const byLabel = <T extends string>(
  labels: Record<T, string>,
  values: readonly T[],
  words: Partial<Record<T, string[]>> = {},
) => {
  const map = new Map<string, T>();
  for (const v of values) {
    for (const word of [v, labels[v], ...(words[v] ?? [])]) map.set(fold(word), v);
  }
  return map;
};
const ALLERGEN_BY_NAME = byLabel(ALLERGEN_LABELS, ALLERGENS, ALLERGEN_WORDS);
const TAG_BY_NAME = byLabel(TAG_LABELS, TAGS);

/**
 * Parses the CSV (header row required; the first `CSV_ROW_LIMIT` rows); every row gets its Spanish errors.
 * An optional `station` column names the dish's station by its id or its name (`stations`: the venue's); an
 * optional `prep_minutes` column its preparation time (docs/rules.md#pickup-times).
 */
export function parseMenuCsv(
  text: string,
  money: { currency: string; locale: string; stations?: Venue['stations']; languages?: readonly string[] },
  taken: ReadonlySet<string>,
): CsvPreview {
  const stations = stationsOf({ stations: money.stations });
  const stationByName = new Map(
    stations.flatMap(
      (s) =>
        [
          [fold(s.id), s.id],
          [fold(s.name), s.id],
        ] as const,
    ),
  );
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const ids = new Set(taken);
  const missing = ['category', 'name', 'price'].filter((h) => !result.meta.fields?.includes(h));
  if (missing.length)
    return {
      total: 0,
      rows: [
        {
          line: 1,
          category: '',
          name: '',
          errors: [`Faltan columnas: ${missing.join(', ')} (cabecera: category,name,description,price,allergens,tags)`],
        },
      ],
    };
  const languages = money.languages?.length ? money.languages : [venueLanguages({ locale: money.locale })[0]!];
  const translated = csvTranslationColumns(result.meta.fields ?? [], languages);
  // A set menu's row (the export's `type` «menú») is left out: sets are made in «Menús».
  const rows = result.data
    .slice(0, CSV_ROW_LIMIT)
    .flatMap((row, i): CsvRow[] => (fold(row.type ?? '') === 'menu' ? [] : [readRow(row, i)]));
  function readRow(row: Record<string, string>, i: number): CsvRow {
    const errors: string[] = [];
    const category = (row.category ?? '').trim();
    const name = (row.name ?? '').trim();
    if (!category) errors.push('Falta la categoría');
    if (!name) errors.push('Falta el nombre');
    if (name.length > 80) errors.push('El nombre pasa de 80 caracteres');
    const description = (row.description ?? '').trim();
    if (description.length > 500) errors.push('La descripción pasa de 500 caracteres');
    const price = readMoney(row.price ?? '', money.currency, money.locale);
    if ('error' in price) errors.push(`Precio «${(row.price ?? '').slice(0, 20)}»: ${price.error}`);
    const list = (cell: string | undefined) =>
      (cell ?? '')
        .split(/[;|]/)
        .map((s) => s.trim())
        .filter(Boolean);
    const allergens: Allergen[] = [];
    for (const a of list(row.allergens)) {
      const found = ALLERGEN_BY_NAME.get(fold(a));
      if (found) {
        if (!allergens.includes(found)) allergens.push(found);
      } else errors.push(`Alérgeno desconocido: «${a.slice(0, 30)}»`);
    }
    const tags: Tag[] = [];
    for (const t of list(row.tags)) {
      const found = TAG_BY_NAME.get(fold(t));
      if (found) {
        if (!tags.includes(found)) tags.push(found);
      } else errors.push(`Etiqueta desconocida: «${t.slice(0, 30)}»`);
    }
    const stationCell = (row.station ?? '').trim();
    const station = stationCell ? stationByName.get(fold(stationCell)) : undefined;
    if (stationCell && !station)
      errors.push(
        `Estación desconocida: «${stationCell.slice(0, 30)}» (estaciones: ${stations.map((s) => s.name).join(', ')})`,
      );
    const prep = readMinutes(row.prep_minutes ?? '');
    if ('error' in prep) errors.push(`Minutos de preparación: ${prep.error.toLowerCase()}`);
    const shownName = name.slice(0, 80);
    if (errors.length) return { line: i + 2, category, name: shownName, errors };
    const id = slug(name, ids);
    ids.add(id);
    const value = (price as { value: number }).value;
    const words = rowTranslations(row, translated.columns);
    return {
      line: i + 2,
      category,
      name: shownName,
      errors,
      product: {
        id,
        name,
        description,
        priceText: formatMoneyText(value, money.currency, money.locale),
        tags,
        allergens,
        available: true,
        optionGroups: [],
        ...(station ? { station } : {}),
        ...('value' in prep && prep.value !== undefined ? { prepMinutesText: String(prep.value) } : {}),
        ...(Object.keys(words.product).length ? { translations: words.product } : {}),
      },
      ...(Object.keys(words.category).length ? { categoryTranslations: words.category } : {}),
    };
  }
  return {
    rows,
    total: result.data.length,
    ...(translated.added.length ? { addLanguages: translated.added } : {}),
    ...(translated.errors.length ? { fileErrors: translated.errors } : {}),
  };
}

/**
 * The menu as a CSV the import reads back: one row per dish, money in the venue's locale,
 * allergens and tags by their Spanish names, and `category_xx`, `name_xx`, `description_xx`
 * for each of the menu's other languages; set menus after them, one row each (`type` «menú», their
 * courses, included dishes and hours in words). Option groups are not in the CSV.
 */
export function menuCsv(values: Pick<FormValues, 'categories' | 'languages' | 'stations'>): string {
  const others = values.languages.slice(1);
  const fields = [
    'category',
    'name',
    'description',
    'price',
    'allergens',
    'tags',
    'station',
    'prep_minutes',
    ...exportTranslationHeaders(values.languages),
  ];
  const dishes = values.categories.map((c) => ({ ...c, products: c.products.filter((p) => p.kind !== 'set') }));
  const sets = values.categories.flatMap((c) => c.products.filter((p) => p.kind === 'set').map((p) => ({ c, p })));
  const data = dishes.flatMap((c) =>
    c.products.map((p) => {
      const row: Record<string, string> = {
        category: c.name,
        name: p.name,
        description: p.description,
        price: p.priceText,
        allergens: p.allergens.map((a) => ALLERGEN_LABELS[a]).join('; '),
        tags: p.tags.map((t) => TAG_LABELS[t]).join('; '),
        station: p.station ? (values.stations.find((s) => s.id === p.station)?.name ?? p.station) : '',
        prep_minutes: p.prepMinutesText ?? '',
      };
      for (const lang of others) {
        row[`category_${lang}`] = c.translations?.[lang]?.name ?? '';
        row[`name_${lang}`] = p.translations?.[lang]?.name ?? '';
        row[`description_${lang}`] = p.translations?.[lang]?.description ?? '';
      }
      return row;
    }),
  );
  // Set menus on their own rows after the dishes (docs/rules.md#set-menus-and-availability): `type` «menú»
  // and their courses in words; the import leaves them out (they are made in «Menús»).
  const names = new Map(values.categories.flatMap((c) => c.products.map((p) => [p.id, p.name] as const)));
  if (sets.length) fields.push('type', 'courses', 'included', 'availability');
  for (const { c, p } of sets) {
    data.push({
      category: c.name,
      name: p.name,
      description: p.description,
      price: p.priceText,
      allergens: '',
      tags: '',
      station: '',
      prep_minutes: '',
      type: 'menú',
      courses: (p.courses ?? [])
        .map((k) => `${k.name} (${k.min}-${k.max}): ${k.choices.map((ch) => choiceCell(ch, names)).join(' | ')}`)
        .join('; '),
      included: (p.included ?? []).map((id) => names.get(id) ?? id).join('; '),
      availability: availabilityText(
        (p.availability ?? []).map((w) => ({ days: w.days as Weekday[], from: w.from, until: w.until })),
      ),
    });
  }
  // A cell a spreadsheet would run as a formula (=, +, -, @) is written as text.
  return Papa.unparse({ fields, data }, { newline: '\r\n', escapeFormulae: true });
}

/** A set's choice in the CSV: the dish's name and its supplement, if any («Entrecot a la brasa +3,00»). */
function choiceCell(choice: { productId: string; supplementText: string }, names: ReadonlyMap<string, string>): string {
  const supplement = choice.supplementText.trim();
  const free = !supplement || /^[0.,\s]+$/.test(supplement);
  return `${names.get(choice.productId) ?? choice.productId}${free ? '' : ` +${supplement}`}`;
}

/**
 * The form's categories with the imported rows added: each dish to the category of its name
 * (compared without case), a category the form lacks made at the end, and a category's name in
 * other languages (`category_en`) filled where it has none yet. `categories` is not changed.
 */
export function mergeCsvRows(categories: readonly FormCategory[], rows: readonly CsvRow[]): FormCategory[] {
  const merged = structuredClone(categories) as FormCategory[];
  const ids = new Set(merged.map((c) => c.id));
  for (const row of rows) {
    if (!row.product) continue;
    let cat = merged.find((c) => c.name.trim().toLowerCase() === row.category.toLowerCase());
    if (!cat) {
      cat = {
        id: slug(row.category, ids),
        name: row.category,
        availableFrom: '',
        availableUntil: '',
        station: '',
        course: '',
        products: [],
      };
      ids.add(cat.id);
      merged.push(cat);
    }
    for (const [lang, words] of Object.entries(row.categoryTranslations ?? {})) {
      if (words.name && !cat.translations?.[lang]?.name)
        cat.translations = { ...cat.translations, [lang]: { ...cat.translations?.[lang], name: words.name } };
    }
    cat.products.push({ ...row.product, station: row.product.station ?? '' });
  }
  return merged;
}
