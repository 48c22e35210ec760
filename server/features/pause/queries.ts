/** The pause's statements (docs/rules.md#pausing-orders): the venue document under its row lock, and the open tickets per station. */
import type { Queryable } from '../../platform/db/database.ts';

/** The stored venue document, locked (`forUpdate`) for the pause's read-modify-write. */
export async function lockedVenueDoc(q: Queryable, id: string, forUpdate: string): Promise<string | undefined> {
  return (await q.get<{ doc: string }>(`SELECT doc FROM venues WHERE id = ?${forUpdate}`, [id]))?.doc;
}

/** Replaces the venue document (the pause is part of it) and its `updated_at`. */
export const updateVenueDoc = (q: Queryable, id: string, doc: string, updatedAt: string) =>
  q.run('UPDATE venues SET doc = ?, updated_at = ? WHERE id = ?', [doc, updatedAt, id]);

/** Open tickets that reached their station (released, not done), per station. */
export const openTicketsByStation = (q: Queryable, venueId: string) =>
  q.all<{ station: string; n: number }>(
    "SELECT station, COUNT(*) AS n FROM tickets WHERE venue_id = ? AND held = 0 AND status = 'open' GROUP BY station",
    [venueId],
  );
