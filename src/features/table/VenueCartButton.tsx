/**
 * The header's cart button on a venue page: the diner's own cart, or the table's shared cart
 * while this phone is at an open table session here (that button loads with the table app).
 */
import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { CartButton } from '../cart/index.ts';
import { $tableActive } from './membership.ts';

const TableCartButton = lazy(() => import('./TableCartButton.tsx'));

export default function VenueCartButton({ venueId }: { venueId: string }) {
  const active = useStore($tableActive);
  if (active !== venueId) return <CartButton venueId={venueId} />;
  return (
    <Suspense fallback={<CartButton venueId={venueId} />}>
      <TableCartButton />
    </Suspense>
  );
}
