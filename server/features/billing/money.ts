/**
 * The bill's arithmetic (docs/rules.md#the-bill), all in integer minor units: shares of a shared line, an amount
 * spread over tax rates, base and tax of tax-inclusive prices, and a time in the venue's zone.
 */
import type { TaxLine } from '../../../src/contract/bill.ts';

/**
 * Share `index` (0-based, in the order shares were taken) of a line of `total` split between `of` people:
 * `floor(total / of)`, and the first `total mod of` shares one minor unit more. The shares add up to `total`.
 */
export const shareAmount = (total: number, of: number, index: number): number =>
  Math.floor(total / of) + (index < total % of ? 1 : 0);

/**
 * `amount` spread over tax rates in proportion to `gross` (rate → tax-inclusive amount): each rate gets the floor
 * of its part, and the minor units left go one each to the rates with the largest remainders (ties: lower rate
 * first). The parts add up to `amount`.
 */
export function spreadOverRates(amount: number, gross: ReadonlyMap<number, number>): Map<number, number> {
  const rates = [...gross.keys()].sort((a, b) => a - b);
  const total = rates.reduce((sum, r) => sum + gross.get(r)!, 0);
  const out = new Map<number, number>();
  if (!rates.length || total <= 0) return new Map([[rates[0] ?? 0, amount]]);
  const parts = rates.map((rate) => {
    const exact = amount * gross.get(rate)!;
    return { rate, floor: Math.floor(exact / total), rest: exact % total };
  });
  let left = amount - parts.reduce((sum, p) => sum + p.floor, 0);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest || a.rate - b.rate)) {
    if (left <= 0) break;
    p.floor++;
    left--;
  }
  for (const p of parts) if (p.floor > 0) out.set(p.rate, p.floor);
  return out;
}

/**
 * Base and tax per rate of tax-inclusive amounts: for each rate, the gross G of its lines together,
 * base = round(G × 10000 / (10000 + rate)) (half up), tax = G − base, so base + tax is exactly G.
 */
export function taxesOf(lines: ReadonlyArray<{ amount: number; taxRate: number }>): TaxLine[] {
  const gross = new Map<number, number>();
  for (const l of lines) gross.set(l.taxRate, (gross.get(l.taxRate) ?? 0) + l.amount);
  return [...gross.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, g]) => {
      const base = Math.floor((g * 10_000 * 2 + (10_000 + rate)) / (2 * (10_000 + rate)));
      return { rate, base, tax: g - base };
    });
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wall(at: Date, timezone: string) {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(at)) p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** The time in the zone, ISO 8601 with its offset and no fraction: `2026-11-24T18:40:12+01:00`. */
export function zonedIso(at: Date, timezone: string): string {
  const w = wall(at, timezone);
  const seconds = Math.floor(at.getTime() / 1000) * 1000;
  const offset = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - seconds) / 60_000);
  const pad = (n: number, size = 2) => String(n).padStart(size, '0');
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
