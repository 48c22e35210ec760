/** Limits of docs/rules.md#limits-and-bad-input, shared by the browser and the reference API. */
export const LIMITS = {
  quantityMin: 1,
  quantityMax: 99,
  linesPerOrder: 50,
  lineNoteMax: 200,
  orderNoteMax: 500,
  nameMin: 1,
  nameMax: 80,
  phoneDigitsMin: 7,
  phoneDigitsMax: 20,
  addressMax: 200,
  tipPercentMax: 100,
  participantNameMin: 1,
  participantNameMax: 40,
} as const;

/** The largest page `GET /api/venues?limit=` answers. */
export const VENUE_PAGE_MAX = 100;
/** Venues on the home page's first screen, and per «Ver más restaurantes» (src/features/menu/HomeSearch.tsx). */
export const HOME_PAGE_SIZE = 12;

/** Venue ids are slugs; static page names are reserved (docs/rules.md#venue-ids). */
export const VENUE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
export const RESERVED_VENUE_IDS = [
  'login',
  'inspire',
  'pedidos',
  'panel',
  '404',
  '500',
  'offline',
  'api',
  'config',
  'sw',
  'manifest',
  'assets',
  'fonts',
  'icons',
  '_astro',
  'index',
  'error',
  'invitacion',
  // The interface's languages' prefixes (`/en/`, src/contract/languages.ts).
  'es',
  'en',
  'fr',
  'de',
  'it',
  'pt',
  'ca',
] as const;

export function isValidVenueId(id: string): boolean {
  return VENUE_ID_PATTERN.test(id) && !(RESERVED_VENUE_IDS as readonly string[]).includes(id);
}

/** 7–20 digits with an optional leading `+`, spaces and dashes. */
export const PHONE_PATTERN = /^\+?[0-9 -]+$/;
export function isValidPhone(phone: string): boolean {
  if (!PHONE_PATTERN.test(phone)) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= LIMITS.phoneDigitsMin && digits <= LIMITS.phoneDigitsMax;
}
