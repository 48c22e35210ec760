/**
 * Opening hours in the venue's timezone (same rules as the client's `src/lib/time.ts`):
 * `close` may be `24:00`; a close earlier than or equal to its open runs past midnight.
 */
import type { Hours, Weekday } from '../src/contract/venue.ts';

const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const SHORT: Record<string, Weekday> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };
const DAY = 24 * 60;
const formatters = new Map<string, Intl.DateTimeFormat>();

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

type ZonedParts = { weekday: Weekday; minutes: number; date: string };
/** Last answer per timezone: the clock only changes once a minute (and orders come many per second). */
const lastParts = new Map<string, { minute: number; parts: ZonedParts }>();

export function zonedParts(now: Date, timezone: string): ZonedParts {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastParts.get(timezone);
  if (last && last.minute === minute) return last.parts;
  const parts = computeZonedParts(now, timezone);
  lastParts.set(timezone, { minute, parts });
  return parts;
}

function computeZonedParts(now: Date, timezone: string): ZonedParts {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timezone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(now)) parts[p.type] = p.value;
  return {
    weekday: SHORT[parts.weekday ?? ''] ?? 'mon',
    minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

export function isOpenAt(hours: Hours, timezone: string, now: Date): boolean {
  const { weekday, minutes } = zonedParts(now, timezone);
  for (const { open, close } of hours[weekday] ?? []) {
    const start = minutesOf(open);
    const end = minutesOf(close);
    if (minutes >= start && minutes < (end > start ? end : DAY)) return true;
  }
  const previous = WEEKDAYS[(WEEKDAYS.indexOf(weekday) + 6) % 7]!;
  for (const { open, close } of hours[previous] ?? []) {
    const start = minutesOf(open);
    const end = minutesOf(close);
    if (end <= start && minutes < end) return true;
  }
  return false;
}

/** Whether a time-of-day window (a category's `availableFrom`/`availableUntil`) contains `now`. */
export function inWindow(from: string | undefined, until: string | undefined, timezone: string, now: Date): boolean {
  if (!from && !until) return true;
  const { minutes } = zonedParts(now, timezone);
  const start = from ? minutesOf(from) : 0;
  const end = until ? minutesOf(until) : DAY;
  return end > start ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}
