/**
 * Names of the service worker's runtime caches (src/shell/pwa-options.ts), for the page code that
 * reads or fills them. The plugin callbacks in pwa-options.ts are copied into sw.js as source and
 * spell these names out themselves.
 */
/** `/config.json`. */
export const CONFIG_CACHE = 'umenu-config';
/** Pages that are not precached (every page but the shell's), one copy per path. */
export const PAGES_CACHE = 'umenu-pages';
/** `GET /api/venues/{id}` and the venue list. */
export const VENUES_CACHE = 'umenu-venues';
/** A prerendered venue's whole menu file, `/menus/{id}.json`, kept with its page. */
export const MENUS_CACHE = 'umenu-menus';
/** The code (`/_astro/…`) of pages outside the precached shell, kept once a page used it. */
export const ASSETS_CACHE = 'umenu-assets';
