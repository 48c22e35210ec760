import * as z from 'zod/mini';
import { VENUE_ID_PATTERN } from './limits.ts';
import { WEEKDAYS } from './hours.ts';

export { WEEKDAYS };

export const TAGS = ['vegano', 'vegetariano', 'sin-gluten', 'picante', 'nuevo', 'popular'] as const;
export const ALLERGENS = [
  'gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soy', 'milk', 'nuts',
  'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs',
] as const;
export const ORDER_MODES = ['table', 'pickup', 'delivery'] as const;

const money = z.int().check(z.minimum(0));
const signedMoney = z.int();
const timeOfDay = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/));

export const Tag = z.enum(TAGS);
export const Allergen = z.enum(ALLERGENS);
export const OrderMode = z.enum(ORDER_MODES);

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
});

export const OptionGroup = z.object({
  id: z.string(),
  name: z.string(),
  min: z.int().check(z.minimum(0)),
  max: z.int().check(z.minimum(1)),
  options: z.array(Option),
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
});

export const Category = z.object({
  id: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  availableFrom: z.optional(timeOfDay),
  availableUntil: z.optional(timeOfDay),
  products: z.array(Product),
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
export type Image = z.infer<typeof Image>;
export type Option = z.infer<typeof Option>;
export type OptionGroup = z.infer<typeof OptionGroup>;
export type Product = z.infer<typeof Product>;
export type Category = z.infer<typeof Category>;
export type Hours = z.infer<typeof Hours>;
export type VenueSummary = z.infer<typeof VenueSummary>;
export type Venue = z.infer<typeof Venue>;
