/** "Repetir pedido": rebuild the lines against the venue's current menu and hand them to the cart. */
import type { Order } from '../../contract/order.ts';
import { refillCart } from '../cart/index.ts';
import { fetchVenue } from './api.ts';
import { repeatPlan } from './repeat-core.ts';

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
  if (result.missing.length > 0) parts.push(`Ya no está disponible: ${result.missing.join(', ')}.`);
  if (result.overflow > 0) parts.push('Tu carrito ya tenía el máximo de 50 líneas: no cabía todo.');
  return parts.length > 0 ? parts.join(' ') : null;
}

export async function repeatOrder(order: Order): Promise<RepeatResult> {
  const venue = await fetchVenue(order.venueId);
  const { lines, missing } = repeatPlan(order, venue);
  const result = refillCart(venue.id, lines, { currency: venue.currency, locale: venue.locale }, ({ overflow }) =>
    repeatMessage({ missing, overflow }));
  return { ...result, missing };
}
