/**
 * Light, generated SVG illustrations for the demo data (a few hundred bytes each):
 * `/api/media/food/{kind}-{rrggbb}.svg`, `/api/media/logo/{letters}-{rrggbb}.svg`,
 * `/api/media/cover/{kind}-{rrggbb}.svg`. Deterministic, so they are cached as immutable.
 */
import type { Image } from '../../../src/contract/venue.ts';

export const FOOD_KINDS = [
  'taco',
  'burrito',
  'bowl',
  'soup',
  'drink',
  'coffee',
  'cake',
  'bread',
  'salad',
  'plate',
  'fries',
  'skewer',
  'egg',
  'juice',
  'beer',
  'wine',
  'paella',
  'icecream',
  'sandwich',
  'fish',
] as const;
export type FoodKind = (typeof FOOD_KINDS)[number];

export const FOOD_SIZE = { width: 400, height: 300 } as const;

export function foodImage(kind: FoodKind, color: string, alt: string): Image {
  return { src: `/api/media/food/${kind}-${color}.svg`, ...FOOD_SIZE, placeholder: `#${color}`, alt };
}
export function logoImage(letters: string, color: string, alt: string): Image {
  return {
    src: `/api/media/logo/${letters.toLowerCase()}-${color}.svg`,
    width: 128,
    height: 128,
    placeholder: `#${color}`,
    alt,
  };
}
export function coverImage(kind: FoodKind, color: string, alt: string): Image {
  return { src: `/api/media/cover/${kind}-${color}.svg`, width: 1200, height: 400, placeholder: `#${color}`, alt };
}

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex, 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((n >> shift) & 255) * factor)));
  return ((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0');
}

/** The food drawn on the plate, centred at (200,150). */
function food(kind: FoodKind, c: string): string {
  const d = shade(c, 0.6);
  const l = shade(c, 1.35);
  switch (kind) {
    case 'taco':
      return `<path d="M110 175a90 90 0 0 1 180 0z" fill="#f4c76b"/><path d="M125 170c20-30 50-35 75-20 25-15 55-10 75 20" fill="none" stroke="#${c}" stroke-width="14" stroke-linecap="round"/><circle cx="170" cy="150" r="7" fill="#3a9d4a"/><circle cx="225" cy="148" r="7" fill="#f2f2f2"/>`;
    case 'burrito':
      return `<rect x="110" y="120" width="180" height="60" rx="30" fill="#eed39a" transform="rotate(-12 200 150)"/><path d="M255 118l30 0 0 55-30 0z" fill="#${c}" transform="rotate(-12 200 150)"/>`;
    case 'bowl':
      return `<path d="M120 140h160a80 70 0 0 1-160 0z" fill="#${d}"/><ellipse cx="200" cy="140" rx="80" ry="18" fill="#${c}"/><circle cx="180" cy="136" r="8" fill="#3a9d4a"/><circle cx="215" cy="138" r="9" fill="#f6d55c"/>`;
    case 'soup':
      return `<ellipse cx="200" cy="150" rx="85" ry="60" fill="#fff"/><ellipse cx="200" cy="150" rx="68" ry="46" fill="#${c}"/><circle cx="185" cy="140" r="7" fill="#${l}"/><circle cx="215" cy="160" r="6" fill="#3a9d4a"/>`;
    case 'drink':
      return `<path d="M165 90h70l-10 120h-50z" fill="#${c}" opacity=".85"/><rect x="205" y="70" width="6" height="60" fill="#${d}" transform="rotate(15 208 100)"/><circle cx="190" cy="120" r="6" fill="#fff" opacity=".7"/>`;
    case 'juice':
      return `<path d="M170 95h60l-8 115h-44z" fill="#${c}"/><circle cx="232" cy="98" r="16" fill="#${l}"/>`;
    case 'coffee':
      return `<ellipse cx="200" cy="185" rx="80" ry="18" fill="#fff"/><path d="M150 110h100v50a50 40 0 0 1-100 0z" fill="#fff"/><ellipse cx="200" cy="112" rx="48" ry="10" fill="#${c}"/><path d="M250 125a18 18 0 0 1 0 30" fill="none" stroke="#fff" stroke-width="8"/>`;
    case 'cake':
      return `<path d="M140 180l60-80 60 80z" fill="#${l}"/><path d="M140 180l60-80 60 80" fill="none" stroke="#${c}" stroke-width="10"/><circle cx="200" cy="98" r="9" fill="#c0392b"/>`;
    case 'bread':
      return `<ellipse cx="200" cy="155" rx="85" ry="40" fill="#${c}"/><path d="M160 140l15 20M195 135l15 20M230 140l15 20" stroke="#${l}" stroke-width="6" stroke-linecap="round"/>`;
    case 'salad':
      return `<circle cx="200" cy="150" r="75" fill="#fff"/><circle cx="180" cy="135" r="22" fill="#4caf50"/><circle cx="220" cy="140" r="20" fill="#81c784"/><circle cx="200" cy="170" r="18" fill="#${c}"/><circle cx="170" cy="170" r="8" fill="#e53935"/>`;
    case 'fries':
      return `<path d="M160 120h80l-10 80h-60z" fill="#${c}"/><path d="M175 120v-35M190 120v-45M205 120v-40M220 120v-30" stroke="#f6c343" stroke-width="9" stroke-linecap="round"/>`;
    case 'skewer':
      return `<path d="M110 195l180-90" stroke="#8d6e63" stroke-width="5"/><circle cx="150" cy="175" r="18" fill="#${c}"/><circle cx="190" cy="155" r="18" fill="#${d}"/><circle cx="230" cy="135" r="18" fill="#${c}"/>`;
    case 'egg':
      return `<ellipse cx="200" cy="150" rx="80" ry="55" fill="#fff"/><circle cx="205" cy="145" r="26" fill="#${c}"/>`;
    case 'beer':
      return `<rect x="165" y="95" width="70" height="110" rx="8" fill="#${c}"/><rect x="162" y="82" width="76" height="26" rx="13" fill="#fff"/><path d="M235 120h15a14 14 0 0 1 0 50h-15" fill="none" stroke="#${c}" stroke-width="8"/>`;
    case 'wine':
      return `<path d="M170 80h60c0 45-12 65-30 65s-30-20-30-65z" fill="#${c}"/><path d="M200 145v50M178 198h44" stroke="#ddd" stroke-width="6" stroke-linecap="round"/>`;
    case 'paella':
      return `<ellipse cx="200" cy="155" rx="100" ry="55" fill="#37474f"/><ellipse cx="200" cy="150" rx="88" ry="45" fill="#${c}"/><circle cx="175" cy="140" r="10" fill="#e57373"/><circle cx="225" cy="155" r="10" fill="#e57373"/><circle cx="200" cy="135" r="6" fill="#4caf50"/><path d="M150 160l15-8" stroke="#ffeb3b" stroke-width="8" stroke-linecap="round"/>`;
    case 'icecream':
      return `<path d="M175 150l25 65 25-65z" fill="#e0b070"/><circle cx="200" cy="130" r="32" fill="#${c}"/><circle cx="200" cy="100" r="22" fill="#${l}"/>`;
    case 'sandwich':
      return `<path d="M120 170l80-70 80 70z" fill="#e9c46a"/><path d="M130 165l70-58 70 58" fill="none" stroke="#${c}" stroke-width="10"/><path d="M138 158l62-50 62 50" fill="none" stroke="#4caf50" stroke-width="5"/>`;
    case 'fish':
      return `<ellipse cx="195" cy="150" rx="70" ry="32" fill="#${c}"/><path d="M260 150l35-25v50z" fill="#${d}"/><circle cx="150" cy="142" r="6" fill="#fff"/>`;
    default:
      return `<circle cx="200" cy="150" r="55" fill="#${c}"/><circle cx="185" cy="140" r="12" fill="#${l}"/>`;
  }
}

export function foodSvg(kind: FoodKind, color: string): string {
  const bg = shade(color, 1.6);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300"><rect width="400" height="300" fill="#${bg}"/><ellipse cx="200" cy="160" rx="130" ry="95" fill="#fff" opacity=".9"/><ellipse cx="200" cy="160" rx="105" ry="75" fill="none" stroke="#${shade(color, 1.2)}" stroke-width="3" opacity=".5"/>${food(kind, color)}</svg>`;
}

export function coverSvg(kind: FoodKind, color: string): string {
  const d = shade(color, 0.7);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#${color}"/><stop offset="1" stop-color="#${d}"/></linearGradient></defs><rect width="1200" height="400" fill="url(#g)"/><g transform="translate(700 40) scale(1.1)" opacity=".9">${food(kind, shade(color, 1.4))}</g><g transform="translate(60 120) scale(.7)" opacity=".35">${food(kind, 'ffffff')}</g></svg>`;
}

export function logoSvg(letters: string, color: string): string {
  const text = letters
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128"><rect width="128" height="128" rx="28" fill="#${color}"/><text x="64" y="80" font-family="system-ui,sans-serif" font-size="48" font-weight="700" text-anchor="middle" fill="#fff">${text}</text></svg>`;
}

/**
 * Stored image addresses are relative to the API base (`/api/media/…`). With a public API
 * address configured they are answered absolute (`{apiPublicUrl}/media/…`), so a site on
 * another origin — prerendered pages included — loads them from the API. Works on serialized
 * JSON: an unescaped `"src":"/api/` can only be an image's `src` member.
 */
export function publicMediaJson(json: string, apiPublicUrl: string | undefined): string {
  if (!apiPublicUrl) return json;
  return json.replaceAll('"src":"/api/', `"src":${JSON.stringify(`${apiPublicUrl}/`).slice(0, -1)}`);
}

/** `value` with absolute image addresses (see `publicMediaJson`). */
export function publicMedia<T>(value: T, apiPublicUrl: string | undefined): T {
  return apiPublicUrl ? (JSON.parse(publicMediaJson(JSON.stringify(value), apiPublicUrl)) as T) : value;
}

/** The inverse, for documents sent to the API: its own absolute image addresses are stored relative. */
export function storedMedia<T>(value: T, apiPublicUrl: string | undefined): T {
  if (!apiPublicUrl) return value;
  const absolute = `"src":${JSON.stringify(`${apiPublicUrl}/`).slice(0, -1)}`;
  return JSON.parse(JSON.stringify(value).replaceAll(absolute, '"src":"/api/')) as T;
}

const MEDIA_PATTERN = /^(food|cover|logo)\/([a-z]{1,12})-([0-9a-f]{6})\.svg$/;

/** `path` after `/api/media/`; undefined when it names no image. */
export function renderMedia(path: string): string | undefined {
  const match = MEDIA_PATTERN.exec(path);
  if (!match) return undefined;
  const [, family, name, color] = match as unknown as [string, string, string, string];
  if (family === 'logo') return logoSvg(name, color);
  if (!(FOOD_KINDS as readonly string[]).includes(name)) return undefined;
  return family === 'food' ? foodSvg(name as FoodKind, color) : coverSvg(name as FoodKind, color);
}
