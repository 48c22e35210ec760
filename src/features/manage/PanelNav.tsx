/**
 * The panel pages' header navigation (board, menu editor, tables, team, cash, reports): which venue
 * ("Local: {name}", a disclosure listing every venue of this account by name, to switch on
 * the same page) and the venue's pages. A manager is also staff of their venues; an admin
 * sees every venue.
 */
import { mdiCheck, mdiChevronDown, mdiStorefrontOutline } from '@mdi/js';
import { useEffect, useState } from 'react';
import type { User } from '../../contract/auth.ts';
import { VenueList, type VenueSummary } from '../../contract/venue.ts';
import { http } from '../../lib/http.ts';
import { Icon } from '../../shell/Icon.tsx';
import { canManageVenue, canRunVenue, isAdmin, venuesManaged, venuesRun } from '../../contract/permissions.ts';
import '../../styles/manage.ts';

export type PanelPage =
  | '/panel'
  | '/panel/sala'
  | '/panel/menu'
  | '/panel/mesas'
  | '/panel/equipo'
  | '/panel/impresoras'
  | '/panel/caja'
  | '/panel/pagos'
  | '/panel/informes';

const PAGES: { page: PanelPage; label: string; managers: boolean }[] = [
  { page: '/panel', label: 'Pedidos', managers: false },
  { page: '/panel/sala', label: 'Sala', managers: false },
  { page: '/panel/menu', label: 'Menú', managers: true },
  { page: '/panel/mesas', label: 'Mesas y QR', managers: true },
  { page: '/panel/equipo', label: 'Equipo', managers: true },
  { page: '/panel/impresoras', label: 'Impresoras', managers: true },
  { page: '/panel/caja', label: 'Caja', managers: true },
  { page: '/panel/pagos', label: 'Pagos en línea', managers: true },
  { page: '/panel/informes', label: 'Informes', managers: true },
];

let summaries: Promise<VenueSummary[]> | undefined;
/** Every venue's name (one request per page load, shared by every caller). */
export function venueSummaries(): Promise<VenueSummary[]> {
  summaries ??= http
    .get('venues')
    .json<unknown>()
    .then((body) => VenueList.parse(body).venues);
  summaries.catch(() => {
    summaries = undefined;
  });
  return summaries;
}

/** The venues this account may open `page` of, by name (admin: every venue). */
export function panelVenues(user: User, page: PanelPage, all: readonly VenueSummary[]): { id: string; name: string }[] {
  const manage = page !== '/panel' && page !== '/panel/sala';
  const mine = isAdmin(user.scope) ? null : new Set(manage ? venuesManaged(user.scope) : venuesRun(user.scope));
  return all
    .filter((v) => (mine ? mine.has(v.id) : true))
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

export const venueHref = (page: PanelPage, venueId: string) => `${page}?venue=${encodeURIComponent(venueId)}`;

export function PanelNav({ page, venueId, user }: { page: PanelPage; venueId: string; user: User }) {
  const [venues, setVenues] = useState<{ id: string; name: string }[]>();
  useEffect(() => {
    let live = true;
    venueSummaries().then(
      (all) => live && setVenues(panelVenues(user, page, all)),
      () => live && setVenues([]),
    );
    return () => {
      live = false;
    };
  }, [user, page]);

  const current = venues?.find((v) => v.id === venueId);
  const others = venues?.filter((v) => v.id !== venueId) ?? [];
  const pages = PAGES.filter((p) =>
    p.managers ? canManageVenue(user.scope, venueId) : canRunVenue(user.scope, venueId),
  );

  return (
    <nav aria-label="Panel del local" className="no-print flex flex-wrap items-center gap-2" data-testid="panel-nav">
      {others.length > 0 && (
        <details className="venue-switcher relative" data-testid="venue-switcher">
          <summary className="btn btn-outline min-h-11 max-w-full gap-2 normal-case">
            <Icon path={mdiStorefrontOutline} size={20} />
            <span className="truncate">Local: {current?.name ?? 'elige uno'}</span>
            <Icon path={mdiChevronDown} size={20} />
          </summary>
          <ul
            className="absolute left-0 z-30 mt-1 flex w-72 max-w-[90vw] flex-col rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
            aria-label="Cambiar de local"
          >
            {venues!.map((v) => (
              <li key={v.id}>
                <a
                  href={venueHref(page, v.id)}
                  aria-current={v.id === venueId ? 'page' : undefined}
                  className="flex min-h-11 items-center gap-2 rounded-field px-3 hover:bg-base-200 focus-visible:bg-base-200"
                >
                  <span className="flex-1">{v.name}</span>
                  {v.id === venueId && <Icon path={mdiCheck} size={20} />}
                </a>
              </li>
            ))}
          </ul>
        </details>
      )}
      {pages.length > 1 && (
        <ul className="flex flex-wrap gap-1">
          {pages.map((p) => (
            <li key={p.page}>
              <a
                href={venueHref(p.page, venueId)}
                aria-current={p.page === page ? 'page' : undefined}
                className={`btn btn-sm min-h-11 ${p.page === page ? 'btn-primary' : 'btn-ghost'}`}
              >
                {p.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
