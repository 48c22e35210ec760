/**
 * A venue's menu in the diner's language (docs/architecture.md#languages): names, descriptions
 * and the tagline from `translations[lang]` where there is one, the venue's own words elsewhere;
 * prices in the diner's language (the venue's currency and time zone stay).
 */
import {
  fallbackVia,
  venueLanguage,
  venueLanguages,
  type TextLanguages,
  type Translations,
} from '../../contract/languages.ts';
import type { Venue } from '../../contract/venue.ts';

/** An item's words in `lang`, else in `via` (English, when the venue has it), else its own. */
function text<T extends { translations?: Translations; name: string; description?: string }>(
  item: T,
  lang: string,
  via: string | undefined,
): T {
  const t = item.translations?.[lang];
  const v = via ? item.translations?.[via] : undefined;
  if (!t && !v) return item;
  const name = t?.name ?? v?.name;
  const description = t?.description ?? v?.description;
  return {
    ...item,
    ...(name ? { name } : {}),
    ...(description && item.description !== undefined ? { description } : {}),
  };
}

/** The page's and the venue's languages, or undefined when they are the same. */
export function textLanguages(venue: Pick<Venue, 'locale' | 'languages'>, lang: string): TextLanguages | undefined {
  const own = venueLanguage(venue);
  const via = fallbackVia(venue, lang);
  return own === lang ? undefined : { page: lang, own, ...(via ? { via } : {}) };
}

/** The locale money and dates are written in on a page in `lang`: the venue's own, or `lang` with the venue's region. */
export function displayLocale(venue: Pick<Venue, 'locale' | 'languages'>, lang: string): string {
  if (venueLanguage(venue) === lang) return venue.locale;
  const region = venue.locale.split('-')[1];
  return region ? `${lang}-${region}` : lang;
}

/** The venue as a page in `lang` shows it; the venue itself when `lang` is its own. */
export function localizeVenue(venue: Venue, lang: string): Venue {
  if (venueLanguage(venue) === lang) return venue;
  const via = fallbackVia(venue, lang);
  const tagline = venue.translations?.[lang]?.tagline ?? (via ? venue.translations?.[via]?.tagline : undefined);
  return {
    ...venue,
    // Kept: the localized copy still knows its own language after `locale` changes below.
    languages: venueLanguages(venue),
    // Money and dates in the diner's language, in the venue's currency (and time zone).
    locale: displayLocale(venue, lang),
    ...(tagline ? { tagline } : {}),
    categories: venue.categories.map((category) => ({
      ...text(category, lang, via),
      products: category.products.map((product) => ({
        ...text(product, lang, via),
        // A set menu's steps («Primer plato») are translated like its other words (docs/rules.md#set-menus-and-availability).
        ...(product.courses ? { courses: product.courses.map((course) => text(course, lang, via)) } : {}),
        optionGroups: product.optionGroups.map((group) => ({
          ...text(group, lang, via),
          options: group.options.map((option) => text(option, lang, via)),
        })),
      })),
    })),
  };
}
