/**
 * Checkout's public module. Checkout owns the order flow (drawer, form, store)
 * and uses the cart through the cart's public module, never the reverse.
 * Only light exports here: the drawer itself is loaded on demand.
 */
export { default as OrderDrawerLoader } from './OrderDrawerLoader.tsx';
export { checkoutVenueOf, type CheckoutVenue } from './venue.ts';
