/** The orders feature's public module. */
export { formatDateTime, formatTime, isOpenStatus, localeForCurrency, timelineOf, sortForList } from './status.ts';
