/**
 * Checkout totals in integer minor units (product.md §3, §4). The client only
 * shows these figures and sends the total as `expectedTotal`; the API decides.
 */
import type { OrderMode } from '../../contract/venue.ts';

export const TIP_PRESETS = [0, 10, 15] as const;
export type TipPreset = (typeof TIP_PRESETS)[number];

/** What the diner picked: a preset percentage or a custom amount typed as text. */
export type TipChoice = { kind: 'percent'; percent: number } | { kind: 'amount'; amount: number };

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

export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

/** Percentage of an integer amount, rounded half up, without fractional money. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

export function tipAmount(subtotal: number, tip: TipChoice): number {
  return tip.kind === 'percent' ? percentOf(subtotal, tip.percent) : tip.amount;
}

export function computeTotals(
  lines: readonly PricedLine[],
  options: { tip: TipChoice; mode: OrderMode | ''; deliveryFee?: number | undefined },
): Totals {
  const subtotal = subtotalOf(lines);
  const tip = tipAmount(subtotal, options.tip);
  const deliveryFee = options.mode === 'delivery' ? (options.deliveryFee ?? 0) : 0;
  return { subtotal, tip, deliveryFee, total: subtotal + tip + deliveryFee };
}

/**
 * Parses an amount typed by the diner (`20`, `20,5`, `20.50`, ` 7 `) into minor
 * units by reading the digits as text, never through a float. Returns null for
 * anything else (negative, letters, thousands separators, too many decimals).
 */
export function parseAmount(text: string, fractionDigits: number): number | null {
  const match = /^(\d{1,9})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > fractionDigits) return null;
  const padded = fraction.padEnd(fractionDigits, '0');
  return Number.parseInt(whole, 10) * 10 ** fractionDigits + (padded ? Number.parseInt(padded, 10) : 0);
}
