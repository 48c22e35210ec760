/**
 * The cart's public module: what other features may use. The cart knows
 * nothing of checkout or orders; they use it through these exports.
 */
export type { Cart, CartLine, NewCartLine } from './cart.ts';
export { cartCount, cartSubtotal, lineTotal } from './cart.ts';
export {
  $cartUi, $carts, addToCart, cartCountOf, cartOf, clearCart, closeCart, getCart, hasCartFlash, openCart, refillCart,
  replaceLines, takeCartFlash, type RefillResult, type VenueMoney,
} from './store.ts';
export { CartPanel } from './CartPanel.tsx';
export { default as CartButton } from './CartButton.tsx';
