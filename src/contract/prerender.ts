/**
 * What the build's render module (src/features/menu/prerender-regions.tsx, bundled beside the
 * site) gives the bundled server (server/features/venues/prerender.ts), which regenerates one venue's page and
 * the home page's list after an edit: the parts of those pages that come from the data.
 */
import type { Venue, VenueSummary } from './venue.ts';

export interface VenueRegions {
  /** `<header id="venue-header">…` */
  header: string;
  /** The category tabs' `<nav>`. */
  nav: string;
  /** `<div id="menu-sections">…` (the cards). */
  sections: string;
  /** The menu island's `props="…"` attribute value (escaped as the build writes it). */
  islandProps: string;
  /** `<title>…</title>` */
  title: string;
  /** The description meta's `content` (escaped). */
  description: string;
  /** `#venue-facts`' text. */
  facts: string;
}

/** The home page's first screen of venues (`GET /api/venues?limit=HOME_PAGE_SIZE`). */
export interface HomeVenues {
  venues: VenueSummary[];
  total: number;
}

export interface HomeRegions {
  islandProps: string;
  inner: string;
}

/** The render module's exports. */
export interface RegionsModule {
  /** The regions of the page in `lang` (`/{lang}/{id}`); absent: the venue's own language (`/{id}`). */
  renderVenueRegions: (venue: Venue, etag: string | null, lang?: string, now?: number) => VenueRegions;
  /** The first page of venues the home page's island shows, and how many venues there are in all. */
  homeVenuesOf: (islandProps: string) => HomeVenues;
  renderHomeRegions: (list: HomeVenues, prefix: string) => HomeRegions;
}
