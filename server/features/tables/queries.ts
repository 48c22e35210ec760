/** The tables feature's SQL: each table label's token (`venue_tables`). */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.ts';

/** 128 random bits, URL-safe. */
export const newTableToken = () => randomBytes(16).toString('base64url');

/**
 * Tokens of the given labels, creating the missing ones: one read when every table has its
 * token (the usual case), else one insert of all the missing rows and a second read (a token
 * another request created meanwhile wins: `DO NOTHING`).
 */
export async function tableTokens(
  q: Queryable,
  venueId: string,
  labels: readonly string[],
): Promise<Map<string, string>> {
  const read = async () =>
    new Map(
      (
        await q.all<{ label: string; token: string }>('SELECT label, token FROM venue_tables WHERE venue_id = ?', [
          venueId,
        ])
      ).map((r) => [r.label, r.token]),
    );
  const tokens = await read();
  const missing = [...new Set(labels)].filter((label) => !tokens.has(label));
  if (!missing.length) return tokens;
  const now = Date.now();
  await q.run(
    `INSERT INTO venue_tables (venue_id, label, token, created_at) VALUES ${missing.map(() => '(?, ?, ?, ?)').join(', ')} ON CONFLICT (venue_id, label) DO NOTHING`,
    missing.flatMap((label) => [venueId, label, newTableToken(), now]),
  );
  return read();
}

/** Replaces a table's token (the row exists: `tableTokens` first). */
export async function setTableToken(q: Queryable, venueId: string, label: string, token: string): Promise<void> {
  await q.run('UPDATE venue_tables SET token = ?, created_at = ? WHERE venue_id = ? AND label = ?', [
    token,
    Date.now(),
    venueId,
    label,
  ]);
}

/** The zones the manager gave the venue's tables («Terraza», «Sala»), by label (docs/rules.md#the-floor). */
export async function tableZones(q: Queryable, venueId: string): Promise<Map<string, string>> {
  const rows = await q.all<{ label: string; zone: string }>(
    'SELECT label, zone FROM venue_tables WHERE venue_id = ? AND zone IS NOT NULL',
    [venueId],
  );
  return new Map(rows.map((r) => [r.label, r.zone]));
}

/** Sets a table's zone, or removes it (`null`); the row exists (`tableTokens` first). */
export const setTableZone = (q: Queryable, venueId: string, label: string, zone: string | null) =>
  q.run('UPDATE venue_tables SET zone = ? WHERE venue_id = ? AND label = ?', [zone, venueId, label]);

/** The table a token opens, or undefined (rotated or unknown): for the table-session check. */
export async function tableForToken(q: Queryable, venueId: string, token: string): Promise<string | undefined> {
  const row = await q.get<{ label: string }>('SELECT label FROM venue_tables WHERE venue_id = ? AND token = ?', [
    venueId,
    token.slice(0, 64),
  ]);
  return row?.label;
}
