/**
 * Table sessions' public module (docs/rules.md#table-sessions). Only light things here, loaded with every venue
 * page: the mount that starts the table side when the page is a table link (or the device
 * has a seat at this venue), and `addDish`, which sends a dish to the table cart while a
 * session is open here, else to the diner's own cart. The session itself (stream, queue,
 * UI) is loaded on demand; while it is live, the header's cart button shows the table cart.
 */
import { LIMITS } from '../../contract/limits.ts';
import { addToCart, cartMessages, replaceInCart, type NewCartLine, type VenueMoney } from '../cart/index.ts';
import { tableAdderFor, tableReplacerFor } from './membership.ts';

export { default as TableMount } from './TableMount.tsx';

export type AddDishResult = { ok: true; table: boolean } | { ok: false; message: string };

/** A dish refused because the cart already has the most lines an order may have, in the page's language. */
const cartFull = (): string => cartMessages.get().full({ max: String(LIMITS.linesPerOrder) });

/** Adds a dish where it belongs: the table's shared cart during an open session at this venue, else the diner's cart. */
export function addDish(venueId: string, line: NewCartLine, money: VenueMoney): AddDishResult {
  const table = tableAdderFor(venueId);
  if (table) {
    const result = table(line);
    return result.ok ? { ok: true, table: true } : { ok: false, message: result.message ?? cartFull() };
  }
  return addToCart(venueId, line, money).ok ? { ok: true, table: false } : { ok: false, message: cartFull() };
}

/** Puts an edited set line in place of the line `key` (the table cart's line id during a session). */
export function replaceDish(venueId: string, key: string, line: NewCartLine): AddDishResult {
  const table = tableReplacerFor(venueId);
  if (table) {
    const result = table(key, line);
    return result.ok ? { ok: true, table: true } : { ok: false, message: result.message ?? cartFull() };
  }
  void replaceInCart(venueId, key, line);
  return { ok: true, table: false };
}
