/** The floor's API calls (docs/rules.md#the-floor): the waiter's side of a table, as staff of the venue. */
import * as z from 'zod/mini';
import type { AdjustmentInput } from '../../contract/corrections.ts';
import { TicketList, type Ticket } from '../../contract/kitchen.ts';
import { Order } from '../../contract/order.ts';
import type { WaiterLineInput } from '../../contract/floor.ts';
import { TableSession } from '../../contract/table.ts';
import { Venue } from '../../contract/venue.ts';
import { http } from '../../lib/http.ts';
import { floorTablesOf, type FloorTable } from './logic.ts';

const seg = encodeURIComponent;
const venuePath = (venueId: string) => `venues/${seg(venueId)}`;
const tablePath = (venueId: string, label: string) => `${venuePath(venueId)}/tables/${seg(label)}`;

const TableRow = z.object({ label: z.string(), zone: z.optional(z.nullable(z.string())) });
const TableRows = z.object({ tables: z.array(z.union([z.string(), TableRow])) });

/** `GET /venues/{id}/tables`: every table of the venue, with its zone when it has one. */
export async function fetchFloorTables(venueId: string): Promise<FloorTable[]> {
  const body = await http.get(`${venuePath(venueId)}/tables`, { cache: 'no-store' }).json<unknown>();
  return floorTablesOf(TableRows.parse(body).tables);
}

/** `GET /venues/{id}`: the menu the picker offers. */
export async function fetchMenu(venueId: string): Promise<Venue> {
  return Venue.parse(await http.get(venuePath(venueId), { cache: 'no-store' }).json<unknown>());
}

/** A session, whether the answer is the session itself or `{session}`. */
function sessionOf(body: unknown): TableSession {
  const wrapped = z.object({ session: TableSession }).safeParse(body);
  return wrapped.success ? wrapped.data.session : TableSession.parse(body);
}

/** `POST /venues/{id}/tables/{label}/open` («Abrir mesa»): the table's session, new (201) or the open one (200). */
export async function openTable(venueId: string, label: string): Promise<TableSession> {
  return sessionOf(await http.post(`${tablePath(venueId, label)}/open`, { retry: 0 }).json<unknown>());
}

/** `GET /venues/{id}/tables/{label}/session`: the table's open session as its phones see it (cart lines included). */
export async function fetchTableSession(venueId: string, label: string, signal?: AbortSignal): Promise<TableSession> {
  return sessionOf(
    await http.get(`${tablePath(venueId, label)}/session`, { cache: 'no-store', retry: 0, signal }).json<unknown>(),
  );
}

/** `PUT /venues/{id}/tables/{label}/cart/lines/{lineId}`: a waiter's line in the table's cart. */
export async function putWaiterLine(
  venueId: string,
  label: string,
  lineId: string,
  input: WaiterLineInput,
): Promise<TableSession> {
  const body = await http
    .put(`${tablePath(venueId, label)}/cart/lines/${seg(lineId)}`, { json: input, retry: 0 })
    .json<unknown>();
  return sessionOf(body);
}

/** `DELETE /venues/{id}/tables/{label}/cart/lines/{lineId}`. */
export async function deleteWaiterLine(venueId: string, label: string, lineId: string): Promise<TableSession> {
  const body = await http
    .delete(`${tablePath(venueId, label)}/cart/lines/${seg(lineId)}`, { retry: 0 })
    .json<unknown>();
  return sessionOf(body);
}

/** `POST /venues/{id}/tables/{label}/rounds` with an `Idempotency-Key` («Enviar a cocina»): the round's order. */
export async function sendWaiterRound(venueId: string, label: string, key: string): Promise<Order> {
  const body = await http
    .post(`${tablePath(venueId, label)}/rounds`, { headers: { 'Idempotency-Key': key }, json: {}, retry: 0 })
    .json<unknown>();
  return Order.parse(body);
}

/** `DELETE /venues/{id}/tables/{label}/participants/{participantId}` («Quitar»). */
export async function removeParticipant(venueId: string, label: string, participantId: string): Promise<void> {
  await http.delete(`${tablePath(venueId, label)}/participants/${seg(participantId)}`, { retry: 0 });
}

/** `POST /venues/{id}/tables/{label}/move` `{to}` («Mover a…»). */
export async function moveTable(venueId: string, label: string, to: string): Promise<void> {
  await http.post(`${tablePath(venueId, label)}/move`, { json: { to }, retry: 0 });
}

/** `POST /venues/{id}/tables/{label}/merge` `{into}` («Juntar con…»). */
export async function mergeTable(venueId: string, label: string, into: string): Promise<void> {
  await http.post(`${tablePath(venueId, label)}/merge`, { json: { into }, retry: 0 });
}

/** `POST /venues/{id}/orders/{orderId}/lines/{index}/void` `{quantity, reason}`: the order with the line's `voided`. */
export async function voidLine(
  venueId: string,
  orderId: string,
  index: number,
  quantity: number,
  reason: string,
): Promise<Order> {
  const body = await http
    .post(`${venuePath(venueId)}/orders/${seg(orderId)}/lines/${index}/void`, { json: { quantity, reason }, retry: 0 })
    .json<unknown>();
  return Order.parse(body);
}

/** `POST /venues/{id}/tables/{label}/adjustments` («Invitar», «Descuento»; managers and admins). */
export async function addAdjustment(venueId: string, label: string, adjustment: AdjustmentInput): Promise<void> {
  await http.post(`${tablePath(venueId, label)}/adjustments`, { json: adjustment, retry: 0 });
}

/** `GET /venues/{id}/tickets?order=…` (released, then held): a round's kitchen tickets, for each line's state. */
export async function fetchRoundTickets(venueId: string, orderId: string, signal?: AbortSignal): Promise<Ticket[]> {
  const read = (held: boolean) =>
    http
      .get(`${venuePath(venueId)}/tickets`, {
        searchParams: { order: orderId, ...(held ? { held: 'true' } : {}) },
        cache: 'no-store',
        retry: 0,
        signal,
      })
      .json<unknown>()
      .then((body) => TicketList.parse(body).tickets);
  const [released, held] = await Promise.all([read(false), read(true)]);
  return [...released, ...held];
}
