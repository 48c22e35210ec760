/**
 * Opening hours in the venue's timezone (product.md §3). Each weekday holds
 * intervals `{open, close}` as `HH:MM`; `close` may be `24:00`, and a close
 * earlier than (or equal to) its open runs past midnight into the next day.
 * All clock reading goes through Intl with the venue's IANA timezone, so the
 * diner's own timezone never matters.
 */
import type { Hours, Weekday } from '../contract/venue.ts';

export const WEEKDAY_ORDER: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const SHORT_TO_WEEKDAY: Record<string, Weekday> = {
  Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun',
};
const DAY_MINUTES = 24 * 60;

export function toMinutes(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();
/** Weekday and minutes since midnight at `now` in `timezone`. */
export function zonedClock(now: Date, timezone: string): { weekday: Weekday; minutes: number } {
  let f = clockFormatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
    clockFormatters.set(timezone, f);
  }
  const parts = f.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = SHORT_TO_WEEKDAY[get('weekday')] ?? 'mon';
  const hour = Number(get('hour')) % 24;
  return { weekday, minutes: hour * 60 + Number(get('minute')) };
}

function previousDay(day: Weekday): Weekday {
  const i = WEEKDAY_ORDER.indexOf(day);
  return WEEKDAY_ORDER[(i + 6) % 7]!;
}

interface Span { start: number; end: number }

/** The spans of `day`'s own intervals within that day, plus the spill-over from the day before. */
function spansOf(hours: Hours, day: Weekday): { own: Span[]; spill: Span[] } {
  const own: Span[] = [];
  for (const { open, close } of hours[day] ?? []) {
    const start = toMinutes(open);
    const end = toMinutes(close);
    own.push({ start, end: end > start ? end : DAY_MINUTES });
  }
  const spill: Span[] = [];
  for (const { open, close } of hours[previousDay(day)] ?? []) {
    const start = toMinutes(open);
    const end = toMinutes(close);
    if (end <= start && end > 0) spill.push({ start: 0, end });
  }
  return { own, spill };
}

export interface OpenState {
  open: boolean;
  /** `HH:MM` when it closes (if open) or next opens today (if closed); null when unknown or not today. */
  until: string | null;
  opensAt: string | null;
}

function fmt(minutes: number): string {
  const m = minutes % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Whether the venue is open at `now`, with the closing time or today's next opening. */
export function openState(hours: Hours, timezone: string, now = new Date()): OpenState {
  const { weekday, minutes } = zonedClock(now, timezone);
  const { own, spill } = spansOf(hours, weekday);
  const current = [...spill, ...own].find((s) => minutes >= s.start && minutes < s.end);
  if (current) {
    // Open round the clock today and tomorrow: no closing time worth showing.
    const allDay = own.some((s) => s.start === 0 && s.end === DAY_MINUTES) || (current.end === DAY_MINUTES && continuesTomorrow(hours, weekday));
    let until: string | null = null;
    if (!allDay) {
      if (current.end === DAY_MINUTES) {
        const overnight = (hours[weekday] ?? []).find((i) => toMinutes(i.open) === current.start && toMinutes(i.close) < current.start);
        until = overnight ? overnight.close : '24:00';
      } else until = fmt(current.end);
    }
    return { open: true, until, opensAt: null };
  }
  const next = own.filter((s) => s.start > minutes).sort((a, b) => a.start - b.start)[0];
  return { open: false, until: null, opensAt: next ? fmt(next.start) : null };
}

function continuesTomorrow(hours: Hours, today: Weekday): boolean {
  const tomorrow = WEEKDAY_ORDER[(WEEKDAY_ORDER.indexOf(today) + 1) % 7]!;
  return (hours[tomorrow] ?? []).some((i) => i.open === '00:00');
}

/** Today's intervals in the venue's timezone as shown to the diner. */
export function todayHours(hours: Hours, timezone: string, now = new Date()): string {
  const { weekday } = zonedClock(now, timezone);
  const intervals = hours[weekday] ?? [];
  if (intervals.length === 0) return 'Hoy cerrado';
  if (intervals.some((i) => i.open === '00:00' && (i.close === '24:00' || i.close === '00:00'))) {
    return 'Hoy abierto 24 horas';
  }
  return `Hoy ${intervals.map((i) => `${i.open}–${i.close === '24:00' ? '24:00' : i.close}`).join(', ')}`;
}

/** A one-line status, e.g. "Abierto ahora · cierra a las 22:00" or "Cerrado · abre a las 08:00". */
export function openStatusText(state: OpenState): string {
  if (state.open) return state.until ? `Abierto ahora · cierra a las ${state.until}` : 'Abierto ahora';
  return state.opensAt ? `Cerrado · abre a las ${state.opensAt}` : 'Cerrado ahora';
}
