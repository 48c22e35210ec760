/** Who may use the management pages: `manager:{venueId}` or `admin` (docs/rules.md#scopes). */
import { ADMIN_SCOPE, hasScope, type ScopedUser } from '../auth/index.ts';
import { isValidVenueId } from '../../contract/limits.ts';

/** Where an admin creates a venue. */
export const NEW_VENUE_PAGE = '/panel/nuevo-local';

export const isAdmin = (user: ScopedUser | null | undefined): boolean => hasScope(user, ADMIN_SCOPE);

export const managerScope = (venueId: string) => `manager:${venueId}`;

export function canEditVenue(user: ScopedUser | null | undefined, venueId: string): boolean {
  return hasScope(user, ADMIN_SCOPE) || hasScope(user, managerScope(venueId));
}

/** Venue ids from `manager:{id}` scopes. */
export function managedVenueIds(user: ScopedUser | null | undefined): string[] {
  const held = user?.scope;
  if (!Array.isArray(held)) return typeof held === 'string' ? managedVenueIds({ scope: held.split(/\s+/) }) : [];
  return (held as string[]).filter((s) => s.startsWith('manager:') && s.length > 8).map((s) => s.slice(8));
}

export function venueParam(search: string): string | null {
  const value = new URLSearchParams(search).get('venue')?.trim() ?? '';
  return isValidVenueId(value) ? value : null;
}
