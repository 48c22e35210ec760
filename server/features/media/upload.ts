/**
 * Uploaded images (docs/rules.md#venue-self-service): `POST /api/venues/{id}/media` (manager or admin), multipart
 * field `file`. The type is decided by the bytes, not the name or the declared type:
 * JPEG, PNG, WebP or AVIF up to 8 MB. Stored as WebP at widths 400, 800 and 1200 (never
 * enlarged), plus AVIF where it comes out smaller; metadata (EXIF, GPS…) is dropped after
 * the picture is turned upright. Kept in the database (every instance serves them), served
 * from `/api/media/u/{venueId}/{hash}-{width}.webp` as immutable (AVIF to browsers that
 * accept it, same address).
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import sharp, { type Metadata } from 'sharp';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { MANAGE_LIMITS } from '../../../src/contract/manage.ts';
import { canManageVenue, isAdmin } from '../../../src/contract/permissions.ts';
import type { AppDeps } from '../../deps.ts';
import { routes } from '../../platform/operations.ts';
import { authenticator } from '../auth/index.ts';
import { HttpProblem, problem } from '../../platform/problem.ts';
import { renderMedia } from './illustrations.ts';
import { getMedia, getUploadedMedia, uploadMedia } from './operations.ts';
import { insertMedia, mediaByKey } from './queries.ts';

export const MEDIA_WIDTHS = [400, 800, 1200] as const;
/** Room for the multipart envelope around an 8 MB file. */
export const MEDIA_BODY_LIMIT = MANAGE_LIMITS.mediaMaxBytes + 64 * 1024;
const MAX_PIXELS = 50_000_000;

const tooLarge = () => problem('tooLarge', 413, 'La imagen supera el máximo de 8 MB. Redúcela o expórtala con más compresión.');
const unsupported = () => problem('validation', 415, 'Formato de imagen no admitido: sube una foto JPEG, PNG, WebP o AVIF.');

/** The image type by its first bytes, or undefined. */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | 'avif' | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a) return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    const boxSize = Math.min(64, (bytes[0]! << 24 | bytes[1]! << 16 | bytes[2]! << 8 | bytes[3]!) >>> 0);
    const brands = ascii(8, Math.min(bytes.length, Math.max(16, boxSize)));
    if (/avif|avis/.test(brands)) return 'avif';
  }
  return undefined;
}

/** `/api/media/u/{venue}/{hash}-{w}.webp` paths of an upload. */
export const uploadKey = (venueId: string, hash: string, width: number, ext: 'webp' | 'avif') => `${venueId}/${hash}-${width}.${ext}`;

/** `{hash}-{width}.webp` of an uploaded image (its venue id is checked by the contract's rule). */
const STORED_FILE = /^[a-z0-9]{10,40}-\d{1,4}\.webp$/;

/** Uploads, uploaded images and the demo's generated SVG illustrations. */
export function mediaRoutes({ auth, venues, db }: AppDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  // Image uploads have their own body limit (the app's general one skips this path: server/app.ts).
  app.post(uploadMedia.routePath, bodyLimit({ maxSize: MEDIA_BODY_LIMIT, onError: () => { throw tooLarge(); } }));
  on(uploadMedia, async (c, { claims, param }) => {
    const id = param('id');
    // An admin filling in a new venue uploads its images before publishing it (the editor
    // stores them in the venue it then creates); anyone else needs the venue to exist.
    if (!isValidVenueId(id) || (!venues.get(id) && !isAdmin(claims.scope))) throw problem('notFound', 404, `No encontramos el local «${id.slice(0, 64)}».`);
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, 'Solo quien gestiona el local puede subir imágenes.');
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
      throw problem('validation', 415, 'Envía la imagen como formulario multipart con el campo «file».');
    }
    let file: unknown;
    try {
      file = (await c.req.parseBody())['file'];
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      throw problem('validation', 400, 'El formulario enviado no se puede leer.');
    }
    if (!(file instanceof File)) throw problem('validation', 422, 'Falta la imagen: envíala en el campo «file».', { errors: { file: ['Elige una imagen'] } });
    if (file.size > MANAGE_LIMITS.mediaMaxBytes) throw tooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!sniffImage(bytes)) throw unsupported();

    const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 22).replace(/[-_]/g, 'x').toLowerCase();
    let meta: Metadata;
    let dominant: { r: number; g: number; b: number };
    try {
      const source = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
      meta = await source.metadata();
      dominant = (await source.clone().stats()).dominant;
    } catch {
      throw problem('validation', 415, 'No hemos podido leer la imagen: el archivo parece dañado o demasiado grande en píxeles.');
    }
    // Upright dimensions (EXIF orientation 5–8 swaps them).
    const swap = (meta.orientation ?? 1) >= 5;
    const fullWidth = (swap ? meta.height : meta.width) ?? 1;
    const fullHeight = (swap ? meta.width : meta.height) ?? 1;
    const widths = [...new Set(MEDIA_WIDTHS.map((w) => Math.min(w, fullWidth)))];
    const rows: Array<[string, string, Buffer]> = [];
    try {
      for (const width of widths) {
        const base = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
        const webp = await base.clone().webp({ quality: 78, effort: 4 }).toBuffer();
        const avif = await base.clone().avif({ quality: 50, effort: 2 }).toBuffer();
        rows.push([uploadKey(id, hash, width, 'webp'), 'image/webp', webp]);
        if (avif.length < webp.length) rows.push([uploadKey(id, hash, width, 'avif'), 'image/avif', avif]);
      }
    } catch {
      throw problem('validation', 415, 'No hemos podido convertir la imagen: prueba con otra foto JPEG o PNG.');
    }
    const now = Date.now();
    await db.transaction(async (tx) => {
      for (const [key, type, data] of rows) await insertMedia(tx, key, id, type, data, now);
    });
    const widest = widths[widths.length - 1]!;
    const src = (w: number) => `/api/media/u/${uploadKey(id, hash, w, 'webp')}`;
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    c.header('cache-control', 'no-store');
    return c.json({
      src: src(widest),
      width: widest,
      height: Math.max(1, Math.round((fullHeight * widest) / fullWidth)),
      placeholder: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
      srcset: widths.map((w) => `${src(w)} ${w}w`).join(', '),
    }, 201);
  });

  /** An uploaded image; AVIF when the browser takes it and it is smaller. */
  on(getUploadedMedia, async (c, { param }) => {
    const venueId = param('venueId');
    const file = param('file');
    if (!isValidVenueId(venueId) || !STORED_FILE.test(file)) throw problem('notFound', 404, 'Imagen no encontrada.');
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
    throw problem('notFound', 404, 'Imagen no encontrada.');
  });

  /** The demo's generated SVG illustrations. */
  on(getMedia, (c, { param }) => {
    const svg = renderMedia(`${param('family')}/${param('file')}`);
    if (!svg) throw problem('notFound', 404, 'Imagen no encontrada.');
    return c.body(svg, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable' });
  });

  return app;
}
