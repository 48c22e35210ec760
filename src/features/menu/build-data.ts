/** Build-time reads from `UMENU_BUILD_API` (no API at build: empty data, pages still build). */
import type { Venue, VenueSummary } from '../../contract/venue.ts';
import { HOME_PAGE_SIZE } from '../../contract/limits.ts';

function base(): string | null {
  const api = process.env.UMENU_BUILD_API;
  return api ? api.replace(/\/+$/, '') : null;
}

/** The home page's first screen of venues and how many there are (an API without pages: all of them). */
export async function buildHomeVenues(): Promise<{ venues: VenueSummary[]; total: number }> {
  const api = base();
  if (!api) return { venues: [], total: 0 };
  const response = await fetch(`${api}/venues?limit=${HOME_PAGE_SIZE}`);
  if (!response.ok) throw new Error(`GET ${api}/venues?limit=${HOME_PAGE_SIZE} → ${response.status}`);
  const { venues, total } = (await response.json()) as { venues: VenueSummary[]; total?: number };
  return { venues: venues.slice(0, HOME_PAGE_SIZE), total: total ?? venues.length };
}

/** Every venue (the venue pages and their menu files). */
export async function buildVenueList(): Promise<VenueSummary[]> {
  const api = base();
  if (!api) return [];
  const response = await fetch(`${api}/venues`);
  if (!response.ok) throw new Error(`GET ${api}/venues → ${response.status}`);
  return ((await response.json()) as { venues: VenueSummary[] }).venues;
}

export interface BuiltVenue {
  venue: Venue;
  /** The API's ETag for this exact document: the page revalidates with If-None-Match. */
  etag: string | null;
}

export async function buildVenue(id: string): Promise<BuiltVenue | null> {
  const api = base();
  if (!api) return null;
  const response = await fetch(`${api}/venues/${encodeURIComponent(id)}`);
  return response.ok ? { venue: (await response.json()) as Venue, etag: response.headers.get('etag') } : null;
}

let allEntries: Promise<BuiltVenue[]> | undefined;

/**
 * Every venue with its ETag. A build reads them once: the venue pages, their menu files and
 * `/inspire` all ask (`astro dev` asks the API each time, so an edited menu shows on reload).
 */
export function buildAllVenueEntries(): Promise<BuiltVenue[]> {
  if (!import.meta.env.PROD) return readAllVenueEntries();
  allEntries ??= readAllVenueEntries();
  return allEntries;
}

async function readAllVenueEntries(): Promise<BuiltVenue[]> {
  const out: BuiltVenue[] = [];
  for (const summary of await buildVenueList()) {
    const entry = await buildVenue(summary.id);
    if (entry) out.push(entry);
  }
  return out;
}

export async function buildAllVenues(): Promise<Venue[]> {
  return (await buildAllVenueEntries()).map((e) => e.venue);
}
