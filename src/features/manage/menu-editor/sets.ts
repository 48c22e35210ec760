/**
 * Set menus in the editor's form model (docs/rules.md#set-menus-and-availability): a set's courses with their choices
 * (supplements as money text), its included dishes, and the days and hours a set or a category is
 * served (`availability`). Converted to and from the contract's shapes by `logic.ts`.
 */
import type { Course, Product } from '../../../contract/venue.ts';
import type { FormTranslations } from './translations.ts';

export interface FormChoice {
  productId: string;
  supplementText: string;
}
export interface FormCourse {
  id: string;
  name: string;
  /** '' : served with the first course present. */
  course: Course | '';
  min: number;
  max: number;
  choices: FormChoice[];
  translations?: FormTranslations;
}
export interface FormAvailability {
  days: string[];
  from: string;
  until: string;
}

type Availability = NonNullable<Product['availability']>;

const copyTranslations = (item: { translations?: FormTranslations }) =>
  item.translations ? { translations: structuredClone(item.translations) } : {};

export function toFormAvailability(availability: Availability | undefined): FormAvailability[] {
  return (availability ?? []).map((a) => ({ days: [...a.days], from: a.from, until: a.until }));
}

/** A set's own fields as the form holds them (nothing for a dish). */
export function toFormSet(
  product: Product,
  text: (minor: number) => string,
): { kind?: 'set'; courses?: FormCourse[]; included?: string[] } {
  if (product.kind !== 'set') return {};
  return {
    kind: 'set' as const,
    courses: (product.courses ?? []).map((c): FormCourse => ({
      id: c.id,
      name: c.name,
      course: c.course ?? '',
      min: c.min,
      max: c.max,
      choices: c.choices.map((ch) => ({
        productId: ch.productId,
        supplementText: ch.supplement ? text(ch.supplement) : '',
      })),
      ...copyTranslations(c),
    })),
    included: [...(product.included ?? [])],
  };
}

/**
 * The windows for the contract. A form that holds the list says it even when empty (`[]` removes the
 * stored windows: a PUT that says nothing keeps them, docs/rules.md#set-menus-and-availability).
 */
export function fromFormAvailability(rows: readonly FormAvailability[] | undefined) {
  if (rows === undefined) return {};
  const kept = rows.filter((r) => r.days.length > 0 || r.from || r.until);
  return { availability: kept.map((r) => ({ days: r.days, from: r.from, until: r.until })) };
}

/**
 * A set's fields for the contract, its supplements read with `money` (empty: none; it records a
 * typing error at the form path it is given) and its courses' translations kept by `words`.
 */
export function fromFormSet(
  product: { kind?: 'set'; courses?: FormCourse[]; included?: string[] },
  path: string,
  money: (text: string, path: string) => number | undefined,
  words: (item: { translations?: FormTranslations }) => object,
) {
  if (product.kind !== 'set') return {};
  return {
    kind: 'set' as const,
    courses: (product.courses ?? []).map((c, i) => ({
      id: c.id,
      name: c.name,
      ...(c.course ? { course: c.course } : {}),
      min: Number(c.min),
      max: Number(c.max),
      ...words(c),
      choices: c.choices.map((ch, j) => {
        const supplement = money(ch.supplementText, `${path}.courses.${i}.choices.${j}.supplementText`) ?? 0;
        return { productId: ch.productId, ...(supplement ? { supplement } : {}) };
      }),
    })),
    // Said even when empty: a PUT that says nothing of `included` keeps the stored ones.
    included: product.included ?? [],
  };
}

/** A new, empty set (`id` unique in the menu): a first and a second course to fill in. */
export function blankSet(id: string) {
  return {
    id,
    name: '',
    description: '',
    priceText: '',
    tags: [],
    allergens: [],
    available: true,
    optionGroups: [],
    station: '',
    kind: 'set' as const,
    courses: [
      { id: 'primero', name: 'Primer plato', course: 'entrantes' as const, min: 1, max: 1, choices: [] },
      { id: 'segundo', name: 'Segundo plato', course: 'principales' as const, min: 1, max: 1, choices: [] },
    ],
    included: [],
    availability: [],
  };
}
