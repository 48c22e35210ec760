import { describe, expect, it } from 'vitest';
import { formatMoneyText, parseMoneyText } from '../../../src/contract/money-text.ts';

const read = (text: string, currency: string, locale: string) => {
  const r = parseMoneyText(text, currency, locale);
  return 'value' in r ? r.value : r.error;
};

describe("money typed as text, read by the venue's locale (docs/rules.md#menu-and-money)", () => {
  it('es-MX: "." is the decimal mark, "," groups', () => {
    expect(read('3,500.50', 'MXN', 'es-MX')).toBe(350_050);
    expect(read('3,500', 'MXN', 'es-MX')).toBe(350_000);
    expect(read('3.500', 'MXN', 'es-MX')).toBe(350);
    expect(read('12.50', 'MXN', 'es-MX')).toBe(1_250);
    expect(read('12,50', 'MXN', 'es-MX')).toBe(1_250); // cannot be a group: read as the decimal mark
    expect(read('$ 1,234,567.89', 'MXN', 'es-MX')).toBe(123_456_789);
  });

  it('es-ES: "," is the decimal mark, "." groups', () => {
    expect(read('3.500,50', 'EUR', 'es-ES')).toBe(350_050);
    expect(read('3.500', 'EUR', 'es-ES')).toBe(350_000);
    expect(read('12,50', 'EUR', 'es-ES')).toBe(1_250);
    expect(read('12.5', 'EUR', 'es-ES')).toBe(1_250);
    expect(read('8 €', 'EUR', 'es-ES')).toBe(800);
    expect(read('0,07', 'EUR', 'es-ES')).toBe(7);
    expect(read('19,99', 'EUR', 'es-ES')).toBe(1_999); // a float would give 1998.9999…
  });

  it('es-CO: pesos grouped with ".", in centavos (ISO 4217: 2 digits)', () => {
    expect(read('3.500', 'COP', 'es-CO')).toBe(350_000);
    expect(read('12.000', 'COP', 'es-CO')).toBe(1_200_000);
    expect(read('1.250.000', 'COP', 'es-CO')).toBe(125_000_000);
    expect(read('COP 3.500,50', 'COP', 'es-CO')).toBe(350_050);
  });

  it('a currency without decimals takes none', () => {
    expect(read('2000', 'JPY', 'es-ES')).toBe(2_000);
    expect(read('2.000', 'JPY', 'es-ES')).toBe(2_000);
    expect(read('20,5', 'JPY', 'es-ES')).toBe('tooManyDecimals');
  });

  it('refuses negatives, garbage, too many decimals and broken groups', () => {
    expect(read('-1', 'EUR', 'es-ES')).toBe('negative');
    expect(parseMoneyText('-1,5', 'EUR', 'es-ES', { allowNegative: true })).toEqual({ value: -150 });
    expect(read('', 'EUR', 'es-ES')).toBe('empty');
    expect(read('   ', 'EUR', 'es-ES')).toBe('empty');
    for (const bad of [
      'doce',
      'uno',
      'MXN 5',
      '1,2,3',
      '12..5',
      '1.2.3,4,5',
      '3,500.50',
      '1e3',
      '0x10',
      '12,5a',
      '.',
      ',',
    ]) {
      expect(read(bad, 'EUR', 'es-ES'), bad).toBe('invalid');
    }
    expect(read('1.234,50', 'MXN', 'es-MX')).toBe('invalid'); // Spanish grouping in Mexico: refused, not misread
    expect(read('1,2345', 'EUR', 'es-ES')).toBe('tooManyDecimals');
    expect(read('1,234', 'EUR', 'es-ES')).toBe('tooManyDecimals');
    expect(read('9999999999999', 'EUR', 'es-ES')).toBe('tooLarge');
  });

  it('writes minor units back as they would be typed, and reads them back exactly', () => {
    expect(formatMoneyText(1_250, 'EUR', 'es-ES')).toBe('12,50');
    expect(formatMoneyText(1_250, 'MXN', 'es-MX')).toBe('12.50');
    expect(formatMoneyText(-5, 'EUR', 'es-ES')).toBe('-0,05');
    expect(formatMoneyText(2_000, 'JPY', 'es-ES')).toBe('2000');
    for (const [minor, currency, locale] of [
      [350_000, 'MXN', 'es-MX'],
      [3_500, 'KWD', 'es-MX'],
      [1_200_000, 'COP', 'es-CO'],
      [7, 'EUR', 'es-ES'],
    ] as const) {
      expect(parseMoneyText(formatMoneyText(minor, currency, locale), currency, locale)).toEqual({ value: minor });
    }
  });
});
