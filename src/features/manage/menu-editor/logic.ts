/**
 * The menu editor's form model (docs/rules.md#venue-self-service): the venue with money as text in the venue's
 * currency, converted to integer minor units and checked with the contract's `VenueInput`
 * through react-hook-form's zod resolver. Errors land at the form's fields. Also the stations'
 * edits and a new venue's name and address. The CSV is in csv.ts.
 */
import * as z from 'zod/mini';
import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, Resolver } from 'react-hook-form';
import type { Allergen, Course, Station, Tag, Venue } from '../../../contract/venue.ts';
import { DEFAULT_STATIONS, holdsCourses, stationsOf } from '../../../contract/kitchen.ts';
import { MANAGE_LIMITS, spanishErrors, VenueInput } from '../../../contract/manage.ts';
import { RESERVED_VENUE_IDS } from '../../../contract/limits.ts';
import { currencyDigits } from '../../../lib/money.ts';
import { formatMoneyText, parseMoneyText, type MoneyTextError } from '../../../contract/money-text.ts';
import { venueLanguages } from '../../../contract/languages.ts';
import { cleanTranslations, type FormTranslations } from './translations.ts';
import { fromFormLegal, rateText, readRate, toFormLegal, type FormLegal } from './fiscal.ts';
import { minutesText, readMinutes } from './pickup.ts';
import {
  fromFormAvailability,
  fromFormSet,
  toFormAvailability,
  toFormSet,
  type FormAvailability,
  type FormCourse,
} from './sets.ts';

/** `translations`: the item's words in the menu's other languages (docs/architecture.md#languages). */
export interface FormOption {
  id: string;
  name: string;
  priceDeltaText: string;
  available: boolean;
  allergens: Allergen[];
  translations?: FormTranslations;
}
export interface FormGroup {
  id: string;
  name: string;
  min: number;
  max: number;
  options: FormOption[];
  translations?: FormTranslations;
}
export interface FormProduct {
  id: string;
  name: string;
  description: string;
  priceText: string;
  image?: Venue['categories'][number]['products'][number]['image'];
  tags: Tag[];
  allergens: Allergen[];
  available: boolean;
  optionGroups: FormGroup[];
  /** Its IVA in percent ('' or none: its category's). */
  taxRateText?: string;
  /** The station that prepares it when not its category's (docs/rules.md#the-kitchen); '' or none: its category's. */
  station?: string;
  /** Its preparation time in minutes (docs/rules.md#pickup-times); '' or none: its category's. */
  prepMinutesText?: string;
  translations?: FormTranslations;
  /** A set menu (sets.ts): its courses, included dishes, and when it is served. */
  kind?: 'set';
  courses?: FormCourse[];
  included?: string[];
  availability?: FormAvailability[];
}
export interface FormCategory {
  id: string;
  name: string;
  description?: string;
  availableFrom: string;
  availableUntil: string;
  products: FormProduct[];
  /** '' or none: the venue's first station. */
  station?: string;
  /** '' or none: no course (it goes at once). */
  course?: Course | '';
  /** Its IVA in percent ('' or none: the venue's). */
  taxRateText?: string;
  /** Its dishes' preparation time in minutes ('' or none: 10). */
  prepMinutesText?: string;
  translations?: FormTranslations;
  /** When its dishes are served (sets.ts). */
  availability?: FormAvailability[];
}
export type FormValues = Omit<
  Venue,
  | 'categories'
  | 'minOrder'
  | 'deliveryFee'
  | 'phone'
  | 'tables'
  | 'stations'
  | 'holdCourses'
  | 'languages'
  | 'legal'
  | 'taxRate'
> & {
  /** «Datos fiscales» (fiscal.ts): the legal data as four texts and the venue's IVA in percent. */
  legal: FormLegal;
  taxRateText: string;
  /** The menu's languages, the venue's own first (docs/architecture.md#languages). */
  languages: string[];
  phone: string;
  minOrderText: string;
  deliveryFeeText: string;
  tables: string[];
  categories: FormCategory[];
  /** Always at least one (a venue without stations shows the default «Cocina»). */
  stations: Station[];
  holdCourses: boolean;
};

/**
 * Money a person typed, read in the venue's locale by the contract's one rule
 * (src/contract/money-text.ts) → integer minor units, or a Spanish message.
 */
export function readMoney(
  text: string,
  currency: string,
  locale: string,
  opts?: { allowNegative?: boolean },
): { value: number } | { error: string } {
  const read = parseMoneyText(text, currency, locale, opts);
  if ('value' in read) return read;
  const digits = currencyDigits(currency);
  const messages: Record<MoneyTextError, string> = {
    empty: 'Escribe un precio',
    negative: 'El precio no puede ser negativo',
    invalid: `Escribe un precio válido, p. ej. ${formatMoneyText(digits ? 1_250 : 12, currency, locale)}`,
    tooManyDecimals: digits ? `Como mucho ${digits} decimales` : 'Esta moneda no lleva decimales',
    tooLarge: 'El precio es demasiado alto',
  };
  return { error: messages[read.error] };
}

/** An item's translations as the form holds them (a copy: the form writes into it). */
const formTranslations = (item: { translations?: FormTranslations }) =>
  item.translations ? { translations: structuredClone(item.translations) } : {};

const PICKUP_FIELDS_EMPTY = {
  slotMinutes: undefined,
  ordersPerSlot: undefined,
  leadMinutes: undefined,
  daysAhead: undefined,
} as unknown as NonNullable<Venue['pickup']>;

export function toForm(venue: Venue): FormValues {
  const text = (minor: number) => formatMoneyText(minor, venue.currency, venue.locale);
  const {
    categories,
    minOrder,
    deliveryFee,
    phone,
    tables,
    stations,
    holdCourses,
    languages: _languages,
    legal,
    taxRate,
    ...rest
  } = venue;
  return {
    ...rest,
    legal: toFormLegal(legal),
    taxRateText: rateText(taxRate),
    ...formTranslations(venue),
    languages: venueLanguages(venue),
    stations: stationsOf({ stations }).map((s) => ({ id: s.id, name: s.name })),
    holdCourses: holdsCourses({ holdCourses }),
    phone: phone ?? '',
    tables: tables ?? [],
    // Every «Pedidos para llevar» field the form registers, present even when empty: a form saved with none of them
    // must read as saved afterwards (react-hook-form compares the whole values with the defaults).
    pickup: { ...PICKUP_FIELDS_EMPTY, ...venue.pickup },
    minOrderText: minOrder !== undefined ? text(minOrder) : '',
    deliveryFeeText: deliveryFee !== undefined ? text(deliveryFee) : '',
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      ...(c.description !== undefined ? { description: c.description } : {}),
      availableFrom: c.availableFrom ?? '',
      availableUntil: c.availableUntil ?? '',
      station: c.station ?? '',
      course: c.course ?? '',
      taxRateText: rateText(c.taxRate),
      prepMinutesText: minutesText(c.prepMinutes),
      ...formTranslations(c),
      availability: toFormAvailability(c.availability),
      products: c.products.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        priceText: text(p.price),
        ...(p.image ? { image: p.image } : {}),
        station: p.station ?? '',
        taxRateText: rateText(p.taxRate),
        prepMinutesText: minutesText(p.prepMinutes),
        ...formTranslations(p),
        tags: [...p.tags],
        allergens: [...p.allergens],
        available: p.available,
        ...toFormSet(p, text),
        availability: toFormAvailability(p.availability),
        optionGroups: p.optionGroups.map((g) => ({
          id: g.id,
          name: g.name,
          min: g.min,
          max: g.max,
          ...formTranslations(g),
          options: g.options.map((o) => ({
            id: o.id,
            name: o.name,
            priceDeltaText: text(o.priceDelta),
            available: o.available,
            allergens: [...(o.allergens ?? [])],
            ...formTranslations(o),
          })),
        })),
      })),
    })),
  };
}

/**
 * The form with its money converted to integer minor units: the draft the contract checks.
 * Money a person typed wrong gets its own message, keyed by the form's field.
 */
export function toDraft(values: FormValues): { draft: unknown; moneyErrors: Record<string, string> } {
  const moneyErrors: Record<string, string> = {};
  const money = (
    text: string,
    path: string,
    opts?: { allowNegative?: boolean; optional?: boolean },
  ): number | undefined => {
    if (opts?.optional && !text.trim()) return undefined;
    const r = readMoney(text, values.currency, values.locale, opts);
    if ('error' in r) {
      moneyErrors[path] = r.error;
      return 0;
    }
    return r.value;
  };
  const {
    minOrderText,
    deliveryFeeText,
    categories,
    phone,
    tables,
    stations,
    holdCourses,
    languages,
    translations: venueTranslations,
    legal: formLegal,
    taxRateText,
    ...rest
  } = values;
  const rate = (text: string | undefined, path: string) => {
    const r = readRate(text ?? '');
    if ('error' in r) moneyErrors[path] = r.error;
    return 'value' in r && r.value !== undefined ? { taxRate: r.value } : {};
  };
  const minutes = (text: string | undefined, path: string) => {
    const r = readMinutes(text ?? '');
    if ('error' in r) moneyErrors[path] = r.error;
    return 'value' in r && r.value !== undefined ? { prepMinutes: r.value } : {};
  };
  const legal = fromFormLegal(formLegal);
  // Translations into the menu's other languages only; an item the form never gave any keeps the API's.
  const words = (item: { translations?: FormTranslations }) => {
    const kept = cleanTranslations(item.translations, languages);
    return kept ? { translations: kept } : {};
  };
  const minOrder = money(minOrderText, 'minOrderText', { optional: true });
  const deliveryFee = money(deliveryFeeText, 'deliveryFeeText', { optional: true });
  // The defaults (one «Cocina», courses held) are left unsaid, as a venue without them means them.
  const isDefault =
    stations.length === DEFAULT_STATIONS.length &&
    stations.every((s, i) => s.id === DEFAULT_STATIONS[i]!.id && s.name === DEFAULT_STATIONS[i]!.name);
  const draft = {
    ...rest,
    ...(legal ? { legal } : {}),
    ...rate(taxRateText, 'taxRateText'),
    languages,
    ...words({ translations: venueTranslations }),
    ...(isDefault ? {} : { stations: stations.map((s) => ({ id: s.id, name: s.name })) }),
    ...(holdCourses ? {} : { holdCourses: false }),
    ...(phone.trim() ? { phone: phone.trim() } : {}),
    tables,
    ...(minOrder !== undefined ? { minOrder } : {}),
    ...(deliveryFee !== undefined ? { deliveryFee } : {}),
    categories: categories.map((c, ci) => ({
      id: c.id,
      name: c.name,
      ...(c.description ? { description: c.description } : {}),
      ...(c.availableFrom ? { availableFrom: c.availableFrom } : {}),
      ...(c.availableUntil ? { availableUntil: c.availableUntil } : {}),
      ...(c.station ? { station: c.station } : {}),
      ...(c.course ? { course: c.course } : {}),
      ...rate(c.taxRateText, `categories.${ci}.taxRateText`),
      ...minutes(c.prepMinutesText, `categories.${ci}.prepMinutesText`),
      ...words(c),
      ...fromFormAvailability(c.availability),
      products: c.products.map((p, pi) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        price: money(p.priceText, `categories.${ci}.products.${pi}.priceText`, { allowNegative: true }) ?? 0,
        ...(p.image ? { image: p.image } : {}),
        tags: p.tags,
        allergens: p.allergens,
        available: p.available,
        ...(p.station ? { station: p.station } : {}),
        ...rate(p.taxRateText, `categories.${ci}.products.${pi}.taxRateText`),
        ...minutes(p.prepMinutesText, `categories.${ci}.products.${pi}.prepMinutesText`),
        ...words(p),
        ...fromFormSet(
          p,
          `categories.${ci}.products.${pi}`,
          (text, path) => money(text, path, { optional: true }),
          words,
        ),
        ...fromFormAvailability(p.availability),
        optionGroups: p.optionGroups.map((g, gi) => ({
          id: g.id,
          name: g.name,
          min: Number(g.min),
          max: Number(g.max),
          ...words(g),
          options: g.options.map((o, oi) => ({
            id: o.id,
            name: o.name,
            available: o.available,
            ...(o.allergens.length ? { allergens: o.allergens } : {}),
            ...words(o),
            priceDelta:
              money(
                o.priceDeltaText,
                `categories.${ci}.products.${pi}.optionGroups.${gi}.options.${oi}.priceDeltaText`,
                { allowNegative: true },
              ) ?? 0,
          })),
        })),
      })),
    })),
  };
  return { draft, moneyErrors };
}

/** Leaf errors of a nested `FieldErrors` object, keyed by their dotted path (`root` entries folded into their list). */
function flatErrors(node: unknown, prefix = '', out: Record<string, FieldError> = {}): Record<string, FieldError> {
  if (!node || typeof node !== 'object') return out;
  const error = node as Partial<FieldError>;
  if (typeof error.message === 'string' && typeof error.type === 'string')
    out[prefix] ??= { type: error.type, message: error.message };
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    flatErrors(child, key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

/** The dotted paths of a form's errors, in the order of the fields. */
export const errorPaths = (errors: object): string[] => Object.keys(flatErrors(errors));

/**
 * The editor's resolver: the form converted to a draft, checked by `zodResolver` with the
 * contract's `VenueInput` (Spanish messages); the errors land at the form's fields (money at
 * its text field). Valid forms submit the contract's parsed `VenueInput`.
 */
export function venueResolver(): Resolver<FormValues, unknown, VenueInput> {
  const contract = zodResolver(VenueInput, { error: spanishErrors });
  return async (values, context, options) => {
    const { draft, moneyErrors } = toDraft(values);
    // Checked without the form's fields: errors come back at their contract paths.
    const checked = await contract(draft as z.input<typeof VenueInput>, context, { ...options, fields: {}, names: [] });
    const errors: Record<string, FieldError> = {};
    for (const [path, message] of Object.entries(moneyErrors)) errors[path] = { type: 'money', message };
    for (const [path, error] of Object.entries(flatErrors(checked.errors))) errors[formPath(path)] ??= error;
    if (!Object.keys(errors).length) return { values: checked.values as VenueInput, errors: {} };
    return { values: {}, errors: toNestErrors<FormValues>(errors, options) };
  };
}

/** An API/contract path (`categories.0.products.1.price`) → the form field showing it. */
export function formPath(path: string): string {
  return path
    .replace(/\.price$/, '.priceText')
    .replace(/\.priceDelta$/, '.priceDeltaText')
    .replace(/(^|\.)taxRate$/, '$1taxRateText')
    .replace(/(^|\.)prepMinutes$/, '$1prepMinutesText')
    .replace(/^minOrder$/, 'minOrderText')
    .replace(/^deliveryFee$/, 'deliveryFeeText');
}

export function slug(text: string, taken: ReadonlySet<string>): string {
  const base =
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'item';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

// ── Stations (docs/rules.md#the-kitchen) ──────────────────────────────────────────────

/** A new station named `name`: its id (the kitchen display's `estacion`) is made from the name, once. */
export function newStation(name: string, stations: readonly Station[]): Station | { error: string } {
  const trimmed = name.trim();
  if (!trimmed) return { error: 'Escribe el nombre de la estación' };
  if (trimmed.length > MANAGE_LIMITS.nameMax) return { error: `Máximo ${MANAGE_LIMITS.nameMax} caracteres` };
  if (stations.length >= MANAGE_LIMITS.stationsMax) return { error: `Máximo ${MANAGE_LIMITS.stationsMax} estaciones` };
  if (stations.some((s) => fold(s.name) === fold(trimmed))) return { error: `Ya hay una estación «${trimmed}»` };
  return { id: slug(trimmed, new Set(stations.map((s) => s.id))), name: trimmed };
}

/**
 * The form without the station at `index`: the categories and dishes that named it go to the
 * first station left (a category: the default, which is the first; a dish: its category's when
 * that is the first, else the first by name). At least one station stays: removing the last does nothing.
 */
export function withoutStation(
  values: Pick<FormValues, 'stations' | 'categories'>,
  index: number,
): { stations: Station[]; categories: FormCategory[]; message: string } | undefined {
  const removed = values.stations[index];
  if (!removed || values.stations.length < 2) return undefined;
  const stations = values.stations.filter((_, i) => i !== index);
  const first = stations[0]!;
  const alive = new Set(stations.map((s) => s.id));
  let categoriesMoved = 0;
  let dishesMoved = 0;
  const categories = values.categories.map((c) => {
    const category = { ...c, products: c.products.map((p) => ({ ...p })) };
    if (category.station === removed.id) {
      category.station = '';
      categoriesMoved++;
    }
    // The category's station now (a station left, or '' for the first).
    const categoryStation = category.station && alive.has(category.station) ? category.station : first.id;
    for (const p of category.products) {
      if (p.station !== removed.id) continue;
      p.station = categoryStation === first.id ? '' : first.id;
      dishesMoved++;
    }
    return category;
  });
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const moved = [
    categoriesMoved ? count(categoriesMoved, 'categoría', 'categorías') : '',
    dishesMoved ? count(dishesMoved, 'plato', 'platos') : '',
  ].filter(Boolean);
  const message = moved.length
    ? `Estación «${removed.name}» quitada: ${moved.join(' y ')} ${categoriesMoved + dishesMoved === 1 ? 'pasa' : 'pasan'} a «${first.name}».`
    : `Estación «${removed.name}» quitada.`;
  return { stations, categories, message };
}

/** Lower case, without accents or repeated spaces: "Maní" and "mani" are one word. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

// ── A new venue (admin): its id and name, then the editor opens on a blank venue ────

/** The new venue's address and name, with the contract's id rules worded one by one. */
export const NewVenueForm = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Escribe el nombre del local'),
      z.maxLength(MANAGE_LIMITS.nameMax, `Máximo ${MANAGE_LIMITS.nameMax} caracteres`),
    ),
  id: z.string().check(
    z.trim(),
    z.minLength(1, 'Escribe el identificador del local (p. ej. casa-pepe)'),
    z.regex(/^[a-z0-9-]*$/, 'Solo minúsculas sin acentos, números y guiones (p. ej. casa-pepe)'),
    z.regex(/^([a-z0-9]|$)/, 'Debe empezar por una letra o un número'),
    z.minLength(2, 'Al menos 2 caracteres'),
    z.maxLength(63, 'Máximo 63 caracteres'),
    z.refine(
      (id) => !(RESERVED_VENUE_IDS as readonly string[]).includes(id),
      'Ese identificador está reservado para páginas de umenu: elige otro',
    ),
  ),
});
export type NewVenueForm = z.infer<typeof NewVenueForm>;

/** The query of the editor opened on a venue that is not published yet. */
export const newVenueQuery = (id: string, name: string) =>
  `?venue=${encodeURIComponent(id)}&nombre=${encodeURIComponent(name)}`;
export const newVenueName = (search: string): string | undefined =>
  new URLSearchParams(search).get('nombre')?.trim().slice(0, MANAGE_LIMITS.nameMax) || undefined;

/** A venue with nothing on its menu yet: open every day 09:00–23:00, orders at the table, in euros. */
export function blankVenue(id: string, name: string): Venue {
  const day = () => [{ open: '09:00', close: '23:00' }];
  return {
    id,
    name,
    tagline: '',
    city: '',
    cuisine: '',
    currency: 'EUR',
    locale: 'es-ES',
    timezone: 'Europe/Madrid',
    address: '',
    hours: { mon: day(), tue: day(), wed: day(), thu: day(), fri: day(), sat: day(), sun: day() },
    orderModes: ['table'],
    tables: [],
    categories: [],
    updatedAt: new Date(0).toISOString(),
  };
}
