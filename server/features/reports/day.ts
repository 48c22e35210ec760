/**
 * The venue's day in reports (docs/rules.md#reports): the day in the venue's time zone, starting at the latest
 * closing time past midnight of its week and an hour for the last bills (00:00 when it never runs past midnight), so a Saturday night's 01:30 sale
 * belongs to Saturday (`dayStartMinutes` says exactly when). The cash day (`/panel/caja`) is the same day. Hours are the clock's, so a day
 * with a daylight-saving change has 23 or 25 of them.
 */
import { toMinutes, zoneOffsets, type WeekHours, type ZoneOffsets } from '../../../src/contract/hours.ts';
import { addDays } from '../../../src/contract/reports.ts';

const DAY_MINUTES = 24 * 60;

/**
 * Minutes after midnight at which the venue's day starts: 00:00 unless some day's hours run past midnight; then the
 * latest such closing time, rounded up to the hour, plus an hour for the last bills (a close at 01:30 starts the
 * day at 03:00), but never after the earliest opening time of the week.
 */
export function dayStartMinutes(hours: WeekHours): number {
  let latestClose = 0;
  let earliestOpen = DAY_MINUTES;
  for (const intervals of Object.values(hours)) {
    for (const { open, close } of intervals ?? []) {
      const o = toMinutes(open);
      const c = toMinutes(close);
      if (c <= o && c > 0) latestClose = Math.max(latestClose, c);
      earliestOpen = Math.min(earliestOpen, o);
    }
  }
  if (!latestClose) return 0;
  return Math.min(Math.ceil(latestClose / 60) * 60 + 60, earliestOpen);
}

/** The instants (ms) the venue's day `date` starts and ends (the next day's start). */
export function venueDayRange(timezone: string, hours: WeekHours, date: string): { from: number; to: number } {
  const clock = zoneClock(timezone, dayStartMinutes(hours), date, date);
  return { from: clock.startOf(date), to: clock.startOf(addDays(date, 1)) };
}

/** `HH:MM` of a number of minutes after midnight. */
export const clockText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Reads a time zone's clock fast over a stretch of time (offset table computed once through Intl). */
export interface ZoneClock {
  /** The venue's day and the clock's hour (0–23) at `ms`. */
  at(ms: number): { day: string; hour: number };
  /** The clock's hour (0–23) at `ms`. */
  hourAt(ms: number): number;
  /** The instant (ms) the venue's day `day` starts. */
  startOf(day: string): number;
  /** The zone's UTC offsets over the stretch: `[fromMs, offsetMinutes]`, in order. */
  offsets: ReadonlyArray<readonly [number, number]>;
  /** The instant (ms) of the clock reading `minutes` after midnight of calendar date `date` (a skipped time: after the change). */
  instant(date: string, minutes: number): number;
}

function offsetAt(offsets: ZoneOffsets, ms: number): number {
  let offset = offsets.changes[0]![1];
  for (const [at, value] of offsets.changes) {
    if (at > ms) break;
    offset = value;
  }
  return offset;
}

/**
 * A clock of `timezone` for the days `from`…`to` (with a margin either side), whose day starts `startMinutes` after
 * midnight.
 */
export function zoneClock(timezone: string, startMinutes: number, from: string, to: string): ZoneClock {
  const begin = Date.parse(`${addDays(from, -2)}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - begin) / 86_400_000) + 4;
  const offsets = zoneOffsets(timezone, begin, days);
  return {
    offsets: offsets.changes,
    hourAt(ms) {
      return ((Math.floor((ms + offsetAt(offsets, ms) * 60_000) / 3_600_000) % 24) + 24) % 24;
    },
    at(ms) {
      const local = ms + offsetAt(offsets, ms) * 60_000;
      const hour = Math.floor(local / 3_600_000) % 24;
      const day = new Date(local - startMinutes * 60_000).toISOString().slice(0, 10);
      return { day, hour: (hour + 24) % 24 };
    },
    startOf(day) {
      return this.instant(day, startMinutes);
    },
    instant(date, minutes) {
      // The wall time read as UTC, less the zone's offset there, then at the instant found (a time in a skipped hour
      // falls after the change).
      const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
      const ms = wall - offsetAt(offsets, wall) * 60_000;
      return wall - offsetAt(offsets, ms) * 60_000;
    },
  };
}
