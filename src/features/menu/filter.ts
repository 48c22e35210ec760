/**
 * Menu search and filters as pure functions over a prebuilt index, so a
 * keystroke on a 500-product menu costs one pass of string `includes`.
 */
import type { Allergen, Tag, Venue } from '../../contract/venue.ts';
import { normalizeText } from '../../lib/text.ts';
import { menuMessages } from './messages.ts';

export interface IndexedProduct {
  id: string;
  categoryId: string;
  /** Normalized name + description. */
  text: string;
  tags: readonly Tag[];
  /** The product's allergens plus those of any of its options. */
  allergens: ReadonlySet<Allergen>;
}

export interface MenuFilters {
  query: string;
  /** Diet tags the dish must all have. */
  diets: readonly Tag[];
  /** Allergens the dish (and its options) must not contain. */
  excluded: readonly Allergen[];
}

export const NO_FILTERS: MenuFilters = { query: '', diets: [], excluded: [] };

export function buildIndex(venue: Pick<Venue, 'categories'>): IndexedProduct[] {
  const index: IndexedProduct[] = [];
  for (const category of venue.categories) {
    for (const p of category.products) {
      const allergens = new Set<Allergen>(p.allergens);
      for (const g of p.optionGroups) for (const o of g.options) for (const a of o.allergens ?? []) allergens.add(a);
      // A dish is found by its words in every language the menu has: the diner's and the venue's.
      const translated = Object.values(p.translations ?? {})
        .map((t) => `${t?.name ?? ''} ${t?.description ?? ''}`)
        .join(' ');
      index.push({
        id: p.id,
        categoryId: category.id,
        text: normalizeText(`${p.name} ${p.description} ${translated}`),
        tags: p.tags,
        allergens,
      });
    }
  }
  return index;
}

export function isFiltering(filters: MenuFilters): boolean {
  return filters.query.trim() !== '' || filters.diets.length > 0 || filters.excluded.length > 0;
}

/** Ids of the products that match, in menu order. */
export function filterProducts(index: readonly IndexedProduct[], filters: MenuFilters): string[] {
  const words = normalizeText(filters.query).split(' ').filter(Boolean);
  const out: string[] = [];
  for (const p of index) {
    if (!words.every((w) => p.text.includes(w))) continue;
    if (!filters.diets.every((t) => p.tags.includes(t))) continue;
    if (filters.excluded.some((a) => p.allergens.has(a))) continue;
    out.push(p.id);
  }
  return out;
}

/** Allergens present anywhere in the menu (the only ones worth offering to exclude). */
export function allergensInMenu(index: readonly IndexedProduct[]): Allergen[] {
  const set = new Set<Allergen>();
  for (const p of index) for (const a of p.allergens) set.add(a);
  return [...set];
}

export function dietsInMenu(index: readonly IndexedProduct[], diets: readonly Tag[]): Tag[] {
  return diets.filter((t) => index.some((p) => p.tags.includes(t)));
}

/** "1 plato", "12 platos" (in the page's language). */
export function resultsText(count: number): string {
  const words = menuMessages.get();
  return count === 0 ? words.noMatch : words.dishes(count);
}
