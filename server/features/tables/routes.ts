/**
 * Tables and their links (docs/rules.md#venue-self-service). Labels live in the venue document (`tables`, edited
 * with the menu); each label gets a random token stored in the database, so a printed QR
 * code can be revoked by rotating it. Link: `{site}/{venueId}?mesa={label}&t={token}`.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue, canRunVenue } from '../../../src/contract/permissions.ts';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/database.ts';
import { requireAuth } from '../auth/index.ts';
import { problem } from '../../platform/problem.ts';
import { publicBase } from '../../platform/config.ts';

/** 128 random bits, URL-safe. */
const newToken = () => randomBytes(16).toString('base64url');

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

/** Tokens of the given labels, creating the missing ones. */
export async function tableTokens(db: Queryable, venueId: string, labels: readonly string[]): Promise<Map<string, string>> {
  const now = Date.now();
  for (const label of labels) {
    await db.run('INSERT INTO venue_tables (venue_id, label, token, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (venue_id, label) DO NOTHING', [venueId, label, newToken(), now]);
  }
  const rows = await db.all<{ label: string; token: string }>('SELECT label, token FROM venue_tables WHERE venue_id = ?', [venueId]);
  return new Map(rows.map((r) => [r.label, r.token]));
}

/** The table a token opens, or undefined (rotated or unknown): for the table-session check. */
export async function tableForToken(db: Queryable, venueId: string, token: string): Promise<string | undefined> {
  const row = await db.get<{ label: string }>('SELECT label FROM venue_tables WHERE venue_id = ? AND token = ?', [venueId, token.slice(0, 64)]);
  return row?.label;
}

export function tableRoutes({ venues, auth, db, tables }: AppDeps): Hono {
  const app = new Hono();

  const venueOr404 = (id: string) => {
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, `No encontramos el local «${id.slice(0, 64)}».`);
    return entry;
  };

  app.get('/:id/tables', async (c) => {
    const claims = requireAuth(c, auth);
    const id = c.req.param('id');
    const entry = venueOr404(id);
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, 'Solo el personal de este local puede ver sus mesas.');
    const labels = entry.venue.tables ?? [];
    const tokens = await db.transaction((tx) => tableTokens(tx, id, labels));
    const site = siteOf(c);
    c.header('cache-control', 'no-store');
    return c.json({ tables: labels.map((label) => ({ label, url: tableUrl(site, id, label, tokens.get(label)!) })) });
  });

  app.post('/:id/tables/:label/token', async (c) => {
    const claims = requireAuth(c, auth);
    const id = c.req.param('id');
    const entry = venueOr404(id);
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, 'Solo quien gestiona el local puede renovar los códigos de las mesas.');
    const label = c.req.param('label');
    if (!(entry.venue.tables ?? []).includes(label)) throw problem('notFound', 404, `La mesa «${label.slice(0, 20)}» no existe en este local.`);
    const token = newToken();
    await db.transaction(async (tx) => {
      await tableTokens(tx, id, [label]);
      await tx.run('UPDATE venue_tables SET token = ?, created_at = ? WHERE venue_id = ? AND label = ?', [token, Date.now(), id, label]);
    });
    // Renewing the code ends what the old one opened (docs/rules.md#table-sessions): every phone shows `Mesa cerrada`.
    await tables.closeIfOpen(id, label);
    c.header('cache-control', 'no-store');
    return c.json({ label, url: tableUrl(siteOf(c), id, label, token) });
  });

  return app;
}
