/**
 * Venue documents: stored as JSON in the database, kept parsed and serialized in memory
 * (with their strong ETag) so `GET /venues/{id}` costs one map lookup.
 */
import { createHash } from 'node:crypto';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { Category, Option, OptionGroup, Product, Venue, VenueSummary } from '../../../src/contract/venue.ts';
import {
  insertPriceChange,
  insertVenuesIfMissing,
  priceChangesSince,
  upsertVenue,
  venueDoc,
  venueDocs,
} from './queries.ts';

export interface CachedVenue {
  venue: Venue;
  json: string;
  etag: string;
  products: Map<
    string,
    {
      product: Product;
      categoryId: string;
      availableFrom?: string;
      availableUntil?: string;
      /** Its category's windows (src/contract/availability.ts). */
      availability?: Category['availability'];
    }
  >;
  /** Compressed bodies, filled in off the event loop shortly after the entry is created. */
  br?: Buffer;
  gzip?: Buffer;
}

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function summaryOf(v: Venue): VenueSummary {
  const { id, name, tagline, city, cuisine, currency, locale, timezone, logo, cover, languages } = v;
  return {
    id,
    name,
    tagline,
    city,
    cuisine,
    currency,
    locale,
    timezone,
    ...(logo ? { logo } : {}),
    ...(cover ? { cover } : {}),
    ...(languages?.length ? { languages } : {}),
  };
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
        ...(cat.availability?.length ? { availability: cat.availability } : {}),
      });
    }
  }
  const entry: CachedVenue = { venue, json, etag, products };
  if (json.length > 1024) {
    brotliCompress(
      json,
      { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length } },
      (error, result) => {
        if (!error) entry.br = result;
      },
    );
    gzip(json, { level: 9 }, (error, result) => {
      if (!error) entry.gzip = result;
    });
  }
  return entry;
}

/** Price of every product, option and set supplement, keyed `p:{productId}` / `o:{productId}:{optionId}` / `s:{setId}:{courseId}:{productId}`. */
function priceMap(venue: Venue): Map<string, number> {
  const map = new Map<string, number>();
  for (const cat of venue.categories) {
    for (const p of cat.products) {
      map.set(`p:${p.id}`, p.price);
      for (const g of p.optionGroups) for (const o of g.options) map.set(`o:${p.id}:${o.id}`, o.priceDelta);
      // A set's supplements, per course and dish (src/contract/set-menu.ts).
      for (const c of p.courses ?? [])
        for (const ch of c.choices) map.set(`s:${p.id}:${c.id}:${ch.productId}`, ch.supplement ?? 0);
    }
  }
  return map;
}

export interface VenueStore {
  get(id: string): CachedVenue | undefined;
  /**
   * Summaries of the venues matching `q` (every venue without it), by id; `offset`/`limit`: one
   * page of them. `total`: how many match in all.
   */
  list(q?: string, page?: { offset: number; limit: number }): { venues: VenueSummary[]; total: number };
  /** Inserts or replaces a venue, bumps `updatedAt`, records price changes, appends a `venue` event. */
  put(
    venue: Venue,
    options?: {
      keepUpdatedAt?: boolean;
      event?: Record<string, unknown>;
      inTransaction?: (tx: Queryable) => Promise<void>;
    },
  ): Promise<CachedVenue>;
  /** Reads a venue again from the database (another instance changed it). */
  reload(id: string): Promise<void>;
  /** Reads every venue again (after a lost connection to the event channel). */
  reloadAll(): Promise<void>;
  /** Old prices of items changed since `sinceMs` (for the 409 price-change answer). */
  priceChangesSince(venueId: string, sinceMs: number): Map<string, number>;
  count(): number;
  /** Called after each `put` of this instance commits (other instances' writes: `EventBus.onVenueEvent`). */
  onPut(fn: (venueId: string) => void): void;
}

/** How long price changes are remembered in memory (the 409 answer looks back 24 h). */
const PRICE_MEMORY_MS = 25 * 3600_000;

interface PriceChange {
  key: string;
  old: number;
  at: number;
}

/** The words of a folded text (letters and digits). */
const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * The venues' search index: each word of a venue's folded name, city, cuisine and tagline →
 * the venues that have it, and every word in sorted order, so the words starting with a term
 * are one binary search and a walk (a prefix index: ≤ 20 ms p99 at 1,000 venues was the goal,
 * well under 1 ms here). A search term matches a venue when one of its words starts with the
 * term, or — terms of 5 letters or more — with all but the term's last letter: "pizza" finds
 * "Pizzería", "mexicano" finds "Mexicana", "cafe" finds "Café".
 */
export class VenueSearchIndex {
  private readonly byWord = new Map<string, Set<string>>();
  private readonly wordsOfVenue = new Map<string, string[]>();
  private sorted: string[] | undefined;

  set(id: string, text: string): void {
    this.delete(id);
    const words = [...new Set(wordsOf(text))];
    this.wordsOfVenue.set(id, words);
    for (const word of words) {
      let ids = this.byWord.get(word);
      if (!ids) {
        this.byWord.set(word, (ids = new Set()));
        this.sorted = undefined;
      }
      ids.add(id);
    }
  }

  delete(id: string): void {
    for (const word of this.wordsOfVenue.get(id) ?? []) {
      const ids = this.byWord.get(word);
      ids?.delete(id);
      if (ids?.size === 0) {
        this.byWord.delete(word);
        this.sorted = undefined;
      }
    }
    this.wordsOfVenue.delete(id);
  }

  /** The ids of the venues with a word starting with `prefix`. */
  private withPrefix(prefix: string, into: Set<string>): void {
    const words = (this.sorted ??= [...this.byWord.keys()].sort());
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (words[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < words.length && words[i]!.startsWith(prefix); i += 1)
      for (const id of this.byWord.get(words[i]!)!) into.add(id);
  }

  /** The ids of the venues matching every term of `query` (folded, split into words; at most 10). */
  search(query: string): Set<string> {
    const terms = wordsOf(fold(query)).slice(0, 10);
    let found: Set<string> | undefined;
    for (const term of terms) {
      const matches = new Set<string>();
      this.withPrefix(term.length >= 5 ? term.slice(0, -1) : term, matches);
      found = found ? new Set([...found].filter((id) => matches.has(id))) : matches;
      if (found.size === 0) break;
    }
    return found ?? new Set(this.wordsOfVenue.keys());
  }
}

export const searchText = (venue: Venue) => fold(`${venue.name} ${venue.city} ${venue.cuisine} ${venue.tagline}`);

/** Inserts or replaces the stored document (no cache, no event): seeding and `put`. */
export async function storeVenue(q: Queryable, venue: Venue): Promise<void> {
  await upsertVenue(q, {
    id: venue.id,
    doc: JSON.stringify(venue),
    search: searchText(venue),
    updatedAt: venue.updatedAt,
  });
}

/** Stores the venues whose id is not taken yet (no cache, no event): seeding many venues at once. */
export async function storeNewVenues(q: Queryable, venues: readonly Venue[]): Promise<void> {
  await insertVenuesIfMissing(
    q,
    venues.map((venue) => ({
      id: venue.id,
      doc: JSON.stringify(venue),
      search: searchText(venue),
      updatedAt: venue.updatedAt,
    })),
  );
}

/**
 * Venues are read from the database once and kept parsed in memory (a menu GET is a map
 * lookup). A change made on any instance appends a `venue` event; every instance reloads
 * that venue when the event reaches it (`reload`).
 */
export async function createVenueStore(db: Db, events?: EventBus): Promise<VenueStore> {
  const cache = new Map<string, CachedVenue>();
  const searchIndex = new VenueSearchIndex();
  /** Every cached id, sorted: the list's order, stable across pages and restarts. */
  let ids: string[] | undefined;
  const changes = new Map<string, PriceChange[]>();
  const putWatchers: Array<(venueId: string) => void> = [];

  const remember = (venue: Venue) => {
    if (!cache.has(venue.id)) ids = undefined;
    cache.set(venue.id, cacheEntry(venue));
    searchIndex.set(venue.id, searchText(venue));
  };
  async function loadChanges(venueId?: string): Promise<void> {
    const since = Date.now() - PRICE_MEMORY_MS;
    const rows = await priceChangesSince(db, since, venueId);
    if (venueId) changes.delete(venueId);
    else changes.clear();
    for (const row of rows) {
      let list = changes.get(row.venue_id);
      if (!list) changes.set(row.venue_id, (list = []));
      list.push({ key: row.item_key, old: row.old_price, at: row.changed_at });
    }
  }
  async function reloadAll(): Promise<void> {
    for (const doc of await venueDocs(db)) remember(JSON.parse(doc) as Venue);
    await loadChanges();
  }
  await reloadAll();

  async function reload(id: string): Promise<void> {
    const doc = await venueDoc(db, id);
    if (!doc) return;
    const venue = JSON.parse(doc) as Venue;
    // Same document as cached (this instance made the change): keep the entry and its compressed copies.
    if (cache.get(id)?.json !== JSON.stringify(venue)) remember(venue);
    await loadChanges(id);
  }
  events?.onVenueEvent(
    (id) => void reload(id).catch((error: unknown) => console.error('[umenu] reloading venue failed', id, error)),
  );
  events?.onResync(
    () => void reloadAll().catch((error: unknown) => console.error('[umenu] reloading venues failed', error)),
  );

  return {
    get: (id) => cache.get(id),
    count: () => cache.size,
    list(q, page) {
      ids ??= [...cache.keys()].sort();
      const query = q?.trim() ?? '';
      const matching = query
        ? (() => {
            const found = searchIndex.search(query);
            return found.size === cache.size ? ids : [...found].sort();
          })()
        : ids;
      const chosen = page ? matching.slice(page.offset, page.offset + page.limit) : matching;
      return { venues: chosen.map((id) => summaryOf(cache.get(id)!.venue)), total: matching.length };
    },
    async put(input, options = {}) {
      const venue: Venue = options.keepUpdatedAt ? input : { ...input, updatedAt: new Date().toISOString() };
      const recorded: PriceChange[] = [];
      await db.hotTransaction(async (tx) => {
        // The stored document (not this instance's cache) is the one being replaced.
        const stored = await venueDoc(tx, venue.id, db.forUpdate);
        await storeVenue(tx, venue);
        if (stored) {
          const before = priceMap(JSON.parse(stored) as Venue);
          const now = Date.now();
          for (const [key, price] of priceMap(venue)) {
            const old = before.get(key);
            if (old !== undefined && old !== price) {
              await insertPriceChange(tx, venue.id, key, old, price, now);
              recorded.push({ key, old, at: now });
            }
          }
        }
        if (options.inTransaction) await options.inTransaction(tx);
        if (events)
          await events.append(tx, {
            venueId: venue.id,
            type: 'venue',
            data: JSON.stringify({ venueId: venue.id, updatedAt: venue.updatedAt, ...options.event }),
          });
      });
      if (recorded.length) {
        const list = changes.get(venue.id) ?? [];
        list.push(...recorded);
        changes.set(venue.id, list);
      }
      remember(venue);
      events?.committed(venue.id);
      for (const fn of putWatchers) fn(venue.id);
      return cache.get(venue.id)!;
    },
    onPut(fn) {
      putWatchers.push(fn);
    },
    reload,
    reloadAll,
    priceChangesSince(venueId, sinceMs) {
      const map = new Map<string, number>();
      for (const change of changes.get(venueId) ?? []) {
        if (change.at >= sinceMs && !map.has(change.key)) map.set(change.key, change.old);
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
