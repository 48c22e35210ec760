/**
 * Table sessions' public module (docs/rules.md#table-sessions). Only light things here, loaded with every venue
 * page: the mount that starts the table side when the page is a table link (or the device
 * has a seat at this venue), and `addDish`, which sends a dish to the table cart while a
 * session is open here, else to the diner's own cart. The session itself (stream, queue,
 * UI) is loaded on demand; while it is live, the header's cart button shows the table cart.
 */
import { addToCart, type NewCartLine, type VenueMoney } from '../cart/index.ts';
import { tableAdderFor } from './membership.ts';

export { default as TableMount } from './TableMount.tsx';

export type AddDishResult = { ok: true; table: boolean } | { ok: false; message: string };

const CART_FULL = 'Tu carrito ya tiene 50 líneas. Envía este pedido o quita alguna línea para añadir más.';

/** Adds a dish where it belongs: the table's shared cart during an open session at this venue, else the diner's cart. */
export function addDish(venueId: string, line: NewCartLine, money: VenueMoney): AddDishResult {
  const table = tableAdderFor(venueId);
  if (table) {
    const result = table(line);
    return result.ok ? { ok: true, table: true } : { ok: false, message: result.message ?? CART_FULL };
  }
  return addToCart(venueId, line, money).ok ? { ok: true, table: false } : { ok: false, message: CART_FULL };
}
