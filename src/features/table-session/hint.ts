/**
 * The table feature's second public module, for a page's script without React: whether the
 * page may have a table session (a table link, or a seat stored on this device).
 */
export { tableHinted } from './membership.ts';
