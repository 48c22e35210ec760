/** Dishes of the open menu that are sold out now: the menu sets them, the cart flags its lines for them. */
import { atom } from 'nanostores';
import type { Venue } from '../../contract/venue.ts';

export const $soldOut = atom<ReadonlySet<string>>(new Set());

export function setSoldOutFrom(venue: Venue): void {
  setSoldOut(venue.categories.flatMap((c) => c.products.filter((p) => !p.available).map((p) => p.id)));
}

/** The ids of the dishes sold out now (when the page knows only those, not the whole menu). */
export function setSoldOut(soldOut: Iterable<string>): void {
  const ids = new Set(soldOut);
  const current = $soldOut.get();
  if (ids.size !== current.size || [...ids].some((id) => !current.has(id))) $soldOut.set(ids);
}
