/**
 * Tables and their links (docs/rules.md#venue-self-service). Labels live in the venue document (`tables`, edited
 * with the menu); each label gets a random token stored in the database, so a printed QR
 * code can be revoked by rotating it. Link: `{site}/{venueId}?mesa={label}&t={token}`.
 */
import { Hono, type Context } from 'hono';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue, canRunVenue } from '../../../src/contract/permissions.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { TABLE_LINK_MESSAGES } from '../../../src/contract/table.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AuthService } from '../auth/index.ts';
import type { VenueStore } from '../venues/index.ts';
import type { TableSessionService } from '../table-sessions/index.ts';
import { routes } from '../../platform/operations.ts';
import { authenticator } from '../auth/index.ts';
import { problem } from '../../platform/problem.ts';
import { publicBase } from '../../platform/config.ts';
import { listTables, rotateTableToken, setTableSettings } from './operations.ts';
import { newTableToken, setTableToken, setTableZone, tableTokens, tableZones } from './queries.ts';

/** The site's public address: `UMENU_SITE_URL`, else the page that asks (its Origin), else this server. */
function siteOf(c: Context): string {
  const configured = publicBase(process.env.UMENU_SITE_URL);
  if (configured) return configured;
  const origin = publicBase(c.req.header('origin'));
  if (origin) return origin;
  return new URL(c.req.url).origin;
}

export function tableUrl(site: string, venueId: string, label: string, token: string): string {
  const query = new URLSearchParams({ mesa: label, t: token });
  return `${site}/${venueId}?${query.toString()}`;
}

/** What the tables' routes use (server/deps.ts gives them). */
export interface TableRouteDeps {
  venues: VenueStore;
  auth: AuthService;
  db: Db;
  /** Renewing a table's code ends its open session. */
  tableSessions: Pick<TableSessionService, 'closeIfOpen'>;
}

export function tableRoutes({ venues, auth, db, tableSessions }: TableRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  const venueOr404 = (id: string) => {
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    return entry;
  };

  on(listTables, async (c, { claims, param }) => {
    const id = param('id');
    const entry = venueOr404(id);
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, TABLE_LINK_MESSAGES.staffOnly);
    const labels = entry.venue.tables ?? [];
    const [tokens, zones] = await Promise.all([tableTokens(db, id, labels), tableZones(db, id)]);
    const site = siteOf(c);
    c.header('cache-control', 'no-store');
    return c.json({
      tables: labels.map((label) => ({
        label,
        url: tableUrl(site, id, label, tokens.get(label)!),
        ...(zones.has(label) ? { zone: zones.get(label)! } : {}),
      })),
    });
  });

  on(rotateTableToken, async (c, { claims, param }) => {
    const id = param('id');
    const entry = venueOr404(id);
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, TABLE_LINK_MESSAGES.managerRotates);
    const label = param('label');
    if (!(entry.venue.tables ?? []).includes(label))
      throw problem('notFound', 404, TABLE_LINK_MESSAGES.tableUnknown(label.slice(0, 20)));
    const token = newTableToken();
    await db.transaction(async (tx) => {
      await tableTokens(tx, id, [label]);
      await setTableToken(tx, id, label, token);
    });
    // Renewing the code ends what the old one opened (docs/rules.md#table-sessions): every phone shows `Mesa cerrada`.
    await tableSessions.closeIfOpen(id, label);
    c.header('cache-control', 'no-store');
    const zone = (await tableZones(db, id)).get(label);
    return c.json({ label, url: tableUrl(siteOf(c), id, label, token), ...(zone ? { zone } : {}) });
  });

  // A table's zone (docs/rules.md#the-floor): the floor view groups the tables by it.
  on(setTableSettings, async (c, { claims, param, body }) => {
    const id = param('id');
    const entry = venueOr404(id);
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, TABLE_LINK_MESSAGES.managerZones);
    const label = param('label');
    if (!(entry.venue.tables ?? []).includes(label))
      throw problem('notFound', 404, TABLE_LINK_MESSAGES.tableUnknown(label.slice(0, 20)));
    const { zone } = await body();
    const token = await db.transaction(async (tx) => {
      const tokens = await tableTokens(tx, id, [label]);
      await setTableZone(tx, id, label, zone);
      return tokens.get(label)!;
    });
    c.header('cache-control', 'no-store');
    return c.json({ label, url: tableUrl(siteOf(c), id, label, token), ...(zone ? { zone } : {}) });
  });

  return app;
}
