/**
 * The table side of a venue page: does nothing (and loads nothing more) unless the address
 * is a table link or this device has a seat at this venue's table; then loads the table app
 * (join, bar, shared cart, bill) on demand and mounts it in the page's `#table-slot`, above
 * the menu. Hosted by the menu island, so a venue page carries no extra island for it.
 */
import { useEffect } from 'react';
import { tableHinted } from './membership.ts';

export interface TableMountProps {
  venueId: string;
  venueName: string;
  currency: string;
  locale: string;
}

export default function TableMount({ venueId, venueName, currency, locale }: TableMountProps) {
  useEffect(() => {
    const slot = document.getElementById('table-slot');
    if (!slot || !tableHinted(venueId)) return;
    let cancelled = false;
    let unmount: (() => void) | undefined;
    import('./TableApp.tsx').then(
      (app) => {
        if (!cancelled) unmount = app.mountTableApp(slot, { id: venueId, name: venueName, currency, locale });
      },
      (error: unknown) => console.warn('[umenu] the table session could not be loaded', error),
    );
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [venueId, venueName, currency, locale]);
  return null;
}
