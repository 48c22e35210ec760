/**
 * The menu of a day of generated history (scripts/demo-history.ts): the venue's menu as it is now, with prices
 * 8 % lower before 240 days ago and 4 % lower before 120 days ago, dishes of the season (horchata in summer, the
 * seasonal rice away in summer), a dish that arrived 90 days ago, and two dishes the menu no longer has.
 */
import type { Venue } from '../../src/contract/venue.ts';

export interface HistoryDish {
  productId: string;
  name: string;
  categoryId: string;
  categoryName: string;
  station: string;
  course?: string;
  /** Price with its required options' first choices (minor units), as sold that day. */
  price: number;
  options: Array<{ id: string; name: string; priceDelta: number }>;
  taxRate: number;
  /** How often it is ordered (relative). */
  weight: number;
  drink: boolean;
}

const RETIRED = [
  { id: 'sepia-a-la-plancha', name: 'Sepia a la plancha', category: 'tapas', price: 1200, until: 150 },
  { id: 'tarta-de-la-abuela', name: 'Tarta de la abuela', category: 'postres', price: 550, until: 200 },
];
const NEW_SINCE: Record<string, number> = { 'pulpo-a-la-gallega': 90 };
const POPULAR: Record<string, number> = {
  cana: 6,
  'vino-de-la-casa': 3,
  'cerveza-sin-alcohol': 2,
  refresco: 3,
  'agua-mineral': 3,
  'patatas-bravas': 4,
  'croquetas-de-jamon-iberico': 4,
  'paella-valenciana': 3,
  'calamares-a-la-romana': 2,
  cafe: 3,
};

/** The day's menu; `ago`: days before the end of the history; `month`: 1–12. */
export function menuOf(venue: Venue, ago: number, month: number): HistoryDish[] {
  const factor = ago > 240 ? 0.92 : ago > 120 ? 0.96 : 1;
  const priced = (p: number) => Math.round((p * factor) / 10) * 10;
  const dishes: HistoryDish[] = [];
  const firstStation = venue.stations?.[0]?.id ?? 'cocina';
  for (const c of venue.categories) {
    for (const p of c.products) {
      if (p.kind === 'set') continue;
      if (p.id === 'horchata-con-fartons' && (month < 5 || month > 9)) continue;
      if (p.id === 'arroz-de-verduras-de-temporada' && month >= 6 && month <= 8) continue;
      if ((NEW_SINCE[p.id] ?? Infinity) < ago) continue;
      const options = p.optionGroups
        .filter((g) => g.min > 0)
        .map((g) => ({ id: g.options[0]!.id, name: g.options[0]!.name, priceDelta: g.options[0]!.priceDelta }));
      dishes.push({
        productId: p.id,
        name: p.name,
        categoryId: c.id,
        categoryName: c.name,
        station: p.station ?? c.station ?? firstStation,
        ...(c.course ? { course: c.course } : {}),
        price: priced(p.price) + options.reduce((sum, o) => sum + o.priceDelta, 0),
        options,
        taxRate: p.taxRate ?? c.taxRate ?? venue.taxRate ?? 0,
        weight: POPULAR[p.id] ?? 1,
        drink: c.course === 'bebidas',
      });
    }
  }
  for (const r of RETIRED) {
    const category = venue.categories.find((c) => c.id === r.category);
    if (ago <= r.until || !category) continue;
    dishes.push({
      productId: r.id,
      name: r.name,
      categoryId: category.id,
      categoryName: category.name,
      station: category.station ?? firstStation,
      ...(category.course ? { course: category.course } : {}),
      price: priced(r.price),
      options: [],
      taxRate: category.taxRate ?? venue.taxRate ?? 0,
      weight: 1,
      drink: false,
    });
  }
  return dishes;
}
