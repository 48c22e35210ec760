/** The manage pages' `?venue=` parameter and where an admin creates a venue (who may open them: src/contract/permissions.ts). */
import { isValidVenueId } from '../../contract/limits.ts';

/** Where an admin creates a venue. */
export const NEW_VENUE_PAGE = '/panel/nuevo-local';

export function venueParam(search: string): string | null {
  const value = new URLSearchParams(search).get('venue')?.trim() ?? '';
  return isValidVenueId(value) ? value : null;
}
