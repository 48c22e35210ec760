/** The SQL of loading the demo data (server/demo/seed.ts). */
import type { Queryable } from '../platform/db/database.ts';

export const countRows = async (q: Queryable, table: 'users' | 'venues') =>
  (await q.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;

export async function insertUser(
  q: Queryable,
  user: { id: string; email: string; name: string; passwordHash: string; scope: readonly string[]; createdAt: string },
): Promise<void> {
  await q.run('INSERT INTO users (id, email, name, password_hash, scope, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
    user.id,
    user.email,
    user.name,
    user.passwordHash,
    JSON.stringify(user.scope),
    user.createdAt,
  ]);
}

export const venueExists = async (q: Queryable, id: string) =>
  Boolean(await q.get('SELECT id FROM venues WHERE id = ?', [id]));

export async function scopeOf(q: Queryable, email: string): Promise<string[] | undefined> {
  const row = await q.get<{ scope: string }>('SELECT scope FROM users WHERE email = ?', [email]);
  return row ? (JSON.parse(row.scope) as string[]) : undefined;
}

export async function setScope(q: Queryable, email: string, scope: readonly string[]): Promise<void> {
  await q.run('UPDATE users SET scope = ? WHERE email = ?', [JSON.stringify(scope), email]);
}

export async function insertIssuer(
  q: Queryable,
  r: { venueId: string; taxId: string; series: string; confirmedBy: string; confirmedAt: number },
): Promise<void> {
  await q.run(
    'INSERT INTO verifactu_issuers (venue_id, tax_id, series, confirmed_by, confirmed_at) VALUES (?, ?, ?, ?, ?)',
    [r.venueId, r.taxId, r.series, r.confirmedBy, r.confirmedAt],
  );
}
