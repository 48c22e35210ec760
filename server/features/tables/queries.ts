/** The tables feature's SQL: each table label's token (`venue_tables`). */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.ts';

/** 128 random bits, URL-safe. */
export const newTableToken = () => randomBytes(16).toString('base64url');

/** Tokens of the given labels, creating the missing ones. */
export async function tableTokens(q: Queryable, venueId: string, labels: readonly string[]): Promise<Map<string, string>> {
  const now = Date.now();
  for (const label of labels) {
    await q.run('INSERT INTO venue_tables (venue_id, label, token, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (venue_id, label) DO NOTHING', [venueId, label, newTableToken(), now]);
  }
  const rows = await q.all<{ label: string; token: string }>('SELECT label, token FROM venue_tables WHERE venue_id = ?', [venueId]);
  return new Map(rows.map((r) => [r.label, r.token]));
}

/** Replaces a table's token (the row exists: `tableTokens` first). */
export async function setTableToken(q: Queryable, venueId: string, label: string, token: string): Promise<void> {
  await q.run('UPDATE venue_tables SET token = ?, created_at = ? WHERE venue_id = ? AND label = ?', [token, Date.now(), venueId, label]);
}

/** The table a token opens, or undefined (rotated or unknown): for the table-session check. */
export async function tableForToken(q: Queryable, venueId: string, token: string): Promise<string | undefined> {
  const row = await q.get<{ label: string }>('SELECT label FROM venue_tables WHERE venue_id = ? AND token = ?', [venueId, token.slice(0, 64)]);
  return row?.label;
}
