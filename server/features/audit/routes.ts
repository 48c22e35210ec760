/** The venue's audit log (docs/rules.md#the-floor): `GET /venues/{id}/audit?date=YYYY-MM-DD` (managers, admins). */
import { Hono, type Context } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue } from '../../../src/contract/permissions.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { CORRECTION_MESSAGES } from '../../../src/contract/corrections.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import { routes } from '../../platform/operations.ts';
import { problem } from '../../platform/problem.ts';
import { authenticator, type AuthService } from '../auth/index.ts';
import { auditCsv, auditDay } from './read.ts';
import { getAuditCsv, getAuditDay } from './operations.ts';

const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export interface AuditRouteDeps {
  db: Db;
  venues: { get(id: string): { venue: Venue } | undefined };
  auth: AuthService;
}

export function auditRoutes({ db, venues, auth }: AuditRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));
  const dayOf = (c: Context, claims: AccessClaims, id: string) => {
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, CORRECTION_MESSAGES.auditManagerOnly);
    const date = c.req.query('date') ?? '';
    if (!DATE_PATTERN.test(date))
      throw problem('validation', 422, CORRECTION_MESSAGES.badDate, {
        errors: { date: [CORRECTION_MESSAGES.badDate] },
      });
    return { venue: entry.venue, date };
  };
  on(getAuditDay, async (c, { claims, param }) => {
    const { venue, date } = dayOf(c, claims, param('id'));
    c.header('cache-control', 'no-store');
    return c.json(await auditDay(db, venue, date));
  });
  on(getAuditCsv, async (c, { claims, param }) => {
    const { venue, date } = dayOf(c, claims, param('id'));
    return c.body(auditCsv(await auditDay(db, venue, date), venue.timezone), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="registro-${venue.id}-${date}.csv"`,
      'cache-control': 'no-store',
    });
  });
  return app;
}
