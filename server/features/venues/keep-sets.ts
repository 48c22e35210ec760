/**
 * A saved venue keeps the set-menu fields and availability windows a body leaves out (an editor that
 * does not show them yet, docs/rules.md#set-menus-and-availability), as it keeps translations: a dish
 * that says nothing of `kind` and `courses` keeps its stored set's (`kind`, `courses`, `included`), and a
 * dish or category that says nothing of `availability` keeps its stored windows (`[]` removes them). What
 * is kept is checked again (a kept set may offer a dish this body deletes): 422 otherwise.
 */
import type { Category, Product, Venue } from '../../../src/contract/venue.ts';
import { VENUE_MESSAGES } from '../../../src/contract/manage.ts';
import { checkSetMenus } from '../../../src/contract/set-menu-input.ts';
import { validationProblem } from '../../platform/problem.ts';

function keepWindows<T extends Product | Category>(item: T, old: T | undefined): T {
  return item.availability === undefined && old?.availability !== undefined
    ? { ...item, availability: old.availability }
    : item;
}

function keepSet(product: Product, old: Product | undefined): Product {
  if (!old || old.kind !== 'set' || product.kind !== undefined || product.courses !== undefined) return product;
  return {
    ...product,
    kind: 'set',
    ...(old.courses ? { courses: old.courses } : {}),
    ...(product.included === undefined && old.included ? { included: old.included } : {}),
  };
}

export function keepSetMenus(stored: Venue | undefined, incoming: Venue): Venue {
  if (!stored) return incoming;
  const categories = new Map(stored.categories.map((c) => [c.id, c]));
  // By id across the menu: a dish moved to another category keeps them.
  const products = new Map(stored.categories.flatMap((c) => c.products).map((p) => [p.id, p]));
  const venue: Venue = {
    ...incoming,
    categories: incoming.categories.map((category) => ({
      ...keepWindows(category, categories.get(category.id)),
      products: category.products.map((p) => keepWindows(keepSet(p, products.get(p.id)), products.get(p.id))),
    })),
  };
  const issues: Array<{ path: PropertyKey[]; message: string }> = [];
  checkSetMenus(venue, (_input, path, message) => issues.push({ path, message }));
  if (issues.length) throw validationProblem(issues, VENUE_MESSAGES.notSaved);
  return venue;
}
