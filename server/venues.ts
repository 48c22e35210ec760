/**
 * Venue documents: stored as JSON in SQLite, kept parsed and serialized in memory
 * (with their strong ETag) so `GET /venues/{id}` costs one map lookup.
 */
import { createHash } from 'node:crypto';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Db } from './db/database.ts';
import { transaction } from './db/database.ts';
import type { Option, OptionGroup, Product, Venue, VenueSummary } from '../src/contract/venue.ts';

export interface CachedVenue {
  venue: Venue;
  json: string;
  etag: string;
  products: Map<string, { product: Product; categoryId: string; availableFrom?: string; availableUntil?: string }>;
  /** Compressed bodies, filled in off the event loop shortly after the entry is created. */
  br?: Buffer;
  gzip?: Buffer;
}

export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function summaryOf(v: Venue): VenueSummary {
  const { id, name, tagline, city, cuisine, currency, locale, timezone, logo, cover } = v;
  return { id, name, tagline, city, cuisine, currency, locale, timezone, ...(logo ? { logo } : {}), ...(cover ? { cover } : {}) };
}

function cacheEntry(venue: Venue): CachedVenue {
  const json = JSON.stringify(venue);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  const products: CachedVenue['products'] = new Map();
  for (const cat of venue.categories) {
    for (const product of cat.products) {
      products.set(product.id, {
        product,
        categoryId: cat.id,
        ...(cat.availableFrom ? { availableFrom: cat.availableFrom } : {}),
        ...(cat.availableUntil ? { availableUntil: cat.availableUntil } : {}),
      });
    }
  }
  const entry: CachedVenue = { venue, json, etag, products };
  if (json.length > 1024) {
    brotliCompress(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length } }, (error, result) => {
      if (!error) entry.br = result;
    });
    gzip(json, { level: 9 }, (error, result) => {
      if (!error) entry.gzip = result;
    });
  }
  return entry;
}

/** Price of every product and option, keyed `p:{productId}` / `o:{productId}:{optionId}`. */
function priceMap(venue: Venue): Map<string, number> {
  const map = new Map<string, number>();
  for (const cat of venue.categories) {
    for (const p of cat.products) {
      map.set(`p:${p.id}`, p.price);
      for (const g of p.optionGroups) for (const o of g.options) map.set(`o:${p.id}:${o.id}`, o.priceDelta);
    }
  }
  return map;
}

export interface VenueStore {
  get(id: string): CachedVenue | undefined;
  list(q?: string): VenueSummary[];
  /** Inserts or replaces a venue, bumps `updatedAt`, records price changes. */
  put(venue: Venue, options?: { keepUpdatedAt?: boolean }): CachedVenue;
  /** Old prices of items changed since `sinceMs` (for the 409 price-change answer). */
  priceChangesSince(venueId: string, sinceMs: number): Map<string, number>;
  count(): number;
}

export function createVenueStore(db: Db): VenueStore {
  const cache = new Map<string, CachedVenue>();
  const searchIndex = new Map<string, string>();
  const selectAll = db.prepare('SELECT doc FROM venues ORDER BY id');
  const upsert = db.prepare(`INSERT INTO venues (id, doc, search, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT(id) DO UPDATE SET doc = excluded.doc, search = excluded.search, updated_at = excluded.updated_at`);
  const insertChange = db.prepare('INSERT INTO price_changes (venue_id, item_key, old_price, new_price, changed_at) VALUES (?, ?, ?, ?, ?)');
  const selectChanges = db.prepare('SELECT item_key, old_price FROM price_changes WHERE venue_id = ? AND changed_at >= ? ORDER BY changed_at ASC');

  for (const row of selectAll.all() as Array<{ doc: string }>) {
    const venue = JSON.parse(row.doc) as Venue;
    cache.set(venue.id, cacheEntry(venue));
    searchIndex.set(venue.id, fold(`${venue.name} ${venue.city} ${venue.cuisine} ${venue.tagline}`));
  }

  return {
    get: (id) => cache.get(id),
    count: () => cache.size,
    list(q) {
      const terms = q ? fold(q).split(/\s+/).filter(Boolean).slice(0, 10) : [];
      const out: VenueSummary[] = [];
      for (const [id, entry] of cache) {
        const text = searchIndex.get(id) ?? '';
        if (terms.every((t) => text.includes(t))) out.push(summaryOf(entry.venue));
      }
      return out;
    },
    put(input, options = {}) {
      const venue: Venue = options.keepUpdatedAt ? input : { ...input, updatedAt: new Date().toISOString() };
      const previous = cache.get(venue.id);
      const search = fold(`${venue.name} ${venue.city} ${venue.cuisine} ${venue.tagline}`);
      transaction(db, () => {
        upsert.run(venue.id, JSON.stringify(venue), search, venue.updatedAt);
        if (previous) {
          const before = priceMap(previous.venue);
          const now = Date.now();
          for (const [key, price] of priceMap(venue)) {
            const old = before.get(key);
            if (old !== undefined && old !== price) insertChange.run(venue.id, key, old, price, now);
          }
        }
      });
      const entry = cacheEntry(venue);
      cache.set(venue.id, entry);
      searchIndex.set(venue.id, search);
      return entry;
    },
    priceChangesSince(venueId, sinceMs) {
      const map = new Map<string, number>();
      for (const row of selectChanges.all(venueId, sinceMs) as Array<{ item_key: string; old_price: number }>) {
        if (!map.has(row.item_key)) map.set(row.item_key, row.old_price);
      }
      return map;
    },
  };
}

export function findOption(product: Product, optionId: string): { group: OptionGroup; option: Option } | undefined {
  for (const group of product.optionGroups) {
    for (const option of group.options) if (option.id === optionId) return { group, option };
  }
  return undefined;
}
