/**
 * Waits for the session (the layout's auth guard sends signed-out visitors to /login and
 * back), then checks `manager:{venue}` / `admin` before anything is fetched. An admin without
 * a venue is offered to create one.
 */
import type { ReactNode } from 'react';
import type { User } from '../../contract/auth.ts';
import { SessionGate } from '../auth/SessionGate.tsx';
import { canEditVenue, isAdmin, managedVenueIds, NEW_VENUE_PAGE, venueParam } from './scope.ts';

export function ManageGate({ page, children }: { page: string; children: (venueId: string, user: User, search: string) => ReactNode }) {
  return <SessionGate>{(user, search) => <VenueScope page={page} user={user} search={search}>{children}</VenueScope>}</SessionGate>;
}

function VenueScope({ page, user, search, children }: { page: string; user: User; search: string; children: (venueId: string, user: User, search: string) => ReactNode }) {
  const venueId = venueParam(search);
  const mine = managedVenueIds(user);
  if (!venueId || !canEditVenue(user, venueId)) {
    return (
      <section role="alert" aria-labelledby="manage-no-access" className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-5">
        <h1 id="manage-no-access" className="text-xl font-bold">{venueId ? 'No gestionas este local' : 'Elige un local'}</h1>
        <p className="mt-2">Esta página es para quien gestiona el local. Si trabajas aquí, pide acceso a un administrador.</p>
        {mine.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2">
            {mine.map((id) => (
              <li key={id}><a className="btn btn-outline min-h-11" href={`${page}?venue=${encodeURIComponent(id)}`}>{id}</a></li>
            ))}
          </ul>
        )}
        <p className="mt-4 flex flex-wrap gap-2">
          {isAdmin(user) && <a className="btn btn-outline min-h-11" href={NEW_VENUE_PAGE}>Nuevo local</a>}
          <a className="btn btn-primary min-h-11" href="/">Volver al inicio</a>
        </p>
      </section>
    );
  }
  return <>{children(venueId, user, search)}</>;
}
