/**
 * The venue id rule (docs/rules.md#venue-ids) lives once, in src/contract/limits.ts. A static
 * host's rewrite rules cannot import it, so the copy there must match it character for character.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidVenueId, RESERVED_VENUE_IDS, VENUE_ID_PATTERN } from '../../../src/contract/limits.ts';

describe('venue ids', () => {
  it('accepts slugs of 2 to 63 characters and refuses the rest and the reserved names', () => {
    expect(isValidVenueId('taqueria-el-guero')).toBe(true);
    expect(isValidVenueId('a1')).toBe(true);
    expect(isValidVenueId('a'.repeat(63))).toBe(true);
    expect(isValidVenueId('a')).toBe(false);
    expect(isValidVenueId('a'.repeat(64))).toBe(false);
    expect(isValidVenueId('-bar')).toBe(false);
    expect(isValidVenueId('Bar')).toBe(false);
    expect(isValidVenueId('bar_uno')).toBe(false);
    for (const reserved of RESERVED_VENUE_IDS) expect(isValidVenueId(reserved), reserved).toBe(false);
  });

  it("Vercel's rewrite to the fallback shell uses the contract's pattern", () => {
    const config = JSON.parse(readFileSync(new URL('../../../public/vercel.json', import.meta.url), 'utf8')) as {
      rewrites: Array<{ source: string; destination: string }>;
    };
    const shell = config.rewrites.find((rewrite) => rewrite.destination === '/venue-shell.html');
    const pattern = VENUE_ID_PATTERN.source.replace(/^\^/, '').replace(/\$$/, '');
    expect(shell?.source).toBe(`/:id((?!api/)${pattern})`);
  });
});
