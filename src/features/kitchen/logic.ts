/**
 * The kitchen display's pure rules (docs/rules.md#the-kitchen): which tickets a station shows and
 * in what order, and how old a ticket is, in colour and in words.
 */
import type { Ticket } from '../../contract/kitchen.ts';

/** When a ticket reached its station: when its held course was released, else when it was ordered. */
export const arrivedAt = (ticket: Ticket): string => ticket.firedAt ?? ticket.createdAt;

/** Whether the station shows it: open, released, not cancelled, of this station. */
export const showsOn = (ticket: Ticket, station: string): boolean =>
  ticket.station === station && ticket.status === 'open' && !ticket.held && !ticket.cancelled;

/** Oldest first (the time it reached the station), then by id so the order never flickers. */
export function sortTickets(list: readonly Ticket[]): Ticket[] {
  return [...list].sort(
    (a, b) => Date.parse(arrivedAt(a)) - Date.parse(arrivedAt(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** One copy of a ticket (from the stream or an API answer) applied to a station's list: it is shown once, or leaves. */
export function applyTicket(list: readonly Ticket[], ticket: Ticket, station: string): Ticket[] {
  const others = list.filter((t) => t.id !== ticket.id);
  if (showsOn(ticket, station)) return sortTickets([...others, ticket]);
  // Nothing to take off: the same list, so nothing redraws.
  return others.length === list.length ? (list as Ticket[]) : others;
}

export interface AgeThresholds {
  /** Minutes after which a ticket turns amber. */
  amber: number;
  /** Minutes after which it turns red. */
  red: number;
}

export const DEFAULT_THRESHOLDS: AgeThresholds = { amber: 10, red: 20 };

export type AgeTone = 'fresh' | 'late' | 'urgent';

/** Whole minutes since `iso` (never negative). */
export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}

export function ageTone(minutes: number, thresholds: AgeThresholds): AgeTone {
  if (minutes >= thresholds.red) return 'urgent';
  if (minutes >= thresholds.amber) return 'late';
  return 'fresh';
}

/** The tone in words, so colour is never the only sign. */
export const AGE_TONE_WORDS: Record<AgeTone, string> = { fresh: 'A tiempo', late: 'Se retrasa', urgent: 'Urgente' };

/** "Recién llegada", "8 min", "1 h 5 min". */
export function ageText(minutes: number): string {
  if (minutes < 1) return 'Recién llegada';
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
}

/** Thresholds as typed in the settings: whole minutes, amber before red. */
export function validThresholds(value: unknown): value is AgeThresholds {
  if (typeof value !== 'object' || value === null) return false;
  const { amber, red } = value as Record<string, unknown>;
  return (
    Number.isInteger(amber) &&
    Number.isInteger(red) &&
    (amber as number) >= 1 &&
    (red as number) > (amber as number) &&
    (red as number) <= 600
  );
}
