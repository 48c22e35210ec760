/** The orders feature's public module. */
export { formatTime, localeForCurrency } from './status.ts';
