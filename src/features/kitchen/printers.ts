/**
 * The venue's printers as the board and the kitchen display see them (docs/rules.md#the-kitchen):
 * which stations have one (their tickets get «Reimprimir») and which are offline («Impresora
 * {name} sin conexión»). A printer's state changes with time on the API (a failure older than
 * `PRINTER_OFFLINE_AFTER_MS`, an agent gone silent), not with an event, so a screen showing it
 * reads `GET /venues/{id}/printers` while it is open: every 10 s when the venue has printers, every
 * minute when it has none, and at once when the tab is shown again.
 */
import { atom, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import { CreatedPrintJobs, PrinterList, type Printer } from '../../contract/printing.ts';
import { TicketList, type Ticket } from '../../contract/kitchen.ts';
import { http } from '../../lib/http.ts';

export const PRINTERS_POLL_MS = 10_000;
export const NO_PRINTERS_POLL_MS = 60_000;

const venuePath = (venueId: string) => `venues/${encodeURIComponent(venueId)}`;

/** `GET /venues/{id}/printers` (staff of the venue). */
export async function fetchPrinters(venueId: string, signal?: AbortSignal): Promise<Printer[]> {
  const body = await http
    .get(`${venuePath(venueId)}/printers`, { retry: 0, signal, cache: 'no-store' })
    .json<unknown>();
  return PrinterList.parse(body).printers;
}

/** `POST /venues/{id}/tickets/{ticketId}/reprint`: a new print job whose ticket says DUPLICADO. */
export async function reprintTicket(venueId: string, ticketId: string): Promise<void> {
  CreatedPrintJobs.parse(
    await http.post(`${venuePath(venueId)}/tickets/${encodeURIComponent(ticketId)}/reprint`).json<unknown>(),
  );
}

/** `GET /venues/{id}/tickets?order=`: the released tickets of one order (the board's «Reimprimir»). */
export async function fetchOrderTickets(venueId: string, orderId: string): Promise<Ticket[]> {
  const body = await http
    .get(`${venuePath(venueId)}/tickets`, { searchParams: { order: orderId }, cache: 'no-store' })
    .json<unknown>();
  return TicketList.parse(body).tickets;
}

/** `null` until first read (or when it cannot be read: then nothing about printing is shown). */
const stores = new Map<string, WritableAtom<Printer[] | null>>();

export function printersStore(venueId: string): ReadableAtom<Printer[] | null> {
  let $printers = stores.get(venueId);
  if ($printers) return $printers;
  const created = atom<Printer[] | null>(null);
  stores.set(venueId, created);
  $printers = created;
  onMount(created, () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let stopped = false;
    const read = () => {
      clearTimeout(timer);
      controller?.abort();
      const current = new AbortController();
      controller = current;
      fetchPrinters(venueId, current.signal)
        .then(
          (printers) => {
            if (!current.signal.aborted) created.set(printers);
          },
          () => {
            /* kept as it was: the next read may work */
          },
        )
        .finally(() => {
          if (stopped || current.signal.aborted) return;
          timer = setTimeout(read, created.get()?.length ? PRINTERS_POLL_MS : NO_PRINTERS_POLL_MS);
        });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    document.addEventListener('visibilitychange', onVisible);
    read();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisible);
    };
  });
  return $printers;
}

/** The stations that have a printer: their tickets can be reprinted. */
export function stationsWithPrinter(printers: readonly Printer[] | null): ReadonlySet<string> {
  return new Set((printers ?? []).map((p) => p.station));
}

/** The alerts to show, one per offline printer, in the API's words. */
export const printerAlerts = (printers: readonly Printer[] | null): string[] =>
  (printers ?? []).flatMap((p) => (p.alert ? [p.alert] : []));
