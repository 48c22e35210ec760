/** The kitchen display's API calls (server/README.md#the-kitchen). */
import * as z from 'zod/mini';
import { stationsOf, Ticket, TicketList } from '../../contract/kitchen.ts';
import { Station } from '../../contract/venue.ts';
import { http } from '../../lib/http.ts';

const venuePath = (venueId: string) => `venues/${encodeURIComponent(venueId)}`;

/** What the display needs of a venue: its name, its clock and its stations. */
const KitchenVenue = z.object({
  id: z.string(),
  name: z.string(),
  locale: z.string(),
  timezone: z.string(),
  stations: z.optional(z.array(Station)),
});
export type KitchenVenue = z.infer<typeof KitchenVenue> & { stations: Station[] };

/** `GET /venues/{id}`: the venue's name and stations (the default one when it names none). */
export async function fetchKitchenVenue(venueId: string, signal?: AbortSignal): Promise<KitchenVenue> {
  const venue = KitchenVenue.parse(await http.get(venuePath(venueId), { signal }).json<unknown>());
  return { ...venue, stations: [...stationsOf(venue)] };
}

/** `GET /venues/{id}/tickets?station=&status=open`: the station's open tickets, oldest first. */
export async function fetchOpenTickets(venueId: string, station: string, signal?: AbortSignal): Promise<Ticket[]> {
  const body = await http
    .get(`${venuePath(venueId)}/tickets`, {
      searchParams: { station, status: 'open' },
      retry: 0,
      signal,
      cache: 'no-store',
    })
    .json<unknown>();
  return TicketList.parse(body).tickets;
}

/** `POST /venues/{id}/tickets/{ticketId}/done` (idempotent). */
export async function bumpTicket(venueId: string, ticketId: string): Promise<Ticket> {
  return Ticket.parse(
    await http.post(`${venuePath(venueId)}/tickets/${encodeURIComponent(ticketId)}/done`).json<unknown>(),
  );
}

/** `POST /venues/{id}/tickets/{ticketId}/reopen` (idempotent). */
export async function reopenTicket(venueId: string, ticketId: string): Promise<Ticket> {
  return Ticket.parse(
    await http.post(`${venuePath(venueId)}/tickets/${encodeURIComponent(ticketId)}/reopen`).json<unknown>(),
  );
}
