/**
 * Uploaded images (docs/rules.md#venue-self-service): `POST /api/venues/{id}/media` (manager or admin), multipart
 * field `file`. The type is decided by the bytes, not the name or the declared type:
 * JPEG, PNG, WebP or AVIF up to 8 MB. Stored as WebP at widths 400, 800 and 1200 (never
 * enlarged), plus AVIF where it comes out smaller; metadata (EXIF, GPS…) is dropped after
 * the picture is turned upright. Kept in the database (every instance serves them), served
 * from `/api/media/u/{venueId}/{hash}-{width}.webp` as immutable (AVIF to browsers that
 * accept it, same address). The routes are in routes.ts; this module turns the bytes into the stored files.
 */
import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { MANAGE_LIMITS, type UploadedImage } from '../../../src/contract/manage.ts';
import { MEDIA_MESSAGES } from '../../../src/contract/media.ts';
import { problem } from '../../platform/problem.ts';

export const MEDIA_WIDTHS = [400, 800, 1200] as const;
/** Room for the multipart envelope around an 8 MB file. */
export const MEDIA_BODY_LIMIT = MANAGE_LIMITS.mediaMaxBytes + 64 * 1024;
/** A menu photo needs far less; a bigger picture costs seconds of CPU to decode. */
export const MAX_PIXELS = 25_000_000;

export const tooLarge = () => problem('tooLarge', 413, MEDIA_MESSAGES.tooLarge);
const unsupported = () => problem('validation', 415, MEDIA_MESSAGES.unsupported);

/** The image type by its first bytes, or undefined. */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | 'avif' | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a) return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    const boxSize = Math.min(64, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0);
    const brands = ascii(8, Math.min(bytes.length, Math.max(16, boxSize)));
    if (/avif|avis/.test(brands)) return 'avif';
  }
  return undefined;
}

/** `/api/media/u/{venue}/{hash}-{w}.webp` paths of an upload. */
export const uploadKey = (venueId: string, hash: string, width: number, ext: 'webp' | 'avif') =>
  `${venueId}/${hash}-${width}.${ext}`;

/** An upload turned into the files to store, and what the answer says about it. */
export interface EncodedUpload {
  files: Array<{ key: string; contentType: 'image/webp' | 'image/avif'; data: Buffer }>;
  image: UploadedImage;
}

/** The stored files of an image for venue `id` (415 when the bytes are not an image this accepts). */
export async function encodeUpload(id: string, bytes: Uint8Array): Promise<EncodedUpload> {
  if (!sniffImage(bytes)) throw unsupported();
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 22).replace(/[-_]/g, 'x').toLowerCase();
  let meta: Metadata;
  let dominant: { r: number; g: number; b: number };
  try {
    // The header first (no decoding): a picture over the pixel cap is refused before any work.
    meta = await sharp(bytes).metadata();
  } catch {
    throw problem('validation', 415, MEDIA_MESSAGES.damaged);
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > MAX_PIXELS) {
    throw problem('tooLarge', 413, MEDIA_MESSAGES.tooManyPixels(Math.round(pixels / 1e6), MAX_PIXELS / 1e6));
  }
  try {
    dominant = (await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).stats()).dominant;
  } catch {
    throw problem('validation', 415, MEDIA_MESSAGES.damaged);
  }
  // Upright dimensions (EXIF orientation 5–8 swaps them).
  const swap = (meta.orientation ?? 1) >= 5;
  const fullWidth = (swap ? meta.height : meta.width) ?? 1;
  const fullHeight = (swap ? meta.width : meta.height) ?? 1;
  const widths = [...new Set(MEDIA_WIDTHS.map((w) => Math.min(w, fullWidth)))];
  const files: EncodedUpload['files'] = [];
  try {
    for (const width of widths) {
      const base = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
      const webp = await base.clone().webp({ quality: 78, effort: 4 }).toBuffer();
      const avif = await base.clone().avif({ quality: 50, effort: 2 }).toBuffer();
      files.push({ key: uploadKey(id, hash, width, 'webp'), contentType: 'image/webp', data: webp });
      if (avif.length < webp.length)
        files.push({ key: uploadKey(id, hash, width, 'avif'), contentType: 'image/avif', data: avif });
    }
  } catch {
    throw problem('validation', 415, MEDIA_MESSAGES.notConverted);
  }
  const widest = widths[widths.length - 1]!;
  const src = (w: number) => `/api/media/u/${uploadKey(id, hash, w, 'webp')}`;
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return {
    files,
    image: {
      src: src(widest),
      width: widest,
      height: Math.max(1, Math.round((fullHeight * widest) / fullWidth)),
      placeholder: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
      srcset: widths.map((w) => `${src(w)} ${w}w`).join(', '),
    },
  };
}

/**
 * At most `UMENU_IMAGE_JOBS` images are processed at once on this instance; up to
 * `UMENU_IMAGE_QUEUE` more wait their turn, and past that an upload gets 503 with Retry-After
 * (the editor says so and the manager tries again): a burst of uploads cannot take every core.
 */
let jobs = pLimit(2);
let maxWaiting = 8;

export function configureImageJobs(concurrency: number, queue: number): void {
  jobs = pLimit(Math.max(1, concurrency));
  maxWaiting = Math.max(0, queue);
}

export function runImageJob<T>(job: () => Promise<T>): Promise<T> {
  if (jobs.activeCount >= jobs.concurrency && jobs.pendingCount >= maxWaiting) {
    throw problem('serviceUnavailable', 503, MEDIA_MESSAGES.busy, {}, { 'retry-after': '5' });
  }
  return jobs(job);
}

/** Images waiting for their turn on this process (the metrics' gauge). */
export const imageQueueLength = () => jobs.pendingCount;
