/**
 * Names of the service worker's runtime caches (src/shell/pwa-options.ts), for the page code that
 * reads or fills them. The plugin callbacks in pwa-options.ts are copied into sw.js as source and
 * spell these names out themselves.
 */
/** `/config.json`. */
export const CONFIG_CACHE = 'umenu-config';
/** Pages that are not precached, one copy per path (venues created after the build). */
export const PAGES_CACHE = 'umenu-pages';
/** `GET /api/venues/{id}` and the venue list. */
export const VENUES_CACHE = 'umenu-venues';
