/**
 * The table session's state on this phone (docs/rules.md#table-sessions): the stores the other
 * parts (session.ts, edit-queue.ts, rounds.ts) and the components read, the seat, queue and last
 * session kept across reloads, and what the diner sees (`$view`: the session with this phone's
 * unconfirmed edits applied). While a session is live here, the header's cart button shows the
 * table's cart.
 */
import { atom, computed } from 'nanostores';
import type { PriceChange } from '../../contract/order.ts';
import { LIMITS } from '../../contract/limits.ts';
import type { CallKind, TableBill, TableSession } from '../../contract/table.ts';
import type { Order } from '../../contract/order.ts';
import { persistentStore } from '../../lib/persist.ts';
import { $sharedCart } from '../cart/index.ts';
import { tableMessages } from './messages.ts';
import { MEMBERSHIPS_KEY } from './membership.ts';
import { applyEdits, isQueuedEdit, subtotalOfLines, type Me, type QueuedEdit, type ViewLine } from './logic.ts';

export interface TableVenue {
  id: string;
  name: string;
  currency: string;
  locale: string;
}

/** This device's seat at a venue's table: the participant credential of one session. */
export interface Membership {
  table: string;
  credential: string;
  participantId: string;
  sessionId: string;
}

type Memberships = Record<string, Membership>;

function isMembership(value: unknown): value is Membership {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return ['table', 'credential', 'participantId', 'sessionId'].every(
    (k) => typeof m[k] === 'string' && m[k].length > 0,
  );
}

const isMemberships = (value: unknown): value is Memberships =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isMembership);

/** Seats per venue id (persisted: a reload, or a later visit without the link, keeps the seat). */
export const $memberships = persistentStore<Memberships>(MEMBERSHIPS_KEY, {}, isMemberships);

/** `sameGroup`: the table's open session is old, «¿Sois el mismo grupo?»; `waiting`: «No», staff were asked to close it. */
export type Phase =
  | 'idle'
  | 'checking'
  | 'invalid'
  | 'needName'
  | 'joining'
  | 'sameGroup'
  | 'waiting'
  | 'joined'
  | 'closed'
  | 'removed'
  | 'lost'
  | 'error';

export interface TableState {
  phase: Phase;
  table: string | null;
  /** A message for the phase (`error`, `lost`) or a form-level error while joining. */
  message?: string;
  /** The name field's error. */
  nameError?: string;
  /** The name the phone joins with once it answered «¿Sois el mismo grupo?» (null: the signed-in account's). */
  pendingName?: string | null;
}

/** The venue whose table session is open and joined on this page, or null. */
export const $tableActive = atom<string | null>(null);
export const $table = atom<TableState>({ phase: 'idle', table: null });
export const $venue = atom<TableVenue | null>(null);
export const $session = atom<TableSession | null>(null);
export const $streamUp = atom(false);
export const $sending = atom(false);
/** The id of the round this phone sent last (shown as sent in the table cart while the cart is empty). */
export const $lastSent = atom<string | null>(null);
export const $priceChange = atom<{ changes: PriceChange[]; total: number | null } | null>(null);
export const $tableUi = atom<{ cart: boolean; bill: boolean }>({ cart: false, bill: false });
export type BillState =
  { state: 'idle' | 'loading' } | { state: 'ready'; bill: TableBill } | { state: 'failed'; message: string };
export const $bill = atom<BillState>({ state: 'idle' });
type MyRequests = Record<string, string[]>;
const isMyRequests = (v: unknown): v is MyRequests =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === 'string'));
/** The payment requests this phone made, per session id (a reload still knows which payments were mine: «Pagado», the receipt). */
export const $myRequests = persistentStore<MyRequests>('tableBillRequests', {}, isMyRequests);
/** Open calls this phone has just made (until the session says so too). */
export const $calling = atom<CallKind | null>(null);

const isString = (v: unknown): v is string => typeof v === 'string' && v.length <= LIMITS.participantNameMax;
/** The first name this device joins tables with (asked once per device). */
export const $tableName = persistentStore<string>('tableName', '', isString);

type Closed = Record<string, true>;
const isClosed = (v: unknown): v is Closed =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => x === true);
/**
 * Venues whose table this device saw closed: opening the link again asks the name again
 * (pre-filled) instead of silently joining, and so opening, a new session (no ghost tables).
 */
export const $closedSeen = persistentStore<Closed>('tableClosedSeen', {}, isClosed);

export function markClosed(id: string, closed: boolean): void {
  const next = { ...$closedSeen.get() };
  if (closed) next[id] = true;
  else delete next[id];
  $closedSeen.set(next);
}

type Queues = Record<string, QueuedEdit[]>;
const isQueues = (v: unknown): v is Queues =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((q) => Array.isArray(q) && q.every(isQueuedEdit));
/** Cart edits not yet confirmed by the server, per venue (survive a reload and being offline). */
export const $queue = persistentStore<Queues>('tableQueue', {}, isQueues);

type Snapshots = Record<string, unknown>;
const isSnapshots = (v: unknown): v is Snapshots => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The last session seen, per venue: a reload without a connection still shows the table. */
export const $snapshots = persistentStore<Snapshots>('tableSnapshots', {}, isSnapshots);

export interface TableView {
  me: Me;
  table: string;
  participants: TableSession['participants'];
  lines: ViewLine[];
  subtotal: number;
  count: number;
  rounds: Order[];
  calls: TableSession['calls'];
  pendingEdits: number;
  /** The bill's balance reached 0 («Pagada», docs/rules.md#the-bill). */
  paidAt: string | null;
}

export const $view = computed(
  [$session, $queue, $venue, $memberships],
  (session, queues, venue, memberships): TableView | null => {
    if (!session || !venue || session.status !== 'open') return null;
    const membership = memberships[venue.id];
    if (!membership || membership.sessionId !== session.id) return null;
    const me: Me = {
      participantId: membership.participantId,
      name: session.participants.find((p) => p.id === membership.participantId)?.name ?? $tableName.get(),
    };
    const edits = queues[venue.id] ?? [];
    const lines = applyEdits(session.cart.lines, edits, me);
    return {
      me,
      table: session.table,
      participants: session.participants,
      lines,
      subtotal: subtotalOfLines(lines),
      count: lines.reduce((n, l) => n + l.quantity, 0),
      rounds: session.rounds,
      calls: session.calls,
      pendingEdits: edits.length,
      paidAt: session.paidAt ?? null,
    };
  },
);

export function tableCartLabel(lines: number): string {
  const words = tableMessages.get();
  return lines === 0 ? words.cartButtonEmpty : words.cartButton(lines);
}

// While a session is live here, the header's cart button shows the table's cart.
$view.subscribe((view) => {
  const id = $tableActive.get();
  $sharedCart.set(
    id && view
      ? { venueId: id, label: tableCartLabel(view.lines.length), count: view.lines.length, open: openTableCart }
      : null,
  );
});
$tableActive.subscribe((id) => {
  const view = $view.get();
  $sharedCart.set(
    id && view
      ? { venueId: id, label: tableCartLabel(view.lines.length), count: view.lines.length, open: openTableCart }
      : null,
  );
});

export function venueId(): string | null {
  return $venue.get()?.id ?? null;
}

export function membership(): Membership | undefined {
  const id = venueId();
  return id ? $memberships.get()[id] : undefined;
}

export function setMembership(id: string, value: Membership | undefined): void {
  const next = { ...$memberships.get() };
  if (value) next[id] = value;
  else delete next[id];
  $memberships.set(next);
}

export function setQueue(id: string, edits: QueuedEdit[]): void {
  const next = { ...$queue.get() };
  if (edits.length > 0) next[id] = edits;
  else delete next[id];
  $queue.set(next);
}

export function saveSnapshot(id: string, session: TableSession | null): void {
  const next = { ...$snapshots.get() };
  if (session) next[id] = session;
  else delete next[id];
  $snapshots.set(next);
}

export function openTableCart(): void {
  $tableUi.set({ ...$tableUi.get(), cart: true });
}

export function closeTableCart(): void {
  $tableUi.set({ ...$tableUi.get(), cart: false });
}
