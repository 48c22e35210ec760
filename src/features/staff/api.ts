/** The staff board's API calls (docs/rules.md#api). */
import { Order, OrderList, type OrderStatus } from '../../contract/order.ts';
import { StaffTableSessions, TableCall, TableClosed, type StaffTableSession } from '../../contract/table.ts';
import { FiredCourse, stationsOf, TicketList, type Ticket } from '../../contract/kitchen.ts';
import { Station, VenueList, type Course, type VenueSummary } from '../../contract/venue.ts';
import * as z from 'zod/mini';
import { http } from '../../lib/http.ts';
import { BillState } from '../../contract/bill.ts';
import { PreBillResult, type AdjustmentInput, type VoidInput } from '../../contract/corrections.ts';

/** `GET /venues/{id}/orders?status=…` (staff of that venue or admin). */
export async function fetchVenueOrders(
  venueId: string,
  statuses: readonly OrderStatus[],
  signal?: AbortSignal,
): Promise<Order[]> {
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

/** `GET /venues/{id}/table-sessions`: the tables with an open session (staff of that venue or admin). */
export async function fetchTableSessions(venueId: string, signal?: AbortSignal): Promise<StaffTableSession[]> {
  const body = await http
    .get(`venues/${encodeURIComponent(venueId)}/table-sessions`, { retry: 0, signal, cache: 'no-store' })
    .json<unknown>();
  return StaffTableSessions.parse(body).sessions;
}

/** `POST /venues/{id}/table-calls/{callId}/ack`: the call is answered (it leaves every board). */
export async function acknowledgeCall(venueId: string, callId: string): Promise<TableCall> {
  const body = await http
    .post(`venues/${encodeURIComponent(venueId)}/table-calls/${encodeURIComponent(callId)}/ack`)
    .json<unknown>();
  return TableCall.parse(body);
}

/**
 * `POST /venues/{id}/tables/{label}/close`: ends the table's open session on every phone. The board asks before it
 * closes, so a table that still owes part of its bill is closed with `confirmUnpaid` (docs/rules.md#the-bill).
 */
export async function closeTable(venueId: string, label: string): Promise<TableClosed> {
  const body = await http
    .post(`venues/${encodeURIComponent(venueId)}/tables/${encodeURIComponent(label)}/close`, {
      json: { confirmUnpaid: true },
    })
    .json<unknown>();
  return TableClosed.parse(body);
}

/** `GET /venues/{id}`: the venue's stations (the default one when it names none), for the links to each kitchen display. */
export async function fetchStations(venueId: string): Promise<Station[]> {
  const body = z
    .object({ stations: z.optional(z.array(Station)) })
    .parse(await http.get(`venues/${encodeURIComponent(venueId)}`).json<unknown>());
  return [...stationsOf(body)];
}

/** `GET /venues/{id}/tickets?held=true&status=open`: the courses of tables waiting for «Marchar». */
export async function fetchHeldTickets(venueId: string, signal?: AbortSignal): Promise<Ticket[]> {
  const body = await http
    .get(`venues/${encodeURIComponent(venueId)}/tickets`, {
      searchParams: { held: 'true', status: 'open' },
      retry: 0,
      signal,
      cache: 'no-store',
    })
    .json<unknown>();
  return TicketList.parse(body).tickets;
}

/** `POST /venues/{id}/tables/{label}/courses/{course}/fire` («Marchar»): the held tickets of that course go to their stations. */
export async function fireCourse(venueId: string, label: string, course: Course): Promise<FiredCourse> {
  const body = await http
    .post(`venues/${encodeURIComponent(venueId)}/tables/${encodeURIComponent(label)}/courses/${course}/fire`)
    .json<unknown>();
  return FiredCourse.parse(body);
}

/**
 * `POST /venues/{id}/orders/{orderId}/lines/{index}/void` (staff): takes `quantity` of a sent line off the order,
 * with a reason of `VOID_REASONS` or «Otro: …» (docs/rules.md#the-floor). A line already paid: 409 «Ya está cobrado…».
 */
export async function voidOrderLine(
  venueId: string,
  orderId: string,
  index: number,
  quantity: number,
  reason: string,
  /** A set menu's line: only this chosen dish. */
  choice?: VoidInput['choice'],
): Promise<Order> {
  const body = await http
    .post(`venues/${encodeURIComponent(venueId)}/orders/${encodeURIComponent(orderId)}/lines/${index}/void`, {
      json: { quantity, reason, ...(choice ? { choice } : {}) } satisfies VoidInput,
      retry: 0,
    })
    .json<unknown>();
  return Order.parse(body);
}

/**
 * `POST /venues/{id}/tables/{label}/adjustments` (managers; staff get 403 «Pide a un gerente»): an invitation of
 * lines (`comp`) or a discount (`percent` or `amount`) on the table's bill.
 */
export async function adjustTableBill(venueId: string, label: string, input: AdjustmentInput): Promise<BillState> {
  const body = await http
    .post(`venues/${encodeURIComponent(venueId)}/tables/${encodeURIComponent(label)}/adjustments`, {
      json: input,
      retry: 0,
    })
    .json<unknown>();
  return BillState.parse(body);
}

/**
 * `POST /venues/{id}/tables/{label}/prebill` (staff): «Imprimir cuenta». The print agent prints it on the printer
 * of station `caja`; with none (`jobs` empty) the caller prints `prebill` in the browser (printPreBill, 80 mm).
 */
export async function requestPreBill(venueId: string, label: string): Promise<PreBillResult> {
  const body = await http
    .post(`venues/${encodeURIComponent(venueId)}/tables/${encodeURIComponent(label)}/prebill`, { retry: 0 })
    .json<unknown>();
  return PreBillResult.parse(body);
}
