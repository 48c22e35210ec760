/**
 * The waiter's edits to the tables' carts and their rounds (docs/rules.md#the-floor), as a phone's
 * own (src/features/table-session/edit-queue.ts): queued on this device (kept across a reload and
 * while offline), shown at once over the last session the server sent, and sent in order, one
 * request at a time, when there is a connection. A round waits in the same queue behind the
 * edits before it, with one Idempotency-Key per attempt, kept until the server answers: a
 * repeat is the same round, never a second one.
 */
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { atom, computed } from 'nanostores';
import type { Order } from '../../contract/order.ts';
import type { TableSession } from '../../contract/table.ts';
import { problemMessage } from '../../lib/http.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import { persistentStore } from '../../lib/persist.ts';
import { toast } from '../../shell/toast.ts';
import { isQueuedEdit, newLineId, type QueuedEdit } from '../table-session/logic.ts';
import * as api from './api.ts';
import { withEdit, withRecent, withRound, type WaiterItem } from './logic.ts';

export { pendingEdits, roundWaiting } from './logic.ts';
export type { WaiterItem };

type Queues = Record<string, WaiterItem[]>;

function isItem(value: unknown): value is WaiterItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  if (typeof item.table !== 'string') return false;
  if (item.kind === 'round') return typeof item.key === 'string';
  return item.kind === 'edit' && isQueuedEdit(item.edit);
}
const isQueues = (value: unknown): value is Queues =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((list) => Array.isArray(list) && list.every(isItem));
const isRecent = (value: unknown): value is Record<string, string[]> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((list) => Array.isArray(list) && list.every((id) => typeof id === 'string'));

/** Queued items per venue (persisted). */
export const $waiterQueue = persistentStore<Queues>('floorQueue', {}, isQueues);
/** Recent dishes per venue, newest first (remembered on this device). */
export const $recentDishes = persistentStore<Record<string, string[]>>('floorRecent', {}, isRecent);
/** The last full session the server sent for each table, by venue and label. */
export const $tableSessions = atom<Record<string, Record<string, TableSession>>>({});
/** The last round each table sent from this device (its number, for «Enviado: pedido 12»). */
export const $sentRounds = atom<Record<string, Order>>({});

export function rememberDish(venueId: string, productId: string): void {
  const all = $recentDishes.get();
  $recentDishes.set({ ...all, [venueId]: withRecent(all[venueId] ?? [], productId) });
}

export function knownSession(venueId: string, label: string): TableSession | undefined {
  return $tableSessions.get()[venueId]?.[label];
}

/** Keeps a session the server sent (a newer version of it, or another session of the table). */
export function receiveSession(venueId: string, label: string, session: TableSession): void {
  const all = $tableSessions.get();
  const current = all[venueId]?.[label];
  if (current && current.id === session.id && current.version > session.version) return;
  $tableSessions.set({ ...all, [venueId]: { ...all[venueId], [label]: session } });
}

/** A round the server answered (a void): it replaces its copy in the table's known session. */
export function receiveRound(venueId: string, label: string, order: Order): void {
  const session = knownSession(venueId, label);
  if (!session) return;
  const rounds = session.rounds.map((round) => (round.id === order.id ? order : round));
  $tableSessions.set({
    ...$tableSessions.get(),
    [venueId]: { ...$tableSessions.get()[venueId], [label]: { ...session, rounds } },
  });
}

export function forgetSession(venueId: string, label: string): void {
  const all = $tableSessions.get();
  const rest = { ...all[venueId] };
  delete rest[label];
  $tableSessions.set({ ...all, [venueId]: rest });
}

/** How many items wait for a connection, per venue. */
export const $waiting = computed($waiterQueue, (queues) =>
  Object.fromEntries(Object.entries(queues).map(([venue, items]) => [venue, items.length])),
);

function itemsOf(venueId: string): WaiterItem[] {
  return $waiterQueue.get()[venueId] ?? [];
}
function setItems(venueId: string, items: WaiterItem[]): void {
  $waiterQueue.set({ ...$waiterQueue.get(), [venueId]: items });
}

/** Queues one cart edit of a table (a later edit of the same line replaces a waiting one) and sends. */
export function queueEdit(venueId: string, table: string, edit: QueuedEdit, guest?: string): void {
  const items = itemsOf(venueId);
  const serverLine = knownSession(venueId, table)?.cart.lines.find((line) => line.id === edit.lineId);
  const onServer = serverLine !== undefined;
  // A change of quantity keeps whom the line is for.
  guest ??= serverLine?.guest;
  setItems(venueId, withEdit(items, table, edit, guest, onServer));
  void flushVenue(venueId);
}

/** «Enviar a cocina»: queues the round (one key for this attempt) behind the table's edits and sends. */
export function queueRound(venueId: string, table: string): void {
  setItems(venueId, withRound(itemsOf(venueId), table, newLineId));
  void flushVenue(venueId);
}

export function newWaiterLineId(): string {
  return newLineId();
}

const flushers = new Map<string, () => Promise<void>>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** Sends the venue's queued items in order; stops (and tries again later) while offline. */
export function flushVenue(venueId: string): Promise<void> {
  let flush = flushers.get(venueId);
  if (!flush) {
    flush = oneAtATime(() => drain(venueId));
    flushers.set(venueId, flush);
  }
  return flush();
}

function transient(error: unknown): boolean {
  if (isNetworkError(error) || isTimeoutError(error)) return true;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const status = isHTTPError(error) ? error.response.status : 0;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function dropItem(venueId: string, item: WaiterItem): void {
  const sent = JSON.stringify(item);
  const items = itemsOf(venueId);
  const at = items.findIndex((i) => JSON.stringify(i) === sent);
  if (at !== -1)
    setItems(
      venueId,
      items.filter((_, i) => i !== at),
    );
}

async function send(venueId: string, item: WaiterItem): Promise<void> {
  if (item.kind === 'round') {
    const order = await api.sendWaiterRound(venueId, item.table, item.key);
    $sentRounds.set({ ...$sentRounds.get(), [`${venueId}/${item.table}`]: order });
    toast.success(`Mesa ${item.table}: ronda enviada a cocina (pedido ${order.number})`, {
      id: `floor-round-${order.id}`,
    });
    const session = await api.fetchTableSession(venueId, item.table).catch(() => null);
    if (session) receiveSession(venueId, item.table, session);
    return;
  }
  const { edit } = item;
  const session =
    edit.kind === 'put'
      ? await api.putWaiterLine(venueId, item.table, edit.lineId, {
          ...edit.input,
          ...(item.guest ? { guest: item.guest } : {}),
        })
      : await api.deleteWaiterLine(venueId, item.table, edit.lineId);
  receiveSession(venueId, item.table, session);
}

async function drain(venueId: string): Promise<void> {
  for (;;) {
    const items = itemsOf(venueId);
    if (items.length === 0) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    const item = items[0]!;
    try {
      await send(venueId, item);
      dropItem(venueId, item);
    } catch (error) {
      if (transient(error)) {
        // Kept (a round with its key): sent again in 5 s or when the connection is back.
        const old = timers.get(venueId);
        if (old) clearTimeout(old);
        timers.set(
          venueId,
          setTimeout(() => void flushVenue(venueId), 5_000),
        );
        return;
      }
      dropItem(venueId, item);
      // Refused (the table closed, a dish sold out): dropped; the panel shows the table's cart as the server has it.
      toast.error(`Mesa ${item.table}: ${problemMessage(error)}`, { id: 'floor-edit-refused' });
    }
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    for (const venueId of Object.keys($waiterQueue.get())) void flushVenue(venueId);
  });
}
