/**
 * The parts of a prerendered venue page that come from the venue's data, rendered by the same
 * components and helpers as the build (VenueMenu.astro, [id].astro). Bundled for Node by the
 * build (src/shell/venue-regions-bundle.ts) beside the site; the bundled server imports it to
 * regenerate one venue's page after an edit (server/features/venues/prerender.ts) without a whole-site build.
 */
import { renderToString } from 'react-dom/server';
import type { Venue, VenueSummary } from '../../contract/venue.ts';
import type { HomeRegions, HomeVenues, VenueRegions } from '../../contract/prerender.ts';
import HomeSearch from './HomeSearch.tsx';
import { DEFAULT_API_BASE } from '../../lib/config.ts';
import { CategoryNav } from './CategoryNav.tsx';
import { MenuSections } from './MenuSections.tsx';
import { VenueHeader } from './VenueHeader.tsx';
import { menuIslandProps, venueFactsJson, venuePageDescription, venuePagePaths } from './venue-page-data.ts';
import { localizeVenue, textLanguages } from './localize.ts';
import { isUiLanguage } from '../../contract/languages.ts';
import { setBuildLanguage } from '../../lib/i18n.ts';
import { CATALOGUES } from '../../i18n/catalogues.ts';
import { pageTitle } from '../../contract/page-title.ts';

/** As Astro escapes text and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An island's props as Astro serializes them (plain JSON values: 0 = value, 1 = array). */
function serialize(value: unknown): unknown {
  if (Array.isArray(value)) return [1, value.map(serialize)];
  if (value !== null && typeof value === 'object')
    return [0, Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialize(v)]))];
  if (value === undefined) return [0];
  return [0, value];
}

function islandPropsOf(props: Record<string, unknown>): string {
  return escapeHtml(JSON.stringify(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, serialize(v)]))));
}

/** A component's static HTML as Astro writes it: React's resource hints are dropped (@astrojs/react does). */
function render(node: Parameters<typeof renderToString>[0]): string {
  return renderToString(node).replace(
    /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g,
    '',
  );
}

/**
 * The regions of the venue's page in `lang` (its own language when absent: `/{id}`; another:
 * `/{lang}/{id}`), as VenuePage.astro and VenueMenu.astro render them: the interface's words in
 * that language, the menu's words from its translations, the facts the venue's own.
 */
export function renderVenueRegions(
  original: Venue,
  etag: string | null,
  lang?: string,
  now = Date.now(),
  apiBase = DEFAULT_API_BASE,
): VenueRegions {
  const page = lang !== undefined && isUiLanguage(lang) ? lang : venuePagePaths(original).own;
  setBuildLanguage(page, page === 'es' ? undefined : CATALOGUES[page]);
  const venue = localizeVenue(original, page);
  const langs = textLanguages(original, page);
  return {
    header: render(<VenueHeader venue={venue} apiBase={apiBase} langs={langs} />),
    nav: render(<CategoryNav categories={venue.categories} langs={langs} />),
    sections: render(<MenuSections venue={venue} apiBase={apiBase} langs={langs} />),
    islandProps: islandPropsOf(menuIslandProps(venue, apiBase)),
    // The layout's title is the venue's own name on every language's page (VenuePage.astro).
    title: `<title>${escapeHtml(pageTitle(original.name))}</title>`,
    description: escapeHtml(venuePageDescription(venue)),
    facts: venueFactsJson(original, etag, now),
  };
}

/** An island's serialized props read back (the inverse of `serialize`, for plain JSON values). */
function deserialize(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const [type, inner] = value as [number, unknown];
  if (type === 1) return (inner as unknown[]).map(deserialize);
  if (inner !== null && typeof inner === 'object')
    return Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, deserialize(v)]));
  return inner;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The home page's venue list island: its props and its server-rendered HTML. */
/** The venues the home page's island was rendered with, read from its `props` attribute value. */
export function homeVenuesOf(islandProps: string): HomeVenues {
  const props = deserialize([0, JSON.parse(unescapeHtml(islandProps))]) as {
    initialVenues?: VenueSummary[];
    initialTotal?: number;
  };
  const venues = props.initialVenues ?? [];
  return { venues, total: props.initialTotal ?? venues.length };
}

/** As the home page (src/pages/index.astro) renders its HomeSearch island; `prefix` is the island's. */
export function renderHomeRegions(
  { venues, total }: HomeVenues,
  prefix: string,
  apiBase = DEFAULT_API_BASE,
): HomeRegions {
  // The home page `/` is Spanish; a venue page rendered before may have set another language.
  setBuildLanguage('es', undefined);
  return {
    islandProps: islandPropsOf({ initialVenues: venues, initialTotal: total, apiBase }),
    inner: renderToString(<HomeSearch initialVenues={venues} initialTotal={total} apiBase={apiBase} />, {
      identifierPrefix: prefix,
    }).replace(/<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g, ''),
  };
}
