import type { Venue } from '../../contract/venue.ts';

/** What the cart drawer and checkout need of a venue (pass this, not the whole menu, to islands). */
export type CheckoutVenue = Pick<
  Venue,
  | 'id'
  | 'name'
  | 'currency'
  | 'locale'
  | 'timezone'
  | 'hours'
  | 'orderModes'
  | 'tables'
  | 'deliveryFee'
  | 'minOrder'
  | 'phone'
  | 'address'
>;

export function checkoutVenueOf(venue: Venue): CheckoutVenue {
  const { id, name, currency, locale, timezone, hours, orderModes, tables, deliveryFee, minOrder, phone, address } =
    venue;
  return {
    id,
    name,
    currency,
    locale,
    timezone,
    hours,
    orderModes,
    address,
    ...(tables ? { tables } : {}),
    ...(deliveryFee !== undefined ? { deliveryFee } : {}),
    ...(minOrder !== undefined ? { minOrder } : {}),
    ...(phone ? { phone } : {}),
  };
}
