/**
 * Who may do what at a venue (docs/rules.md#scopes), the one rule the browser and the server
 * both apply. `admin` holds every venue; `staff:{venueId}` runs a venue (the order board, sold
 * out, closing tables); `manager:{venueId}` runs it and manages it (menu editor, venue details,
 * tables and their QR codes, images, team); only `admin` creates venues.
 *
 * A scope may be a list (a name is held when included: the server's token claims), an object
 * (held when its value is truthy) or a space-separated string; the browser's `user.scope`
 * may be any of these.
 */

export type Scope = readonly string[] | Readonly<Record<string, unknown>> | string | null | undefined;

export const ADMIN_SCOPE = 'admin';

export const staffScope = (venueId: string): string => `staff:${venueId}`;
export const managerScope = (venueId: string): string => `manager:${venueId}`;

/** `Array.isArray` narrows a readonly array to `any[]`; this keeps the element type. */
function isList(scope: Scope): scope is readonly string[] {
  return Array.isArray(scope);
}

/** The scope names held, whatever the shape. */
function heldNames(scope: Scope): readonly string[] {
  if (scope === null || scope === undefined) return [];
  if (typeof scope === 'string') return scope.split(/\s+/).filter(Boolean);
  if (isList(scope)) return scope;
  if (typeof scope === 'object')
    return Object.entries(scope)
      .filter(([, value]) => Boolean(value))
      .map(([key]) => key);
  return [];
}

const holds = (scope: Scope, name: string): boolean => heldNames(scope).includes(name);
/** A venue scope names a venue: `staff:` alone holds nothing. */
const holdsAt = (scope: Scope, venueId: string, toScope: (id: string) => string): boolean =>
  venueId !== '' && holds(scope, toScope(venueId));

export const isAdmin = (scope: Scope): boolean => holds(scope, ADMIN_SCOPE);

/** Staff, manager of the venue, or admin: the order board, sold out, closing tables. */
export function canRunVenue(scope: Scope, venueId: string): boolean {
  return isAdmin(scope) || holdsAt(scope, venueId, staffScope) || holdsAt(scope, venueId, managerScope);
}

/** Manager of the venue or admin: menu editor, venue details, tables and QR codes, images, team. */
export function canManageVenue(scope: Scope, venueId: string): boolean {
  return isAdmin(scope) || holdsAt(scope, venueId, managerScope);
}

function venueIdsOf(scope: Scope, prefixes: readonly string[]): string[] {
  const ids = heldNames(scope).flatMap((name) => {
    const prefix = prefixes.find((p) => name.startsWith(p) && name.length > p.length);
    return prefix ? [name.slice(prefix.length)] : [];
  });
  return [...new Set(ids)];
}

/** The venues named in `staff:` and `manager:` scopes, each once (an admin's other venues are not listed). */
export const venuesRun = (scope: Scope): string[] => venueIdsOf(scope, ['staff:', 'manager:']);

/** The venues named in `manager:` scopes, each once (an admin's other venues are not listed). */
export const venuesManaged = (scope: Scope): string[] => venueIdsOf(scope, ['manager:']);

/** Whether the account runs any venue at all (admin, or staff or manager somewhere): offer the staff panel. */
export const runsAnyVenue = (scope: Scope): boolean => isAdmin(scope) || venuesRun(scope).length > 0;

/** Whether the account manages any venue at all (admin, or manager somewhere). */
export const managesAnyVenue = (scope: Scope): boolean => isAdmin(scope) || venuesManaged(scope).length > 0;
