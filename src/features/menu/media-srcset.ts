/**
 * `srcset`/`sizes` for uploaded images. Apart from `media.ts` so the menu island's first load does
 * not carry it: only the cards (server-rendered, or the fallback shell) and the dish dialog use it.
 */
import { resolveMedia } from './media.ts';

/**
 * Widths an uploaded image is stored at (the reference API's `MEDIA_WIDTHS`; docs/rules.md#venue-self-service): the venue
 * names the widest, `/api/media/u/{venue}/{hash}-{width}.webp`, and the narrower ones sit next to
 * it under the same name with their own width (never wider than the original).
 */
export const UPLOAD_WIDTHS = [400, 800, 1200] as const;
const UPLOADED = /^(.*\/media\/u\/[a-z0-9][a-z0-9-]*\/[a-z0-9]+-)(\d{1,4})\.webp$/;

/**
 * `srcset` for an uploaded image (every stored width, by its `w` descriptor), so a phone loads
 * the width its slot needs; undefined for anything else (the demo's SVGs, other backends' images)
 * or when only one width exists.
 */
export function mediaSrcset(src: string, width: number): string | undefined {
  const match = UPLOADED.exec(src);
  if (!match) return undefined;
  const [, stem, named] = match as unknown as [string, string, string];
  const widest = Number(named);
  if (widest !== width) return undefined;
  const widths = [...UPLOAD_WIDTHS.filter((w) => w < widest), widest];
  return widths.length < 2 ? undefined : widths.map((w) => `${stem}${w}.webp ${w}w`).join(', ');
}

/** `src`, and `srcSet`/`sizes` when the image has several widths: the attributes of its `<img>`. */
export function mediaAttributes(
  image: { src: string; width: number },
  apiBase: string,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  const src = resolveMedia(image.src, apiBase);
  const srcSet = mediaSrcset(src, image.width);
  return srcSet ? { src, srcSet, sizes } : { src };
}
