/**
 * What a prerendered venue page hands its menu island at load instead of the whole menu (the
 * open-now line, the visit record, the sold-out dishes for the cart): computed at build time only.
 */
import type { Venue } from '../../contract/venue.ts';
import { zoneOffsets, type ZoneOffsets } from '../../contract/hours.ts';

/** How long after the build the page reads the venue's clock from `zone` (then through Intl). */
export const ZONE_OFFSET_DAYS = 400;

export type VenueFacts = Pick<
  Venue,
  'id' | 'name' | 'tagline' | 'city' | 'hours' | 'timezone' | 'updatedAt' | 'pause'
> & {
  soldOut: string[];
  /** `menuShape` of the version the page shows: a newer version with the same shape changes only prices and availability. */
  shape?: string;
  /** The venue's UTC offsets from the build on: the open-now line needs no time-zone data. */
  zone: ZoneOffsets;
};

export function venueFactsOf(venue: Venue, now = Date.now()): VenueFacts {
  const { id, name, tagline, city, hours, timezone, updatedAt } = venue;
  const soldOut = venue.categories.flatMap((c) => c.products.filter((p) => !p.available).map((p) => p.id));
  return {
    id,
    name,
    tagline,
    city,
    hours,
    timezone,
    updatedAt,
    // The pause when the page was made (docs/rules.md#pausing-orders): the page shows it while it lasts.
    ...(venue.pause ? { pause: venue.pause } : {}),
    soldOut,
    shape: menuShape(venue),
    zone: zoneOffsets(timezone, now, ZONE_OFFSET_DAYS),
  };
}

/** Keys left out of a menu's shape: what the page's script updates in place (the cards, the pause's banner). */
const LIVE_KEYS = new Set(['price', 'available', 'updatedAt', 'pause', 'autoPause']);

/**
 * A short hash (FNV-1a) of everything in the menu but prices, availability and `updatedAt`: two
 * versions with the same shape differ only in what page-duties.ts writes on the static cards,
 * so a newer one needs no render of the page (nor React).
 */
export function menuShape(venue: Venue): string {
  const text = JSON.stringify(venue, (key, value: unknown) => (LIVE_KEYS.has(key) ? undefined : value));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * A version of the menu older than the one the page shows (by `updatedAt`, ISO 8601 in UTC):
 * e.g. the service worker's kept copy when the network did not answer in time. The page never
 * goes back to it.
 */
export function isOlderVersion(candidate: string, shown: string | undefined): boolean {
  return shown !== undefined && Date.parse(candidate) < Date.parse(shown);
}

/** What a prerendered venue page embeds as `#venue-facts`: its facts and the ETag of its menu. */
export type PageFacts = VenueFacts & { etag: string | null };

let pageFacts: PageFacts | null | undefined;

/** The page's `#venue-facts` (read once; null on a page without them, e.g. the fallback shell). */
export function readPageFacts(): PageFacts | null {
  if (pageFacts === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById('venue-facts')?.textContent;
    try {
      pageFacts = text ? (JSON.parse(text) as PageFacts) : null;
    } catch {
      pageFacts = null;
    }
  }
  return pageFacts;
}
