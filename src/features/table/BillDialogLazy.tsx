/** `Cuenta de la mesa`, loaded the first time it opens (the table side's first load stays small). */
import { lazy, Suspense, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $tableUi, type TableVenue } from './store.ts';

const Dialog = lazy(() => import('./BillDialog.tsx'));

export function BillDialog({ venue }: { venue: TableVenue }) {
  const { bill } = useStore($tableUi);
  const [wanted, setWanted] = useState(bill);
  // Once asked for, it stays mounted: closing it gives the focus back and keeps what was chosen.
  if (bill && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}><Dialog venue={venue} /></Suspense> : null;
}
