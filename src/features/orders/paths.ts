/** Where the order pages link to, in the page's language (docs/architecture.md#languages). */
import { venueLanguage } from '../../contract/languages.ts';
import { pageLanguage } from '../../lib/page-language.ts';

/**
 * A venue's menu in the page's language: `/{id}` when that is the venue's own language (or
 * Spanish, while the venue is not known yet), else `/{lang}/{id}`.
 */
export function menuPath(venueId: string, venue: { locale: string; languages?: readonly string[] | undefined } | null, lang = pageLanguage()): string {
  const own = venue ? venueLanguage({ locale: venue.locale, ...(venue.languages ? { languages: venue.languages } : {}) }) : 'es';
  return lang === own ? `/${venueId}` : `/${lang}/${venueId}`;
}
