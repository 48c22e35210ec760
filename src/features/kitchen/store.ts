/**
 * One station's live tickets (docs/rules.md#the-kitchen). While the display listens (`onMount`)
 * the store follows the venue's board stream (the staff feature's, resumed with `Last-Event-ID`
 * after a drop or a reload) and reads the station's open tickets each time the stream comes up.
 * A read answers what was true when it was asked; every ticket event that arrived since is
 * applied again on top of it, in order, so a read racing the stream never brings back a bumped
 * ticket or hides a new one, and a ticket is shown once, by id. A ticket never seen before
 * beeps (once sound is on) and is announced. While it listens, the screen stays on.
 * Components read the store and call the actions.
 */
import { atom, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import { Ticket } from '../../contract/kitchen.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { persistentStore } from '../../lib/persist.ts';
import { toast } from '../../shell/toast.ts';
import { followBoardStream } from '../staff-stream/index.ts';
import { bumpTicket, fetchOpenTickets, reopenTicket } from './api.ts';
import { keepScreenOn } from './screen.ts';
import { beep, disableSound, enableSound } from './sound.ts';
import { applyTicket, DEFAULT_THRESHOLDS, sortTickets, validThresholds, type AgeThresholds } from './logic.ts';

export type KitchenGate = 'loading' | 'ready' | 'forbidden' | 'missing' | 'failed';

export interface KitchenState {
  gate: KitchenGate;
  tickets: Ticket[];
  /** True while the stream is up. */
  live: boolean;
  /** True once the stream has been up: a later drop shows «Reconectando…». */
  wasLive: boolean;
  error: string;
  /** The last ticket bumped here, for «Deshacer». */
  lastBumped: Ticket | null;
  /** Ticket ids being bumped or brought back right now. */
  busy: string[];
  /** Polite screen-reader text. */
  announcement: string;
}

const INITIAL: KitchenState = {
  gate: 'loading',
  tickets: [],
  live: false,
  wasLive: false,
  error: '',
  lastBumped: null,
  busy: [],
  announcement: '',
};

/** The age colours' thresholds, kept on this device (the wall tablet keeps its own). */
export const $thresholds = persistentStore<AgeThresholds>('kitchenThresholds', DEFAULT_THRESHOLDS, validThresholds);

/** «Activar sonido» was tapped on this page (browsers need that gesture on every load). */
export const $soundOn = atom(false);

export function setSound(on: boolean): void {
  if (on && !enableSound()) {
    toast.error('Este navegador no puede reproducir sonidos.', { id: 'kitchen-no-sound' });
    return;
  }
  if (on) beep();
  else disableSound();
  $soundOn.set(on);
}

interface Display {
  $state: WritableAtom<KitchenState>;
  reload: (() => void) | null;
}

const displays = new Map<string, Display>();

function patch(display: Display, change: Partial<KitchenState>): void {
  display.$state.set({ ...display.$state.get(), ...change });
}

function parseTicket(data: string): Ticket | null {
  try {
    const parsed = Ticket.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function mount(venueId: string, station: string, display: Display): () => void {
  let stopped = false;
  /** Ticket ids this display has shown (null before the first read: nothing is "new" on arrival). */
  let seen: Set<string> | null = null;
  /** Ticket events since the running read was asked for; null when no read runs. */
  let sinceRead: Ticket[] | null = null;
  let readSeq = 0;
  const controller = new AbortController();

  const announceNew = (before: readonly Ticket[], after: readonly Ticket[]) => {
    if (seen === null) {
      seen = new Set(after.map((t) => t.id));
      return;
    }
    const known = new Set(before.map((t) => t.id));
    const fresh = after.filter((t) => !known.has(t.id) && !seen!.has(t.id));
    for (const t of after) seen.add(t.id);
    if (fresh.length === 0) return;
    if ($soundOn.get()) beep();
    const numbers = fresh.map((t) => t.orderNumber).join(', ');
    patch(display, {
      announcement: fresh.length === 1 ? `Nueva comanda: pedido ${numbers}` : `Nuevas comandas: pedidos ${numbers}`,
    });
  };

  const show = (tickets: Ticket[]) => {
    const before = display.$state.get().tickets;
    patch(display, { tickets });
    announceNew(before, tickets);
  };

  const read = () => {
    if (stopped) return;
    const seq = ++readSeq;
    sinceRead = [];
    fetchOpenTickets(venueId, station, controller.signal)
      .then((list) => {
        if (stopped || seq !== readSeq) return;
        let tickets = sortTickets(list);
        for (const t of sinceRead ?? []) tickets = applyTicket(tickets, t, station);
        sinceRead = null;
        patch(display, { gate: 'ready', error: '' });
        show(tickets);
      })
      .catch((error: unknown) => {
        if (stopped || seq !== readSeq) return;
        sinceRead = null;
        const status = problemOf(error)?.status;
        if (status === 403 || status === 404 || status === 422) {
          stopStream();
          patch(display, { gate: status === 403 ? 'forbidden' : 'missing', tickets: [] });
          return;
        }
        const { gate } = display.$state.get();
        patch(display, { gate: gate === 'ready' ? 'ready' : 'failed', error: problemMessage(error) });
      });
  };
  display.reload = read;

  display.$state.set({ ...INITIAL });
  const stopStream = followBoardStream(venueId, {
    // Its own resume position: the board in another tab of this device keeps its own.
    resumeKey: `kitchen:${venueId}:${station}`,
    onEvent(name, data) {
      if (name !== 'ticket') return;
      const ticket = parseTicket(data);
      if (!ticket) return read();
      sinceRead?.push(ticket);
      show(applyTicket(display.$state.get().tickets, ticket, station));
    },
    onState(state) {
      const live = state === 'up';
      patch(display, live ? { live, wasLive: true } : { live });
      // Up again: read what is open now (what changed while it was down also arrives as events).
      if (live) read();
    },
  });
  read();
  const releaseScreen = keepScreenOn();

  return () => {
    stopped = true;
    releaseScreen();
    stopStream();
    controller.abort();
    display.reload = null;
  };
}

function displayOf(venueId: string, station: string): Display {
  const key = `${venueId}\u0000${station}`;
  let display = displays.get(key);
  if (!display) {
    const created: Display = { $state: atom<KitchenState>(INITIAL), reload: null };
    onMount(created.$state, () => mount(venueId, station, created));
    displays.set(key, created);
    display = created;
  }
  return display;
}

/** The live tickets of one station of `venueId`. */
export function kitchenStore(venueId: string, station: string): ReadableAtom<KitchenState> {
  return displayOf(venueId, station).$state;
}

/** Reads the station's tickets again (a retry after a failed first read). */
export function reloadKitchen(venueId: string, station: string): void {
  displayOf(venueId, station).reload?.();
}

async function change(venueId: string, station: string, ticket: Ticket, action: 'done' | 'reopen'): Promise<boolean> {
  const display = displayOf(venueId, station);
  if (display.$state.get().busy.includes(ticket.id)) return false;
  patch(display, { busy: [...display.$state.get().busy, ticket.id] });
  try {
    const updated = action === 'done' ? await bumpTicket(venueId, ticket.id) : await reopenTicket(venueId, ticket.id);
    const state = display.$state.get();
    patch(display, {
      tickets: applyTicket(state.tickets, updated, station),
      lastBumped: action === 'done' ? updated : null,
      announcement:
        action === 'done' ? `Pedido ${ticket.orderNumber}: listo` : `Pedido ${ticket.orderNumber}: vuelve a la cola`,
    });
    return true;
  } catch (error) {
    toast.error(
      `No se pudo ${action === 'done' ? 'marcar como listo' : 'deshacer'} el pedido ${ticket.orderNumber}. ${problemMessage(error)}`,
      {
        id: `kitchen-error-${ticket.id}`,
      },
    );
    display.reload?.();
    return false;
  } finally {
    patch(display, { busy: display.$state.get().busy.filter((id) => id !== ticket.id) });
  }
}

/** «Listo»: the ticket leaves this station (and every screen of it). */
export function bump(venueId: string, station: string, ticket: Ticket): Promise<boolean> {
  return change(venueId, station, ticket, 'done');
}

/** «Deshacer»: the last ticket bumped here comes back. */
export function undoLastBump(venueId: string, station: string): Promise<boolean> {
  const last = displayOf(venueId, station).$state.get().lastBumped;
  return last ? change(venueId, station, last, 'reopen') : Promise.resolve(false);
}
