/**
 * The light part of table sessions, loaded with every venue page: whether the address is a
 * table link or this device has a seat at the venue's table (a hint read straight from the
 * stored state, without loading the session code), and, once a session is live here, the
 * venue it belongs to and where added dishes go. Everything else is loaded on demand.
 */
import { storageEngine } from '../../lib/persist.ts';
import type { NewCartLine } from '../cart/index.ts';

/** Key of the stored seats (`vuex.tableMemberships[venueId]`), owned by the session store. */
export const MEMBERSHIPS_KEY = 'tableMemberships';

export type TableAdder = (line: NewCartLine) => { ok: boolean; message?: string };
/** Puts an edited set line in place of the table cart's line `lineId`. */
export type TableReplacer = (lineId: string, line: NewCartLine) => { ok: boolean; message?: string };
/** The venue whose table session is open and joined on this page, and how to add to its cart. */
let active: { venueId: string; add: TableAdder; replace: TableReplacer | null } | null = null;

/** Set by the session store while a session is live here (null when it ends): where `addDish` sends dishes. */
export function setTableAdder(
  venueId: string | null,
  add: TableAdder | null = null,
  replace: TableReplacer | null = null,
): void {
  active = venueId && add ? { venueId, add, replace } : null;
}

/** Where dishes for this venue go while its table session is live here (null: the diner's own cart). */
export function tableAdderFor(venueId: string): TableAdder | null {
  return active?.venueId === venueId ? active.add : null;
}

export function tableReplacerFor(venueId: string): TableReplacer | null {
  return active?.venueId === venueId ? active.replace : null;
}

/** `?mesa={label}&t={token}` of an address, when both are there. */
export function tableLinkOf(href: string): { table: string; token: string } | null {
  try {
    const params = new URL(href).searchParams;
    const table = params.get('mesa')?.trim() ?? '';
    const token = params.get('t')?.trim() ?? '';
    return table && token ? { table, token } : null;
  } catch {
    return null;
  }
}

/** True when this page may have a table session: a table link in the address or a stored seat at this venue. */
export function tableHinted(venueId: string): boolean {
  if (typeof location === 'undefined') return false;
  if (tableLinkOf(location.href)) return true;
  const seats = storageEngine.snapshot()[MEMBERSHIPS_KEY] as Record<string, unknown> | undefined;
  return typeof seats === 'object' && seats !== null && venueId in seats;
}
