/**
 * Money typed as text (a price in the menu editor, a tip at checkout) read by one rule, the
 * venue's locale (docs/rules.md#menu-and-money): its decimal and group separators come from
 * `Intl.NumberFormat#formatToParts`, so "3.500" is 3500 in es-ES and es-CO and 3.50 in es-MX.
 * Read as text, never through a float, into integer minor units (the currency's ISO 4217 digits).
 *
 * Lenient where nothing is ambiguous: spaces, currency symbols and the currency's code are ignored; the
 * other mark ("12.5" in es-ES, "12,50" in es-MX) is a decimal mark when it cannot be a group
 * separator (it appears once, not followed by exactly three digits); zeros past the currency's
 * digits are dropped ("3.500" in es-MX is 3.50).
 */
import { currencyDigits } from './money-format.ts';

export type MoneyTextError = 'empty' | 'negative' | 'invalid' | 'tooManyDecimals' | 'tooLarge';

const separatorCache = new Map<string, { group: string; decimal: string }>();

function separators(locale: string): { group: string; decimal: string } {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
    const group = parts.find((p) => p.type === 'group')?.value ?? '';
    // A space-like group separator (fr, es in some runtimes) is removed with the other spaces.
    found = { group: /^\s$/u.test(group) ? '' : group, decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separatorCache.set(locale, found);
  }
  return found;
}

/** "1.234.567" with `group` "." → "1234567"; null when the groups are not 1–3 digits then threes. */
function ungrouped(text: string, group: string): string | null {
  if (!group || !text.includes(group)) return /^\d+$/.test(text) ? text : null;
  const chunks = text.split(group);
  if (!/^\d{1,3}$/.test(chunks[0]!) || !chunks.slice(1).every((c) => /^\d{3}$/.test(c))) return null;
  return chunks.join('');
}

/** The typed amount in minor units of `currency`, read in `locale`; or why it cannot be read. */
export function parseMoneyText(
  text: string,
  currency: string,
  locale: string,
  { allowNegative = false } = {},
): { value: number } | { error: MoneyTextError } {
  const digits = currencyDigits(currency);
  const { group, decimal } = separators(locale);
  let s = text.replace(/[\s$€£¥]/gu, '').replace(new RegExp(`^${currency}|${currency}$`, 'iu'), '');
  if (!s) return { error: 'empty' };
  const negative = /^[-−]/.test(s);
  if (negative) s = s.slice(1);
  if (negative && !allowNegative) return { error: 'negative' };
  if (!/\d/.test(s)) return { error: 'invalid' };

  let whole: string | null;
  let fraction = '';
  if (s.includes(decimal)) {
    const at = s.indexOf(decimal);
    if (s.indexOf(decimal, at + 1) >= 0) return { error: 'invalid' };
    whole = s.slice(0, at) === '' ? '0' : ungrouped(s.slice(0, at), group);
    fraction = s.slice(at + 1);
    if (!/^\d*$/.test(fraction)) return { error: 'invalid' };
  } else {
    whole = ungrouped(s, group);
    const marks = s.match(/[.,]/g) ?? [];
    if (whole === null && marks.length === 1) {
      // The other decimal mark, where it cannot be a group separator.
      const [before = '', after = ''] = s.split(marks[0]);
      if (/^\d*$/.test(before) && /^\d+$/.test(after)) {
        whole = before || '0';
        fraction = after;
      }
    }
  }
  if (whole === null || !/^\d+$/.test(whole)) return { error: 'invalid' };
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > digits) return { error: 'tooManyDecimals' };
  const minor = `${whole}${kept.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  if (minor.length > 12) return { error: 'tooLarge' };
  const value = Number(minor);
  return { value: negative && value !== 0 ? -value : value };
}

/** Minor units as a person would type them in `locale`: the locale's decimal mark, no grouping ("12,50", "12.50", "3500"). */
export function formatMoneyText(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  const abs = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const whole = digits > 0 ? abs.slice(0, -digits) : abs;
  const fraction = digits > 0 ? `${separators(locale).decimal}${abs.slice(-digits)}` : '';
  return `${minor < 0 ? '-' : ''}${whole}${fraction}`;
}
