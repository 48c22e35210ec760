/**
 * Money arithmetic both sides must agree on (docs/rules.md#menu-and-money,
 * docs/rules.md#cart-checkout-and-orders): integer minor units only. The browser shows
 * these figures and sends the total as `expectedTotal`; the server recomputes
 * them with the same functions.
 */
import type { TipInput } from './order.ts';
import type { OrderMode } from './venue.ts';

export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export interface Totals {
  subtotal: number;
  tip: number;
  deliveryFee: number;
  total: number;
}

export function lineTotalOf(line: PricedLine): number {
  return line.unitPrice * line.quantity;
}

export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalOf(line), 0);
}

/** Units in an order (two of one dish count two). */
export function unitCountOf(lines: readonly Pick<PricedLine, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Percentage of an integer amount, rounded half up, without fractional money. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

export function tipAmount(subtotal: number, tip: TipInput): number {
  return 'percent' in tip ? percentOf(subtotal, tip.percent) : tip.amount;
}

export function deliveryFeeFor(mode: OrderMode | '', deliveryFee: number | undefined): number {
  return mode === 'delivery' ? (deliveryFee ?? 0) : 0;
}

export function computeTotals(
  lines: readonly PricedLine[],
  options: { tip: TipInput; mode: OrderMode | ''; deliveryFee?: number | undefined },
): Totals {
  const subtotal = subtotalOf(lines);
  const tip = tipAmount(subtotal, options.tip);
  const deliveryFee = deliveryFeeFor(options.mode, options.deliveryFee);
  return { subtotal, tip, deliveryFee, total: subtotal + tip + deliveryFee };
}

/**
 * A total split between `n` people in integer minor units: everyone pays `share`, and
 * `remainder` (0 ≤ remainder < n) is left over to be shown, never dropped:
 * `share * n + remainder === total`. `n` below 1 counts as 1.
 */
export function splitBill(total: number, n: number): { share: number; remainder: number } {
  const people = Math.max(1, Math.floor(n));
  const share = Math.floor(total / people);
  return { share, remainder: total - share * people };
}
