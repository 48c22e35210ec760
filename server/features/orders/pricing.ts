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
import { AVAILABILITY_MESSAGES } from '../../../src/contract/availability.ts';
import { isSet, SET_MESSAGES } from '../../../src/contract/set-menu.ts';
import {
  checkSetLine,
  outOfHours as outOfHoursOf,
  pricedChoices,
  setPriceBefore,
  type OutOfHoursLine,
} from './sets.ts';

/**
 * 422 for lines ordered outside their days and hours: an `unavailable` problem (clients already
 * handle it) whose sentence says when the first is served; `outOfHours` lists them with theirs.
 */
export function outOfHoursProblem(lines: readonly OutOfHoursLine[]): Error {
  const first = lines[0]!;
  return problem('unavailable', 422, AVAILABILITY_MESSAGES.notNow(first.name, first.when), {
    unavailable: lines.map(({ index, productId, name }) => ({ index, productId, name })),
    outOfHours: lines,
    errors: Object.fromEntries(lines.map((u) => [`lines.${u.index}`, [AVAILABILITY_MESSAGES.notNowField]])),
  });
}

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
): { lines: OrderLine[]; unavailable: UnavailableLine[]; outOfHours: OutOfHoursLine[] } {
  const { venue } = entry;
  const unavailable: UnavailableLine[] = [];
  const outOfHours: OutOfHoursLine[] = [];
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
    // Its own or its category's days and hours (src/contract/availability.ts).
    const when = outOfHoursOf(entry, product.id, now);
    if (when !== null) {
      outOfHours.push({ index, productId: product.id, name: product.name, when });
      lineOk = false;
    }
    const isSetLine = isSet(product);
    if (!isSetLine && line.choices?.length) {
      add(`lines.${index}.choices`, SET_MESSAGES.notASet);
      lineOk = false;
    }
    if (isSetLine) {
      const report = {
        add,
        unavailable: (name: string) => unavailable.push({ index, productId: product.id, name }),
      };
      if (line.optionIds.length) {
        add(`lines.${index}.optionIds`, ORDER_MESSAGES.optionUnknown);
        lineOk = false;
      }
      if (!checkSetLine(entry, product, line, index, report)) lineOk = false;
      if (!lineOk) return;
      const note = lineNote(line.note);
      const priced = pricedChoices(entry, product, line.choices ?? []);
      lines.push({
        productId: product.id,
        name: product.name,
        options: [],
        ...(note ? { note } : {}),
        quantity: line.quantity,
        unitPrice: priced.unitPrice,
        lineTotal: lineTotalOf({ unitPrice: priced.unitPrice, quantity: line.quantity }),
        choices: priced.choices ?? [],
        ...(priced.included?.length ? { included: priced.included } : {}),
      });
      return;
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

  return { lines, unavailable, outOfHours };
}

/** When the order is for: its pickup slot when one in the future is chosen, else now. */
function servedAt(input: OrderInput, now: Date): Date {
  if (input.mode === 'table' || input.pickupAt === undefined) return now;
  const at = new Date(input.pickupAt);
  return Number.isNaN(at.getTime()) || at <= now ? now : at;
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

  // A pickup or delivery order for a later slot is for then (docs/rules.md#pickup-times): the venue may be closed now,
  // and a dish's hours are read at the slot (timing.ts checks that the slot is one of the venue's).
  const when = servedAt(input, now);
  const { lines, unavailable, outOfHours } = priceLines(entry, input.lines, when, add);

  if (Object.keys(errors).length) throw problem('validation', 422, ORDER_MESSAGES.checkOrder, { errors });
  if (!isOpenAt(venue.hours, venue.timezone, when)) {
    throw problem('venueClosed', 422, ORDER_MESSAGES.venueClosed(venue.name));
  }
  if (outOfHours.length) throw outOfHoursProblem(outOfHours);
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
      const before = line.choices
        ? setPriceBefore(line, product.price, old)
        : Math.max(
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
