/**
 * When a dish, a set menu or a whole category is served (docs/rules.md#set-menus-and-availability):
 * `availability: [{days, from, until}]` in the venue's time zone. Shared by the browser (the line
 * «Disponible de lunes a viernes, de 13:00 a 16:00», the add button) and the server (422 outside it).
 * No zod here: a menu page reads these rules on its first load (the schemas live in venue.ts and manage.ts).
 */
import { toMinutes, WEEKDAYS, zonedClock, type Weekday } from './hours.ts';
import type { AvailabilityWindow } from './venue.ts';

/**
 * A window (`AvailabilityWindow` in venue.ts): on `days`, from `from` until `until` (`HH:MM`, `until`
 * may be `24:00`). A window whose `until` is not after `from` runs past midnight and belongs to the
 * day it starts (22:00–02:00 on Friday is served until Saturday 02:00).
 */

export type Availability = readonly AvailabilityWindow[];

const DAY_MINUTES = 24 * 60;

function previousDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7]!;
}

/** Whether one window holds the venue's local weekday and minute. */
function windowHolds(window: AvailabilityWindow, weekday: Weekday, minutes: number): boolean {
  const start = toMinutes(window.from);
  const end = toMinutes(window.until);
  if (end > start) return window.days.includes(weekday) && minutes >= start && minutes < end;
  // Past midnight: the evening of a listed day, or the small hours after one.
  return (
    (window.days.includes(weekday) && minutes >= start) || (window.days.includes(previousDay(weekday)) && minutes < end)
  );
}

/**
 * Whether `availability` holds at `instant` in `timeZone` (the venue's IANA zone): no windows at
 * all means always. Wall-clock time is read through the zone, so a DST change day is right.
 */
export function isAvailableAt(availability: Availability | undefined, instant: Date, timeZone: string): boolean {
  if (!availability || availability.length === 0) return true;
  const { weekday, minutes } = zonedClock(instant, timeZone);
  return availability.some((w) => windowHolds(w, weekday, minutes));
}

/** Both a dish's and its category's windows must hold (either may be absent). */
export function isServedAt(
  own: Availability | undefined,
  category: Availability | undefined,
  instant: Date,
  timeZone: string,
): boolean {
  return isAvailableAt(own, instant, timeZone) && isAvailableAt(category, instant, timeZone);
}

/** The words of the availability sentence (Spanish by default; a page in another language passes its own). */
export interface AvailabilityWords {
  /** Plural day names, Monday first («lunes», … «sábados», «domingos»). */
  days: readonly string[];
  everyDay: string;
  /** A run of three or more days: «de lunes a viernes». */
  range: (first: string, last: string) => string;
  /** A list: «los sábados y domingos», «los lunes, miércoles y viernes». */
  list: (names: readonly string[]) => string;
  /** «de 13:00 a 16:00». */
  hours: (from: string, until: string) => string;
  /** Joins the hours of the same days: «de 8:00 a 11:00 y de 13:00 a 16:00». */
  and: (parts: readonly string[]) => string;
  /** The whole sentence from its parts («de lunes a viernes, de 13:00 a 16:00»). */
  sentence: (parts: readonly string[]) => string;
}

const spanishAnd = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;

export const SPANISH_AVAILABILITY: AvailabilityWords = {
  days: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábados', 'domingos'],
  everyDay: 'todos los días',
  range: (first, last) => `de ${first} a ${last}`,
  list: (names) => `los ${spanishAnd(names)}`,
  hours: (from, until) => `de ${from} a ${until}`,
  and: spanishAnd,
  sentence: (parts) => `Disponible ${parts.join('; ')}`,
};

/** The days of a window in words: every day, a run (Monday to Friday) or a list. */
function daysText(days: readonly Weekday[], words: AvailabilityWords): string {
  const indexes = [...new Set(days.map((d) => WEEKDAYS.indexOf(d)))].filter((i) => i >= 0).sort((a, b) => a - b);
  if (indexes.length === 7) return words.everyDay;
  const names = indexes.map((i) => words.days[i] ?? '');
  const consecutive = indexes.every((d, k) => k === 0 || d === indexes[k - 1]! + 1);
  if (indexes.length >= 3 && consecutive) return words.range(names[0]!, names[names.length - 1]!);
  return words.list(names);
}

/**
 * «Disponible de lunes a viernes, de 13:00 a 16:00»: windows on the same days share their days'
 * words («… de 8:00 a 11:00 y de 13:00 a 16:00»); other day sets follow after «;». Empty when
 * there is no window (always served).
 */
export function availabilityText(
  availability: Availability | undefined,
  words: AvailabilityWords = SPANISH_AVAILABILITY,
): string {
  if (!availability || availability.length === 0) return '';
  const groups = new Map<string, { days: readonly Weekday[]; hours: string[] }>();
  for (const w of availability) {
    const key = [...new Set(w.days)].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)).join(',');
    const group = groups.get(key) ?? { days: w.days, hours: [] };
    const allDay = toMinutes(w.from) === 0 && (toMinutes(w.until) === DAY_MINUTES || toMinutes(w.until) === 0);
    if (!allDay) group.hours.push(words.hours(w.from, w.until));
    groups.set(key, group);
  }
  const parts = [...groups.values()].map((g) =>
    g.hours.length ? `${daysText(g.days, words)}, ${words.and(g.hours)}` : daysText(g.days, words),
  );
  return words.sentence(parts);
}

/** Sentences about availability (the 422 `detail` outside the hours, the editor's field errors). */
export const AVAILABILITY_MESSAGES = {
  /** The server's answer when a dish, set or category is ordered outside its windows. */
  notNow: (name: string, when: string) => `«${name}» no se puede pedir ahora. ${when}.`,
  /** The field error of such a line. */
  notNowField: 'Fuera de horario',
  daysMissing: 'Elige al menos un día',
  daysRepeated: 'Días repetidos',
  sameTimes: 'El inicio y el fin no pueden coincidir',
  windowsMax: (max: number) => `Máximo ${max} horarios`,
} as const;
