import { describe, expect, it } from 'vitest';
import { availabilityText, isAvailableAt, isServedAt } from '../../../src/contract/availability.ts';
import type { AvailabilityWindow } from '../../../src/contract/venue.ts';

// Valencia: 2026-11-20 is a Friday (UTC+1); Spain's clocks go forward on Sunday 2026-03-29 at 02:00
// (UTC+1 → UTC+2) and back on Sunday 2026-10-25 at 03:00 (UTC+2 → UTC+1).
const TZ = 'Europe/Madrid';
const at = (iso: string) => new Date(iso);
const weekdays: AvailabilityWindow[] = [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '13:00', until: '16:00' }];

describe('isAvailableAt: windows by day and hour in the venue zone', () => {
  it('no windows: always', () => {
    expect(isAvailableAt(undefined, at('2026-11-20T03:00:00Z'), TZ)).toBe(true);
    expect(isAvailableAt([], at('2026-11-20T03:00:00Z'), TZ)).toBe(true);
  });

  it('a lunch window on weekdays, read in the venue zone (not UTC)', () => {
    expect(isAvailableAt(weekdays, at('2026-11-20T11:59:00Z'), TZ)).toBe(false); // Fri 12:59
    expect(isAvailableAt(weekdays, at('2026-11-20T12:00:00Z'), TZ)).toBe(true); // Fri 13:00
    expect(isAvailableAt(weekdays, at('2026-11-20T14:59:00Z'), TZ)).toBe(true); // Fri 15:59
    expect(isAvailableAt(weekdays, at('2026-11-20T15:00:00Z'), TZ)).toBe(false); // Fri 16:00
    expect(isAvailableAt(weekdays, at('2026-11-21T12:30:00Z'), TZ)).toBe(false); // Sat 13:30
    // The same instant in Mexico City is 06:30 on Friday.
    expect(isAvailableAt(weekdays, at('2026-11-20T12:30:00Z'), 'America/Mexico_City')).toBe(false);
  });

  it('a window crossing midnight belongs to the day it starts', () => {
    const late: AvailabilityWindow[] = [{ days: ['fri'], from: '22:00', until: '02:00' }];
    expect(isAvailableAt(late, at('2026-11-20T20:59:00Z'), TZ)).toBe(false); // Fri 21:59
    expect(isAvailableAt(late, at('2026-11-20T21:00:00Z'), TZ)).toBe(true); // Fri 22:00
    expect(isAvailableAt(late, at('2026-11-21T00:30:00Z'), TZ)).toBe(true); // Sat 01:30: Friday's night
    expect(isAvailableAt(late, at('2026-11-21T01:00:00Z'), TZ)).toBe(false); // Sat 02:00
    expect(isAvailableAt(late, at('2026-11-21T21:30:00Z'), TZ)).toBe(false); // Sat 22:30: not a Friday
    expect(isAvailableAt(late, at('2026-11-20T00:30:00Z'), TZ)).toBe(false); // Fri 01:30: Thursday's night
  });

  it('is right on the days the clocks change', () => {
    const sunday: AvailabilityWindow[] = [{ days: ['sun'], from: '13:00', until: '16:00' }];
    // 29 March (UTC+2 from 02:00): 11:30Z is 13:30, 14:30Z is 16:30 (it would be 15:30 a day earlier).
    expect(isAvailableAt(sunday, at('2026-03-29T11:30:00Z'), TZ)).toBe(true);
    expect(isAvailableAt(sunday, at('2026-03-29T14:30:00Z'), TZ)).toBe(false);
    // 25 October (UTC+1 from 03:00): 12:30Z is 13:30, 14:30Z is 15:30 (it would be 16:30 a day earlier).
    expect(isAvailableAt(sunday, at('2026-10-25T11:30:00Z'), TZ)).toBe(false);
    expect(isAvailableAt(sunday, at('2026-10-25T14:30:00Z'), TZ)).toBe(true);
    // A night window across the spring change: Saturday 23:00 until 04:00 (an hour shorter that night).
    const night: AvailabilityWindow[] = [{ days: ['sat'], from: '23:00', until: '04:00' }];
    expect(isAvailableAt(night, at('2026-03-29T01:30:00Z'), TZ)).toBe(true); // Sun 03:30 CEST
    expect(isAvailableAt(night, at('2026-03-29T02:00:00Z'), TZ)).toBe(false); // Sun 04:00 CEST
  });

  it('a dish is served only when its own and its category windows both hold', () => {
    const evenings: AvailabilityWindow[] = [{ days: ['fri'], from: '14:00', until: '23:00' }];
    expect(isServedAt(weekdays, evenings, at('2026-11-20T12:30:00Z'), TZ)).toBe(false); // 13:30
    expect(isServedAt(weekdays, evenings, at('2026-11-20T13:30:00Z'), TZ)).toBe(true); // 14:30
    expect(isServedAt(undefined, undefined, at('2026-11-20T13:30:00Z'), TZ)).toBe(true);
  });
});

describe('availabilityText: the Spanish sentence', () => {
  it('weekdays, weekends, every day and lists', () => {
    expect(availabilityText(weekdays)).toBe('Disponible de lunes a viernes, de 13:00 a 16:00');
    expect(availabilityText([{ days: ['sat', 'sun'], from: '13:00', until: '16:30' }])).toBe(
      'Disponible los sábados y domingos, de 13:00 a 16:30',
    );
    expect(
      availabilityText([{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '08:00', until: '11:00' }]),
    ).toBe('Disponible todos los días, de 08:00 a 11:00');
    expect(availabilityText([{ days: ['fri', 'mon', 'wed'], from: '20:00', until: '23:00' }])).toBe(
      'Disponible los lunes, miércoles y viernes, de 20:00 a 23:00',
    );
    expect(availabilityText([{ days: ['sun'], from: '12:00', until: '17:00' }])).toBe(
      'Disponible los domingos, de 12:00 a 17:00',
    );
  });

  it('joins windows of the same days, and separates other days', () => {
    expect(
      availabilityText([
        { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '08:00', until: '11:00' },
        { days: ['fri', 'thu', 'wed', 'tue', 'mon'], from: '13:00', until: '16:00' },
        { days: ['sat'], from: '22:00', until: '02:00' },
      ]),
    ).toBe('Disponible de lunes a viernes, de 08:00 a 11:00 y de 13:00 a 16:00; los sábados, de 22:00 a 02:00');
    expect(availabilityText([{ days: ['sat', 'sun'], from: '00:00', until: '24:00' }])).toBe(
      'Disponible los sábados y domingos',
    );
    expect(availabilityText(undefined)).toBe('');
  });
});
