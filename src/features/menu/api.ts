/**
 * Menu reads without the full HTTP client: the menu page revalidates with a
 * plain `fetch` (the browser's HTTP cache does the ETag round trip; the API
 * answers 304 when nothing changed) so ky and the problem schemas stay out of
 * a diner's first load. Errors just leave the prerendered menu as it is.
 */
import type { Venue, VenueSummary } from '../../contract/venue.ts';
import { HOME_PAGE_SIZE } from '../../contract/limits.ts';

/** One page of venues and how many match in all. */
export interface VenueList {
  venues: VenueSummary[];
  total: number;
}

const ACCEPT = 'application/json, text/plain, */*';

let apiBasePromise: Promise<string> | undefined;

/** `/config.json` as read here: only its `apiBase`, checked below. */
interface ConfigJson {
  apiBase?: unknown;
}

/**
 * The runtime API base from `/config.json` (same file and rule as
 * `src/lib/config.ts`, read here in a few bytes so the menu's first load does
 * not pull the config module's chunk); falls back to the build default.
 */
export function runtimeApiBase(fallback = import.meta.env.PUBLIC_API_BASE ?? '/api'): Promise<string> {
  apiBasePromise ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then((r): Promise<ConfigJson> | ConfigJson => (r.ok ? (r.json() as Promise<ConfigJson>) : {}))
    .then((c) => {
      const base = typeof c.apiBase === 'string' ? c.apiBase.trim() : '';
      return /^(https?:\/\/[^/\s]+|\/)\S*$/i.test(base) ? base.replace(/\/+$/, '') || '/' : fallback;
    })
    .catch(() => fallback);
  return apiBasePromise;
}

/** A GET of `path` under the API base; with `etag`, conditional (If-None-Match). */
async function get(path: string, etag?: string | null, signal?: AbortSignal): Promise<Response> {
  const apiBase = await runtimeApiBase();
  const headers: Record<string, string> = { Accept: ACCEPT };
  if (etag) headers['If-None-Match'] = etag;
  const response = await fetch(`${apiBase.replace(/\/+$/, '')}/${path}`, { headers, cache: 'no-cache', signal });
  if (!response.ok && response.status !== 304)
    throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  return response;
}

/** GETs JSON; with `etag`, a conditional request whose 304 ("unchanged") resolves to null. */
async function getJson<T>(path: string, etag?: string): Promise<T | null> {
  const response = await get(path, etag);
  return response.status === 304 ? null : ((await response.json()) as T);
}

/** A version of the venue and the API's ETag for it (null when the API sends none). */
export interface VenueVersion {
  venue: Venue;
  etag: string | null;
}

/**
 * The venue if it changed since `etag` (a conditional GET: the API answers 304, a few hundred
 * bytes, while nothing changed → null), with the ETag of what it answered, for the next request.
 */
export async function fetchVenueIfChanged(
  id: string,
  etag: string | null,
  signal?: AbortSignal,
): Promise<VenueVersion | null> {
  const response = await get(`venues/${encodeURIComponent(id)}`, etag, signal);
  return response.status === 304
    ? null
    : { venue: (await response.json()) as Venue, etag: response.headers.get('etag') };
}

/** The venue, or null when it is unchanged since `etag` (the prerendered copy is current). */
export function fetchVenue(id: string, etag?: string): Promise<Venue | null> {
  return getJson<Venue>(`venues/${encodeURIComponent(id)}`, etag);
}

/** One page (`HOME_PAGE_SIZE` venues from `offset`) of the venues matching `q` (all venues when empty). */
export async function searchVenues(q: string, offset = 0): Promise<VenueList> {
  const query = q.trim();
  const body = await getJson<Partial<VenueList>>(
    `venues?limit=${HOME_PAGE_SIZE}${offset ? `&offset=${offset}` : ''}${query ? `&q=${encodeURIComponent(query)}` : ''}`,
  );
  const venues = body?.venues ?? [];
  // An API from before pages answers every match and no total.
  return { venues: venues.slice(0, HOME_PAGE_SIZE), total: body?.total ?? offset + venues.length };
}
