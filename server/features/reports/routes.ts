/**
 * The owner's reports over HTTP (docs/rules.md#reports): `GET /venues/{id}/reports?from=&to=` and
 * `GET /venues/{id}/reports.csv?section=&from=&to=` — managers and admins of the venue; staff get 403.
 */
import { Hono, type Context } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue } from '../../../src/contract/permissions.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { REPORT_MESSAGES, REPORT_SECTIONS, checkReportQuery, isReportSection } from '../../../src/contract/reports.ts';
import { routes } from '../../platform/operations.ts';
import { problem } from '../../platform/problem.ts';
import { authenticator, type AuthService } from '../auth/index.ts';
import type { VenueStore } from '../venues/index.ts';
import { reportCsv } from './csv.ts';
import { getReport, getReportCsv } from './operations.ts';
import { createReportService } from './service.ts';

export interface ReportRouteDeps {
  db: Db;
  venues: VenueStore;
  auth: AuthService;
}

export function reportRoutes({ db, venues, auth }: ReportRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));
  const reports = createReportService(db, venues);
  const periodOf = (c: Context, claims: AccessClaims, id: string) => {
    if (!isValidVenueId(id) || !venues.get(id))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, REPORT_MESSAGES.managerOnly);
    const query = checkReportQuery({ from: c.req.query('from'), to: c.req.query('to') });
    if (!query.ok) {
      const first = Object.values(query.errors)[0]?.[0] ?? REPORT_MESSAGES.badFrom;
      throw problem('validation', 422, first, { errors: query.errors });
    }
    return query;
  };

  on(getReport, async (c, { claims, param }) => {
    const id = param('id');
    const { from, to } = periodOf(c, claims, id);
    c.header('cache-control', 'no-store');
    return c.json(await reports.report(id, from, to));
  });

  on(getReportCsv, async (c, { claims, param }) => {
    const id = param('id');
    const { from, to } = periodOf(c, claims, id);
    const section = c.req.query('section') ?? '';
    if (!isReportSection(section)) {
      const detail = REPORT_MESSAGES.badSection(REPORT_SECTIONS.join(', '));
      throw problem('validation', 422, detail, { errors: { section: [detail] } });
    }
    return c.body(reportCsv(await reports.report(id, from, to), section), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="informe-${section}-${from}-${to}.csv"`,
      'cache-control': 'no-store',
    });
  });
  return app;
}
