/**
 * The table side of a venue page, as an island: renders nothing (and loads nothing more)
 * unless the address is a table link or this device has a seat at this venue's table; then
 * loads the table app (join, bar, shared cart, bill) on demand.
 */
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/hydrated.ts';
import { tableHinted } from './membership.ts';

const TableApp = lazy(() => import('./TableApp.tsx'));

export interface TableMountProps {
  venueId: string;
  venueName: string;
  currency: string;
  locale: string;
}

/** Read once per venue at load: the app, once started, must stay mounted (e.g. to say `Mesa cerrada`). */
const hints = new Map<string, boolean>();

export default function TableMount({ venueId, venueName, currency, locale }: TableMountProps) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  let hinted = hints.get(venueId);
  if (hinted === undefined) {
    hinted = tableHinted(venueId);
    hints.set(venueId, hinted);
  }
  if (!hinted) return null;
  return (
    <Suspense fallback={null}>
      <TableApp venue={{ id: venueId, name: venueName, currency, locale }} />
    </Suspense>
  );
}
