/** Venues: search, full menu with strong ETag / 304; the editor's and the kitchen's writes (manage-routes.ts). */
import { Hono } from 'hono';
import { isValidVenueId, VENUE_PAGE_MAX } from '../../../src/contract/limits.ts';
import { VENUE_MESSAGES } from '../../../src/contract/manage.ts';
import { routes } from '../../platform/operations.ts';
import { problem } from '../../platform/problem.ts';
import { authenticator } from '../auth/index.ts';
import { publicMedia, publicMediaJson } from '../media/index.ts';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { CachedVenue } from './service.ts';
import { manageRoutes, type VenueRouteDeps } from './manage-routes.ts';
import { getVenue, listVenues } from './operations.ts';

const VENUE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

function venueNotFound(id: string) {
  return problem('notFound', 404, VENUE_MESSAGES.notFound(id.slice(0, 64)));
}

/** What `GET /venues/{id}` sends: the cached entry, or its copy with absolute image addresses. */
type VenueBody = Pick<CachedVenue, 'json' | 'etag' | 'br' | 'gzip'>;

/**
 * With `UMENU_API_PUBLIC_URL`, answers carry absolute image addresses. The venue's public
 * copy (JSON, ETag, compressed bodies) is made once per cached version of the venue.
 */
function publicVenueBodies(apiPublicUrl: string | undefined): (entry: CachedVenue) => VenueBody {
  if (!apiPublicUrl) return (entry) => entry;
  const copies = new WeakMap<CachedVenue, VenueBody>();
  return (entry) => {
    let copy = copies.get(entry);
    if (!copy) {
      const json = publicMediaJson(entry.json, apiPublicUrl);
      const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
      copy =
        json.length > 1024
          ? {
              json,
              etag,
              br: brotliCompressSync(json, {
                params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length },
              }),
              gzip: gzipSync(json, { level: 9 }),
            }
          : { json, etag };
      copies.set(entry, copy);
    }
    return copy;
  };
}

/** Every route of the venues feature, with its full path (mounted on `/api`). */
export function venueRoutes(deps: VenueRouteDeps): Hono {
  const { venues, config, auth } = deps;
  const app = new Hono();
  const on = routes(app, authenticator(auth));
  const media = config.apiPublicUrl;
  const bodiesOf = publicVenueBodies(media);

  on(listVenues, (c) => {
    const q = c.req.query('q');
    if (q !== undefined && q.length > 100)
      throw problem('validation', 422, VENUE_MESSAGES.searchTooLong, {
        errors: { q: [VENUE_MESSAGES.searchTooLongField] },
      });
    const limit = c.req.query('limit');
    const offset = c.req.query('offset');
    if (limit !== undefined && !(/^\d{1,3}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= VENUE_PAGE_MAX)) {
      throw problem('validation', 422, VENUE_MESSAGES.pageSize(VENUE_PAGE_MAX), {
        errors: { limit: [VENUE_MESSAGES.pageSizeField(VENUE_PAGE_MAX)] },
      });
    }
    if (offset !== undefined && !/^\d{1,9}$/.test(offset))
      throw problem('validation', 422, VENUE_MESSAGES.offset, { errors: { offset: [VENUE_MESSAGES.offsetField] } });
    c.header('cache-control', 'public, max-age=0, must-revalidate');
    // Without `limit`, every match (the answer before pages existed: the panel's venue switcher reads it).
    const page = limit === undefined ? undefined : { limit: Number(limit), offset: Number(offset ?? 0) };
    return c.json(publicMedia(venues.list(q, page), media));
  });

  on(getVenue, (c, { param }) => {
    const id = param('id');
    const cached = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!cached) throw venueNotFound(id);
    const entry = { ...bodiesOf(cached), venue: cached.venue };
    const headers: Record<string, string> = {
      etag: entry.etag,
      'cache-control': VENUE_CACHE_CONTROL,
      vary: 'accept-encoding',
      'last-modified': new Date(entry.venue.updatedAt).toUTCString(),
    };
    const inm = c.req.header('if-none-match');
    if (
      inm &&
      (inm === entry.etag ||
        inm === `W/${entry.etag}` ||
        inm.split(/\s*,\s*/).includes(entry.etag) ||
        inm.trim() === '*')
    ) {
      return c.body(null, 304, headers);
    }
    // Compressed copies are made off the event loop when the venue is cached; until then, identity.
    const accept = c.req.header('accept-encoding') ?? '';
    let body: string | Uint8Array = entry.json;
    if (entry.br && /\bbr\b/.test(accept)) {
      body = entry.br;
      headers['content-encoding'] = 'br';
    } else if (entry.gzip && /\bgzip\b/.test(accept)) {
      body = entry.gzip;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-type'] = 'application/json; charset=utf-8';
    return c.body(body as never, 200, headers);
  });

  // The editor's and the kitchen's writes (docs/rules.md#venue-self-service).
  manageRoutes(app, deps);

  return app;
}
