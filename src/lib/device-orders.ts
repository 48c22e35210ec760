/**
 * The orders this phone knows without an account (docs/rules.md#the-bill): the rounds it ordered at a table (a round
 * with one of its seat's lines), kept on the device as the table last showed them, so «Mis pedidos» lists them for a
 * diner who is not signed in, also after the table closed. Newest first, at most `DEVICE_ORDERS_MAX`.
 */
import { Order } from '../contract/order.ts';
import { persistentStore } from './persist.ts';

export const DEVICE_ORDERS_MAX = 20;

export const $deviceOrders = persistentStore<Order[]>(
  'deviceOrders',
  [],
  (v): v is Order[] => Array.isArray(v) && v.every((o) => Order.safeParse(o).success),
);

/** Keeps `orders` (new ones added, known ones replaced by the newer copy); nothing is written when nothing changed. */
export function keepOrders(orders: readonly Order[]): void {
  if (orders.length === 0) return;
  const list = $deviceOrders.get();
  const byId = new Map(list.map((o) => [o.id, o]));
  let changed = false;
  for (const order of orders) {
    const before = byId.get(order.id);
    if (before && (before.history.length > order.history.length || JSON.stringify(before) === JSON.stringify(order)))
      continue;
    byId.set(order.id, order);
    changed = true;
  }
  if (!changed) return;
  $deviceOrders.set(
    [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, DEVICE_ORDERS_MAX),
  );
}
