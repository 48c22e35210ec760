/** The orders feature's public module. */
export { formatTime, localeForCurrency, pageLocale } from './status.ts';
export { orderMessages } from './messages.ts';
export { dishNames } from './paths.ts';
export { fetchVenue } from './api.ts';
export { ReadyNotify } from './ReadyNotify.tsx';
