/**
 * The media feature's routes: image uploads (`POST /api/venues/{id}/media`, manager or admin; the files are made
 * in upload.ts), uploaded images and the demo's generated SVG illustrations, served as immutable.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { MANAGE_LIMITS } from '../../../src/contract/manage.ts';
import { MEDIA_MESSAGES } from '../../../src/contract/media.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { canManageVenue, isAdmin } from '../../../src/contract/permissions.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AuthService } from '../auth/index.ts';
import { routes } from '../../platform/operations.ts';
import { HttpProblem, problem } from '../../platform/problem.ts';
import { authenticator } from '../auth/index.ts';
import { renderMedia } from './illustrations.ts';
import { getMedia, getUploadedMedia, uploadMedia } from './operations.ts';
import { insertMedia, mediaByKey } from './queries.ts';
import { encodeUpload, MEDIA_BODY_LIMIT, runImageJob, tooLarge } from './upload.ts';

/** `{hash}-{width}.webp` of an uploaded image (its venue id is checked by the contract's rule). */
const STORED_FILE = /^[a-z0-9]{10,40}-\d{1,4}\.webp$/;

/** What the media routes use: whether a venue exists (a structural type: the venues feature uses media, not the reverse). */
export function mediaRoutes({
  auth,
  venues,
  db,
}: {
  auth: AuthService;
  venues: { get(id: string): object | undefined };
  db: Db;
}): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  // Image uploads have their own body limit (the app's general one skips this path: server/app.ts).
  app.post(
    uploadMedia.routePath,
    bodyLimit({
      maxSize: MEDIA_BODY_LIMIT,
      onError: () => {
        throw tooLarge();
      },
    }),
  );
  on(uploadMedia, async (c, { claims, param }) => {
    const id = param('id');
    // An admin filling in a new venue uploads its images before publishing it (the editor
    // stores them in the venue it then creates); anyone else needs the venue to exist.
    if (!isValidVenueId(id) || (!venues.get(id) && !isAdmin(claims.scope)))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, MEDIA_MESSAGES.managerOnly);
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
      throw problem('validation', 415, MEDIA_MESSAGES.notMultipart);
    }
    let file: unknown;
    try {
      file = (await c.req.parseBody())['file'];
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      throw problem('validation', 400, MEDIA_MESSAGES.formUnreadable);
    }
    if (!(file instanceof File))
      throw problem('validation', 422, MEDIA_MESSAGES.fileMissing, {
        errors: { file: [MEDIA_MESSAGES.fileMissingField] },
      });
    if (file.size > MANAGE_LIMITS.mediaMaxBytes) throw tooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const upload = await runImageJob(() => encodeUpload(id, bytes));
    const now = Date.now();
    await db.transaction(async (tx) => {
      for (const { key, contentType, data } of upload.files) await insertMedia(tx, key, id, contentType, data, now);
    });
    c.header('cache-control', 'no-store');
    return c.json(upload.image, 201);
  });

  /** An uploaded image; AVIF when the browser takes it and it is smaller. */
  on(getUploadedMedia, async (c, { param }) => {
    const venueId = param('venueId');
    const file = param('file');
    if (!isValidVenueId(venueId) || !STORED_FILE.test(file)) throw problem('notFound', 404, MEDIA_MESSAGES.notFound);
    const path = `${venueId}/${file}`;
    const wantsAvif = /image\/avif/.test(c.req.header('accept') ?? '');
    const keys = wantsAvif ? [path.replace(/\.webp$/, '.avif'), path] : [path];
    for (const key of keys) {
      const stored = await mediaByKey(db, key);
      if (!stored) continue;
      return c.body(new Uint8Array(stored.data), 200, {
        'content-type': stored.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        vary: 'accept',
      });
    }
    throw problem('notFound', 404, MEDIA_MESSAGES.notFound);
  });

  /** The demo's generated SVG illustrations. */
  on(getMedia, (c, { param }) => {
    const svg = renderMedia(`${param('family')}/${param('file')}`);
    if (!svg) throw problem('notFound', 404, MEDIA_MESSAGES.notFound);
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  return app;
}
