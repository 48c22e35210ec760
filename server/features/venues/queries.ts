/** The venues feature's SQL: venue documents (`venues`), old prices (`price_changes`) and each dish's change history (`product_changes`). */
import type { Queryable } from '../../platform/db/database.ts';

/** Inserts or replaces a stored venue document with its search text. */
export async function upsertVenue(
  q: Queryable,
  row: { id: string; doc: string; search: string; updatedAt: string },
): Promise<void> {
  await q.run(
    `INSERT INTO venues (id, doc, search, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, search = excluded.search, updated_at = excluded.updated_at`,
    [row.id, row.doc, row.search, row.updatedAt],
  );
}

/** Inserts the venues not stored yet, many rows per statement (seeding thousands of venues). */
export async function insertVenuesIfMissing(
  q: Queryable,
  rows: ReadonlyArray<{ id: string; doc: string; search: string; updatedAt: string }>,
): Promise<void> {
  const BATCH = 100;
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    await q.run(
      `INSERT INTO venues (id, doc, search, updated_at) VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')} ON CONFLICT (id) DO NOTHING`,
      batch.flatMap((row) => [row.id, row.doc, row.search, row.updatedAt]),
    );
  }
}

/** Every stored venue document, by id. */
export async function venueDocs(q: Queryable): Promise<string[]> {
  return (await q.all<{ doc: string }>('SELECT doc FROM venues ORDER BY id')).map((row) => row.doc);
}

/**
 * One stored venue document, or undefined. In a transaction, `forUpdate` (the database's ` FOR UPDATE`)
 * locks its row until the transaction ends.
 */
export async function venueDoc(q: Queryable, id: string, forUpdate = ''): Promise<string | undefined> {
  return (await q.get<{ doc: string }>(`SELECT doc FROM venues WHERE id = ?${forUpdate}`, [id]))?.doc;
}

export interface PriceChangeRow {
  venue_id: string;
  item_key: string;
  old_price: number;
  changed_at: number;
}

/** Price changes since `since` (ms), oldest first: of one venue, or of all. */
export async function priceChangesSince(q: Queryable, since: number, venueId?: string): Promise<PriceChangeRow[]> {
  return venueId
    ? q.all<PriceChangeRow>(
        'SELECT venue_id, item_key, old_price, changed_at FROM price_changes WHERE venue_id = ? AND changed_at >= ? ORDER BY changed_at ASC',
        [venueId, since],
      )
    : q.all<PriceChangeRow>(
        'SELECT venue_id, item_key, old_price, changed_at FROM price_changes WHERE changed_at >= ? ORDER BY changed_at ASC',
        [since],
      );
}

export async function insertPriceChange(
  q: Queryable,
  venueId: string,
  itemKey: string,
  oldPrice: number,
  newPrice: number,
  at: number,
): Promise<void> {
  await q.run(
    'INSERT INTO price_changes (venue_id, item_key, old_price, new_price, changed_at) VALUES (?, ?, ?, ?, ?)',
    [venueId, itemKey, oldPrice, newPrice, at],
  );
}

/** One recorded change of a dish's price or availability; values are JSON. */
export interface ProductChangeRow {
  field: 'price' | 'available';
  old_value: string;
  new_value: string;
  user_id: string;
  user_name: string;
  changed_at: number;
}

export async function insertProductChange(
  q: Queryable,
  venueId: string,
  productId: string,
  change: Omit<ProductChangeRow, 'changed_at'>,
  at: number,
): Promise<void> {
  await q.run(
    'INSERT INTO product_changes (venue_id, product_id, field, old_value, new_value, user_id, user_name, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [venueId, productId, change.field, change.old_value, change.new_value, change.user_id, change.user_name, at],
  );
}

/** A dish's last 200 changes, newest first. */
export async function productHistory(q: Queryable, venueId: string, productId: string): Promise<ProductChangeRow[]> {
  return q.all<ProductChangeRow>(
    'SELECT field, old_value, new_value, user_id, user_name, changed_at FROM product_changes WHERE venue_id = ? AND product_id = ? ORDER BY id DESC LIMIT 200',
    [venueId, productId],
  );
}
