/**
 * Reading the venue's audit log (docs/rules.md#the-floor): one day of it, in the venue's time zone, as managers
 * see it on `/panel/caja` and in its CSV. Nothing here changes an entry: the API has no way to.
 */
import type { Queryable } from '../../platform/db/database.ts';
import { zonedParts } from '../../platform/hours.ts';
import {
  AUDIT_ACTION_LABELS,
  CORRECTION_STRINGS,
  type AuditDay,
  type AuditLogEntry,
} from '../../../src/contract/corrections.ts';
import { auditBetween, type AuditRow } from './queries.ts';

/** The instants (ms) at which the local date `YYYY-MM-DD` of `timezone` starts and the next one starts. */
function dayBounds(date: string, timezone: string): { from: number; to: number } {
  const startOf = (utcMidnight: number) => {
    // The offset at local noon (a change of offset happens at night, never at noon).
    const noon = new Date(utcMidnight + 12 * 3600_000);
    const clock = zonedParts(noon, timezone);
    const dayShift =
      clock.date < noon.toISOString().slice(0, 10) ? -1440 : clock.date > noon.toISOString().slice(0, 10) ? 1440 : 0;
    const offset = clock.minutes + dayShift - 12 * 60;
    return utcMidnight - offset * 60_000;
  };
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return { from: startOf(midnight), to: startOf(midnight + 86_400_000) };
}

/** What an entry says was done, in words: the detail's `what`, else words from its detail (a move, a merge…). */
function whatOf(row: AuditRow, detail: Record<string, unknown>): string {
  if (typeof detail.what === 'string') return detail.what;
  const text = (key: string) => {
    const value = detail[key];
    return typeof value === 'string' ? value : '';
  };
  if (row.action === 'move' && text('from') && text('to')) return CORRECTION_STRINGS.tables(text('from'), text('to'));
  if (row.action === 'merge' && text('from') && text('into'))
    return CORRECTION_STRINGS.tables(text('from'), text('into'));
  if (row.action === 'removeParticipant') return text('name') || CORRECTION_STRINGS.somebody;
  return row.action;
}

export function toEntry(row: AuditRow): AuditLogEntry {
  const detail = JSON.parse(row.detail) as Record<string, unknown>;
  return {
    id: Number(row.id),
    at: new Date(Number(row.at)).toISOString(),
    by: row.actor_name,
    action: row.action,
    table: row.subject,
    what: whatOf(row, detail),
    ...(row.reason ? { reason: row.reason } : {}),
    detail,
  };
}

export async function auditDay(q: Queryable, venue: { id: string; timezone: string }, date: string): Promise<AuditDay> {
  const { from, to } = dayBounds(date, venue.timezone);
  const rows = await auditBetween(q, venue.id, from, to);
  return { venueId: venue.id, date, entries: rows.map(toEntry) };
}

/** The day's entries as CSV (`;`-separated, as the day's receipts): time in the venue's zone, who, what, why. */
export function auditCsv(day: AuditDay, timezone: string): string {
  const cell = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const time = new Intl.DateTimeFormat('es-ES', { timeZone: timezone, timeStyle: 'medium', hourCycle: 'h23' });
  const rows = [['fecha', 'hora', 'quien', 'accion', 'mesa', 'que', 'motivo'].join(';')];
  for (const e of day.entries)
    rows.push(
      [
        day.date,
        time.format(new Date(e.at)),
        e.by,
        AUDIT_ACTION_LABELS[e.action] ?? e.action,
        e.table,
        e.what,
        e.reason ?? '',
      ]
        .map(cell)
        .join(';'),
    );
  return `${rows.join('\r\n')}\r\n`;
}
