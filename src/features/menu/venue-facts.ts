/**
 * What a prerendered venue page hands its menu island at load instead of the whole menu (the
 * open-now line, the visit record, the sold-out dishes for the cart): computed at build time only.
 */
import type { Venue } from '../../contract/venue.ts';
import { zoneOffsets, type ZoneOffsets } from '../../contract/hours.ts';

/** How long after the build the page reads the venue's clock from `zone` (then through Intl). */
export const ZONE_OFFSET_DAYS = 400;

export type VenueFacts = Pick<Venue, 'id' | 'name' | 'tagline' | 'city' | 'hours' | 'timezone' | 'updatedAt'> & {
  soldOut: string[];
  /** The venue's UTC offsets from the build on: the open-now line needs no time-zone data. */
  zone: ZoneOffsets;
};

export function venueFactsOf(venue: Venue, now = Date.now()): VenueFacts {
  const { id, name, tagline, city, hours, timezone, updatedAt } = venue;
  const soldOut = venue.categories.flatMap((c) => c.products.filter((p) => !p.available).map((p) => p.id));
  return { id, name, tagline, city, hours, timezone, updatedAt, soldOut, zone: zoneOffsets(timezone, now, ZONE_OFFSET_DAYS) };
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
