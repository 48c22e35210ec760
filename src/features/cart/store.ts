/**
 * Cart stores: the persisted carts (one per venue, under `carts` in the shared
 * `vuex` localStorage object) and a tiny UI atom for the drawer. Actions are
 * plain functions over the pure core in `logic.ts`.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
// Installs the shared `vuex` engine (one localStorage object for all client state).
import '../../lib/persist.ts';
import {
  addLine,
  cartCount,
  emptyCart,
  normalizeCarts,
  removeLine,
  restoreLine,
  setQuantity,
  type AddResult,
  type Cart,
  type CartLine,
  type NewCartLine,
} from './logic.ts';

export type Carts = Record<string, Cart>;

/**
 * Every venue's cart, keyed by venue id, under `vuex.carts`. Schema-checked on
 * every read (load and other tabs' writes) and REPAIRED rather than discarded:
 * `persistentStore`'s guard can only keep or drop the whole value, and one bad
 * line must not cost the diner every cart, so this uses the same engine with a
 * repairing decoder.
 */
export const $carts = persistentAtom<Carts>(
  'carts',
  {},
  {
    encode: (value) => JSON.stringify(value),
    decode: (encoded) => {
      try {
        return normalizeCarts(JSON.parse(encoded));
      } catch {
        return {};
      }
    },
  },
);

export interface CartUi {
  open: boolean;
  venueId: string | null;
}
export const $cartUi = atom<CartUi>({ open: false, venueId: null });

export function openCart(venueId: string): void {
  $cartUi.set({ open: true, venueId });
}
export function closeCart(): void {
  $cartUi.set({ ...$cartUi.get(), open: false });
}

export function getCart(venueId: string): Cart | undefined {
  return $carts.get()[venueId];
}

/** Number of items (sum of quantities) in one venue's cart. */
export function cartCountOf(venueId: string): ReadableAtom<number> {
  return computed($carts, (carts) => cartCount(carts[venueId]));
}

function save(cart: Cart): void {
  $carts.set({ ...$carts.get(), [cart.venueId]: cart });
}

/**
 * Another cart the header's cart button shows for a venue instead of the diner's own: the
 * table's shared cart during a table session (set by the table feature; the cart knows no more).
 */
export interface SharedCart {
  venueId: string;
  /** The button's accessible name, e.g. `Carrito de la mesa, 2 productos`. */
  label: string;
  count: number;
  open: () => void;
}
export const $sharedCart = atom<SharedCart | null>(null);

export interface VenueMoney {
  currency: string;
  locale: string;
}

/**
 * Adds a line to a venue's cart (creating the cart with the venue's currency
 * and locale when needed). Returns the pure result so the caller can tell the
 * diner when the 50-line limit refused it.
 */
export function addToCart(venueId: string, line: NewCartLine, money?: VenueMoney): AddResult {
  const current = getCart(venueId) ?? emptyCart(venueId, money?.currency ?? 'EUR', money?.locale ?? 'es');
  const base = money && current.lines.length === 0 ? { ...current, ...money } : current;
  const result = addLine(base, line);
  if (result.ok) save(result.cart);
  return result;
}

export function updateQuantity(venueId: string, key: string, quantity: number): void {
  const cart = getCart(venueId);
  if (cart) save(setQuantity(cart, key, quantity));
}

/** Removes a line; returns it and its index for an undo toast (`restoreToCart`). */
export function removeFromCart(venueId: string, key: string): { line: CartLine; index: number } | null {
  const cart = getCart(venueId);
  if (!cart) return null;
  const { cart: next, removed } = removeLine(cart, key);
  if (removed) save(next);
  return removed;
}

export function restoreToCart(venueId: string, line: CartLine, index: number): void {
  const cart = getCart(venueId);
  if (cart) save(restoreLine(cart, line, index));
}

/** Replaces a venue's lines (e.g. with the server's new prices the diner accepted). */
export function replaceLines(venueId: string, lines: CartLine[]): void {
  const cart = getCart(venueId);
  if (cart) save({ ...cart, lines, updatedAt: new Date().toISOString() });
}

export interface RefillResult {
  added: number;
  /** Lines refused because the cart was already at 50 lines. */
  overflow: number;
}

/**
 * "Repetir pedido", as the orders feature hands it over: adds the lines to the
 * venue's cart and, when something was added, leaves `describe`'s message
 * (what could not be added back) for the venue page to show with the cart.
 */
export function refillCart(
  venueId: string,
  lines: readonly NewCartLine[],
  money: VenueMoney,
  describe: (result: RefillResult) => string | null = () => null,
): RefillResult & { message: string | null } {
  let added = 0;
  let overflow = 0;
  for (const line of lines) {
    if (addToCart(venueId, line, money).ok) added += 1;
    else overflow += 1;
  }
  const message = describe({ added, overflow });
  if (added > 0 && message) setCartFlash(message);
  return { added, overflow, message };
}

const FLASH_KEY = 'umenu.cartFlash';

function setCartFlash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Storage unavailable: the message is lost, the cart is not.
  }
}

/** True when a message from "Repetir pedido" waits for the venue page. */
export function hasCartFlash(): boolean {
  try {
    return sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    return false;
  }
}

/** The message left by "Repetir pedido", once (survives the navigation to the venue page). */
export function takeCartFlash(): string | null {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return null;
  }
}

/** Empties a venue's cart (after an order is placed). */
export function clearCart(venueId: string): void {
  const { [venueId]: _removed, ...rest } = $carts.get();
  $carts.set(rest);
}
