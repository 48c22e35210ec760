/** Build-time reads from `UMENU_BUILD_API` (no API at build: empty data, pages still build). */
import type { Venue, VenueSummary } from '../../contract/venue.ts';

function base(): string | null {
  const api = process.env.UMENU_BUILD_API;
  return api ? api.replace(/\/+$/, '') : null;
}

export async function buildVenueList(): Promise<VenueSummary[]> {
  const api = base();
  if (!api) return [];
  const response = await fetch(`${api}/venues`);
  if (!response.ok) throw new Error(`GET ${api}/venues → ${response.status}`);
  return ((await response.json()) as { venues: VenueSummary[] }).venues;
}

export async function buildVenue(id: string): Promise<Venue | null> {
  const api = base();
  if (!api) return null;
  const response = await fetch(`${api}/venues/${encodeURIComponent(id)}`);
  return response.ok ? ((await response.json()) as Venue) : null;
}

export async function buildAllVenues(): Promise<Venue[]> {
  const out: Venue[] = [];
  for (const summary of await buildVenueList()) {
    const venue = await buildVenue(summary.id);
    if (venue) out.push(venue);
  }
  return out;
}
