/**
 * What a venue page is rendered from besides its components: the menu island's props, the
 * page's description and its `#venue-facts`. Shared by the build (VenueMenu.astro, [id].astro)
 * and the bundled server's regeneration of one venue's page (prerender-regions.tsx), so a page
 * regenerated after an edit is the one the build would have made.
 */
import type { Venue } from '../../contract/venue.ts';
import { ALLERGENS } from '../../contract/venue.ts';
import { DIET_TAGS } from '../../contract/menu-labels.ts';
import { checkoutVenueOf } from '../checkout/index.ts';
import { allergensInMenu, buildIndex, dietsInMenu } from './filter.ts';
import { venueFactsOf } from './venue-facts.ts';
import { menuMessages } from './messages.ts';
import { isUiLanguage, UI_LANGUAGES, venueLanguage, type UiLanguage } from '../../contract/languages.ts';

/** The menu island's props, in the order the page passes them (its serialized props must match). */
export function menuIslandProps(venue: Venue, apiBase: string) {
  const index = buildIndex(venue);
  const present = new Set(allergensInMenu(index));
  return {
    venueId: venue.id,
    currency: venue.currency,
    locale: venue.locale,
    apiBase,
    diets: dietsInMenu(index, DIET_TAGS),
    allergens: ALLERGENS.filter((a) => present.has(a)),
    checkoutVenue: checkoutVenueOf(venue),
  };
}

/** The page's description, in the page's language (the venue given as that page shows it). */
export function venuePageDescription(venue: Venue): string {
  return menuMessages.get().pageDescription({ name: venue.name, tagline: venue.tagline });
}

/** A venue's pages: its own language at `/{id}`, each other interface language at `/{lang}/{id}`. */
export function venuePagePaths(venue: Pick<Venue, 'id' | 'locale' | 'languages'>): {
  own: UiLanguage;
  paths: Record<UiLanguage, string>;
} {
  const lang = venueLanguage(venue);
  const own: UiLanguage = isUiLanguage(lang) ? lang : 'es';
  const paths = Object.fromEntries(
    UI_LANGUAGES.map((l) => [l, l === own ? `/${venue.id}` : `/${l}/${venue.id}`]),
  ) as Record<UiLanguage, string>;
  return { own, paths };
}

/** `#venue-facts`' text: the facts and the ETag of the version the page shows. */
export function venueFactsJson(venue: Venue, etag: string | null, now = Date.now()): string {
  return JSON.stringify({ ...venueFactsOf(venue, now), etag }).replace(/</g, '\\u003c');
}
