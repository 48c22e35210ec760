import { describe, expect, it } from 'vitest';
import { formatVenueTime, zoneName } from '../../../src/contract/time-format.ts';
import { minimumButtonLabel, minimumMessage, minimumShortfall } from '../../../src/contract/minimum.ts';

// 2026-11-25T03:43Z is 21:43 of the 24th in Mexico City (UTC−6).
const AT = '2026-11-25T03:43:00.000Z';

describe('formatVenueTime', () => {
  it("shows the venue's time, the same wherever the device is, naming the zone when the device's differs", () => {
    expect(formatVenueTime(AT, 'es-ES', 'America/Mexico_City', { deviceZone: 'America/Mexico_City' })).toBe('21:43');
    expect(formatVenueTime(AT, 'es-ES', 'America/Mexico_City', { deviceZone: 'UTC' })).toBe(
      '21:43 (hora de Ciudad de México)',
    );
    expect(
      formatVenueTime(AT, 'es-ES', 'America/Mexico_City', { deviceZone: 'Europe/Madrid', style: 'dateTime' }),
    ).toBe('24 nov 2026, 21:43 (hora de Ciudad de México)');
    // The venue's locale decides the clock (Mexico reads 12 h), never the device's zone.
    expect(formatVenueTime(AT, 'es-MX', 'America/Mexico_City', { deviceZone: 'America/Mexico_City' })).toMatch(
      /^09:43\s?p\.\s?m\.$/,
    );
  });

  it("a device in another zone name with the same time names nothing; no venue zone, the device's time", () => {
    expect(formatVenueTime(AT, 'es', 'America/Bogota', { deviceZone: 'America/Lima' })).toBe('22:43');
    expect(formatVenueTime(AT, 'es', undefined, { deviceZone: 'UTC' })).toMatch(/^\d\d:\d\d$/);
    expect(formatVenueTime(AT, 'es', 'Not/AZone', { deviceZone: 'UTC' })).toMatch(/^\d\d:\d\d$/);
    expect(formatVenueTime('nope', 'es', 'America/Mexico_City')).toBe('');
    expect(zoneName('America/Bogota')).toBe('Bogotá');
  });
});

describe('the minimum order', () => {
  it("applies to pickup and delivery, never to a table round, and says the amounts in the venue's money", () => {
    expect(minimumShortfall(8000, 'table', 4500)).toBeNull();
    expect(minimumShortfall(8000, 'pickup', 8000)).toBeNull();
    expect(minimumShortfall(undefined, 'delivery', 100)).toBeNull();
    const short = minimumShortfall(8000, 'delivery', 6000)!;
    expect(minimumMessage(short, { currency: 'MXN', locale: 'es-MX' })).toBe(
      'El pedido mínimo es $80.00; te faltan $20.00.',
    );
    expect(minimumButtonLabel(short, { currency: 'MXN', locale: 'es-MX' })).toBe('Te faltan $20.00 para el mínimo');
    expect(
      minimumMessage(minimumShortfall(3_000_000, 'pickup', 2_000_000)!, { currency: 'COP', locale: 'es-CO' }),
    ).toMatch(/^El pedido mínimo es \$\s?30\.000; te faltan \$\s?10\.000\.$/);
  });
});

describe('status words', () => {
  it('a pickup order ends «Recogido»; the status reads as a sentence («Tu pedido está listo»)', async () => {
    const { orderStatusLabel, orderStatusSentence } = await import('../../../src/contract/labels.ts');
    expect(orderStatusLabel('delivered', 'pickup')).toBe('Recogido');
    expect(orderStatusLabel('delivered', 'delivery')).toBe('Entregado');
    expect(orderStatusSentence('ready', 'pickup')).toBe('Tu pedido está listo');
    expect(orderStatusSentence('preparing', 'delivery')).toBe('Tu pedido está en preparación');
    expect(orderStatusSentence('delivered', 'pickup')).toBe('Tu pedido fue recogido');
  });
});
