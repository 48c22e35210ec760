/**
 * Opening hours in the venue's timezone (docs/rules.md#menu-and-money), the one rule the
 * browser (open-now line, checkout) and the server (refusing orders) share.
 * Each weekday holds intervals `{open, close}` as `HH:MM`; `close` may be
 * `24:00`, and a close earlier than (or equal to) its open runs past midnight
 * into the next day. Clock reading goes through Intl with the venue's IANA
 * timezone, so the reader's own timezone never matters — or, in the browser,
 * through the zone's UTC offsets computed at build time (`zoneOffsets`,
 * `setZoneOffsets`): the first Intl conversion in a time zone loads the zone's
 * data, tens of milliseconds on a phone, which a menu page does not spend.
 */

/** The week, Monday first (the keys of a venue's `hours`, in the order shown). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/**
 * What the rules here read of a venue's `hours` (the `Hours` schema of venue.ts, which builds
 * on WEEKDAYS: stated here rather than imported, so neither module imports the other, and
 * venue.ts's zod schemas never reach a menu page's first load through this module).
 */
export type WeekHours = Partial<Record<Weekday, ReadonlyArray<{ open: string; close: string }>>>;
const SHORT_TO_WEEKDAY: Record<string, Weekday> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};
const DAY_MINUTES = 24 * 60;

export function toMinutes(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

export interface ZonedClock {
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
  /** Local calendar date, `YYYY-MM-DD`. */
  date: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Last answer per timezone: the clock only changes once a minute (and a server prices many orders a second). */
const lastClock = new Map<string, { minute: number; clock: ZonedClock }>();

/**
 * A time zone's UTC offsets over a stretch of time: `changes` holds `[fromMs, offsetMinutes]`
 * pairs in order, the first at the start of the stretch, which ends at `until` (ms).
 */
export interface ZoneOffsets {
  until: number;
  changes: ReadonlyArray<readonly [number, number]>;
}

const offsetTables = new Map<string, ZoneOffsets>();

/** Let `zonedClock` read `timezone` from these offsets (within their stretch) instead of Intl. */
export function setZoneOffsets(timezone: string, offsets: ZoneOffsets): void {
  offsetTables.set(timezone, offsets);
}

/** Offset in minutes of `timezone` at `ms`: the zone's wall clock minus UTC (through Intl). */
function intlOffset(ms: number, timezone: string): number {
  const { date, minutes } = intlClock(new Date(ms), timezone);
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return Math.round((Date.UTC(y, m - 1, d) + minutes * 60_000 - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/**
 * `timezone`'s offsets from `from` for `days` days (at build time: the browser then reads the
 * zone's clock without Intl). Sampled daily; each change is found to the minute by bisection
 * (zones never change their offset twice within a day).
 */
export function zoneOffsets(timezone: string, from: number, days: number): ZoneOffsets {
  const start = Math.floor(from / 60_000) * 60_000;
  const until = start + days * DAY_MINUTES * 60_000;
  const changes: Array<[number, number]> = [[start, intlOffset(start, timezone)]];
  for (let t = start; t < until;) {
    const next = Math.min(t + DAY_MINUTES * 60_000, until);
    const offset = intlOffset(next, timezone);
    if (offset !== changes[changes.length - 1]![1]) {
      let lo = t,
        hi = next;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (intlOffset(mid, timezone) === offset) hi = mid;
        else lo = mid;
      }
      changes.push([hi, offset]);
    }
    t = next;
  }
  return { until, changes };
}

/** The clock at `now` from a zone's offsets, or null outside their stretch. */
function offsetClock(now: Date, offsets: ZoneOffsets): ZonedClock | null {
  const ms = now.getTime();
  const first = offsets.changes[0];
  if (!first || ms < first[0] || ms >= offsets.until) return null;
  let offset = first[1];
  for (const [at, value] of offsets.changes) if (at <= ms) offset = value;
  const local = new Date(Math.floor(ms / 60_000) * 60_000 + offset * 60_000);
  return {
    weekday: WEEKDAYS[(local.getUTCDay() + 6) % 7]!,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    date: local.toISOString().slice(0, 10),
  };
}

/** Weekday, minutes since midnight and date at `now` in `timezone`. */
export function zonedClock(now: Date, timezone: string): ZonedClock {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastClock.get(timezone);
  if (last && last.minute === minute) return last.clock;
  const offsets = offsetTables.get(timezone);
  const clock = (offsets && offsetClock(now, offsets)) ?? intlClock(now, timezone);
  lastClock.set(timezone, { minute, clock });
  return clock;
}

function intlClock(now: Date, timezone: string): ZonedClock {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(now)) parts[p.type] = p.value;
  return {
    weekday: SHORT_TO_WEEKDAY[parts.weekday ?? ''] ?? 'mon',
    minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

function previousDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7]!;
}
function nextDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % 7]!;
}

interface Span {
  start: number;
  end: number;
}

/** The spans of `day`'s own intervals within that day, plus the spill-over past midnight from the day before. */
function spansOf(hours: WeekHours, day: Weekday): { own: Span[]; spill: Span[] } {
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
  /** `HH:MM` when it closes (if open); null when open round the clock. */
  until: string | null;
  /** `HH:MM` of today's next opening (if closed); null when none today. */
  opensAt: string | null;
}

function fmt(minutes: number): string {
  const m = minutes % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Whether the venue is open at `now`, with the closing time or today's next opening. */
export function openState(hours: WeekHours, timezone: string, now = new Date()): OpenState {
  const { weekday, minutes } = zonedClock(now, timezone);
  const { own, spill } = spansOf(hours, weekday);
  const current = [...spill, ...own].find((s) => minutes >= s.start && minutes < s.end);
  if (current) {
    // Open round the clock today and tomorrow: no closing time worth showing.
    const allDay =
      own.some((s) => s.start === 0 && s.end === DAY_MINUTES) ||
      (current.end === DAY_MINUTES && (hours[nextDay(weekday)] ?? []).some((i) => i.open === '00:00'));
    let until: string | null = null;
    if (!allDay) {
      if (current.end === DAY_MINUTES) {
        const overnight = (hours[weekday] ?? []).find(
          (i) => toMinutes(i.open) === current.start && toMinutes(i.close) < current.start,
        );
        until = overnight ? overnight.close : '24:00';
      } else until = fmt(current.end);
    }
    return { open: true, until, opensAt: null };
  }
  const next = own.filter((s) => s.start > minutes).sort((a, b) => a.start - b.start)[0];
  return { open: false, until: null, opensAt: next ? fmt(next.start) : null };
}

/** Whether orders are accepted at `now` (the server refuses them otherwise). */
export function isOpenAt(hours: WeekHours, timezone: string, now: Date): boolean {
  const { weekday, minutes } = zonedClock(now, timezone);
  const { own, spill } = spansOf(hours, weekday);
  return [...spill, ...own].some((s) => minutes >= s.start && minutes < s.end);
}

/** Whether a time-of-day window (a category's `availableFrom`/`availableUntil`) contains `now`; it may run past midnight. */
export function inWindow(from: string | undefined, until: string | undefined, timezone: string, now: Date): boolean {
  if (!from && !until) return true;
  const { minutes } = zonedClock(now, timezone);
  const start = from ? toMinutes(from) : 0;
  const end = until ? toMinutes(until) : DAY_MINUTES;
  return end > start ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** The words of the two lines below, in the diner's language (Spanish by default; docs/architecture.md#languages). */
export interface HoursWords {
  todayClosed: string;
  todayAllDay: string;
  today: (values: { hours: string }) => string;
  openNow: string;
  openUntil: (values: { time: string }) => string;
  closedOpensAt: (values: { time: string }) => string;
  closedNow: string;
}

const SPANISH_HOURS: HoursWords = {
  todayClosed: 'Hoy cerrado',
  todayAllDay: 'Hoy abierto 24 horas',
  today: ({ hours }) => `Hoy ${hours}`,
  openNow: 'Abierto ahora',
  openUntil: ({ time }) => `Abierto ahora · cierra a las ${time}`,
  closedOpensAt: ({ time }) => `Cerrado · abre a las ${time}`,
  closedNow: 'Cerrado ahora',
};

/** Today's intervals in the venue's timezone as shown to the diner. */
export function todayHours(
  hours: WeekHours,
  timezone: string,
  now = new Date(),
  words: HoursWords = SPANISH_HOURS,
): string {
  const { weekday } = zonedClock(now, timezone);
  const intervals = hours[weekday] ?? [];
  if (intervals.length === 0) return words.todayClosed;
  if (intervals.some((i) => i.open === '00:00' && (i.close === '24:00' || i.close === '00:00'))) {
    return words.todayAllDay;
  }
  return words.today({ hours: intervals.map((i) => `${i.open}–${i.close}`).join(', ') });
}

/** A one-line status, e.g. "Abierto ahora · cierra a las 22:00" or "Cerrado · abre a las 08:00". */
export function openStatusText(state: OpenState, words: HoursWords = SPANISH_HOURS): string {
  if (state.open) return state.until ? words.openUntil({ time: state.until }) : words.openNow;
  return state.opensAt ? words.closedOpensAt({ time: state.opensAt }) : words.closedNow;
}
