/**
 * Scope check (docs/rules.md#scopes): `user.scope` may be an array (a scope is held when it
 * is included) or an object (held when its value is truthy). Staff scope is
 * `staff:{venueId}`; `admin` holds every venue.
 */

export type ScopeValue = readonly string[] | Readonly<Record<string, unknown>> | string | null | undefined;

export interface ScopedUser {
  scope?: ScopeValue;
}

export const ADMIN_SCOPE = 'admin';

/** `Array.isArray` narrows a readonly array to `any[]`; this keeps the element type. */
function isScopeList(held: ScopeValue): held is readonly string[] {
  return Array.isArray(held);
}

export function staffScope(venueId: string): string {
  return `staff:${venueId}`;
}

/** True when the user holds `scope` exactly. */
export function hasScope(user: ScopedUser | null | undefined, scope: string): boolean {
  const held = user?.scope;
  if (held === null || held === undefined) return false;
  if (typeof held === 'string') return held.split(/\s+/).includes(scope);
  if (isScopeList(held)) return held.includes(scope);
  if (typeof held === 'object') return Boolean((held as Record<string, unknown>)[scope]);
  return false;
}

/** Staff of this venue (`staff:{id}`, or `manager:{id}`: a manager is also staff, docs/rules.md#scopes), or an admin. */
export function canManageVenue(user: ScopedUser | null | undefined, venueId: string): boolean {
  return hasScope(user, ADMIN_SCOPE) || hasScope(user, staffScope(venueId)) || hasScope(user, `manager:${venueId}`);
}

/** The venue ids the user is staff of (from `staff:{id}` and `manager:{id}` scopes), each once. */
export function staffVenueIds(user: ScopedUser | null | undefined): string[] {
  const held = user?.scope;
  if (!held) return [];
  const names = typeof held === 'string'
    ? held.split(/\s+/)
    : isScopeList(held)
      ? [...held]
      : Object.entries(held).filter(([, value]) => Boolean(value)).map(([key]) => key);
  const ids = names.flatMap((name) => {
    const match = /^(?:staff|manager):(.+)$/.exec(name);
    return match ? [match[1]!] : [];
  });
  return [...new Set(ids)];
}

/** Whether to offer the staff panel at all. */
export function isStaff(user: ScopedUser | null | undefined): boolean {
  return hasScope(user, ADMIN_SCOPE) || staffVenueIds(user).length > 0;
}
