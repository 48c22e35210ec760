/**
 * The table session on this phone (docs/rules.md#table-sessions), loaded only on a table link or with a stored
 * seat: the check and the join, the session stream (with catch-up after a reconnect), every change
 * it brings (cart, rounds, bill), and the end of the session here (closed by staff, seat lost).
 * The edit queue (edit-queue.ts) and the bill (rounds.ts) plug in with `plugIntoSession`: they
 * import this module, never the other way round.
 */
import { isHTTPError } from 'ky';
import { Order } from '../../contract/order.ts';
import { PROBLEM_TYPES } from '../../contract/problem.ts';
import { TABLE_CREDENTIAL_HEADER, TABLE_MESSAGES, TableCartChange, TableSession } from '../../contract/table.ts';
import { ParticipantRemoved, TableMoved } from '../../contract/floor.ts';
import { BillState as BillStateSchema } from '../../contract/bill.ts';
import { followStream } from '../../lib/event-stream.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import { pageLanguage } from '../../lib/page-language.ts';
import { toast } from '../../shell/toast.ts';
import { whenAuthReady } from '../auth/index.ts';
import { orderMessages } from '../orders/index.ts';
import * as api from './api.ts';
import { tableMessages } from './messages.ts';
import { tableLinkOf } from './membership.ts';
import { detailOf, isCredentialError } from './request-errors.ts';
import {
  $bill,
  $closedSeen,
  $memberships,
  $priceChange,
  $session,
  $snapshots,
  $streamUp,
  $table,
  $tableActive,
  $tableName,
  $tableUi,
  $venue,
  markClosed,
  membership,
  saveSnapshot,
  setMembership,
  setQueue,
  venueId,
  type Membership,
  type TableVenue,
} from './state.ts';
import { applyCartChange, newer } from './logic.ts';

/** What the other parts do when the session moves: send the queued edits, reload an open bill. */
const plugged = {
  sendQueued: (): Promise<void> => Promise.resolve(),
  reloadOpenBill: (): void => undefined,
};

/** edit-queue.ts and rounds.ts plug their part in when they load (store.ts loads them all). */
export function plugIntoSession(part: Partial<typeof plugged>): void {
  Object.assign(plugged, part);
}

let stopStream: (() => void) | null = null;
let listening = false;

/** Starts the table side of a venue page: a stored seat here, or the table link in the address. */
export async function startTable(venue: TableVenue): Promise<void> {
  $venue.set(venue);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('online', () => void plugged.sendQueued());
  }
  const link = tableLinkOf(location.href);
  const seat = $memberships.get()[venue.id];
  if (seat && (!link || link.table === seat.table)) {
    enterSession(venue, seat);
    return;
  }
  if (link) await checkAndJoin(link);
}

/** Checks the address's table link and joins when the name is known (or the diner is signed in). */
export async function checkAndJoin(link = tableLinkOf(location.href)): Promise<void> {
  const venue = $venue.get();
  if (!venue || !link) return;
  $table.set({ phase: 'checking', table: link.table });
  try {
    await api.checkTable(venue.id, link.table, link.token);
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 404) $table.set({ phase: 'invalid', table: link.table });
    else $table.set({ phase: 'error', table: link.table, message: problemMessage(error) });
    return;
  }
  // After `Mesa cerrada` this device asks again before opening a new session.
  if ($closedSeen.get()[venue.id]) {
    $table.set({ phase: 'needName', table: link.table });
    return;
  }
  const auth = await whenAuthReady().catch(() => null);
  const name = $tableName.get().trim();
  if (auth?.loggedIn) await join(null);
  else if (name) await join(name);
  else $table.set({ phase: 'needName', table: link.table });
}

/** How often a phone whose group is new asks again whether staff closed the old session. */
const NEW_GROUP_RETRY_MS = 4000;
let waitTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * `Unirme a la mesa`: joins under `name` (null: the signed-in account's name). `group`: the answer to «¿Sois el
 * mismo grupo?», asked when the table's open session is old; `new` waits until staff close it, asking again.
 */
export async function join(name: string | null, group?: 'same' | 'new'): Promise<void> {
  const venue = $venue.get();
  const link = tableLinkOf(location.href);
  if (!venue || !link) return;
  clearTimeout(waitTimer);
  if (group !== 'new' || $table.get().phase !== 'waiting') $table.set({ phase: 'joining', table: link.table });
  try {
    const result = await api.joinTable(venue.id, link.table, link.token, name, group);
    if (name) $tableName.set(name);
    if ('waiting' in result) {
      $table.set({ phase: 'waiting', table: link.table, pendingName: name });
      waitTimer = setTimeout(() => void join(name, 'new'), NEW_GROUP_RETRY_MS);
      return;
    }
    markClosed(venue.id, false);
    const seat: Membership = {
      table: result.session.table,
      credential: result.credential,
      participantId: result.participantId,
      sessionId: result.session.id,
    };
    setMembership(venue.id, seat);
    setQueue(venue.id, []);
    $session.set(null);
    receive(result.session);
    enterSession(venue, seat);
  } catch (error) {
    const problem = problemOf(error);
    const status = isHTTPError(error) ? error.response.status : 0;
    if (status === 409 && problem?.type === PROBLEM_TYPES.tableSameGroup)
      $table.set({ phase: 'sameGroup', table: link.table, pendingName: name });
    else if (status === 404) $table.set({ phase: 'invalid', table: link.table });
    else if (status === 422)
      $table.set({
        phase: 'needName',
        table: link.table,
        nameError:
          pageLanguage() === 'es'
            ? (problem?.errors?.name?.[0] ?? TABLE_MESSAGES.nameInvalid)
            : tableMessages.get().nameInvalid,
      });
    else $table.set({ phase: 'needName', table: link.table, message: detailOf(error) });
  }
}

function enterSession(venue: TableVenue, seat: Membership): void {
  const stored = TableSession.safeParse($snapshots.get()[venue.id]);
  if (!$session.get() && stored.success && stored.data.id === seat.sessionId) $session.set(stored.data);
  $table.set({ phase: 'joined', table: seat.table });
  $tableActive.set(venue.id);
  stopStream?.();
  stopStream = followStream({
    path: 'table-session/events',
    token: async () => null,
    headers: () => ({ [TABLE_CREDENTIAL_HEADER]: seat.credential }),
    refusedStatuses: [401, 403, 404],
    resumeKey: `table:${seat.sessionId}`,
    onEvent: (name, data) => {
      try {
        if (name === 'session') receive(TableSession.parse(JSON.parse(data)));
        else if (name === 'cart') receiveCartChange(TableCartChange.parse(JSON.parse(data)));
        else if (name === 'order') receiveRound(Order.parse(JSON.parse(data)));
        else if (name === 'bill') receiveBill(BillStateSchema.parse(JSON.parse(data)));
        else if (name === 'table-moved') movedHere(TableMoved.parse(JSON.parse(data)));
        else if (name === 'participant-removed') removedHere(ParticipantRemoved.parse(JSON.parse(data)));
      } catch {
        // A message of another shape: the next snapshot brings the truth.
      }
    },
    onState: (state) => {
      $streamUp.set(state === 'up');
      // Catch-up after a (re)connection: the whole session, then whatever is still queued.
      if (state === 'up') void refresh().then(() => plugged.sendQueued());
    },
    onRefused: (status) => {
      if (status === 401) lost();
    },
  });
  void plugged.sendQueued();
}

/** Reads the whole session again (after a reconnection, a round, a refused edit, a missed change); one read at a time. */
export const refresh = oneAtATime(readSession);

async function readSession(): Promise<void> {
  const seat = membership();
  if (!seat) return;
  try {
    receive(await api.fetchSession(seat.credential));
  } catch (error) {
    if (isCredentialError(error)) lost();
  }
}

/** One cart change from the stream: applied when it is the next version; a gap (a change missed) reads the session once. */
function receiveCartChange(change: TableCartChange): void {
  const current = $session.get();
  const next = current ? applyCartChange(current, change) : 'gap';
  if (next === 'gap') void refresh();
  else if (next !== 'stale') receive(next);
}

export function receive(session: TableSession): void {
  const id = venueId();
  if (!id) return;
  const seat = $memberships.get()[id];
  if (seat && session.id !== seat.sessionId) return;
  if (session.status === 'closed') {
    closedHere();
    return;
  }
  if (!newer($session.get(), session)) return;
  const removed = session.removed;
  if (removed && seat && removed.ownerId === seat.participantId && removed.byId !== seat.participantId) {
    // Someone else removed my line: say who and which dish (the toaster is a live region).
    toast.info(tableMessages.get().lineRemoved({ by: removed.by, dish: removed.name }), {
      id: `table-removed-${removed.lineId}`,
      testId: 'table-line-removed',
    });
  }
  $session.set(session);
  saveSnapshot(id, session);
  plugged.reloadOpenBill();
}

export function receiveRound(order: Order): void {
  const session = $session.get();
  if (!session) return;
  const at = session.rounds.findIndex((r) => r.id === order.id);
  const before = at === -1 ? undefined : session.rounds[at];
  // Every phone hears a round move on (the toaster is a live region).
  if (before && before.status !== order.status) {
    toast.info(tableMessages.get().roundStatus({ round: String(at + 1), status: orderMessages.get()[order.status] }), {
      id: `table-round-${order.id}`,
    });
  }
  const rounds = at === -1 ? [...session.rounds, order] : session.rounds.map((r, i) => (i === at ? order : r));
  const next = { ...session, rounds };
  $session.set(next);
  const id = venueId();
  if (id) saveSnapshot(id, next);
  plugged.reloadOpenBill();
}

/** `event: bill`: the balance, who pays what and «Pagada», live on every phone of the table. */
function receiveBill(state: BillStateSchema): void {
  const seat = membership();
  if (!seat || state.sessionId !== seat.sessionId) return;
  const current = $bill.get();
  if (current.state !== 'ready') return;
  // `paidAt` goes when a new round makes the table owe again: the state replaces it, never keeps an old one.
  const { paidAt: _before, ...rest } = current.bill;
  $bill.set({ state: 'ready', bill: { ...rest, ...state } });
}

function forget(): void {
  const id = venueId();
  stopStream?.();
  stopStream = null;
  $streamUp.set(false);
  if (id) {
    setMembership(id, undefined);
    setQueue(id, []);
    saveSnapshot(id, null);
  }
  $tableActive.set(null);
  $session.set(null);
  $tableUi.set({ cart: false, bill: false });
  $priceChange.set(null);
}

/** Staff closed the table (or it expired): `Mesa cerrada`. Scanning the code again opens a new session. */
export function closedHere(): void {
  const table = $table.get().table;
  const id = venueId();
  if (id) markClosed(id, true);
  forget();
  $table.set({ phase: 'closed', table });
}

/**
 * Staff moved this table's session to another table, or merged it into another table's (docs/rules.md#the-floor):
 * the seat follows it (same credential), the phone says so, and the address no longer names the old table (a
 * reload stays at the new one). After a merge the stream follows the other session.
 */
function movedHere(event: TableMoved): void {
  const venue = $venue.get();
  const seat = membership();
  if (!venue || !seat || seat.sessionId !== event.fromSessionId) return;
  const next: Membership = { ...seat, table: event.table, sessionId: event.sessionId };
  setMembership(venue.id, next);
  const link = new URL(location.href);
  if (link.searchParams.has('mesa')) {
    link.searchParams.delete('mesa');
    link.searchParams.delete('t');
    history.replaceState(history.state, '', link);
  }
  toast.info(tableMessages.get().movedTo({ label: event.table }), {
    id: `table-moved-${event.sessionId}-${event.table}`,
    testId: 'table-moved',
  });
  if (event.sessionId !== event.fromSessionId) {
    $session.set(null);
    saveSnapshot(venue.id, null);
    enterSession(venue, next);
    void refresh();
  } else {
    const session = $session.get();
    if (session) $session.set({ ...session, table: event.table });
    $table.set({ phase: 'joined', table: event.table });
  }
}

/**
 * Staff removed a person from the table: on that person's phone, «El personal te ha quitado de esta mesa» and the
 * table is left (the phone's own cart, for pickup or delivery, is another store and stays). Scanning the table's
 * code again asks for a name before joining.
 */
function removedHere(event: ParticipantRemoved): void {
  const seat = membership();
  if (!seat || event.participantId !== seat.participantId) return;
  const table = $table.get().table;
  const id = venueId();
  if (id) markClosed(id, true);
  forget();
  $table.set({ phase: 'removed', table });
}

/** The credential is no longer accepted (forged, wiped, session gone). */
export function lost(): void {
  const table = $table.get().table;
  forget();
  const link = tableLinkOf(location.href);
  if (link) void checkAndJoin(link);
  else $table.set({ phase: 'lost', table, message: tableMessages.get().credentialInvalid });
}
