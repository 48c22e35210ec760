/** Compact builders for the demo menus (ids derived from Spanish names). */
import type {
  Allergen,
  AvailabilityWindow,
  Category,
  Course,
  OptionGroup,
  Product,
  Tag,
} from '../../../src/contract/venue.ts';
import { foodImage, type FoodKind } from '../../features/media/index.ts';

export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

export interface OptionSpec {
  name: string;
  delta?: number;
  available?: boolean;
  allergens?: Allergen[];
}
export function group(name: string, min: number, max: number, options: OptionSpec[], id = slug(name)): OptionGroup {
  return {
    id,
    name,
    min,
    max,
    options: options.map((o) => ({
      id: `${id}-${slug(o.name)}`,
      name: o.name,
      priceDelta: o.delta ?? 0,
      available: o.available ?? true,
      ...(o.allergens ? { allergens: o.allergens } : {}),
    })),
  };
}

export interface ProductSpec {
  name: string;
  description: string;
  price: number;
  kind?: FoodKind;
  color?: string;
  tags?: Tag[];
  allergens?: Allergen[];
  available?: boolean;
  groups?: OptionGroup[];
  id?: string;
  /** Another station than its category's (docs/rules.md#the-kitchen). */
  station?: string;
}
export function product(spec: ProductSpec): Product {
  return {
    id: spec.id ?? slug(spec.name),
    name: spec.name,
    description: spec.description,
    price: spec.price,
    ...(spec.kind ? { image: foodImage(spec.kind, spec.color ?? 'e07a5f', spec.name) } : {}),
    tags: spec.tags ?? [],
    allergens: spec.allergens ?? [],
    available: spec.available ?? true,
    optionGroups: spec.groups ?? [],
    ...(spec.station ? { station: spec.station } : {}),
  };
}

export function category(
  name: string,
  products: Product[],
  extra: Partial<Omit<Category, 'name' | 'products'>> = {},
): Category {
  return { id: extra.id ?? slug(name), name, products, ...extra };
}

export const everyDay = (open: string, close: string) => {
  const day = [{ open, close }];
  return { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
};

export const WEEKDAYS_MON_FRI = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

export interface SetSpec {
  name: string;
  description: string;
  price: number;
  kind?: FoodKind;
  color?: string;
  /** Steps: `choices` are dish names of the venue (their ids are derived), with supplements. */
  courses: Array<{
    name: string;
    course?: Course;
    min: number;
    max: number;
    choices: Array<string | { name: string; supplement: number }>;
  }>;
  included?: string[];
  availability?: AvailabilityWindow[];
}

/** A set menu (src/contract/set-menu.ts): a product with `kind: "set"`, built from dish names. */
export function setMenu(spec: SetSpec): Product {
  return {
    ...product({
      name: spec.name,
      description: spec.description,
      price: spec.price,
      ...(spec.kind ? { kind: spec.kind } : {}),
      ...(spec.color ? { color: spec.color } : {}),
    }),
    kind: 'set',
    courses: spec.courses.map((c) => ({
      id: slug(c.name),
      name: c.name,
      ...(c.course ? { course: c.course } : {}),
      min: c.min,
      max: c.max,
      choices: c.choices.map((ch) =>
        typeof ch === 'string' ? { productId: slug(ch) } : { productId: slug(ch.name), supplement: ch.supplement },
      ),
    })),
    ...(spec.included ? { included: spec.included.map(slug) } : {}),
    ...(spec.availability ? { availability: spec.availability } : {}),
  };
}
