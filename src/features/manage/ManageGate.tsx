/**
 * Waits for the session (the layout's auth guard sends signed-out visitors to /login and
 * back), then checks `manager:{venue}` / `admin` before anything is fetched. Without a venue
 * (or one this account does not manage) it lists the account's venues by name to choose
 * from; an admin is also offered to create one.
 */
import { mdiChevronRight, mdiStorefrontOutline } from '@mdi/js';
import { useEffect, useState, type ReactNode } from 'react';
import type { User } from '../../contract/auth.ts';
import { Icon } from '../../shell/Icon.tsx';
import { SessionGate } from '../auth/SessionGate.tsx';
import { panelVenues, venueHref, venueSummaries, type PanelPage } from './PanelNav.tsx';
import { canManageVenue, isAdmin, managesAnyVenue } from '../../contract/permissions.ts';
import { NEW_VENUE_PAGE, venueParam } from './scope.ts';
import '../../styles/manage.ts';

export function ManageGate({
  page,
  notManager,
  children,
}: {
  page: PanelPage;
  /** The heading for a venue's staff who do not manage it (default «No gestionas este local»). */
  notManager?: string;
  children: (venueId: string, user: User, search: string) => ReactNode;
}) {
  return (
    <SessionGate>
      {(user, search) => (
        <VenueScope page={page} user={user} search={search} notManager={notManager}>
          {children}
        </VenueScope>
      )}
    </SessionGate>
  );
}

const CHOOSE_TEXT: Record<PanelPage, string> = {
  '/panel': 'Elige el local cuyos pedidos quieres atender.',
  '/panel/sala': 'Elige el local cuya sala quieres atender.',
  '/panel/menu': 'Elige el local cuyo menú quieres editar.',
  '/panel/mesas': 'Elige el local cuyas mesas y códigos QR quieres ver.',
  '/panel/equipo': 'Elige el local cuyo equipo quieres gestionar.',
  '/panel/impresoras': 'Elige el local cuyas impresoras quieres configurar.',
  '/panel/caja': 'Elige el local cuya caja quieres ver.',
  '/panel/pagos': 'Elige el local cuyos pagos en línea quieres configurar.',
  '/panel/informes': 'Elige el local cuyos informes quieres ver.',
};

/** The venues this account manages, by name, as links to `page`. */
function ManagedVenues({ page, user }: { page: PanelPage; user: User }) {
  const [venues, setVenues] = useState<{ id: string; name: string }[]>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    venueSummaries().then(
      (all) => live && setVenues(panelVenues(user, page, all)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [user, page]);
  if (failed) return <p className="mt-4">No pudimos cargar tus locales. Recarga la página para intentarlo de nuevo.</p>;
  if (!venues)
    return (
      <p role="status" className="mt-4 flex items-center gap-2">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Cargando tus locales…
      </p>
    );
  if (!venues.length) return null;
  return (
    <ul className="mt-4 flex flex-col gap-2" data-testid="manage-venues">
      {venues.map((v) => (
        <li key={v.id}>
          <a
            href={venueHref(page, v.id)}
            className="flex min-h-14 items-center gap-3 rounded-box border border-base-300 bg-base-100 px-4 py-2 hover:border-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-strong"
          >
            <Icon path={mdiStorefrontOutline} size={24} className="shrink-0 text-primary-strong" />
            <span className="flex-1 font-semibold">{v.name}</span>
            <Icon path={mdiChevronRight} size={24} />
          </a>
        </li>
      ))}
    </ul>
  );
}

function VenueScope({
  page,
  user,
  search,
  notManager,
  children,
}: {
  page: PanelPage;
  user: User;
  search: string;
  notManager?: string;
  children: (venueId: string, user: User, search: string) => ReactNode;
}) {
  const venueId = venueParam(search);
  const managesAny = managesAnyVenue(user.scope);
  if (!venueId || !canManageVenue(user.scope, venueId)) {
    const choosing = !venueId && managesAny;
    return (
      <section
        role={choosing ? undefined : 'alert'}
        aria-labelledby="manage-no-access"
        className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-5"
      >
        <h1 id="manage-no-access" className="text-xl font-bold">
          {venueId ? (notManager ?? 'No gestionas este local') : 'Elige un local'}
        </h1>
        <p className="mt-2">
          {choosing
            ? CHOOSE_TEXT[page]
            : 'Esta página es para quien gestiona el local. Si trabajas aquí, pide acceso a quien lo gestiona o a un administrador.'}
        </p>
        {managesAny && <ManagedVenues page={page} user={user} />}
        <p className="mt-4 flex flex-wrap gap-2">
          {isAdmin(user.scope) && (
            <a className="btn btn-outline min-h-11" href={NEW_VENUE_PAGE}>
              Nuevo local
            </a>
          )}
          <a className="btn btn-primary min-h-11" href="/">
            Volver al inicio
          </a>
        </p>
      </section>
    );
  }
  return <>{children(venueId, user, search)}</>;
}
