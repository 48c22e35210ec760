/**
 * What the lazily loaded product dialog needs from the whole menu (docs/rules.md#set-menus-and-availability):
 * a dish by id (a set's choices and included items), why a dish cannot be added now (outside its or
 * its category's hours, or a set whose required course has nothing left), and the line being edited.
 */
import { isServedAt } from '../../contract/availability.ts';
import { blockedCourses, isSet, type SetSelection } from '../../contract/set-menu.ts';
import type { Product, Venue } from '../../contract/venue.ts';
import { servedText } from './availability-words.ts';
import { menuMessages } from './messages.ts';

/** A set's cart line reopened in the dialog: its key (the table cart's line id), choices and quantity. */
export interface LineEdit {
  key: string;
  choices: readonly SetSelection[];
  quantity: number;
}

export function dishOf(venue: Venue, id: string): Product | undefined {
  for (const category of venue.categories)
    for (const product of category.products) if (product.id === id) return product;
  return undefined;
}

/** The sentence that says why `product` cannot be added at `now`, or null when it can. */
export function unavailableNow(venue: Venue, product: Product, now = new Date()): string | null {
  const category = venue.categories.find((c) => c.products.some((p) => p.id === product.id));
  if (!isServedAt(product.availability, category?.availability, now, venue.timezone))
    return servedText(product.availability?.length ? product.availability : category?.availability);
  if (isSet(product) && blockedCourses(product, (id) => dishOf(venue, id)).length > 0)
    return menuMessages.get().soldOut;
  return null;
}
