/** The header cart button on the fallback shell, whose venue id is only known from the address. */
import { isValidVenueId } from '../../contract/limits.ts';
import { venueIdOfPath } from '../../contract/languages.ts';
import { CartButton } from '../cart/index.ts';

export default function ShellCartButton() {
  const id = decodeURIComponent(venueIdOfPath(location.pathname));
  return isValidVenueId(id) ? <CartButton venueId={id} /> : null;
}
