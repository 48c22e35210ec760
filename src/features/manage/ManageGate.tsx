/**
 * Waits for the session (the layout's auth guard sends signed-out visitors to /login and
 * back), then checks `manager:{venue}` / `admin` before anything is fetched.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { $auth, $authReady, startAuth } from '../auth/index.ts';
import { canEditVenue, managedVenueIds, venueParam } from './scope.ts';

function Waiting({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-8">
      <span className="loading loading-spinner" aria-hidden="true" /> {text}
    </p>
  );
}

export function ManageGate({ page, children }: { page: string; children: (venueId: string) => ReactNode }) {
  const { user, loggedIn } = useStore($auth);
  const ready = useStore($authReady);
  const [search] = useState(() => location.search);
  useEffect(() => {
    void startAuth();
  }, []);
  if (!ready) return <Waiting text="Comprobando tu sesión…" />;
  if (!loggedIn || !user) return <Waiting text="Inicia sesión para continuar…" />;
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
        <p className="mt-4"><a className="btn btn-primary min-h-11" href="/">Volver al inicio</a></p>
      </section>
    );
  }
  return <>{children(venueId)}</>;
}
