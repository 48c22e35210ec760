/**
 * What the open menu tells the cart: the dishes sold out now and the current prices (the menu
 * sets them from each version it gets; the cart flags its lines whose dish is sold out or whose
 * price is no longer the one the diner saw when adding it).
 */
import { atom } from 'nanostores';
import type { Venue } from '../../contract/venue.ts';

export const $soldOut = atom<ReadonlySet<string>>(new Set());

/** A dish's current price and its options' price deltas, as the newest menu says. */
export interface LivePrice {
  price: number;
  deltas: Readonly<Record<string, number>>;
}

/** The current prices by dish id; empty until the page has a whole version of the menu. */
export const $livePrices = atom<ReadonlyMap<string, LivePrice>>(new Map());

export function setSoldOutFrom(venue: Venue): void {
  setSoldOut(venue.categories.flatMap((c) => c.products.filter((p) => !p.available).map((p) => p.id)));
  const prices = new Map<string, LivePrice>();
  for (const c of venue.categories) {
    for (const p of c.products) {
      const deltas: Record<string, number> = {};
      for (const g of p.optionGroups) for (const o of g.options) deltas[o.id] = o.priceDelta;
      // A set's supplements, by `{courseId}>{dishId}` (docs/rules.md#set-menus-and-availability).
      for (const k of p.courses ?? [])
        for (const ch of k.choices) deltas[`${k.id}>${ch.productId}`] = ch.supplement ?? 0;
      prices.set(p.id, { price: p.price, deltas });
    }
  }
  $livePrices.set(prices);
}

/** The ids of the dishes sold out now (when the page knows only those, not the whole menu). */
export function setSoldOut(soldOut: Iterable<string>): void {
  const ids = new Set(soldOut);
  const current = $soldOut.get();
  if (ids.size !== current.size || [...ids].some((id) => !current.has(id))) $soldOut.set(ids);
}

/** A set line's chosen dishes, as far as their price and availability go. */
type Choices = readonly { courseId: string; productId: string; optionIds: readonly string[] }[] | undefined;

/**
 * A line's unit price as the newest menu says (the server's rule: dish price plus the chosen
 * options' deltas, never below 0; a set's: its price, supplements and its dishes' options'
 * deltas), or null when the page knows no newer menu with that dish.
 */
export function currentUnitPrice(
  prices: ReadonlyMap<string, LivePrice>,
  line: { productId: string; optionIds: readonly string[]; choices?: Choices },
): number | null {
  const live = prices.get(line.productId);
  if (!live) return null;
  let price = live.price;
  for (const id of line.optionIds) price += live.deltas[id] ?? 0;
  for (const c of line.choices ?? []) {
    price += live.deltas[`${c.courseId}>${c.productId}`] ?? 0;
    for (const id of c.optionIds) price += prices.get(c.productId)?.deltas[id] ?? 0;
  }
  return Math.max(0, price);
}

/** What a line's diner must know before ordering, as the newest menu says (nothing: null). */
export type LineNotice = { kind: 'sold-out' } | { kind: 'gone' } | { kind: 'price'; now: number };

/**
 * The notice for a line added at `unitPrice`: its dish is sold out, or a newer menu no longer
 * has it, or its price is no longer the one the line holds. The diner's cart and the table's
 * cart flag their lines by this one rule.
 */
export function lineNotice(
  soldOut: ReadonlySet<string>,
  prices: ReadonlyMap<string, LivePrice>,
  line: { productId: string; optionIds: readonly string[]; unitPrice: number; choices?: Choices },
): LineNotice | null {
  if (soldOut.has(line.productId) || line.choices?.some((c) => soldOut.has(c.productId))) return { kind: 'sold-out' };
  const now = currentUnitPrice(prices, line);
  if (now === null) return prices.size > 0 ? { kind: 'gone' } : null;
  return now === line.unitPrice ? null : { kind: 'price', now };
}

/**
 * The dishes' and options' names in the page's language (the menu sets them from the menu it
 * shows: docs/architecture.md#languages), by dish id and `{dishId}/{optionId}`. A line keeps the
 * names it was added with (the language of the page it was added on); it shows these when the
 * page knows them, so the lines follow the diner's switch of language.
 */
export const $menuNames = atom<ReadonlyMap<string, string>>(new Map());

export function setMenuNames(venue: Venue): void {
  const names = new Map<string, string>();
  for (const c of venue.categories) {
    for (const p of c.products) {
      names.set(p.id, p.name);
      for (const g of p.optionGroups) for (const o of g.options) names.set(`${p.id}/${o.id}`, o.name);
    }
  }
  $menuNames.set(names);
}

/** A cart line with the names of the page's language (its own where the page knows none). */
export function namedLine<
  L extends { productId: string; name: string; optionIds: readonly string[]; optionNames: readonly string[] },
>(line: L, names: ReadonlyMap<string, string>): L {
  if (names.size === 0) return line;
  return {
    ...line,
    name: names.get(line.productId) ?? line.name,
    optionNames: line.optionIds.map((id, i) => names.get(`${line.productId}/${id}`) ?? line.optionNames[i] ?? ''),
  };
}
