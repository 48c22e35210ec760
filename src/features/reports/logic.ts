/**
 * The reports page's pure logic (docs/architecture.md#reports): which days a period covers, always on the venue's
 * clock, the previous period of the same length it is compared with, the period in the page's URL, and how a change
 * is worded. Dates are calendar days (`YYYY-MM-DD`); a day is a day whether it had 23, 24 or 25 hours, so a range
 * across a daylight-saving change keeps its number of days. Where a venue's day ends past midnight is the API's
 * business: the page asks for days, the API counts a Saturday night's 01:30 sale in Saturday.
 */
import { currencyDigits, formatMoney } from '../../contract/money-format.ts';
import { addDays, periodDays, REPORT_MAX_DAYS } from '../../contract/reports.ts';

export type PeriodKind = 'today' | 'yesterday' | 'week' | 'month' | 'custom';

export interface Period {
  kind: PeriodKind;
  /** First day, `YYYY-MM-DD`, inclusive. */
  from: string;
  /** Last day, `YYYY-MM-DD`, inclusive. */
  to: string;
}

export const PERIOD_LABELS: Record<PeriodKind, string> = {
  today: 'Hoy',
  yesterday: 'Ayer',
  week: 'Esta semana',
  month: 'Este mes',
  custom: 'Otro periodo',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  if (!DATE.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value;
}

/** Today's date on the venue's clock (an unknown zone falls back to UTC). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return clockIn(timeZone, now).day;
}

function clockIn(timeZone: string, now: Date): { day: string; minutes: number } {
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(now)
        .map((p) => [p.type, p.value]),
    );
    return {
      day: `${parts.year}-${parts.month}-${parts.day}`,
      minutes: Number(parts.hour) * 60 + Number(parts.minute),
    };
  } catch {
    return { day: now.toISOString().slice(0, 10), minutes: now.getUTCHours() * 60 + now.getUTCMinutes() };
  }
}

/**
 * The venue's business day now: its calendar day, or the day before while the night that started it is still open
 * (`dayStartsAt` past midnight, the report's own: at 01:30 with a day that starts at 04:00, «hoy» is still Saturday).
 */
export function businessToday(timeZone: string, dayStartsAt = '00:00', now: Date = new Date()): string {
  const { day, minutes } = clockIn(timeZone, now);
  const [h, m] = dayStartsAt.split(':').map(Number);
  const starts = (h ?? 0) * 60 + (m ?? 0);
  return minutes < starts ? addDays(day, -1) : day;
}

/** Monday = 0 … Sunday = 6 (weeks start on Monday in Spain). */
function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The days of a named period, `today` being the venue's today: this week runs from Monday, this month from the 1st, both to today. */
export function presetPeriod(kind: Exclude<PeriodKind, 'custom'>, today: string): Period {
  switch (kind) {
    case 'today':
      return { kind, from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { kind, from: day, to: day };
    }
    case 'week':
      return { kind, from: addDays(today, -weekdayIndex(today)), to: today };
    case 'month':
      return { kind, from: `${today.slice(0, 8)}01`, to: today };
  }
}

const PRESETS = ['today', 'yesterday', 'week', 'month'] as const;

/** What a range is called: a preset when it is exactly one (today's dates), otherwise a custom range. */
export function kindOf(from: string, to: string, today: string): PeriodKind {
  return (
    PRESETS.find((k) => {
      const p = presetPeriod(k, today);
      return p.from === from && p.to === to;
    }) ?? 'custom'
  );
}

/**
 * The period a URL's `from`/`to` name, when both are real days in order, at most `REPORT_MAX_DAYS` apart, and not after today;
 * otherwise this week. A reload or a shared link opens the same days.
 */
export function periodFromSearch(search: string, today: string): Period {
  const params = new URLSearchParams(search);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (isDay(from) && isDay(to) && from <= to && to <= today && periodDays(from, to) <= REPORT_MAX_DAYS) {
    return { kind: kindOf(from, to, today), from, to };
  }
  return presetPeriod('week', today);
}

/** The page's URL with the period in it (`&from=&to=`), its other parameters (the venue) kept. */
export function searchWithPeriod(search: string, period: { from: string; to: string }): string {
  const params = new URLSearchParams(search);
  params.set('from', period.from);
  params.set('to', period.to);
  return `?${params.toString()}`;
}

/** A custom range the manager typed: null (with why, in Spanish) when it cannot be asked for. */
export function customPeriod(from: string, to: string, today: string): { period: Period } | { error: string } {
  if (!isDay(from) || !isDay(to)) return { error: 'Elige el primer y el último día.' };
  if (from > to) return { error: 'El primer día va antes del último.' };
  if (to > today) return { error: 'El último día no puede ser posterior a hoy.' };
  if (periodDays(from, to) > REPORT_MAX_DAYS) return { error: 'Elige como mucho un año.' };
  return { period: { kind: kindOf(from, to, today), from, to } };
}

const dayFormat = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekdayDay = new Intl.DateTimeFormat('es-ES', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

/** `2026-11-23` → «23 nov 2026». */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`)).replace('.', '');
}

/** A range in words: «23 nov 2026» for one day, «16 nov – 22 nov 2026» for more. */
export function formatRange(from: string, to: string): string {
  if (from === to) return formatDay(from);
  const start = from.slice(0, 4) === to.slice(0, 4) ? shortDay.format(new Date(`${from}T00:00:00Z`)) : formatDay(from);
  return `${start.replace('.', '')} – ${formatDay(to)}`;
}

/** An axis tick for a day: «lun 23» for a week, «23 nov» for longer. */
export function dayTick(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  return (days <= 14 ? weekdayDay.format(d) : shortDay.format(d)).replace('.', '');
}

export type Trend = 'up' | 'down' | 'same' | 'new' | 'none';

/**
 * A figure against the previous period's: its direction, the percentage (rounded, absent when the previous was 0),
 * and the words a person reads without colour: «▲ 12 % más», «▼ 5 % menos», «= igual», «nuevo», «sin datos».
 */
export function change(current: number, previous: number): { trend: Trend; percent?: number; words: string } {
  if (current === previous) {
    return current === 0 ? { trend: 'none', words: 'sin datos' } : { trend: 'same', percent: 0, words: '= igual' };
  }
  if (previous === 0) return current > 0 ? { trend: 'new', words: '▲ nuevo' } : { trend: 'down', words: '▼ menos' };
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100);
  if (current > previous) return { trend: 'up', percent, words: `▲ ${Math.abs(percent)} % más` };
  return { trend: 'down', percent, words: `▼ ${Math.abs(percent)} % menos` };
}

/** An hour of the day as an axis shows it: 13 → «13 h». */
export const hourLabel = (hour: number) => `${hour} h`;

/** Seconds as minutes a person reads: 754 → «12,6 min». */
export function minutes(seconds: number): string {
  return `${(seconds / 60).toLocaleString('es-ES', { maximumFractionDigits: 1 })} min`;
}

/**
 * An axis tick in money: the app's money format (src/contract/money-format.ts) without the minor digits when the
 * tick is a whole amount, so a phone's axis stays narrow: 120000 → «1.200 €».
 */
export function axisMoney(currency: string, locale: string): (minor: number) => string {
  const factor = 10 ** currencyDigits(currency);
  let whole: Intl.NumberFormat;
  try {
    whole = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
  } catch {
    whole = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  }
  return (minor) => (minor % factor === 0 ? whole.format(minor / factor) : formatMoney(minor, currency, locale));
}
