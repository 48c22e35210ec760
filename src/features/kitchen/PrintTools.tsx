/**
 * Printing on the board and the kitchen display (docs/rules.md#the-kitchen): the alert of a
 * printer that is offline, «Reimprimir» (a DUPLICADO on the station's printer, when the venue
 * has one for it) and «Imprimir» (the browser prints just that ticket on an 80 mm roll).
 * Here, not in src/features/staff, so their styles come with src/styles/manage.css.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Ticket } from '../../contract/kitchen.ts';
import type { Station } from '../../contract/venue.ts';
import { problemMessage } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import { printTicket, type Printable } from './print.tsx';
import { fetchOrderTickets, printerAlerts, printersStore, reprintTicket, stationsWithPrinter } from './printers.ts';

export const REPRINTED = 'Ticket reenviado a la impresora';
const reprintFailed = (message: string) => `No se pudo reimprimir: ${message}`;

async function reprint(venueId: string, ticket: Pick<Ticket, 'id' | 'orderNumber'>): Promise<void> {
  try {
    await reprintTicket(venueId, ticket.id);
    toast.success(REPRINTED, { id: `reprint-${ticket.id}`, testId: 'reprint-toast' });
  } catch (error) {
    toast.error(reprintFailed(problemMessage(error)), { id: `reprint-${ticket.id}`, testId: 'reprint-error-toast' });
  }
}

/** «Impresora {name} sin conexión» for each offline printer of the venue, while it is. */
export function PrinterAlerts({ venueId, className = '' }: { venueId: string; className?: string }) {
  const alerts = printerAlerts(useStore(printersStore(venueId)));
  // Inserted when a printer goes offline (an alert is announced when it appears), gone when none is.
  if (!alerts.length) return null;
  return (
    <div
      role="alert"
      className={`${className} rounded-box border-2 border-error-strong bg-base-100 p-3`}
      data-testid="printer-alerts"
    >
      {alerts.map((alert) => (
        <p key={alert} className="font-bold text-error-strong">
          {alert}
        </p>
      ))}
      <p className="text-sm">
        Sus comandas esperan y se imprimirán en orden cuando vuelva: revisa que esté encendida y conectada.
      </p>
    </div>
  );
}

const TOOL = 'btn btn-outline btn-sm min-h-11';

/** A kitchen-display ticket's «Reimprimir» (when its station has a printer) and «Imprimir». */
export function TicketPrintTools({
  venueId,
  ticket,
  printable,
}: {
  venueId: string;
  ticket: Ticket;
  printable: () => Printable;
}) {
  const printers = useStore(printersStore(venueId));
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      {stationsWithPrinter(printers).has(ticket.station) && (
        <button
          type="button"
          className={`${TOOL} flex-1`}
          aria-label={`Reimprimir, pedido ${ticket.orderNumber}`}
          aria-disabled={busy ? true : undefined}
          onClick={() => {
            if (busy) return;
            setBusy(true);
            void reprint(venueId, ticket).finally(() => setBusy(false));
          }}
        >
          Reimprimir
        </button>
      )}
      <button
        type="button"
        className={`${TOOL} flex-1`}
        aria-label={`Imprimir, pedido ${ticket.orderNumber}`}
        onClick={() => printTicket(printable())}
      >
        Imprimir
      </button>
    </div>
  );
}

/**
 * A board order's «Reimprimir» (its tickets on their stations' printers: one at once, or a
 * choice of station when it has several) and «Imprimir» (the whole order in the browser).
 */
export function OrderPrintTools({
  venueId,
  orderId,
  orderNumber,
  stations,
  printable,
}: {
  venueId: string;
  orderId: string;
  orderNumber: string;
  stations: readonly Station[];
  printable: () => Printable;
}) {
  const printers = useStore(printersStore(venueId));
  const [choices, setChoices] = useState<Ticket[] | null>(null);
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const first = useRef<HTMLButtonElement>(null);
  const withPrinter = stationsWithPrinter(printers);
  const stationName = (id: string) => stations.find((s) => s.id === id)?.name ?? id;
  // The choice opens with the focus on its first station.
  useEffect(() => {
    if (choices) first.current?.focus();
  }, [choices]);

  async function onReprint(): Promise<void> {
    if (choices) {
      setChoices(null);
      return;
    }
    setBusy(true);
    try {
      const tickets = (await fetchOrderTickets(venueId, orderId)).filter((t) => withPrinter.has(t.station));
      if (tickets.length === 0)
        toast.error(reprintFailed('este pedido no tiene comandas para ninguna impresora.'), {
          id: `reprint-${orderId}`,
          testId: 'reprint-error-toast',
        });
      else if (tickets.length === 1) await reprint(venueId, tickets[0]!);
      else setChoices(tickets);
    } catch (error) {
      toast.error(reprintFailed(problemMessage(error)), { id: `reprint-${orderId}`, testId: 'reprint-error-toast' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {withPrinter.size > 0 && (
        <button
          type="button"
          className={TOOL}
          aria-label={`Reimprimir, pedido ${orderNumber}`}
          aria-expanded={choices ? true : undefined}
          aria-controls={choices ? listId : undefined}
          aria-disabled={busy ? true : undefined}
          onClick={() => {
            if (!busy) void onReprint();
          }}
        >
          Reimprimir
        </button>
      )}
      <button
        type="button"
        className={TOOL}
        aria-label={`Imprimir, pedido ${orderNumber}`}
        onClick={() => printTicket(printable())}
      >
        Imprimir
      </button>
      {choices && (
        <ul id={listId} className="flex w-full flex-wrap gap-2" aria-label={`¿Qué comanda del pedido ${orderNumber}?`}>
          {choices.map((ticket, i) => (
            <li key={ticket.id}>
              <button
                ref={i === 0 ? first : undefined}
                type="button"
                className={TOOL}
                onClick={() => {
                  setChoices(null);
                  void reprint(venueId, ticket);
                }}
              >
                Reimprimir {stationName(ticket.station)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
