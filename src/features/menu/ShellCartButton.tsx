/** The header cart button (the table's while at a table session) on the fallback shell, whose venue id is only known from the address. */
import { isValidVenueId } from '../../contract/limits.ts';
import { VenueCartButton } from '../table/index.ts';

export default function ShellCartButton() {
  const id = decodeURIComponent(location.pathname.split('/')[1] ?? '');
  return isValidVenueId(id) ? <VenueCartButton venueId={id} /> : null;
}
