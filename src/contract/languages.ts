/**
 * The languages a diner reads (docs/architecture.md#languages): the interface's languages, their
 * own names, and the menu's translations (`languages` and `translations` on a venue and its items).
 * Imports nothing: the menu page's first load may use it.
 */

/** The interface's languages; `es` is the default (a venue's page without a prefix is in its own language). */
export const UI_LANGUAGES = ['es', 'en', 'fr', 'de', 'it', 'pt', 'ca'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Each language by its own name, as a switcher lists them. */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  es: 'Español',
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  ca: 'Català',
};

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** The language part of a BCP 47 tag: `es-MX` → `es`. */
export function languageOf(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

/** A translation of an item's words: a venue's tagline, an item's name and description. */
export interface TranslatedText {
  name?: string;
  description?: string;
  tagline?: string;
}
export type Translations = Record<string, TranslatedText>;

/** The menu's languages, the venue's own first: its `languages`, else its locale's language. */
export function venueLanguages(venue: { locale: string; languages?: readonly string[] }): string[] {
  return venue.languages && venue.languages.length > 0 ? [...venue.languages] : [languageOf(venue.locale)];
}

/** The venue's own language (what `/{venueId}` shows and the kitchen reads). */
export function venueLanguage(venue: { locale: string; languages?: readonly string[] }): string {
  return venueLanguages(venue)[0]!;
}

/**
 * The page's language and the menu's own, for items whose words may be either; `via`: English,
 * when the venue has it and neither is English (a word without a translation in the page's
 * language is shown in English before the venue's own).
 */
export interface TextLanguages {
  page: string;
  own: string;
  via?: string;
}

/** The language a word falls back through on a page in `page` before the venue's own: English when the venue has it. */
export function fallbackVia(
  venue: { locale: string; languages?: readonly string[] },
  page: string,
): string | undefined {
  const languages = venueLanguages(venue);
  return page !== 'en' && languages[0] !== 'en' && languages.includes('en') ? 'en' : undefined;
}

/**
 * The `lang` an item's field needs on a page in another language than the venue's: the venue's
 * own when the field has no translation (a screen reader then reads it in that language).
 */
export function fallbackLang(
  item: { translations?: Translations },
  field: keyof TranslatedText,
  langs: TextLanguages | undefined,
): string | undefined {
  if (!langs || langs.page === langs.own) return undefined;
  if (item.translations?.[langs.page]?.[field]) return undefined;
  return langs.via && item.translations?.[langs.via]?.[field] ? langs.via : langs.own;
}

/** The venue id of a venue page's path: `/{id}` or `/{lang}/{id}`. */
export function venueIdOfPath(pathname: string): string {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  return isUiLanguage(first) && second !== undefined ? second : first;
}
