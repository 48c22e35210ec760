/** `/panel` without `?venue=`: the venues whose board this account may open (admin: all). */
import { mdiChevronRight, mdiStorefrontOutline } from '@mdi/js';
import { useEffect, useState } from 'react';
import type { User } from '../../contract/auth.ts';
import type { VenueSummary } from '../../contract/venue.ts';
import { problemMessage } from '../../lib/http.ts';
import { Icon } from '../../shell/Icon.tsx';
import { LoadError, Loading } from '../../shell/ui/LoadState.tsx';
import { fetchVenueSummaries } from './api.ts';
import { boardVenues } from './logic.ts';
import { NoAccess } from './NoAccess.tsx';
import { isAdmin as holdsAdmin, runsAnyVenue } from '../../contract/permissions.ts';

type Load = { state: 'loading' } | { state: 'ready'; venues: VenueSummary[] } | { state: 'error'; message: string };

export function VenuePicker({
  user,
  page = '/panel',
  title = 'Panel de pedidos',
}: {
  user: User;
  /** The page each venue opens (the floor's `/panel/sala` lists the same venues). */
  page?: string;
  title?: string;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const isAdmin = holdsAdmin(user.scope);
  const mayUse = runsAnyVenue(user.scope);

  useEffect(() => {
    if (!mayUse) return;
    let live = true;
    fetchVenueSummaries()
      .then((venues) => live && setLoad({ state: 'ready', venues }))
      .catch((error: unknown) => {
        if (!live) return;
        // Staff can still open their boards by id; only the names are missing.
        if (isAdmin) setLoad({ state: 'error', message: problemMessage(error) });
        else setLoad({ state: 'ready', venues: [] });
      });
    return () => {
      live = false;
    };
  }, [mayUse, isAdmin]);

  if (!mayUse) {
    return (
      <NoAccess
        title="No tienes acceso al panel de ningún local"
        detail="El panel de pedidos es solo para el personal de los locales. Tu cuenta es de comensal: tus pedidos están en «Mis pedidos»."
      />
    );
  }

  return (
    <section aria-labelledby="panel-venues-title" className="mx-auto max-w-2xl">
      <h1 id="panel-venues-title" className="text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      <p className="mt-1 text-base-content/80">Elige el local cuyos pedidos quieres atender.</p>
      {load.state === 'loading' && <Loading text="Cargando locales…" className="mt-4" />}
      {load.state === 'error' && (
        <LoadError className="mt-4" message={`No pudimos cargar los locales. ${load.message}`} />
      )}
      {load.state === 'ready' && boardVenues(user, load.venues).length === 0 && (
        <p className="mt-4 rounded-box bg-base-100 p-4">Todavía no hay locales. Cuando se cree uno, aparecerá aquí.</p>
      )}
      {load.state === 'ready' && (
        <ul className="mt-4 flex flex-col gap-2" data-testid="panel-venues">
          {boardVenues(user, load.venues).map((venue) => (
            <li key={venue.id}>
              <a
                href={`${page}?venue=${encodeURIComponent(venue.id)}`}
                className="flex min-h-14 items-center gap-3 rounded-box border border-base-300 bg-base-100 px-4 py-2 hover:border-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-strong"
              >
                <Icon path={mdiStorefrontOutline} size={24} className="shrink-0 text-primary-strong" />
                <span className="flex-1">
                  <span className="block font-semibold">{venue.name}</span>
                  {venue.city && <span className="block text-sm text-base-content/80">{venue.city}</span>}
                </span>
                <Icon path={mdiChevronRight} size={24} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
