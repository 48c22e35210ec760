/** `UMENU_SEED_LARGE=N`'s venues (server/demo/generate-venues.ts): the same every time, valid, 40 dishes each. */
import { describe, expect, it } from 'vitest';
import { Venue } from '../../../src/contract/venue.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { generateVenues } from '../../../server/demo/generate-venues.ts';

describe('generateVenues', () => {
  it('gives the same venues for the same count, and a larger count starts with the smaller one', () => {
    const a = generateVenues(300);
    expect(generateVenues(300)).toEqual(a);
    expect(generateVenues(40)).toEqual(a.slice(0, 40));
    // A fixed sample, so a change of the sequence is seen (the benchmark's and the measurements' data).
    expect(a.slice(0, 3).map((v) => `${v.name} · ${v.city}`)).toEqual([
      'Café La Alameda · Bilbao',
      'Tasca Casa Lola · Pamplona',
      'Marisquería La Alameda · Toledo',
    ]);
    expect(a[0]!.id).toBe('cafe-la-alameda-bilbao');
  });

  it('makes valid venues of 40 dishes, one name per city, with Spanish names and cities', () => {
    const venues = generateVenues(1000);
    expect(new Set(venues.map((v) => v.id)).size).toBe(1000);
    expect(new Set(venues.map((v) => `${v.name}|${v.city}`)).size).toBe(1000);
    for (const venue of venues) {
      expect(() => Venue.parse(venue)).not.toThrow();
      expect(isValidVenueId(venue.id), venue.id).toBe(true);
      expect(venue.categories.flatMap((c) => c.products)).toHaveLength(40);
      expect(new Set(venue.categories.flatMap((c) => c.products.map((p) => p.id))).size).toBe(40);
    }
    expect(venues.some((v) => v.name.startsWith('Café ') && v.cuisine === 'Desayunos y meriendas')).toBe(true);
    expect(new Set(venues.map((v) => v.city))).toContain('Málaga');
  });
});
