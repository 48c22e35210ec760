/**
 * `/panel` (client-only island): waits for the session (the layout's `auth`
 * guard sends signed-out visitors to `/login` and back), then checks the
 * scope before anything is fetched: `staff:{venueId}` or `admin` gets the
 * board of `?venue=`; without `?venue=`, the list of venues the scope covers;
 * anyone else a clear "no access" message and no order data.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $auth, $authReady, canManageVenue, startAuth } from '../auth/index.ts';
import { ADMIN_SCOPE, hasScope, staffVenueIds } from '../auth/index.ts';
import { Loading } from '../../shell/ui/LoadState.tsx';
import { venueParam } from './board.ts';
import { NoAccess } from './NoAccess.tsx';
import { OrderBoard } from './OrderBoard.tsx';
import { VenuePicker } from './VenuePicker.tsx';

function Waiting({ text }: { text: string }) {
  return <Loading text={text} testId="panel-waiting" />;
}

export default function StaffPanel() {
  const { user, loggedIn } = useStore($auth);
  const ready = useStore($authReady);
  const [search] = useState(() => location.search);

  useEffect(() => {
    void startAuth();
  }, []);

  if (!ready) return <Waiting text="Comprobando tu sesión…" />;
  // The auth guard is taking the visitor to /login.
  if (!loggedIn || !user) return <Waiting text="Inicia sesión para ver el panel…" />;

  const hasVenueParam = new URLSearchParams(search).has('venue');
  const venueId = venueParam(search);
  const venueCount = hasScope(user, ADMIN_SCOPE) ? Infinity : staffVenueIds(user).length;

  if (!hasVenueParam) return <VenuePicker user={user} />;
  if (!venueId) {
    return <NoAccess title="No encontramos ese local" detail="La dirección del panel no es válida. Elige uno de tus locales." showVenueList={venueCount > 0} />;
  }
  if (!canManageVenue(user, venueId)) return <NoAccess showVenueList={venueCount > 0} />;
  return <OrderBoard key={venueId} venueId={venueId} canSwitch={venueCount > 1} />;
}
