/** Order calls of the API (docs/rules.md#api). */
import { Order, OrderList } from '../../contract/order.ts';
import { Venue } from '../../contract/venue.ts';
import { http } from '../../lib/http.ts';

export async function fetchOrder(id: string): Promise<Order> {
  const body = await http.get(`orders/${encodeURIComponent(id)}`).json<unknown>();
  return Order.parse(body);
}

export async function fetchOrders(): Promise<Order[]> {
  const body = await http.get('orders').json<unknown>();
  return OrderList.parse(body).orders;
}

export async function fetchVenue(id: string): Promise<Venue> {
  const body = await http.get(`venues/${encodeURIComponent(id)}`).json<unknown>();
  return Venue.parse(body);
}
