/**
 * The fallback shell's venue on the device (docs/rules.md#returning-on-a-bad-network): the page
 * and the menu the service worker keeps (src/shell/pwa-options.ts), so that a diner who comes
 * back opens the venue at once whatever the network does.
 */
import type { Venue } from '../../contract/venue.ts';
import { Venue as VenueSchema } from '../../contract/venue.ts';
import { PAGES_CACHE, VENUES_CACHE } from '../../shell/sw-caches.ts';

export interface KeptMenu {
  venue: Venue;
  etag: string | null;
}

function menuUrl(apiBase: string, id: string): string {
  return new URL(`${apiBase.replace(/\/+$/, '')}/venues/${encodeURIComponent(id)}`, location.href).href;
}

const hasCaches = () => 'serviceWorker' in navigator && 'caches' in window;

/**
 * The menu kept from an earlier visit, when a service worker controls the page: the page opens
 * with it and the live menu brings it up to date from its ETag. Read here rather than asked of
 * the worker, which cannot tell a page that is opening from a live check that wants the network.
 */
export async function keptMenu(apiBase: string, id: string): Promise<KeptMenu | null> {
  if (!hasCaches() || !navigator.serviceWorker.controller) return null;
  try {
    const kept = await caches.match(menuUrl(apiBase, id));
    if (!kept?.ok) return null;
    return { venue: VenueSchema.parse(await kept.json()), etag: kept.headers.get('etag') };
  } catch {
    // Storage unavailable or a copy that no longer parses: ask the network.
    return null;
  }
}

/**
 * On a page the service worker did not control (the first visit, which installs it), the worker
 * kept neither the page nor its menu: once it is active, keep them as its rules would have
 * (the page under its path without the query, the menu as the API answered it), so that the
 * diner's next visit opens from the device too. Never fails the page.
 */
export function keepForNextVisit(apiBase: string, id: string, menu: Response): void {
  if (!hasCaches() || navigator.serviceWorker.controller) return;
  void navigator.serviceWorker.ready
    .then(async () => {
      if (navigator.serviceWorker.controller) return;
      const page = new URL(location.pathname, location.href).href;
      await Promise.all([
        caches.open(VENUES_CACHE).then((cache) => cache.put(menuUrl(apiBase, id), menu)),
        // The page as the network answers it (a 404-only host answers 404: nothing is kept). Not
        // `cache.add`: Chromium logs its refusal of a 404 as a console error.
        fetch(page).then(async (response) => {
          if (response.ok) await (await caches.open(PAGES_CACHE)).put(page, response);
        }),
      ]);
    })
    .catch(() => undefined);
}
