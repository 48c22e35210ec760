import { describe, expect, it } from 'vitest';
import {
  inWindow,
  isOpenAt,
  openState,
  setZoneOffsets,
  WEEKDAYS,
  zonedClock,
  zoneOffsets,
} from '../../../src/contract/hours.ts';
import type { Hours } from '../../../src/contract/venue.ts';

// Valencia; 2026-11-20 is a Friday, 2026-11-21 a Saturday (UTC+1 in November).
const TZ = 'Europe/Madrid';
const at = (iso: string) => new Date(iso);
const bar: Hours = {
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  sun: [],
  fri: [{ open: '18:00', close: '02:00' }],
  sat: [{ open: '12:00', close: '16:00' }],
};

describe('opening hours (shared by the browser and the server)', () => {
  it('lists the week from Monday', () => {
    expect(WEEKDAYS).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
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

describe('the zone offsets a menu page reads its clock from (no Intl in the browser)', () => {
  const ZONES = [
    'Europe/Madrid',
    'America/Mexico_City',
    'America/Santiago',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'UTC',
  ];
  const from = Date.UTC(2026, 10, 22, 21, 7, 30);

  it('finds each daylight-saving change to the minute', () => {
    const madrid = zoneOffsets('Europe/Madrid', from, 400);
    // CET (+60) now, CEST (+120) from 2027-03-28 01:00 UTC, CET again from 2027-10-31 01:00 UTC.
    expect(madrid.changes).toEqual([
      [Date.UTC(2026, 10, 22, 21, 7), 60],
      [Date.UTC(2027, 2, 28, 1, 0), 120],
      [Date.UTC(2027, 9, 31, 1, 0), 60],
    ]);
    expect(madrid.until).toBe(Date.UTC(2026, 10, 22, 21, 7) + 400 * 86_400_000);
    // Mexico City has kept one offset since 2022; Lord Howe moves by half an hour.
    expect(zoneOffsets('America/Mexico_City', from, 400).changes).toEqual([[Date.UTC(2026, 10, 22, 21, 7), -360]]);
    expect(new Set(zoneOffsets('Australia/Lord_Howe', from, 400).changes.map(([, offset]) => offset))).toEqual(
      new Set([630, 660]),
    );
  });

  it('gives the same weekday, minutes and date as Intl, hour by hour and around every change', () => {
    const formats = new Map<string, Intl.DateTimeFormat>();
    const reading = (t: number, zone: string) => {
      const format =
        formats.get(zone) ??
        new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          weekday: 'short',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        });
      formats.set(zone, format);
      const parts = Object.fromEntries(format.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
      return {
        weekday: String(parts.weekday).toLowerCase(),
        minutes: Number(parts.hour) * 60 + Number(parts.minute),
        date: `${parts.year}-${parts.month}-${parts.day}`,
      };
    };
    for (const zone of ZONES) {
      const offsets = zoneOffsets(zone, from, 400);
      setZoneOffsets(zone, offsets);
      const instants: number[] = [];
      for (let t = from; t < offsets.until; t += 3_600_000 + 7 * 60_000) instants.push(t);
      for (const [at] of offsets.changes.slice(1)) instants.push(at - 60_000, at, at + 60_000);
      for (const t of instants)
        expect(zonedClock(new Date(t), zone), `${zone} at ${new Date(t).toISOString()}`).toEqual(reading(t, zone));
    }
  });

  it('reads Intl again outside the stretch the offsets cover', () => {
    const offsets = { until: from + 60_000, changes: [[from, 0]] as const };
    setZoneOffsets('Europe/Lisbon', { until: offsets.until, changes: [...offsets.changes] });
    // Lisbon is UTC+0 in November: same answer inside; far later the real zone (WEST, +60 in July) is read.
    const july = new Date(Date.UTC(2027, 6, 1, 12, 0));
    expect(zonedClock(july, 'Europe/Lisbon').minutes).toBe(13 * 60);
  });
});
