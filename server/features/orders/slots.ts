/**
 * Pickup and delivery slots (docs/rules.md#pickup-times): a venue's day cut into slots of `slotMinutes` on its own
 * wall clock, inside its opening hours (server/platform/hours.ts), never in the past nor closer than the lead
 * time. Each slot's orders are counted in a row of `pickup_slots` that one conditional statement counts up only
 * while the slot has room, so two instances on one database never sell its last place twice.
 */
import type { Queryable } from '../../platform/db/database.ts';
import * as sql from './queries.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import { PICKUP_LIMITS, pickupRules, type PickupSlot } from '../../../src/contract/pickup.ts';
import { isOpenAt, zonedParts } from '../../platform/hours.ts';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** The zone's UTC offset in minutes at `ms` (wall clock minus UTC). */
export function offsetAt(ms: number, timezone: string): number {
  const at = Math.floor(ms / MINUTE) * MINUTE;
  const { date, minutes } = zonedParts(new Date(at), timezone);
  return Math.round((Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE - at) / MINUTE);
}

/** `2026-11-27T21:30:00+01:00`: an instant written on the venue's wall clock with its offset. */
export function zonedIso(ms: number, timezone: string): string {
  const offset = offsetAt(ms, timezone);
  const local = new Date(ms + offset * MINUTE).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The instant the venue's wall clock shows `minutes` after midnight of `date`, or null when that time does not
 * exist there (the hour skipped when clocks go forward). A time that happens twice takes the first.
 */
export function wallClockInstant(date: string, minutes: number, timezone: string): number | null {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
  // The offsets half a day either side cover any change of the day; the earlier instant first.
  const offsets = [offsetAt(naive - 12 * 60 * MINUTE, timezone), offsetAt(naive + 12 * 60 * MINUTE, timezone)];
  for (const offset of offsets.sort((a, b) => b - a)) {
    const at = naive - offset * MINUTE;
    const clock = zonedParts(new Date(at), timezone);
    if (clock.date === date && clock.minutes === minutes) return at;
  }
  return null;
}

/** `date` plus `days` (`YYYY-MM-DD`). */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MINUTES * MINUTE).toISOString().slice(0, 10);

/** The days a diner may choose at `now`: the venue's today, then `daysAhead` more. */
export function pickupDays(venue: Venue, now: Date): string[] {
  const today = zonedParts(now, venue.timezone).date;
  return Array.from({ length: pickupRules(venue).daysAhead + 1 }, (_, i) => addDays(today, i));
}

export interface SlotTime {
  /** UTC ISO (`toISOString`): the counter row's key. */
  key: string;
  start: number;
  end: number;
}

/** A day's slots inside the hours, whatever the time now: they depend only on the venue's settings and the date. */
const dayCache = new Map<string, SlotTime[]>();
const DAY_CACHE_MAX = 256;

function daySlots(venue: Venue, date: string): SlotTime[] {
  const { slotMinutes } = pickupRules(venue);
  const key = `${venue.id}|${venue.updatedAt}|${venue.timezone}|${slotMinutes}|${date}`;
  const cached = dayCache.get(key);
  if (cached) return cached;
  const times: SlotTime[] = [];
  for (let m = 0; m < DAY_MINUTES; m += slotMinutes) {
    const start = wallClockInstant(date, m, venue.timezone);
    if (start === null) continue;
    const end = start + slotMinutes * MINUTE;
    if (!isOpenAt(venue.hours, venue.timezone, new Date(start))) continue;
    if (!isOpenAt(venue.hours, venue.timezone, new Date(end - MINUTE))) continue;
    times.push({ key: new Date(start).toISOString(), start, end });
  }
  if (dayCache.size >= DAY_CACHE_MAX) dayCache.delete(dayCache.keys().next().value!);
  dayCache.set(key, times);
  return times;
}

/** The slots of `date` a diner may choose at `now`: wholly inside the hours, starting after now + the lead time. */
export function slotTimes(venue: Venue, date: string, now: Date): SlotTime[] {
  const earliest = now.getTime() + pickupRules(venue).leadMinutes * MINUTE;
  return daySlots(venue, date).filter((t) => t.start >= earliest);
}

/** The slots of `date` with the places left in each (full ones say 0). */
export async function slotsOf(q: Queryable, venue: Venue, date: string, now: Date): Promise<PickupSlot[]> {
  const times = slotTimes(venue, date, now);
  if (!times.length) return [];
  const taken = new Map(
    (await sql.slotsTaken(q, venue.id, times[0]!.key, times[times.length - 1]!.key)).map((r) => [
      r.slot_start,
      Number(r.taken),
    ]),
  );
  const { ordersPerSlot } = pickupRules(venue);
  return times.map((t) => ({
    start: zonedIso(t.start, venue.timezone),
    end: zonedIso(t.end, venue.timezone),
    remaining: Math.max(0, ordersPerSlot - (taken.get(t.key) ?? 0)),
  }));
}

/** The next slots with room after `after` (ms), on the days a diner may choose. */
export async function nextFreeSlots(q: Queryable, venue: Venue, after: number, now: Date): Promise<PickupSlot[]> {
  const found: PickupSlot[] = [];
  for (const day of pickupDays(venue, now)) {
    for (const slot of await slotsOf(q, venue, day, now)) {
      if (slot.remaining > 0 && Date.parse(slot.start) > after) found.push(slot);
      if (found.length >= PICKUP_LIMITS.nextFreeSlots) return found;
    }
  }
  return found;
}

/** The slot `pickupAt` names, if a diner may choose it at `now`. */
export function findSlot(venue: Venue, pickupAt: string, now: Date): SlotTime | undefined {
  const at = Date.parse(pickupAt);
  if (!Number.isFinite(at) || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(pickupAt))
    return undefined;
  const date = zonedParts(new Date(at), venue.timezone).date;
  if (!pickupDays(venue, now).includes(date)) return undefined;
  return slotTimes(venue, date, now).find((t) => t.start === at);
}

/**
 * Takes one place in a slot: the row is counted up only while it is below `capacity` (the database row lock
 * decides between simultaneous orders on any instance). Resolves to whether this order got the place.
 */
export const takePlace = async (q: Queryable, venueId: string, key: string, capacity: number) =>
  (await sql.takeSlotPlace(q, venueId, key, capacity)) !== undefined;
