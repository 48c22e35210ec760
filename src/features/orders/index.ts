/** The orders feature's public module. */
export { formatTime, localeForCurrency } from './status.ts';
export { orderMessages } from './messages.ts';
