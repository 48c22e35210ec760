/**
 * Set menus and availability windows in pricing (docs/rules.md#set-menus-and-availability): the shared
 * rules of src/contract/set-menu.ts and src/contract/availability.ts read against the venue's own data.
 */
import type { CachedVenue } from '../venues/index.ts';
import { findOption } from '../venues/index.ts';
import type { OrderLine, OrderLineInput } from '../../../src/contract/order.ts';
import type { Product } from '../../../src/contract/venue.ts';
import { lineNote } from '../../../src/contract/cart-line.ts';
import { availabilityText, isAvailableAt } from '../../../src/contract/availability.ts';
import {
  blockedCourses,
  checkSetChoices,
  courseOf,
  isSet,
  setUnitPrice,
  type DishLookup,
  type SetSelection,
} from '../../../src/contract/set-menu.ts';

/** The venue's dishes a set may offer (a set is never a choice). */
export function dishLookup(entry: CachedVenue): DishLookup {
  return (id) => {
    const found = entry.products.get(id);
    return found && !isSet(found.product) ? found.product : undefined;
  };
}

/** A line outside its dish's (or its category's) windows, with the sentence saying when it is served. */
export interface OutOfHoursLine {
  index: number;
  productId: string;
  name: string;
  when: string;
}

/** The sentence of when `productId` is served, or null when it is served at `now`. */
export function outOfHours(entry: CachedVenue, productId: string, now: Date): string | null {
  const found = entry.products.get(productId);
  if (!found) return null;
  const tz = entry.venue.timezone;
  if (!isAvailableAt(found.product.availability, now, tz)) return availabilityText(found.product.availability);
  if (!isAvailableAt(found.availability, now, tz)) return availabilityText(found.availability);
  return null;
}

/** A set's choices priced from the venue's data (choices it no longer knows are left out), and its included dishes. */
export function pricedChoices(
  entry: CachedVenue,
  set: Product,
  selections: readonly SetSelection[],
): Pick<OrderLine, 'choices' | 'included' | 'unitPrice'> {
  const lookup = dishLookup(entry);
  const known = selections.filter((c) => courseOf(set, c.courseId) && lookup(c.productId));
  const choices = known.map((c) => {
    const course = courseOf(set, c.courseId)!;
    const dish = entry.products.get(c.productId)!.product;
    const note = lineNote(c.note);
    const options: Array<{ id: string; name: string; priceDelta: number }> = [];
    for (const id of c.optionIds) {
      const hit = findOption(dish, id);
      if (hit) options.push({ id, name: hit.option.name, priceDelta: hit.option.priceDelta });
    }
    return {
      courseId: course.id,
      courseName: course.name,
      productId: dish.id,
      name: dish.name,
      supplement: course.choices.find((ch) => ch.productId === dish.id)?.supplement ?? 0,
      options,
      ...(note ? { note } : {}),
    };
  });
  const included = (set.included ?? []).flatMap((id) => {
    const dish = lookup(id);
    return dish ? [{ productId: id, name: dish.name }] : [];
  });
  return { choices, included, unitPrice: setUnitPrice(set, known, lookup) };
}

/** What `checkSetLine` reports of one line. */
export interface SetLineReport {
  add: (path: string, message: string) => void;
  unavailable: (name: string) => void;
}

/**
 * Checks a set line's choices (its course, min/max, sold-out choices, the chosen dishes' option
 * groups) and whether a required course was emptied by sold-out dishes; false when anything is wrong.
 */
export function checkSetLine(
  entry: CachedVenue,
  set: Product,
  line: OrderLineInput,
  index: number,
  report: SetLineReport,
): boolean {
  let ok = true;
  const lookup = dishLookup(entry);
  // A required course left without a dish: the set itself is unavailable (live, like a sold-out dish).
  const blocked = blockedCourses(set, lookup).length > 0;
  if (blocked) report.unavailable(set.name);
  for (const problem of checkSetChoices(set, line.choices ?? [], lookup)) {
    ok = false;
    if (!problem.soldOut)
      report.add(
        problem.index !== undefined ? `lines.${index}.choices.${problem.index}` : `lines.${index}.choices`,
        problem.message,
      );
    else if (!blocked) report.unavailable(`${set.name}: ${problem.name ?? ''}`);
  }
  return ok && !blocked;
}

/** A set line's unit price before the recent price changes in `old` (keys of the venue store's price map). */
export function setPriceBefore(line: OrderLine, current: number, old: ReadonlyMap<string, number>): number {
  let price = old.get(`p:${line.productId}`) ?? current;
  for (const c of line.choices ?? []) {
    price += old.get(`s:${line.productId}:${c.courseId}:${c.productId}`) ?? c.supplement;
    for (const o of c.options) price += old.get(`o:${c.productId}:${o.id}`) ?? o.priceDelta;
  }
  return Math.max(0, price);
}
