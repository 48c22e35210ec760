/**
 * `Cuenta de la mesa`, loaded the first time it opens (the table side's first load stays small). A load
 * that fails (no connection) closes it and says so; the next tap tries again.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { OFFLINE_MESSAGE } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import { $tableUi, closeBill, type TableVenue } from './store.ts';

type Dialog = ComponentType<{ venue: TableVenue }>;
let loading: Promise<Dialog> | null = null;

export function BillDialog({ venue }: { venue: TableVenue }) {
  const { bill } = useStore($tableUi);
  const [Loaded, setLoaded] = useState<Dialog | null>(null);
  useEffect(() => {
    if (!bill || Loaded) return;
    let live = true;
    loading ??= import('./BillDialog.tsx').then((m) => m.default);
    loading.then(
      (component) => {
        if (live) setLoaded(() => component);
      },
      () => {
        loading = null;
        if (!live) return;
        closeBill();
        toast.error(OFFLINE_MESSAGE, { id: 'bill-load' });
      },
    );
    return () => {
      live = false;
    };
  }, [bill, Loaded]);
  // Once loaded it stays mounted: closing it gives the focus back and keeps what was chosen.
  return Loaded ? <Loaded venue={venue} /> : null;
}
