/**
 * The cart's second public module, for a page's script without React (index.ts also exports
 * the cart button, and importing it brings React): how many lines this device keeps for a venue
 * (a venue page wakes its cart button at once when there are some), and the sold-out dishes the
 * live menu reports to the cart, and the venue's pause (docs/rules.md#pausing-orders).
 */
import { $carts } from './store.ts';

export { setMenuNames, setSoldOut, setSoldOutFrom } from './sold-out.ts';
export { pauseText, setVenuePause } from './paused.ts';

export function storedCartLines(venueId: string): number {
  return $carts.get()[venueId]?.lines.length ?? 0;
}
