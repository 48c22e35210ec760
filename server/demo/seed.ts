/** Demo data loaded on first start with an empty database (venues and demo accounts). */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../platform/db/database.ts';
import { storeVenue } from '../features/venues/index.ts';
import { hashPassword } from '../features/auth/index.ts';
import { DEMO_VENUES } from './venues/index.ts';
import type { Venue } from '../../src/contract/venue.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_USERS = {
  diner: { email: 'ana@umenu.test', name: 'Ana García' },
  staff: { email: 'cocina@umenu.test', name: 'Cocina umenu' },
  admin: { email: 'admin@umenu.test', name: 'Admin umenu' },
  manager: { email: 'gerente@umenu.test', name: 'Gerente umenu' },
} as const;

/** Run inside `Db.startup` (under the start-up lock): instances starting together seed once. */
export async function seedIfEmpty(q: Queryable): Promise<boolean> {
  const users = (await q.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n;
  const venues = (await q.get<{ n: number }>('SELECT COUNT(*) AS n FROM venues'))!.n;
  if (users > 0 || venues > 0) return false;
  const updatedAt = new Date().toISOString();
  for (const venue of DEMO_VENUES) await storeVenue(q, { ...venue, updatedAt });
  const hash = await hashPassword(DEMO_PASSWORD);
  const insert = 'INSERT INTO users (id, email, name, password_hash, scope, created_at) VALUES (?, ?, ?, ?, ?, ?)';
  const now = new Date().toISOString();
  await q.run(insert, [randomUUID(), DEMO_USERS.diner.email, DEMO_USERS.diner.name, hash, '[]', now]);
  await q.run(insert, [randomUUID(), DEMO_USERS.staff.email, DEMO_USERS.staff.name, hash, JSON.stringify(DEMO_VENUES.map((v) => `staff:${v.id}`)), now]);
  await q.run(insert, [randomUUID(), DEMO_USERS.admin.email, DEMO_USERS.admin.name, hash, '["admin"]', now]);
  await q.run(insert, [randomUUID(), DEMO_USERS.manager.email, DEMO_USERS.manager.name, hash, JSON.stringify(DEMO_VENUES.map((v) => `manager:${v.id}`)), now]);
  return true;
}

/** Stores the generated benchmark venue when missing (start-up lock held). */
export async function seedVenueIfMissing(q: Queryable, make: () => Venue): Promise<boolean> {
  const venue = make();
  if (await q.get('SELECT id FROM venues WHERE id = ?', [venue.id])) return false;
  await storeVenue(q, venue);
  await grantDemoStaff(q, venue.id);
  return true;
}

/** Adds `staff:{venueId}` to the demo staff account (used when the benchmark venue is generated). */
export async function grantDemoStaff(q: Queryable, venueId: string): Promise<void> {
  const row = await q.get<{ scope: string }>('SELECT scope FROM users WHERE email = ?', [DEMO_USERS.staff.email]);
  if (!row) return;
  const scope = JSON.parse(row.scope) as string[];
  if (!scope.includes(`staff:${venueId}`)) {
    scope.push(`staff:${venueId}`);
    await q.run('UPDATE users SET scope = ? WHERE email = ?', [JSON.stringify(scope), DEMO_USERS.staff.email]);
  }
}
