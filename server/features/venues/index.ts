/** Venues and their menus, the editor's writes, and the pages that follow them: the venues feature's public module. */
export {
  createVenueStore,
  findOption,
  storeNewVenues,
  storeVenue,
  type CachedVenue,
  type VenueStore,
} from './service.ts';
export { venueRoutes } from './routes.ts';
export { startPrerender } from './prerender.ts';
export { createBuildHook } from './build-hook.ts';
export * as operations from './operations.ts';
