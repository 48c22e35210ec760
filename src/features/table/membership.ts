/**
 * The light part of table sessions, loaded with every venue page: which table this device
 * belongs to at a venue (persisted under `vuex`), whether the address is a table link, and
 * whether a session is live here now. Everything else (stream, queue, UI) is loaded on demand.
 */
import { atom } from 'nanostores';
import { persistentStore } from '../../lib/persist.ts';

/** This device's seat at a venue's table: the participant credential of one session. */
export interface Membership {
  table: string;
  credential: string;
  participantId: string;
  sessionId: string;
}

export type Memberships = Record<string, Membership>;

function isMembership(value: unknown): value is Membership {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return ['table', 'credential', 'participantId', 'sessionId'].every((k) => typeof m[k] === 'string' && m[k].length > 0);
}

function isMemberships(value: unknown): value is Memberships {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isMembership);
}

/** Per venue id. */
export const $memberships = persistentStore<Memberships>('tableMemberships', {}, isMemberships);

/** The venue whose table session is open and joined on this page (adds go to the table cart), or null. */
export const $tableActive = atom<string | null>(null);

/** `?mesa={label}&t={token}` of the current address, when both are there. */
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
  return tableLinkOf(location.href) !== null || $memberships.get()[venueId] !== undefined;
}
