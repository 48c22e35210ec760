/**
 * `/menus/{id}.json`: each prerendered venue's whole menu, as the build saw it, beside its page
 * instead of inside it. The page's HTML carries only the cards (and its facts); the menu island
 * fetches this when the diner first interacts (the product dialog and search read it). Precached
 * by the service worker with the pages, so a venue opened offline still opens its dishes.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { Venue } from '../../contract/venue.ts';
import { isValidVenueId } from '../../contract/limits.ts';
import { buildAllVenueEntries } from '../../features/menu/build-data.ts';

export const getStaticPaths = (async () => {
  const entries = await buildAllVenueEntries();
  return entries
    .filter(({ venue }) => isValidVenueId(venue.id))
    .map(({ venue }) => ({ params: { id: venue.id }, props: { venue } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ venue: Venue }> = ({ props }) =>
  new Response(JSON.stringify(props.venue), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
