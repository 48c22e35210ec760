/**
 * Money is integer minor units everywhere (docs/rules.md#menu-and-money). The number of minor
 * digits of a currency is its ISO 4217 exponent (MXN 2, EUR 2, COP 2, JPY 0) — the API stores COP in centavos too, so 12.000 pesos is
 * 1_200_000. Formatting goes through a decimal string, never a float division.
 *
 * COP and CLP-like currencies whose cents are not used in practice are shown
 * without decimals when the amount is a whole number of major units (every
 * demo price is); a non-whole amount keeps its decimals so nothing is hidden.
 */
const WHOLE_DISPLAY = new Set(['COP', 'HUF', 'TWD']);
// ISO 4217 minor-unit digits (Intl's own defaults differ for e.g. COP, where
// CLDR says 0): the API's minor units follow ISO, so this table is the truth.
const ZERO_DIGITS = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DIGITS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

export function currencyDigits(currency: string): number {
  if (ZERO_DIGITS.has(currency)) return 0;
  if (THREE_DIGITS.has(currency)) return 3;
  return 2;
}

/** `1234` with 2 digits → `"12.34"`; exact for any safe integer. */
export function minorToDecimalString(minor: number, digits: number): string {
  const negative = minor < 0;
  const abs = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const whole = digits > 0 ? abs.slice(0, -digits) : abs;
  const fraction = digits > 0 ? abs.slice(-digits) : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

/** Formats integer minor units in the venue's currency and locale, e.g. `formatMoney(3500, 'MXN', 'es-MX')` → `$35.00`. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  const factor = 10 ** digits;
  const whole = WHOLE_DISPLAY.has(currency) && minor % factor === 0;
  const shown = whole ? 0 : digits;
  const value = minorToDecimalString(minor, digits);
  // Intl.NumberFormat#format accepts a decimal string and formats it exactly.
  return formatter(locale, currency, shown).format(value as unknown as number);
}
