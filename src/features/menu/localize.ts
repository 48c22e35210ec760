/**
 * A venue's menu in the diner's language (docs/architecture.md#languages): names, descriptions
 * and the tagline from `translations[lang]` where there is one, the venue's own words elsewhere;
 * prices in the diner's language (the venue's currency and time zone stay).
 */
import { venueLanguage, venueLanguages, type TextLanguages, type Translations } from '../../contract/languages.ts';
import type { Venue } from '../../contract/venue.ts';

function text<T extends { translations?: Translations; name: string; description?: string }>(item: T, lang: string): T {
  const t = item.translations?.[lang];
  if (!t) return item;
  return {
    ...item,
    ...(t.name ? { name: t.name } : {}),
    ...(t.description && item.description !== undefined ? { description: t.description } : {}),
  };
}

/** The page's and the venue's languages, or undefined when they are the same. */
export function textLanguages(venue: Pick<Venue, 'locale' | 'languages'>, lang: string): TextLanguages | undefined {
  const own = venueLanguage(venue);
  return own === lang ? undefined : { page: lang, own };
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
  const tagline = venue.translations?.[lang]?.tagline;
  return {
    ...venue,
    // Kept: the localized copy still knows its own language after `locale` changes below.
    languages: venueLanguages(venue),
    // Money and dates in the diner's language, in the venue's currency (and time zone).
    locale: displayLocale(venue, lang),
    ...(tagline ? { tagline } : {}),
    categories: venue.categories.map((category) => ({
      ...text(category, lang),
      products: category.products.map((product) => ({
        ...text(product, lang),
        optionGroups: product.optionGroups.map((group) => ({
          ...text(group, lang),
          options: group.options.map((option) => text(option, lang)),
        })),
      })),
    })),
  };
}
