import { describe, expect, it } from 'vitest';
import { inWindow, isOpenAt, openState, WEEKDAY_ORDER } from '../../../src/contract/hours.ts';
import type { Hours } from '../../../src/contract/venue.ts';

// Valencia; 2026-11-20 is a Friday, 2026-11-21 a Saturday (UTC+1 in November).
const TZ = 'Europe/Madrid';
const at = (iso: string) => new Date(iso);
const bar: Hours = {
  mon: [], tue: [], wed: [], thu: [], sun: [],
  fri: [{ open: '18:00', close: '02:00' }], sat: [{ open: '12:00', close: '16:00' }],
};

describe('opening hours (shared by the browser and the server)', () => {
  it('lists the week from Monday', () => {
    expect(WEEKDAY_ORDER).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
  });

  it('an interval past midnight keeps the venue open into the next day, and the two views agree', () => {
    for (const [iso, open] of [
      ['2026-11-20T16:59:00Z', false], // Fri 17:59
      ['2026-11-20T17:00:00Z', true], // Fri 18:00
      ['2026-11-21T00:30:00Z', true], // Sat 01:30, Friday's spill-over
      ['2026-11-21T01:00:00Z', false], // Sat 02:00: closed
      ['2026-11-21T11:30:00Z', true], // Sat 12:30
    ] as const) {
      expect(isOpenAt(bar, TZ, at(iso)), iso).toBe(open);
      expect(openState(bar, TZ, at(iso)).open, iso).toBe(open);
    }
    expect(openState(bar, TZ, at('2026-11-21T00:30:00Z')).until).toBe('02:00');
  });

  it('a category window may run past midnight too', () => {
    expect(inWindow('22:00', '03:00', TZ, at('2026-11-21T01:00:00Z'))).toBe(true);
    expect(inWindow('22:00', '03:00', TZ, at('2026-11-21T11:00:00Z'))).toBe(false);
    expect(inWindow(undefined, undefined, TZ, at('2026-11-21T11:00:00Z'))).toBe(true);
  });
});
