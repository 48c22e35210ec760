/** Demo data loaded on first start with an empty database (venues and demo accounts). */
import { randomUUID } from 'node:crypto';
import type { Db } from './database.ts';
import type { VenueStore } from '../venues.ts';
import { hashPassword } from '../auth/passwords.ts';
import { DEMO_VENUES } from './demo/index.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_USERS = {
  diner: { email: 'ana@umenu.test', name: 'Ana García' },
  staff: { email: 'cocina@umenu.test', name: 'Cocina umenu' },
  admin: { email: 'admin@umenu.test', name: 'Admin umenu' },
} as const;

export async function seedIfEmpty(db: Db, venues: VenueStore): Promise<boolean> {
  const users = db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number };
  if (users.n > 0 || venues.count() > 0) return false;
  for (const venue of DEMO_VENUES) venues.put(venue, { keepUpdatedAt: false });
  const hash = await hashPassword(DEMO_PASSWORD);
  const insert = db.prepare('INSERT INTO users (id, email, name, password_hash, scope, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const now = new Date().toISOString();
  insert.run(randomUUID(), DEMO_USERS.diner.email, DEMO_USERS.diner.name, hash, '[]', now);
  insert.run(randomUUID(), DEMO_USERS.staff.email, DEMO_USERS.staff.name, hash, JSON.stringify(DEMO_VENUES.map((v) => `staff:${v.id}`)), now);
  insert.run(randomUUID(), DEMO_USERS.admin.email, DEMO_USERS.admin.name, hash, '["admin"]', now);
  return true;
}

/** Adds `staff:{venueId}` to the demo staff account (used when the benchmark venue is generated). */
export function grantDemoStaff(db: Db, venueId: string): void {
  const row = db.prepare('SELECT scope FROM users WHERE email = ?').get(DEMO_USERS.staff.email) as { scope: string } | undefined;
  if (!row) return;
  const scope = JSON.parse(row.scope) as string[];
  if (!scope.includes(`staff:${venueId}`)) {
    scope.push(`staff:${venueId}`);
    db.prepare('UPDATE users SET scope = ? WHERE email = ?').run(JSON.stringify(scope), DEMO_USERS.staff.email);
  }
}
