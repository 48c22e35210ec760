/**
 * Table sessions' public module (issue 12). Only light things here, loaded with every venue
 * page: the island that starts the table side when the page is a table link (or the device
 * has a seat at this venue), the header cart button that switches to the table's cart, and
 * `addDish`, which sends a dish to the table cart while a session is open here, else to the
 * diner's own cart. The session itself (stream, queue, UI) is loaded on demand.
 */
import { addToCart, type NewCartLine, type VenueMoney } from '../cart/index.ts';
import { $tableActive } from './membership.ts';

export { default as TableMount, type TableMountProps } from './TableMount.tsx';
export { default as VenueCartButton } from './VenueCartButton.tsx';
export { $tableActive, tableHinted } from './membership.ts';

export type AddDishResult = { ok: true; table: boolean } | { ok: false; message: string };

const CART_FULL = 'Tu carrito ya tiene 50 líneas. Envía este pedido o quita alguna línea para añadir más.';

/** Adds a dish where it belongs: the table's shared cart during an open session at this venue, else the diner's cart. */
export async function addDish(venueId: string, line: NewCartLine, money: VenueMoney): Promise<AddDishResult> {
  if ($tableActive.get() === venueId) {
    const { addTableLine } = await import('./store.ts');
    const result = addTableLine(line);
    return result.ok ? { ok: true, table: true } : { ok: false, message: result.message ?? CART_FULL };
  }
  const result = addToCart(venueId, line, money);
  return result.ok ? { ok: true, table: false } : { ok: false, message: CART_FULL };
}
