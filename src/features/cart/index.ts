/**
 * The cart's public module: what other features may use. The cart knows
 * nothing of checkout or orders; they use it through these exports. The
 * drawer's cart panel has its own public module, `panel.ts`: it is only
 * loaded with the drawer, and re-exporting it here put it on every venue
 * page's first load.
 */
import type { NewCartLine } from './logic.ts';
export type { Cart, CartLine, NewCartLine } from './logic.ts';
export { cartCount, cartSubtotal, lineTotal } from './logic.ts';
export {
  $cartUi,
  $carts,
  addToCart,
  clearCart,
  closeCart,
  getCart,
  hasCartFlash,
  openCart,
  refillCart,
  replaceLines,
  $sharedCart,
  type VenueMoney,
} from './store.ts';
export { default as CartButton } from './CartButton.tsx';
export { $livePrices, $menuNames, $soldOut, lineNotice, namedLine } from './sold-out.ts';
export { cartMessages } from './messages.ts';
export { EDIT_LINE_EVENT, requestLineEdit, type LineEditRequest } from './edit-line.ts';
export { setLineMessages } from './set-line-messages.ts';
/** Puts an edited set line in place of the line `key` (its code comes with the dialog that edits it). */
export const replaceInCart = (venueId: string, key: string, line: NewCartLine): Promise<void> =>
  import('./replace.ts').then((m) => m.replaceInCart(venueId, key, line));
