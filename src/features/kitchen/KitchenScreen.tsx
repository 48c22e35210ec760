/**
 * The kitchen display of one station (`/panel/cocina?venue=&estacion=`): its open tickets, oldest
 * first, in a grid for a wall tablet or a phone; a tap on «Listo» or Enter on the focused ticket
 * bumps it (arrow keys move between tickets), «Deshacer» brings the last one back, «Activar
 * sonido» beeps on each new ticket. Live from the store (`store.ts`); «Reconectando…» while the
 * stream is down.
 */
import { useStore } from '@nanostores/react';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Ticket } from '../../contract/kitchen.ts';
import type { Station } from '../../contract/venue.ts';
import { clock } from '../../lib/clock.ts';
import { LoadError, Loading } from '../../shell/ui/LoadState.tsx';
import type { KitchenVenue } from './api.ts';
import { KitchenSettings } from './KitchenSettings.tsx';
import { StationNav } from './StationNav.tsx';
import { KitchenCorner } from './KitchenCorner.tsx';
import { $soundOn, $thresholds, bump, kitchenStore, reloadKitchen, setSound, undoLastBump } from './store.ts';
import { ticketHeadingId, TicketCard } from './TicketCard.tsx';
import { PrinterAlerts, TicketPrintTools } from './PrintTools.tsx';
import type { Printable } from './print.tsx';
import { COURSE_LABELS } from '../../contract/kitchen.ts';
import { ORDER_MODE_LABELS } from '../../contract/labels.ts';
import { formatTime } from '../orders/index.ts';

/** A ticket as the browser prints it (print.tsx). */
function printable(venue: KitchenVenue, station: Station, ticket: Ticket): Printable {
  return {
    venueName: venue.name,
    title: station.name,
    orderNumber: ticket.orderNumber,
    who: `${ticket.table ? `Mesa ${ticket.table}` : ticket.customer} · ${ORDER_MODE_LABELS[ticket.mode]}`,
    course: ticket.course ? COURSE_LABELS[ticket.course] : undefined,
    time: formatTime(ticket.firedAt ?? ticket.createdAt, venue.locale, venue.timezone),
    // What is left to make: a voided quantity is not printed (docs/rules.md#the-floor).
    lines: ticket.lines
      .filter((line) => (line.voided ?? 0) < line.quantity)
      .map((line) => ({ ...line, quantity: line.quantity - (line.voided ?? 0) })),
  };
}

/** Minutes open keep moving even when nothing else changes. */
const $clock = clock(15_000);

interface Props {
  venue: KitchenVenue;
  station: Station;
}

/** The tickets' «Listo» buttons, in the grid's order (the keyboard moves between them). */
function cards(grid: HTMLElement | null): HTMLElement[] {
  return grid ? [...grid.querySelectorAll<HTMLElement>('[data-ticket-button]')] : [];
}

/** How many tickets fit in one row of the grid now (for ↑ and ↓). */
function columnsOf(list: HTMLElement[]): number {
  // The tickets' own tops (their buttons' differ when the cards of a row differ in height).
  const tops = list.map((button) => Math.round(button.closest('li')?.getBoundingClientRect().top ?? button.offsetTop));
  const count = tops.filter((top) => top === tops[0]).length;
  return Math.max(1, count);
}

export function KitchenScreen({ venue, station }: Props) {
  const [$kitchen] = useState(() => kitchenStore(venue.id, station.id));
  const { gate, tickets, live, wasLive, error, lastBumped, busy, announcement } = useStore($kitchen);
  const now = useStore($clock);
  const thresholds = useStore($thresholds);
  const soundOn = useStore($soundOn);
  const grid = useRef<HTMLOListElement>(null);
  /** After a bump from a focused ticket, the ticket that takes its place gets the focus (or the title when none is left). */
  const focusAfter = useRef<{ gone: string; index: number } | null>(null);
  const focusTicket = useRef<string | null>(null);

  useLayoutEffect(() => {
    if (focusTicket.current) {
      const heading = document.getElementById(ticketHeadingId(focusTicket.current));
      if (!heading) return;
      focusTicket.current = null;
      heading.closest('[data-ticket-card]')?.querySelector<HTMLElement>('[data-ticket-button]')?.focus();
      return;
    }
    const after = focusAfter.current;
    // Only once the bumped ticket has left the screen (the stream may tell before the API answers).
    if (!after || tickets.some((t) => t.id === after.gone)) return;
    focusAfter.current = null;
    const list = cards(grid.current);
    (list[Math.min(after.index, list.length - 1)] ?? document.getElementById('kitchen-title'))?.focus();
  }, [tickets]);

  async function onBump(ticket: Ticket, index: number): Promise<void> {
    const focused = document.activeElement
      ?.closest('[data-ticket-card]')
      ?.contains(document.getElementById(ticketHeadingId(ticket.id)));
    if (focused) focusAfter.current = { gone: ticket.id, index };
    if (!(await bump(venue.id, station.id, ticket)) && focusAfter.current?.gone === ticket.id)
      focusAfter.current = null;
  }

  async function onUndo(): Promise<void> {
    const ticket = lastBumped;
    if (!ticket) return;
    focusTicket.current = ticket.id;
    if (!(await undoLastBump(venue.id, station.id))) focusTicket.current = null;
  }

  /** Arrow keys on a ticket's «Listo» move to the next, previous, lower or upper ticket; Enter presses it. */
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void {
    const list = cards(grid.current);
    const index = list.indexOf(event.currentTarget);
    if (index < 0) return;
    const step = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columnsOf(list),
      ArrowUp: -columnsOf(list),
      Home: -Infinity,
      End: Infinity,
    }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(list.length - 1, Math.max(0, index + step));
    list[next]?.focus();
  }

  const connection = live ? 'En vivo' : wasLive ? 'Reconectando…' : 'Conectando…';

  return (
    <section
      aria-labelledby="kitchen-title"
      data-testid="kitchen-display"
      data-state={gate}
      className="flex flex-col gap-3"
    >
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start gap-x-4 gap-y-1">
          <div className="mr-auto">
            <h1
              id="kitchen-title"
              tabIndex={-1}
              className="rounded text-2xl font-bold outline-none focus-visible:ring-2 focus-visible:ring-primary-strong"
            >
              {station.name}{' '}
              <span className="font-normal">· {tickets.length === 1 ? '1 comanda' : `${tickets.length} comandas`}</span>
            </h1>
            <p className="text-sm text-base-content/80">{venue.name}</p>
          </div>
          <p
            role="status"
            data-testid="kitchen-connection"
            data-live={live ? 'true' : 'false'}
            className={`flex items-center gap-2 rounded-field px-3 py-2 font-semibold ${live ? 'bg-[#e3f4e8] text-[#1f6f3a]' : 'bg-[#fff4d6] text-[#5c3a00]'}`}
          >
            {!live && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {connection}
          </p>
          <KitchenCorner venueId={venue.id} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StationNav venueId={venue.id} stations={venue.stations} current={station.id} />
          <div className="ml-auto flex flex-wrap gap-2">
            <button
              type="button"
              aria-pressed={soundOn}
              className={`btn min-h-11 ${soundOn ? 'btn-outline' : 'btn-primary'}`}
              onClick={() => setSound(!soundOn)}
            >
              {soundOn ? 'Sonido activado' : 'Activar sonido'}
            </button>
            <button
              type="button"
              className="btn btn-outline min-h-11 aria-disabled:cursor-not-allowed"
              aria-disabled={lastBumped ? undefined : true}
              aria-describedby={lastBumped ? 'kitchen-undo-detail' : undefined}
              onClick={() => void onUndo()}
            >
              Deshacer
              {lastBumped && (
                <span id="kitchen-undo-detail" className="font-normal">
                  (pedido {lastBumped.orderNumber})
                </span>
              )}
            </button>
          </div>
        </div>
      </header>

      <PrinterAlerts venueId={venue.id} />
      <div aria-live="polite" role="status" className="sr-only" data-testid="kitchen-announcer">
        {announcement}
      </div>

      {gate === 'loading' && <Loading text="Cargando comandas…" />}
      {gate === 'failed' && (
        <LoadError
          message={`No pudimos cargar las comandas. ${error}`}
          onRetry={() => reloadKitchen(venue.id, station.id)}
        />
      )}
      {gate === 'forbidden' && (
        <LoadError
          title="No tienes acceso a esta cocina"
          message="La pantalla de cocina es solo para el personal del local."
          action={{ href: '/', label: 'Volver al inicio' }}
        />
      )}
      {gate === 'missing' && (
        <LoadError title="No encontramos esta estación" message="Revisa la dirección o elige otra estación." />
      )}

      {gate === 'ready' &&
        (tickets.length === 0 ? (
          <p className="rounded-box bg-base-100 p-6 text-center text-lg" data-testid="kitchen-empty">
            Sin comandas abiertas. Las nuevas aparecerán aquí solas.
          </p>
        ) : (
          <>
            <ol
              ref={grid}
              aria-label={`Comandas abiertas de ${station.name}, la más antigua primero`}
              aria-describedby="kitchen-keys"
              // Narrow columns: 5 tickets across a 1280-px landscape tablet, one on a phone.
              className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,14rem),1fr))] gap-2"
            >
              {tickets.map((ticket, index) => (
                <li key={ticket.id}>
                  <TicketCard
                    ticket={ticket}
                    now={now}
                    thresholds={thresholds}
                    busy={busy.includes(ticket.id)}
                    onBump={(t) => void onBump(t, index)}
                    onKeyDown={onKeyDown}
                    tools={
                      <TicketPrintTools
                        venueId={venue.id}
                        ticket={ticket}
                        printable={() => printable(venue, station, ticket)}
                      />
                    }
                  />
                </li>
              ))}
            </ol>
            <p className="text-sm text-base-content/80" id="kitchen-keys">
              Con teclado: flechas para moverte entre comandas, Intro para marcar la elegida como lista.
            </p>
          </>
        ))}
      <KitchenSettings />
    </section>
  );
}
