import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimalString } from '../../../src/lib/money.ts';
import { normalizeText, matchesQuery } from '../../../src/lib/text.ts';
import { openState, openStatusText, todayHours, zonedClock } from '../../../src/contract/hours.ts';
import type { Hours } from '../../../src/contract/venue.ts';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('formatMoney', () => {
  it('formats minor units in the venue currency and locale', () => {
    expect(nbsp(formatMoney(3_550, 'MXN', 'es-MX'))).toBe('$35.50');
    expect(nbsp(formatMoney(1_250, 'EUR', 'es-ES'))).toBe('12,50 €');
    expect(nbsp(formatMoney(0, 'EUR', 'es-ES'))).toBe('0,00 €');
  });
  it('shows whole COP amounts without decimals, keeps cents when present', () => {
    expect(nbsp(formatMoney(1_200_000, 'COP', 'es-CO'))).toBe('$ 12.000');
    expect(nbsp(formatMoney(1_200_050, 'COP', 'es-CO'))).toBe('$ 12.000,50');
  });
  it('is exact for large amounts and negatives (no float division)', () => {
    expect(minorToDecimalString(900_719_925_474_099, 2)).toBe('9007199254740.99');
    expect(minorToDecimalString(-5, 2)).toBe('-0.05');
    expect(minorToDecimalString(1234, 0)).toBe('1234');
  });
});

describe('text search', () => {
  it('is accent and case insensitive', () => {
    expect(normalizeText('Chile Jalapeño  RELLENO')).toBe('chile jalapeno relleno');
    expect(matchesQuery(normalizeText('Taco de jalapeño con queso'), 'JALAPENO queso')).toBe(true);
    expect(matchesQuery(normalizeText('Taco de jalapeño'), 'jalapeño pollo')).toBe(false);
    expect(matchesQuery(normalizeText('Café con leche'), '')).toBe(true);
  });
});

describe('opening hours in the venue timezone', () => {
  // 2026-11-21 is a Saturday. 15:30 UTC = 09:30 in Mexico City (UTC-6), 16:30 in Madrid (UTC+1).
  const sat1530 = new Date('2026-11-21T15:30:00Z');
  const hours: Hours = {
    mon: [],
    tue: [],
    wed: [],
    thu: [],
    fri: [{ open: '20:00', close: '02:00' }],
    sat: [
      { open: '08:00', close: '14:00' },
      { open: '17:00', close: '24:00' },
    ],
    sun: [],
  };

  it('reads the clock in the venue timezone', () => {
    expect(zonedClock(sat1530, 'America/Mexico_City')).toMatchObject({ weekday: 'sat', minutes: 9 * 60 + 30 });
    expect(zonedClock(sat1530, 'Europe/Madrid')).toMatchObject({ weekday: 'sat', minutes: 16 * 60 + 30 });
  });

  it('open in Mexico City, closed (between intervals) in Madrid at the same instant', () => {
    expect(openState(hours, 'America/Mexico_City', sat1530)).toEqual({ open: true, until: '14:00', opensAt: null });
    const madrid = openState(hours, 'Europe/Madrid', sat1530);
    expect(madrid).toEqual({ open: false, until: null, opensAt: '17:00' });
    expect(openStatusText(madrid)).toBe('Cerrado · abre a las 17:00');
  });

  it('an interval crossing midnight is open early the next day', () => {
    // Saturday 01:30 in Madrid = Saturday 00:30 UTC.
    const state = openState(hours, 'Europe/Madrid', new Date('2026-11-21T00:30:00Z'));
    expect(state.open).toBe(true);
    expect(state.until).toBe('02:00');
    expect(openState(hours, 'Europe/Madrid', new Date('2026-11-21T01:30:00Z')).open).toBe(false);
  });

  it('24:00 closes at midnight', () => {
    expect(openState(hours, 'Europe/Madrid', new Date('2026-11-21T22:30:00Z'))).toEqual({
      open: true,
      until: '24:00',
      opensAt: null,
    });
    // Sunday 00:30 Madrid: Saturday's 24:00 has ended and Sunday has nothing.
    expect(openState(hours, 'Europe/Madrid', new Date('2026-11-21T23:30:00Z')).open).toBe(false);
  });

  it('open 24 hours every day', () => {
    const allDay = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '24:00' }]]),
    ) as Hours;
    const state = openState(allDay, 'America/Mexico_City', sat1530);
    expect(openStatusText(state)).toBe('Abierto ahora');
    expect(todayHours(allDay, 'America/Mexico_City', sat1530)).toBe('Hoy abierto 24 horas');
  });

  it("today's hours and a closed day", () => {
    expect(todayHours(hours, 'Europe/Madrid', sat1530)).toBe('Hoy 08:00–14:00, 17:00–24:00');
    expect(todayHours(hours, 'Europe/Madrid', new Date('2026-11-22T12:00:00Z'))).toBe('Hoy cerrado');
  });
});
