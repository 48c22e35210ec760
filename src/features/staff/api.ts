/** The staff board's API calls (product.md §5). */
import { Order, OrderList, type OrderStatus } from '../../contract/order.ts';
import { VenueList, type VenueSummary } from '../../contract/venue.ts';
import { http } from '../../lib/http.ts';

/** `GET /venues/{id}/orders?status=…` (staff of that venue or admin). */
export async function fetchVenueOrders(venueId: string, statuses: readonly OrderStatus[], signal?: AbortSignal): Promise<Order[]> {
  const body = await http
    .get(`venues/${encodeURIComponent(venueId)}/orders`, {
      searchParams: { status: statuses.join(',') },
      // A poll is repeated in 5 s anyway: no retries piling up behind it.
      retry: 0,
      signal,
      cache: 'no-store',
    })
    .json<unknown>();
  return OrderList.parse(body).orders;
}

/** `POST /orders/{id}/status` with `{status}`; the API refuses an illegal move with 409. */
export async function changeOrderStatus(orderId: string, status: OrderStatus): Promise<Order> {
  const body = await http.post(`orders/${encodeURIComponent(orderId)}/status`, { json: { status } }).json<unknown>();
  return Order.parse(body);
}

/** `GET /venues`: summaries of every venue (names, locale and timezone for the board). */
export async function fetchVenueSummaries(): Promise<VenueSummary[]> {
  const body = await http.get('venues').json<unknown>();
  return VenueList.parse(body).venues;
}
