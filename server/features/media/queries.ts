/** The media feature's SQL: uploaded images, kept in the database so every instance serves them (`media`). */
import type { Queryable } from '../../platform/db/database.ts';

/** Stores one encoded image under its key; a key already stored (the same bytes uploaded again) is kept. */
export async function insertMedia(
  q: Queryable,
  key: string,
  venueId: string,
  contentType: string,
  data: Buffer,
  now: number,
): Promise<void> {
  await q.run(
    'INSERT INTO media (key, venue_id, content_type, data, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING',
    [key, venueId, contentType, data.toString('base64'), now],
  );
}

/** A stored image's type and bytes, or undefined. */
export async function mediaByKey(
  q: Queryable,
  key: string,
): Promise<{ contentType: string; data: Buffer } | undefined> {
  const row = await q.get<{ content_type: string; data: string }>(
    'SELECT content_type, data FROM media WHERE key = ?',
    [key],
  );
  return row && { contentType: row.content_type, data: Buffer.from(row.data, 'base64') };
}
