/** Demo data loaded on first start with an empty database (venues and demo accounts). */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../platform/db/database.ts';
import { storeNewVenues, storeVenue } from '../features/venues/index.ts';
import { hashPassword } from '../features/auth/index.ts';
import { DEMO_VENUES } from './venues/index.ts';
import { RECEIPT_SERIES } from '../features/billing/index.ts';
import { countRows, insertIssuer, insertUser, scopeOf, setScope, venueExists } from './queries.ts';
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
  if ((await countRows(q, 'users')) > 0 || (await countRows(q, 'venues')) > 0) return false;
  const updatedAt = new Date().toISOString();
  for (const venue of DEMO_VENUES) await storeVenue(q, { ...venue, updatedAt });
  const hash = await hashPassword(DEMO_PASSWORD);
  const createdAt = new Date().toISOString();
  const scopes = {
    diner: [],
    staff: DEMO_VENUES.map((v) => `staff:${v.id}`),
    admin: ['admin'],
    manager: DEMO_VENUES.map((v) => `manager:${v.id}`),
  };
  const ids = { diner: randomUUID(), staff: randomUUID(), admin: randomUUID(), manager: randomUUID() };
  for (const role of ['diner', 'staff', 'admin', 'manager'] as const) {
    await insertUser(q, { id: ids[role], ...DEMO_USERS[role], passwordHash: hash, scope: scopes[role], createdAt });
  }
  // The demo admin confirms each Spanish demo venue's NIF, as `POST /api/venues/{id}/verifactu/issuer` would (each
  // its own issuer, so its first series): its receipts join the VERI*FACTU chain and carry the QR.
  for (const venue of DEMO_VENUES) {
    if (venue.legal?.country === 'ES')
      await insertIssuer(q, {
        venueId: venue.id,
        taxId: venue.legal.taxId,
        series: `${RECEIPT_SERIES}1`,
        confirmedBy: ids.admin,
        confirmedAt: Date.now(),
      });
  }
  return true;
}

/** Stores the generated benchmark venue when missing (start-up lock held). */
export async function seedVenueIfMissing(q: Queryable, make: () => Venue): Promise<boolean> {
  const venue = make();
  if (await venueExists(q, venue.id)) return false;
  await storeVenue(q, venue);
  await grantDemoStaff(q, venue.id);
  return true;
}

/**
 * `UMENU_SEED_LARGE=N`: stores the N generated venues that are missing (start-up lock held), in
 * batches of rows. The demo accounts get no scope on them (a token listing a thousand venues
 * would be a thousand scopes long); an admin manages them all.
 */
export async function seedGeneratedVenues(q: Queryable, venues: readonly Venue[]): Promise<void> {
  await storeNewVenues(q, venues);
}

/** Adds `staff:{venueId}` to the demo staff account (used when the benchmark venue is generated). */
export async function grantDemoStaff(q: Queryable, venueId: string): Promise<void> {
  const scope = await scopeOf(q, DEMO_USERS.staff.email);
  if (scope && !scope.includes(`staff:${venueId}`))
    await setScope(q, DEMO_USERS.staff.email, [...scope, `staff:${venueId}`]);
}
