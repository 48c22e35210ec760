/**
 * An edited set line (its choices changed in the dialog, docs/rules.md#set-menus-and-availability) in
 * place of the old one. Loaded with the dialog that edits it, not with the venue page.
 */
import { addLine, type Cart, type NewCartLine } from './logic.ts';
import { $carts, getCart } from './store.ts';

/**
 * Puts an edited line (a set's new choices) where the old one was; when it became the same as
 * another line, the two merge there.
 */
export function replaceLine(cart: Cart, key: string, line: NewCartLine, now = new Date()): Cart {
  const index = cart.lines.findIndex((l) => l.key === key);
  if (index < 0) return cart;
  const rest = { ...cart, lines: cart.lines.filter((_, i) => i !== index) };
  const added = addLine(rest, line, now);
  if (!added.ok || added.merged) return added.cart;
  const lines = [...rest.lines];
  lines.splice(index, 0, added.cart.lines[added.cart.lines.length - 1]!);
  return { ...cart, lines, updatedAt: now.toISOString() };
}

/** Puts an edited set line in place of the line `key` of a venue's cart. */
export function replaceInCart(venueId: string, key: string, line: NewCartLine): void {
  const cart = getCart(venueId);
  if (cart) $carts.set({ ...$carts.get(), [venueId]: replaceLine(cart, key, line) });
}
