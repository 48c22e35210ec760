/** Where the order pages link to, in the page's language (docs/architecture.md#languages). */
import { fallbackVia, venueLanguage } from '../../contract/languages.ts';
import type { Venue } from '../../contract/venue.ts';
import { pageLanguage } from '../../lib/page-language.ts';

/**
 * A venue's menu in the page's language: `/{id}` when that is the venue's own language (or
 * Spanish, while the venue is not known yet), else `/{lang}/{id}`.
 */
export function menuPath(
  venueId: string,
  venue: { locale: string; languages?: readonly string[] | undefined } | null,
  lang = pageLanguage(),
): string {
  const own = venue
    ? venueLanguage({ locale: venue.locale, ...(venue.languages ? { languages: venue.languages } : {}) })
    : 'es';
  return lang === own ? `/${venueId}` : `/${lang}/${venueId}`;
}

/**
 * The venue's translated names of its dishes and options in the page's language, by dish id and
 * `{dishId}/{optionId}` (none on a page in the venue's own language: the order's are those); a
 * name not translated into the page's language is the English one when the venue has English.
 */
export function dishNames(
  venue: Pick<Venue, 'locale' | 'languages' | 'categories'> | null,
  lang = pageLanguage(),
): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  const languages = { locale: venue?.locale ?? '', ...(venue?.languages ? { languages: venue.languages } : {}) };
  if (!venue || lang === venueLanguage(languages)) return names;
  const via = fallbackVia(languages, lang);
  const nameOf = (translations: { [lang: string]: { name?: string } | undefined } | undefined) =>
    translations?.[lang]?.name ?? (via ? translations?.[via]?.name : undefined);
  for (const category of venue.categories) {
    for (const product of category.products) {
      const name = nameOf(product.translations);
      if (name) names.set(product.id, name);
      for (const group of product.optionGroups) {
        for (const option of group.options) {
          const optionName = nameOf(option.translations);
          if (optionName) names.set(`${product.id}/${option.id}`, optionName);
        }
      }
    }
  }
  return names;
}
