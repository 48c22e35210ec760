/**
 * What a prerendered venue page hands its menu island at load instead of the whole menu (the
 * open-now line, the visit record, the sold-out dishes for the cart): computed at build time only.
 */
import type { Venue } from '../../contract/venue.ts';

export type VenueFacts = Pick<Venue, 'id' | 'name' | 'tagline' | 'city' | 'hours' | 'timezone' | 'updatedAt'> & { soldOut: string[] };

export function venueFactsOf(venue: Venue): VenueFacts {
  const { id, name, tagline, city, hours, timezone, updatedAt } = venue;
  const soldOut = venue.categories.flatMap((c) => c.products.filter((p) => !p.available).map((p) => p.id));
  return { id, name, tagline, city, hours, timezone, updatedAt, soldOut };
}
