/**
 * `/panel/cocina` (client-only island): waits for the session (the layout's `auth` guard sends
 * signed-out visitors to `/login` and back), checks the scope (staff or manager of `?venue=`, or
 * admin) before anything is fetched, reads the venue's stations, then shows the display of
 * `?estacion=`, or the stations to choose from.
 */
import { useEffect, useState } from 'react';
import type { User } from '../../contract/auth.ts';
import { isValidVenueId } from '../../contract/limits.ts';
import { canRunVenue } from '../../contract/permissions.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { LoadError, Loading } from '../../shell/ui/LoadState.tsx';
import '../../styles/manage.ts';
import { SessionGate } from '../auth/SessionGate.tsx';
import { fetchKitchenVenue, type KitchenVenue } from './api.ts';
import { KitchenScreen } from './KitchenScreen.tsx';
import { StationNav } from './StationNav.tsx';
import { KitchenCorner } from './KitchenCorner.tsx';
import { pageTitle } from '../../contract/page-title.ts';

export default function KitchenDisplay() {
  return (
    <SessionGate signInText="Inicia sesión para ver la cocina…" testId="kitchen-waiting">
      {(user, search) => <KitchenRoute user={user} search={search} />}
    </SessionGate>
  );
}

function KitchenRoute({ user, search }: { user: User; search: string }) {
  const params = new URLSearchParams(search);
  const venueId = params.get('venue')?.trim() ?? '';
  const stationId = params.get('estacion')?.trim() ?? '';
  if (!isValidVenueId(venueId)) {
    return (
      <LoadError
        title="No encontramos ese local"
        message="La dirección de la cocina no es válida. Ábrela desde el panel de pedidos."
        action={{ href: '/panel', label: 'Ir al panel' }}
      />
    );
  }
  if (!canRunVenue(user.scope, venueId)) {
    return (
      <LoadError
        title="No tienes acceso a esta cocina"
        message="La pantalla de cocina es solo para el personal del local. Si trabajas aquí, pide acceso a un administrador."
        action={{ href: '/', label: 'Volver al inicio' }}
      />
    );
  }
  return <KitchenVenueRoute key={venueId} venueId={venueId} stationId={stationId} />;
}

function KitchenVenueRoute({ venueId, stationId }: { venueId: string; stationId: string }) {
  const [venue, setVenue] = useState<KitchenVenue | null>(null);
  const [failure, setFailure] = useState<{ message: string; missing: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchKitchenVenue(venueId, controller.signal).then(
      (loaded) => {
        setVenue(loaded);
        document.title = pageTitle(`Cocina · ${loaded.name}`);
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setFailure({ message: problemMessage(error), missing: problemOf(error)?.status === 404 });
      },
    );
    return () => controller.abort();
  }, [venueId, attempt]);

  if (failure) {
    return failure.missing ? (
      <LoadError
        title="No encontramos ese local"
        message="Revisa la dirección de la cocina."
        action={{ href: '/panel', label: 'Ir al panel' }}
      />
    ) : (
      <LoadError
        message={`No pudimos cargar el local. ${failure.message}`}
        onRetry={() => {
          setFailure(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (!venue) return <Loading text="Cargando la cocina…" />;

  const station = venue.stations.find((s) => s.id === stationId);
  if (!station) {
    return (
      <section aria-labelledby="kitchen-pick" className="flex flex-col gap-3" data-testid="kitchen-pick">
        <div className="flex flex-wrap items-start gap-2">
          <h1 id="kitchen-pick" className="mr-auto text-2xl font-bold">
            Pantalla de cocina · {venue.name}
          </h1>
          <KitchenCorner venueId={venue.id} />
        </div>
        <p>
          {stationId ? `La estación «${stationId.slice(0, 64)}» no existe en este local. ` : ''}Elige la estación de
          esta pantalla:
        </p>
        <StationNav venueId={venue.id} stations={venue.stations} />
      </section>
    );
  }
  return <KitchenScreen key={station.id} venue={venue} station={station} />;
}
