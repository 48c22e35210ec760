/** Venues visited on this device, newest first (for "Visitados recientemente" on `/`). */
import { persistentStore } from '../../lib/persist.ts';
import type { VenueSummary } from '../../contract/venue.ts';

export interface RecentVenue {
  id: string;
  name: string;
  tagline: string;
  city: string;
  visitedAt: string;
}

export const RECENT_MAX = 8;

export function isRecentVenues(value: unknown): value is RecentVenue[] {
  return (
    Array.isArray(value) &&
    value.length <= RECENT_MAX &&
    value.every(
      (v) =>
        typeof v === 'object' &&
        v !== null &&
        ['id', 'name', 'tagline', 'city', 'visitedAt'].every(
          (k) => typeof (v as Record<string, unknown>)[k] === 'string',
        ),
    )
  );
}

export const $recentVenues = persistentStore<RecentVenue[]>('recentVenues', [], isRecentVenues);

export function withVisit(
  list: readonly RecentVenue[],
  venue: Pick<VenueSummary, 'id' | 'name' | 'tagline' | 'city'>,
  now = new Date(),
): RecentVenue[] {
  const entry: RecentVenue = {
    id: venue.id,
    name: venue.name,
    tagline: venue.tagline,
    city: venue.city,
    visitedAt: now.toISOString(),
  };
  return [entry, ...list.filter((v) => v.id !== venue.id)].slice(0, RECENT_MAX);
}

export function recordVisit(venue: Pick<VenueSummary, 'id' | 'name' | 'tagline' | 'city'>): void {
  $recentVenues.set(withVisit($recentVenues.get(), venue));
}
