/**
 * The venue's minimum order (docs/rules.md#cart-checkout-and-orders): it applies to pickup and delivery only; a round
 * sent from a table has no minimum. Server (server/features/orders/pricing.ts) and checkout word it alike.
 */
import { formatMoney } from './money-format.ts';
import type { OrderMode } from './venue.ts';

export interface MinimumShortfall {
  minOrder: number;
  missing: number;
}

/** What is missing to reach the minimum, or null when the order may go as it is. */
export function minimumShortfall(
  minOrder: number | undefined,
  mode: OrderMode | '',
  subtotal: number,
): MinimumShortfall | null {
  if (!minOrder || mode === 'table' || subtotal >= minOrder) return null;
  return { minOrder, missing: minOrder - subtotal };
}

export interface MoneyStyle {
  currency: string;
  locale: string;
}

/** `El pedido mínimo es $80.00; te faltan $20.00.` in the venue's currency and locale. */
export function minimumMessage(shortfall: MinimumShortfall, style: MoneyStyle): string {
  const money = (minor: number) => formatMoney(minor, style.currency, style.locale);
  return `El pedido mínimo es ${money(shortfall.minOrder)}; te faltan ${money(shortfall.missing)}.`;
}

/** The confirm button while the minimum is not reached: `Te faltan $20.00 para el mínimo`. */
export function minimumButtonLabel(shortfall: MinimumShortfall, style: MoneyStyle): string {
  return `Te faltan ${formatMoney(shortfall.missing, style.currency, style.locale)} para el mínimo`;
}
