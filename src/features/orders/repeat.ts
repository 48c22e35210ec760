/** "Repetir pedido": refill the venue's cart from a past order and open it on the venue page. */
import type { Order } from '../../contract/order.ts';
import { addToCart } from '../cart/store.ts';
import { fetchVenue } from './api.ts';
import { repeatPlan } from './repeat-core.ts';

export interface RepeatResult {
  added: number;
  missing: string[];
  /** Lines refused because the cart was already at 50 lines. */
  overflow: number;
}

export async function repeatOrder(order: Order): Promise<RepeatResult> {
  const venue = await fetchVenue(order.venueId);
  const plan = repeatPlan(order, venue);
  let added = 0;
  let overflow = 0;
  for (const line of plan.lines) {
    const result = addToCart(venue.id, line, { currency: venue.currency, locale: venue.locale });
    if (result.ok) added += 1;
    else overflow += 1;
  }
  return { added, missing: plan.missing, overflow };
}

export function repeatMessage(result: RepeatResult): string | null {
  const parts: string[] = [];
  if (result.missing.length > 0) parts.push(`Ya no está disponible: ${result.missing.join(', ')}.`);
  if (result.overflow > 0) parts.push('Tu carrito ya tenía el máximo de 50 líneas: no cabía todo.');
  return parts.length > 0 ? parts.join(' ') : null;
}

