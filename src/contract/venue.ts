import * as z from 'zod/mini';
import { VENUE_ID_PATTERN } from './limits.ts';
import { WEEKDAYS } from './hours.ts';
import { AutoPause, VenuePause } from './pause.ts';

export { WEEKDAYS };

export const TAGS = ['vegano', 'vegetariano', 'sin-gluten', 'picante', 'nuevo', 'popular'] as const;
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export const ORDER_MODES = ['table', 'pickup', 'delivery'] as const;
/**
 * The courses of a meal, in the order a table is served (docs/rules.md#the-kitchen): drinks go
 * at once, the first course present goes at once, later ones wait for «Marchar».
 */
export const COURSES = ['bebidas', 'entrantes', 'principales', 'postres'] as const;

const money = z.int().check(z.minimum(0));
const signedMoney = z.int();
const timeOfDay = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/));

export const Tag = z.enum(TAGS);
export const Allergen = z.enum(ALLERGENS);
export const OrderMode = z.enum(ORDER_MODES);
export const Course = z.enum(COURSES);

/** A place in the kitchen that prepares dishes (the grill, the bar): tickets are split by station. */
export const Station = z.object({ id: z.string(), name: z.string() });

// Menu translations (docs/architecture.md#languages): `translations` on the venue (its tagline),
// categories, dishes, option groups and options, keyed by language; `languages` on the venue.
const languageCode = z.string().check(z.regex(/^[a-z]{2,3}$/));
const TranslatedText = z.object({
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  tagline: z.optional(z.string()),
});
export const Translations = z.record(languageCode, TranslatedText);
const translations = { translations: z.optional(Translations) };

export const Image = z.object({
  src: z.string(),
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  placeholder: z.optional(z.string()),
  alt: z.optional(z.string()),
});

export const Option = z.object({
  id: z.string(),
  name: z.string(),
  priceDelta: signedMoney,
  available: z.boolean(),
  allergens: z.optional(z.array(Allergen)),
  ...translations,
});

export const OptionGroup = z.object({
  id: z.string(),
  name: z.string(),
  min: z.int().check(z.minimum(0)),
  max: z.int().check(z.minimum(1)),
  options: z.array(Option),
  ...translations,
});

/** When a dish, a set or a category is served (src/contract/availability.ts): windows in the venue's zone. */
export const AvailabilityWindow = z.object({
  days: z.array(z.enum(WEEKDAYS)),
  from: timeOfDay,
  until: timeOfDay,
});

/** A dish a set's course offers (src/contract/set-menu.ts), with its supplement in minor units. */
export const SetChoice = z.object({ productId: z.string(), supplement: z.optional(money) });
/** One course of a set: choose between `min` and `max` dishes of `choices`. */
export const SetCourse = z.object({
  id: z.string(),
  name: z.string(),
  course: z.optional(Course),
  min: z.int().check(z.minimum(0)),
  max: z.int().check(z.minimum(1)),
  choices: z.array(SetChoice),
  ...translations,
});

export const Product = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: money,
  image: z.optional(Image),
  tags: z.array(Tag),
  allergens: z.array(Allergen),
  available: z.boolean(),
  optionGroups: z.array(OptionGroup),
  /** The station that prepares it; else its category's, else the venue's first. */
  station: z.optional(z.string()),
  /** Tax rate in basis points (1000 = 10 %); wins over its category's and the venue's (docs/rules.md#the-bill). */
  taxRate: z.optional(z.int().check(z.minimum(0), z.maximum(10_000))),
  /** A set menu (src/contract/set-menu.ts): `price` is the set's, `courses` its steps, `included` its fixed dishes. */
  kind: z.optional(z.literal('set')),
  courses: z.optional(z.array(SetCourse)),
  included: z.optional(z.array(z.string())),
  /** When it can be ordered (absent: whenever the venue is open). */
  availability: z.optional(z.array(AvailabilityWindow)),
  /** Minutes to prepare it (absent: its category's, else 10; src/contract/pickup.ts). */
  prepMinutes: z.optional(z.int()),
  ...translations,
});

export const Category = z.object({
  id: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  availableFrom: z.optional(timeOfDay),
  availableUntil: z.optional(timeOfDay),
  products: z.array(Product),
  /** The station of its dishes (a dish may name another). */
  station: z.optional(z.string()),
  /** When its dishes are served at a table (held courses wait for «Marchar»). */
  course: z.optional(Course),
  /** Tax rate of its dishes in basis points (a dish may name another); else the venue's. */
  taxRate: z.optional(z.int().check(z.minimum(0), z.maximum(10_000))),
  /** When its dishes can be ordered (absent: whenever the venue is open). */
  availability: z.optional(z.array(AvailabilityWindow)),
  /** Minutes to prepare each of its dishes (a dish may say otherwise). */
  prepMinutes: z.optional(z.int()),
  ...translations,
});

/** Opening intervals per weekday in the venue's timezone; `close` may be `24:00`,
 * and a close earlier than open runs past midnight. */
export const Interval = z.object({ open: timeOfDay, close: timeOfDay });
export const Hours = z.record(z.enum(WEEKDAYS), z.array(Interval));

export const VenueSummary = z.object({
  id: z.string().check(z.regex(VENUE_ID_PATTERN)),
  name: z.string(),
  tagline: z.string(),
  city: z.string(),
  cuisine: z.string(),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  locale: z.string(),
  timezone: z.string(),
  logo: z.optional(Image),
  cover: z.optional(Image),
  /** The menu's languages, its own first (absent: its locale's language). */
  languages: z.optional(z.array(languageCode)),
});

/**
 * The venue's legal details, printed on every receipt (docs/rules.md#the-bill): the business name, its tax id
 * (in Spain the NIF, the VERI*FACTU `IDEmisorFactura`), its fiscal address and its ISO 3166-1 country.
 */
export const Legal = z.object({
  name: z.string(),
  taxId: z.string(),
  address: z.string(),
  country: z.string().check(z.regex(/^[A-Z]{2}$/)),
});

export const Venue = z.extend(VenueSummary, {
  address: z.string(),
  phone: z.optional(z.string()),
  hours: Hours,
  orderModes: z.array(OrderMode),
  tables: z.optional(z.array(z.string())),
  deliveryFee: z.optional(money),
  minOrder: z.optional(money),
  categories: z.array(Category),
  /** Where dishes are prepared; absent: one station, `{id: "cocina", name: "Cocina"}`. */
  stations: z.optional(z.array(Station)),
  /** Whether a table's later courses wait for «Marchar» (absent: yes); false sends everything at once. */
  holdCourses: z.optional(z.boolean()),
  // The bill (docs/rules.md#the-bill): legal details for receipts, and the default tax rate (basis points).
  legal: z.optional(Legal),
  taxRate: z.optional(z.int().check(z.minimum(0), z.maximum(10_000))),
  // Pausing orders (docs/rules.md#pausing-orders): the pause set by staff or by the venue itself (`POST
  // /api/venues/{id}/pause`, never by the editor's PUT), and the manager's automatic pause (absent or null: off).
  pause: z.optional(VenuePause),
  autoPause: z.optional(z.nullable(AutoPause)),
  /** Pickup and delivery times (src/contract/pickup.ts): slots, places per slot, lead time, days ahead. */
  pickup: z.optional(
    z.object({
      slotMinutes: z.optional(z.int()),
      ordersPerSlot: z.optional(z.int()),
      leadMinutes: z.optional(z.int()),
      daysAhead: z.optional(z.int()),
    }),
  ),
  // `languages` (from the summary): the menu's languages; `translations` carry its tagline.
  ...translations,
  updatedAt: z.string(),
});

/**
 * `GET /api/venues[?q=][&limit=&offset=]`: the matching venues by id — one page of them with
 * `limit` (at most `VENUE_PAGE_MAX`, src/contract/limits.ts), all of them without — and `total`, how many match in all.
 */
export const VenueList = z.object({ venues: z.array(VenueSummary), total: z.int().check(z.minimum(0)) });

export type Tag = z.infer<typeof Tag>;
export type Allergen = z.infer<typeof Allergen>;
export type OrderMode = z.infer<typeof OrderMode>;
export type Course = z.infer<typeof Course>;
export type Station = z.infer<typeof Station>;
export type Image = z.infer<typeof Image>;
export type Option = z.infer<typeof Option>;
export type OptionGroup = z.infer<typeof OptionGroup>;
export type Product = z.infer<typeof Product>;
export type SetChoice = z.infer<typeof SetChoice>;
export type SetCourse = z.infer<typeof SetCourse>;
export type AvailabilityWindow = z.infer<typeof AvailabilityWindow>;
export type Category = z.infer<typeof Category>;
export type Hours = z.infer<typeof Hours>;
export type Legal = z.infer<typeof Legal>;
export type VenueSummary = z.infer<typeof VenueSummary>;
export type Venue = z.infer<typeof Venue>;
