/**
 * The enumerations of the contract with the Spanish words a person reads for
 * them (docs/rules.md#cart-checkout-and-orders). Values are English API values; labels are Spanish.
 */
import type { OrderPayment, OrderStatus } from './order.ts';
import type { OrderMode } from './venue.ts';

export const ORDER_MODE_LABELS: Record<OrderMode, string> = {
  table: 'En la mesa',
  pickup: 'Para recoger',
  delivery: 'A domicilio',
};

export const PAYMENT_METHOD_LABELS: Record<OrderPayment, string> = {
  cash: 'Efectivo',
  card: 'Tarjeta',
  online: 'Desde el móvil',
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  received: 'Recibido',
  preparing: 'En preparación',
  ready: 'Listo',
  delivered: 'Entregado',
  cancelled: 'Cancelado',
};

/** The status word of an order of this mode: a pickup order ends `Recogido`, not `Entregado`. */
export function orderStatusLabel(status: OrderStatus, mode: OrderMode): string {
  return status === 'delivered' && mode === 'pickup' ? 'Recogido' : ORDER_STATUS_LABELS[status];
}

const STATUS_SENTENCES: Record<OrderStatus, string> = {
  received: 'Tu pedido fue recibido',
  preparing: 'Tu pedido está en preparación',
  ready: 'Tu pedido está listo',
  delivered: 'Tu pedido fue entregado',
  cancelled: 'Tu pedido fue cancelado',
};

/** What the diner reads when the status changes: `Tu pedido está listo`, `Tu pedido fue recogido`. */
export function orderStatusSentence(status: OrderStatus, mode: OrderMode): string {
  return status === 'delivered' && mode === 'pickup' ? 'Tu pedido fue recogido' : STATUS_SENTENCES[status];
}

/** Tip percentages offered at checkout (the diner may also type an amount). */
export const TIP_PERCENT_PRESETS = [0, 10, 15] as const;

export const CUSTOM_TIP_LABEL = 'Otra cantidad';

/** "1 producto", "3 productos": counts units (two of one dish are two products). */
export function productCountText(count: number): string {
  return `${count} ${count === 1 ? 'producto' : 'productos'}`;
}
