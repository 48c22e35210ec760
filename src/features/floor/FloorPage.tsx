/**
 * `/panel/sala` (client-only island): waits for the session, then checks the scope before anything
 * is fetched: `staff:{venueId}`, `manager:{venueId}` or `admin` gets the floor of `?venue=`; without
 * `?venue=`, the list of venues the scope covers; anyone else a clear "no access" message.
 */
import type { User } from '../../contract/auth.ts';
import { canRunVenue, isAdmin, venuesRun } from '../../contract/permissions.ts';
import { SessionGate } from '../auth/SessionGate.tsx';
import { NoAccess, VenuePicker, venueParam } from '../staff/index.ts';
import { FloorView } from './FloorView.tsx';
import '../../styles/manage.ts';

export default function FloorPage() {
  return (
    <SessionGate signInText="Inicia sesión para ver la sala…" testId="floor-waiting">
      {(user, search) => <FloorRoute user={user} search={search} />}
    </SessionGate>
  );
}

function FloorRoute({ user, search }: { user: User; search: string }) {
  const hasVenueParam = new URLSearchParams(search).has('venue');
  const venueId = venueParam(search);
  const venueCount = isAdmin(user.scope) ? Infinity : venuesRun(user.scope).length;
  if (!hasVenueParam) return <VenuePicker user={user} page="/panel/sala" title="Sala" />;
  if (!venueId) {
    return (
      <NoAccess
        title="No encontramos ese local"
        detail="La dirección de la sala no es válida. Elige uno de tus locales."
        showVenueList={venueCount > 0}
      />
    );
  }
  if (!canRunVenue(user.scope, venueId)) return <NoAccess showVenueList={venueCount > 0} />;
  return <FloorView key={venueId} venueId={venueId} user={user} />;
}
