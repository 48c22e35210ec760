/**
 * Prices an order from the venue's own data (docs/rules.md#cart-checkout-and-orders): every amount is recomputed
 * here, option groups and availability are enforced, and the total is compared with the
 * `expectedTotal` the client showed. Pure apart from reading the venue store.
 */
import type { OrderInput, OrderLine, OrderLineInput, PriceChange } from '../../../src/contract/order.ts';
import { ORDER_MESSAGES } from '../../../src/contract/order.ts';
import type { CachedVenue, VenueStore } from '../venues/index.ts';
import { findOption } from '../venues/index.ts';
import { problem } from '../../platform/problem.ts';
import { inWindow, isOpenAt } from '../../platform/hours.ts';
import { computeTotals, lineTotalOf } from '../../../src/contract/money.ts';
import { lineNote } from '../../../src/contract/cart-line.ts';
import { minimumMessage, minimumShortfall } from '../../../src/contract/minimum.ts';

export interface PricedOrder {
  lines: OrderLine[];
  subtotal: number;
  tip: number;
  deliveryFee: number;
  total: number;
}

const PRICE_MEMORY_MS = 24 * 3600 * 1000;

export interface UnavailableLine {
  index: number;
  productId: string;
  name: string;
}

/**
 * Prices lines from the venue's own data: unknown products and options and broken option
 * groups go to `add(path, message)`; unavailable dishes or options are listed. `lines` has
 * the lines that passed (index-aligned with the input when nothing was reported).
 */
export function priceLines(
  entry: CachedVenue,
  input: readonly OrderLineInput[],
  now: Date,
  add: (path: string, message: string) => void,
): { lines: OrderLine[]; unavailable: UnavailableLine[] } {
  const { venue } = entry;
  const unavailable: UnavailableLine[] = [];
  const lines: OrderLine[] = [];
  input.forEach((line, index) => {
    const found = entry.products.get(line.productId);
    if (!found) {
      add(`lines.${index}.productId`, ORDER_MESSAGES.productGone);
      return;
    }
    const { product } = found;
    let lineOk = true;
    if (!product.available || !inWindow(found.availableFrom, found.availableUntil, venue.timezone, now)) {
      unavailable.push({ index, productId: product.id, name: product.name });
      lineOk = false;
    }
    const chosen: OrderLine['options'] = [];
    const perGroup = new Map<string, number>();
    const seen = new Set<string>();
    for (const optionId of line.optionIds) {
      if (seen.has(optionId)) {
        add(`lines.${index}.optionIds`, ORDER_MESSAGES.optionRepeated);
        lineOk = false;
        continue;
      }
      seen.add(optionId);
      const hit = findOption(product, optionId);
      if (!hit) {
        add(`lines.${index}.optionIds`, ORDER_MESSAGES.optionUnknown);
        lineOk = false;
        continue;
      }
      if (!hit.option.available) {
        unavailable.push({ index, productId: product.id, name: `${product.name}: ${hit.option.name}` });
        lineOk = false;
      }
      perGroup.set(hit.group.id, (perGroup.get(hit.group.id) ?? 0) + 1);
      chosen.push({ id: hit.option.id, name: hit.option.name, priceDelta: hit.option.priceDelta });
    }
    for (const group of product.optionGroups) {
      const count = perGroup.get(group.id) ?? 0;
      if (count < group.min || count > group.max) {
        const message =
          group.min === group.max
            ? ORDER_MESSAGES.chooseExactly(group.min, group.name)
            : count < group.min
              ? ORDER_MESSAGES.chooseAtLeast(group.min, group.name)
              : ORDER_MESSAGES.chooseAtMost(group.max, group.name);
        add(`lines.${index}.optionIds`, message);
        lineOk = false;
      }
    }
    if (!lineOk) return;
    const note = lineNote(line.note);
    const unitPrice = Math.max(0, product.price + chosen.reduce((sum, o) => sum + o.priceDelta, 0));
    lines.push({
      productId: product.id,
      name: product.name,
      options: chosen,
      ...(note ? { note } : {}),
      quantity: line.quantity,
      unitPrice,
      lineTotal: lineTotalOf({ unitPrice, quantity: line.quantity }),
    });
  });

  return { lines, unavailable };
}

export function priceOrder(entry: CachedVenue, input: OrderInput, now: Date, venues?: VenueStore): PricedOrder {
  const { venue } = entry;
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);

  if (!venue.orderModes.includes(input.mode)) add('mode', ORDER_MESSAGES.modeNotAccepted);
  if (input.mode === 'table') {
    if (!input.table) add('table', ORDER_MESSAGES.tableMissing);
    else if (venue.tables && !venue.tables.includes(input.table)) add('table', ORDER_MESSAGES.tableUnknown);
  }
  if (input.mode === 'delivery' && !input.customer.address) add('customer.address', ORDER_MESSAGES.addressMissing);
  if (input.mode !== 'table' && !input.payment) add('payment', ORDER_MESSAGES.paymentMissing);

  const { lines, unavailable } = priceLines(entry, input.lines, now, add);

  if (Object.keys(errors).length) throw problem('validation', 422, ORDER_MESSAGES.checkOrder, { errors });
  if (!isOpenAt(venue.hours, venue.timezone, now)) {
    throw problem('venueClosed', 422, ORDER_MESSAGES.venueClosed(venue.name));
  }
  if (unavailable.length) {
    const names = unavailable.map((u) => u.name).join(', ');
    throw problem('unavailable', 422, ORDER_MESSAGES.unavailable(names), {
      unavailable,
      errors: Object.fromEntries(unavailable.map((u) => [`lines.${u.index}`, [ORDER_MESSAGES.lineUnavailable]])),
    });
  }

  const { subtotal, tip, deliveryFee, total } = computeTotals(lines, {
    tip: input.tip,
    mode: input.mode,
    deliveryFee: venue.deliveryFee,
  });
  // Pickup and delivery only: a table round has no minimum (src/contract/minimum.ts).
  const shortfall = minimumShortfall(venue.minOrder, input.mode, subtotal);
  if (shortfall) {
    throw problem('belowMinimum', 422, minimumMessage(shortfall, venue), {
      minOrder: shortfall.minOrder,
      missing: shortfall.missing,
      subtotal,
    });
  }

  if (total !== input.expectedTotal) {
    const old = venues?.priceChangesSince(venue.id, now.getTime() - PRICE_MEMORY_MS) ?? new Map<string, number>();
    const changes: PriceChange[] = [];
    lines.forEach((line, index) => {
      const product = entry.products.get(line.productId)!.product;
      const before = Math.max(
        0,
        (old.get(`p:${product.id}`) ?? product.price) +
          line.options.reduce((sum, o) => sum + (old.get(`o:${product.id}:${o.id}`) ?? o.priceDelta), 0),
      );
      if (before !== line.unitPrice) {
        changes.push({
          index,
          productId: line.productId,
          name: line.name,
          expectedUnitPrice: before,
          unitPrice: line.unitPrice,
          quantity: line.quantity,
        });
      }
    });
    // No recent price change explains the difference: list every line with its current price.
    if (!changes.length) {
      lines.forEach((line, index) =>
        changes.push({
          index,
          productId: line.productId,
          name: line.name,
          unitPrice: line.unitPrice,
          quantity: line.quantity,
        }),
      );
    }
    throw problem('priceChanged', 409, ORDER_MESSAGES.pricesChanged, {
      changes,
      subtotal,
      tip,
      deliveryFee,
      total,
      expectedTotal: input.expectedTotal,
    });
  }
  return { lines, subtotal, tip, deliveryFee, total };
}
