/** Reading a tip amount typed by the diner; the arithmetic itself is shared with the server (`contract/money.ts`). */

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
