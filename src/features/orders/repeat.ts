/** "Repetir pedido": rebuild the lines against the venue's current menu and hand them to the cart. */
import type { Order } from '../../contract/order.ts';
import { refillCart } from '../cart/index.ts';
import { fetchVenue } from './api.ts';
import { repeatPlan } from './logic.ts';
import { orderMessages } from './messages.ts';
import { LIMITS } from '../../contract/limits.ts';

export interface RepeatResult {
  added: number;
  missing: string[];
  /** Lines refused because the cart was already at 50 lines. */
  overflow: number;
  /** What could not be added back, for the diner (null when everything was). */
  message: string | null;
}

export function repeatMessage(result: Pick<RepeatResult, 'missing' | 'overflow'>): string | null {
  const parts: string[] = [];
  const words = orderMessages.get();
  if (result.missing.length > 0) parts.push(words.noLongerAvailable({ items: result.missing.join(', ') }));
  if (result.overflow > 0) parts.push(words.cartFull({ max: String(LIMITS.linesPerOrder) }));
  return parts.length > 0 ? parts.join(' ') : null;
}

export async function repeatOrder(order: Order): Promise<RepeatResult> {
  const venue = await fetchVenue(order.venueId);
  const { lines, missing } = repeatPlan(order, venue);
  const result = refillCart(venue.id, lines, { currency: venue.currency, locale: venue.locale }, ({ overflow }) =>
    repeatMessage({ missing, overflow }),
  );
  return { ...result, missing };
}
