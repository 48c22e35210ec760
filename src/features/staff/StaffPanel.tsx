/**
 * `/panel` (client-only island): waits for the session (the layout's `auth`
 * guard sends signed-out visitors to `/login` and back), then checks the
 * scope before anything is fetched: `staff:{venueId}` or `admin` gets the
 * board of `?venue=`; without `?venue=`, the list of venues the scope covers;
 * anyone else a clear "no access" message and no order data.
 */
import type { User } from '../../contract/auth.ts';
import { canRunVenue, isAdmin, venuesRun } from '../../contract/permissions.ts';
import { SessionGate } from '../auth/SessionGate.tsx';
import { venueParam } from './logic.ts';
import { NoAccess } from './NoAccess.tsx';
import { OrderBoard } from './OrderBoard.tsx';
import { VenuePicker } from './VenuePicker.tsx';

export default function StaffPanel() {
  return (
    <SessionGate signInText="Inicia sesión para ver el panel…" testId="panel-waiting">
      {(user, search) => <StaffRoute user={user} search={search} />}
    </SessionGate>
  );
}

function StaffRoute({ user, search }: { user: User; search: string }) {
  const hasVenueParam = new URLSearchParams(search).has('venue');
  const venueId = venueParam(search);
  const venueCount = isAdmin(user.scope) ? Infinity : venuesRun(user.scope).length;

  if (!hasVenueParam) return <VenuePicker user={user} />;
  if (!venueId) {
    return (
      <NoAccess
        title="No encontramos ese local"
        detail="La dirección del panel no es válida. Elige uno de tus locales."
        showVenueList={venueCount > 0}
      />
    );
  }
  if (!canRunVenue(user.scope, venueId)) return <NoAccess showVenueList={venueCount > 0} />;
  return <OrderBoard key={venueId} venueId={venueId} canSwitch={venueCount > 1} user={user} />;
}
