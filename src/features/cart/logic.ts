/**
 * The cart as plain immutable data and pure functions (docs/rules.md#cart-checkout-and-orders,
 * docs/rules.md#limits-and-bad-input).
 * One cart per venue; the stores in `store.ts` are the thin imperative shell.
 * Prices here are the ones the diner saw when adding (minor units); the server
 * re-prices every order, so these are for display and `expectedTotal` only.
 */
import { lineKey, lineNote } from '../../contract/cart-line.ts';
import { LIMITS } from '../../contract/limits.ts';
import { lineTotalOf, subtotalOf, unitCountOf } from '../../contract/money.ts';

export interface CartLine {
  key: string;
  productId: string;
  name: string;
  optionIds: string[];
  optionNames: string[];
  /** Minor units as shown at add time (product price + option deltas); the server re-prices. */
  unitPrice: number;
  quantity: number;
  note?: string;
  /** A set menu's chosen dishes (docs/rules.md#set-menus-and-availability), as the order line sends them. */
  choices?: LineChoice[];
  /** Their names as the diner saw them («Entrecot (Al punto)»), listed under the line. */
  choiceNames?: string[];
}

/** One chosen dish of a set's line: `{courseId, productId, optionIds, note?}` (src/contract/order.ts). */
export interface LineChoice {
  courseId: string;
  productId: string;
  optionIds: string[];
  note?: string;
}

export interface Cart {
  venueId: string;
  currency: string;
  locale: string;
  lines: CartLine[];
  updatedAt: string;
}

/** What a caller supplies to add a line; `key` is derived. */
export type NewCartLine = Omit<CartLine, 'key'>;

export type AddResult = { ok: true; cart: Cart; merged: boolean } | { ok: false; cart: Cart; reason: 'too-many-lines' };

export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return LIMITS.quantityMin;
  return Math.min(LIMITS.quantityMax, Math.max(LIMITS.quantityMin, Math.trunc(quantity)));
}

export function emptyCart(venueId: string, currency: string, locale: string, now = new Date()): Cart {
  return { venueId, currency, locale, lines: [], updatedAt: now.toISOString() };
}

function touch(cart: Cart, lines: CartLine[], now: Date): Cart {
  return { ...cart, lines, updatedAt: now.toISOString() };
}

function cleanNote(note: string | undefined): string | undefined {
  return lineNote(lineNote(note)?.slice(0, LIMITS.lineNoteMax));
}

/**
 * Adds a line, merging with an existing one of the same key (quantities add,
 * capped at 99; the newer unit price wins, it is the one the diner just saw).
 * A new line beyond 50 is refused.
 */
export function addLine(cart: Cart, line: NewCartLine, now = new Date()): AddResult {
  const note = cleanNote(line.note);
  const key = lineKey(line.productId, line.optionIds, note, line.choices);
  const index = cart.lines.findIndex((l) => l.key === key);
  if (index >= 0) {
    const existing = cart.lines[index]!;
    const merged: CartLine = {
      ...existing,
      unitPrice: line.unitPrice,
      quantity: clampQuantity(existing.quantity + line.quantity),
    };
    const lines = cart.lines.map((l, i) => (i === index ? merged : l));
    return { ok: true, cart: touch(cart, lines, now), merged: true };
  }
  if (cart.lines.length >= LIMITS.linesPerOrder) return { ok: false, cart, reason: 'too-many-lines' };
  const fresh: CartLine = {
    key,
    productId: line.productId,
    name: line.name,
    optionIds: [...line.optionIds],
    optionNames: [...line.optionNames],
    unitPrice: line.unitPrice,
    quantity: clampQuantity(line.quantity),
    ...(note ? { note } : {}),
    ...setPart(line),
  };
  return { ok: true, cart: touch(cart, [...cart.lines, fresh], now), merged: false };
}

/** A set line's choices and their names, copied (nothing for another dish). */
function setPart(line: { choices?: LineChoice[] | undefined; choiceNames?: string[] | undefined }) {
  if (!line.choices?.length) return {};
  return {
    choices: line.choices.map((c) => ({ ...c, optionIds: [...c.optionIds] })),
    choiceNames: [...(line.choiceNames ?? [])],
  };
}

/** Sets a line's quantity, clamped to 1–99. Unknown key: cart unchanged. */
export function setQuantity(cart: Cart, key: string, quantity: number, now = new Date()): Cart {
  if (!cart.lines.some((l) => l.key === key)) return cart;
  const lines = cart.lines.map((l) => (l.key === key ? { ...l, quantity: clampQuantity(quantity) } : l));
  return touch(cart, lines, now);
}

/** Removes a line and returns it with its index so it can be restored (undo). */
export function removeLine(
  cart: Cart,
  key: string,
  now = new Date(),
): { cart: Cart; removed: { line: CartLine; index: number } | null } {
  const index = cart.lines.findIndex((l) => l.key === key);
  if (index < 0) return { cart, removed: null };
  const line = cart.lines[index]!;
  const lines = cart.lines.filter((_, i) => i !== index);
  return { cart: touch(cart, lines, now), removed: { line, index } };
}

/**
 * Puts a removed line back at its old position. If a line with the same key was
 * added meanwhile, the quantities merge instead; the 50-line cap still holds.
 */
export function restoreLine(cart: Cart, line: CartLine, index: number, now = new Date()): Cart {
  const existing = cart.lines.findIndex((l) => l.key === line.key);
  if (existing >= 0) {
    const lines = cart.lines.map((l, i) =>
      i === existing ? { ...l, quantity: clampQuantity(l.quantity + line.quantity) } : l,
    );
    return touch(cart, lines, now);
  }
  if (cart.lines.length >= LIMITS.linesPerOrder) return cart;
  const at = Math.max(0, Math.min(index, cart.lines.length));
  const lines = [...cart.lines.slice(0, at), line, ...cart.lines.slice(at)];
  return touch(cart, lines, now);
}

export const lineTotal: (line: CartLine) => number = lineTotalOf;

/** Sum of unit price × quantity in minor units (integers only). */
export function cartSubtotal(cart: Cart): number {
  return subtotalOf(cart.lines);
}

/** Units in the cart (two of one dish count two). */
export function cartCount(cart: Cart | undefined): number {
  return cart ? unitCountOf(cart.lines) : 0;
}

// Hand-written checks rather than a zod schema on purpose: the cart store is on
// every venue page's first load, and zod/mini there costs ~10 KB gzipped of the
// 90 KB budget. Checkout's persisted data (loaded on demand) uses zod.
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

function normalizeLine(raw: unknown): CartLine | null {
  if (!isRecord(raw)) return null;
  const { productId, name, optionIds, optionNames, unitPrice, quantity, note, choices, choiceNames } = raw;
  if (!isString(productId) || productId.length === 0 || !isString(name)) return null;
  if (!isStringArray(optionIds)) return null;
  if (!Number.isSafeInteger(unitPrice) || (unitPrice as number) < 0) return null;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return null;
  const names = isStringArray(optionNames) ? optionNames : [];
  const cleanedNote = isString(note) ? cleanNote(note) : undefined;
  const chosen = Array.isArray(choices) ? choices.filter(isChoice) : [];
  if (Array.isArray(choices) && chosen.length !== choices.length) return null;
  return {
    // The key is always recomputed: a tampered or stale key must not defeat merging.
    key: lineKey(productId, optionIds, cleanedNote, chosen),
    productId,
    name,
    optionIds: [...optionIds],
    optionNames: [...names],
    unitPrice: unitPrice as number,
    quantity: clampQuantity(quantity),
    ...(cleanedNote ? { note: cleanedNote } : {}),
    ...setPart({ choices: chosen, choiceNames: isStringArray(choiceNames) ? choiceNames : [] }),
  };
}

function isChoice(raw: unknown): raw is LineChoice {
  return (
    isRecord(raw) &&
    isString(raw.courseId) &&
    isString(raw.productId) &&
    isStringArray(raw.optionIds) &&
    (raw.note === undefined || isString(raw.note))
  );
}

/**
 * Schema check and repair for a stored cart (docs/rules.md#limits-and-bad-input): returns a valid
 * cart or null when it cannot be repaired. Bad lines are dropped, quantities
 * clamped, duplicate keys merged, lines capped at 50.
 */
export function normalizeCart(raw: unknown, expectedVenueId?: string): Cart | null {
  if (!isRecord(raw)) return null;
  const { venueId, currency, locale, lines, updatedAt } = raw;
  if (!isString(venueId) || venueId.length === 0) return null;
  if (expectedVenueId !== undefined && venueId !== expectedVenueId) return null;
  if (!isString(currency) || !/^[A-Z]{3}$/.test(currency)) return null;
  if (!isString(locale) || locale.length === 0) return null;
  const result: CartLine[] = [];
  for (const candidate of Array.isArray(lines) ? lines : []) {
    const line = normalizeLine(candidate);
    if (!line) continue;
    const same = result.findIndex((l) => l.key === line.key);
    if (same >= 0) {
      const prev = result[same]!;
      result[same] = { ...prev, quantity: clampQuantity(prev.quantity + line.quantity) };
    } else if (result.length < LIMITS.linesPerOrder) {
      result.push(line);
    }
  }
  const stamp = isString(updatedAt) && !Number.isNaN(Date.parse(updatedAt)) ? updatedAt : new Date(0).toISOString();
  return { venueId, currency, locale, lines: result, updatedAt: stamp };
}

/** Validates the whole persisted map `{ [venueId]: Cart }`, dropping what cannot be repaired. */
export function normalizeCarts(raw: unknown): Record<string, Cart> {
  if (!isRecord(raw)) return {};
  const out: Record<string, Cart> = {};
  for (const [venueId, value] of Object.entries(raw)) {
    const cart = normalizeCart(value, venueId);
    if (cart) out[venueId] = cart;
  }
  return out;
}
