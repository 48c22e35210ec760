/**
 * The table session on this phone (docs/rules.md#table-sessions), loaded only on a table link or with a stored
 * seat. Owns everything live: the check and the join, the session stream (with catch-up after
 * a reconnect), the queue of cart edits (persisted, replayed when back online), rounds, calls
 * and the bill. Components only read these stores and call these actions.
 */
import { atom, computed } from 'nanostores';
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { Order } from '../../contract/order.ts';
import { LIMITS } from '../../contract/limits.ts';
import { lineNote } from '../../contract/cart-line.ts';
import { PROBLEM_TYPES } from '../../contract/problem.ts';
import type { PriceChange } from '../../contract/order.ts';
import {
  TABLE_CREDENTIAL_HEADER, TABLE_MESSAGES, TableCartChange, TableSession, type CallKind, type TableBill,
} from '../../contract/table.ts';
import { BillState as BillStateSchema, type PaymentRequestInput } from '../../contract/bill.ts';
import { followStream } from '../../lib/event-stream.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { pageLanguage } from '../../lib/page-language.ts';
import { problemMessages } from '../../lib/problem-messages.ts';
import { persistentStore } from '../../lib/persist.ts';
import { toast } from '../../shell/toast.ts';
import { whenAuthReady } from '../auth/index.ts';
import { $sharedCart, type NewCartLine } from '../cart/index.ts';
import { orderMessages } from '../orders/index.ts';
import { tableMessages } from './messages.ts';
import * as api from './api.ts';
import { MEMBERSHIPS_KEY, setTableAdder, tableLinkOf } from './membership.ts';
import {
  applyCartChange, applyEdits, cappedQuantity, enqueue, isQueuedEdit, newLineId, newer, sameLineOf, subtotalOfLines,
  type Me, type QueuedEdit, type ViewLine,
} from './view.ts';

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
  return ['table', 'credential', 'participantId', 'sessionId'].every((k) => typeof m[k] === 'string' && m[k].length > 0);
}

const isMemberships = (value: unknown): value is Memberships =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isMembership);

/** Seats per venue id (persisted: a reload, or a later visit without the link, keeps the seat). */
export const $memberships = persistentStore<Memberships>(MEMBERSHIPS_KEY, {}, isMemberships);

export type Phase = 'idle' | 'checking' | 'invalid' | 'needName' | 'joining' | 'joined' | 'closed' | 'lost' | 'error';

export interface TableState {
  phase: Phase;
  table: string | null;
  /** A message for the phase (`error`, `lost`) or a form-level error while joining. */
  message?: string;
  /** The name field's error. */
  nameError?: string;
}

/** The venue whose table session is open and joined on this page, or null. */
export const $tableActive = atom<string | null>(null);
$tableActive.subscribe((id) => setTableAdder(id, addTableLine));

export const $table = atom<TableState>({ phase: 'idle', table: null });
export const $venue = atom<TableVenue | null>(null);
export const $session = atom<TableSession | null>(null);
export const $streamUp = atom(false);
export const $sending = atom(false);
export const $priceChange = atom<{ changes: PriceChange[]; total: number | null } | null>(null);
export const $tableUi = atom<{ cart: boolean; bill: boolean }>({ cart: false, bill: false });
export type BillState = { state: 'idle' | 'loading' } | { state: 'ready'; bill: TableBill } | { state: 'failed'; message: string };
export const $bill = atom<BillState>({ state: 'idle' });
type MyRequests = Record<string, string[]>;
const isMyRequests = (v: unknown): v is MyRequests =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === 'string'));
/** The payment requests this phone made, per session id (a reload still knows which payments were mine: «Pagado», the receipt). */
export const $myRequests = persistentStore<MyRequests>('tableBillRequests', {}, isMyRequests);
/** Open calls this phone has just made (until the session says so too). */
export const $calling = atom<CallKind | null>(null);

const isString = (v: unknown): v is string => typeof v === 'string' && v.length <= LIMITS.participantNameMax;
/** The first name this device joins tables with (asked once per device). */
export const $tableName = persistentStore<string>('tableName', '', isString);

type Closed = Record<string, true>;
const isClosed = (v: unknown): v is Closed => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => x === true);
/**
 * Venues whose table this device saw closed: opening the link again asks the name again
 * (pre-filled) instead of silently joining, and so opening, a new session (no ghost tables).
 */
const $closedSeen = persistentStore<Closed>('tableClosedSeen', {}, isClosed);

function markClosed(id: string, closed: boolean): void {
  const next = { ...$closedSeen.get() };
  if (closed) next[id] = true;
  else delete next[id];
  $closedSeen.set(next);
}

type Queues = Record<string, QueuedEdit[]>;
const isQueues = (v: unknown): v is Queues =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((q) => Array.isArray(q) && q.every(isQueuedEdit));
/** Cart edits not yet confirmed by the server, per venue (survive a reload and being offline). */
export const $queue = persistentStore<Queues>('tableQueue', {}, isQueues);

type Snapshots = Record<string, unknown>;
const isSnapshots = (v: unknown): v is Snapshots => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The last session seen, per venue: a reload without a connection still shows the table. */
const $snapshots = persistentStore<Snapshots>('tableSnapshots', {}, isSnapshots);

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

export const $view = computed([$session, $queue, $venue, $memberships], (session, queues, venue, memberships): TableView | null => {
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
});

export function tableCartLabel(lines: number): string {
  const words = tableMessages.get();
  return lines === 0 ? words.cartButtonEmpty : words.cartButton(lines);
}

// While a session is live here, the header's cart button shows the table's cart.
$view.subscribe((view) => {
  const id = $tableActive.get();
  $sharedCart.set(id && view ? { venueId: id, label: tableCartLabel(view.lines.length), count: view.lines.length, open: openTableCart } : null);
});
$tableActive.subscribe((id) => {
  const view = $view.get();
  $sharedCart.set(id && view ? { venueId: id, label: tableCartLabel(view.lines.length), count: view.lines.length, open: openTableCart } : null);
});

let stopStream: (() => void) | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let listening = false;
let roundKey: string | null = null;

function venueId(): string | null {
  return $venue.get()?.id ?? null;
}

function membership(): Membership | undefined {
  const id = venueId();
  return id ? $memberships.get()[id] : undefined;
}

function setMembership(id: string, value: Membership | undefined): void {
  const next = { ...$memberships.get() };
  if (value) next[id] = value;
  else delete next[id];
  $memberships.set(next);
}

function setQueue(id: string, edits: QueuedEdit[]): void {
  const next = { ...$queue.get() };
  if (edits.length > 0) next[id] = edits;
  else delete next[id];
  $queue.set(next);
}

function saveSnapshot(id: string, session: TableSession | null): void {
  const next = { ...$snapshots.get() };
  if (session) next[id] = session;
  else delete next[id];
  $snapshots.set(next);
}

function isTransient(error: unknown): boolean {
  if (isNetworkError(error) || isTimeoutError(error)) return true;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const status = isHTTPError(error) ? error.response.status : 0;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function detailOf(error: unknown): string {
  const problem = problemOf(error);
  // The API words its refusals in Spanish: another language's page says them by their type.
  if (problem?.detail && !isTransient(error) && pageLanguage() === 'es') return problem.detail;
  return problemMessage(error);
}

function isClosedError(error: unknown): boolean {
  return problemOf(error)?.type === PROBLEM_TYPES.tableClosed;
}

function isCredentialError(error: unknown): boolean {
  return isHTTPError(error) && error.response.status === 401;
}

/** Starts the table side of a venue page: a stored seat here, or the table link in the address. */
export async function startTable(venue: TableVenue): Promise<void> {
  $venue.set(venue);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('online', () => void flush());
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

/** `Unirme a la mesa`: joins under `name` (null: the signed-in account's name). */
export async function join(name: string | null): Promise<void> {
  const venue = $venue.get();
  const link = tableLinkOf(location.href);
  if (!venue || !link) return;
  $table.set({ phase: 'joining', table: link.table });
  try {
    const result = await api.joinTable(venue.id, link.table, link.token, name);
    if (name) $tableName.set(name);
    markClosed(venue.id, false);
    const seat: Membership = { table: result.session.table, credential: result.credential, participantId: result.participantId, sessionId: result.session.id };
    setMembership(venue.id, seat);
    setQueue(venue.id, []);
    $session.set(null);
    receive(result.session);
    enterSession(venue, seat);
  } catch (error) {
    const problem = problemOf(error);
    const status = isHTTPError(error) ? error.response.status : 0;
    if (status === 404) $table.set({ phase: 'invalid', table: link.table });
    else if (status === 422) $table.set({ phase: 'needName', table: link.table, nameError: pageLanguage() === 'es' ? (problem?.errors?.name?.[0] ?? TABLE_MESSAGES.nameInvalid) : tableMessages.get().nameInvalid });
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
      } catch {
        // A message of another shape: the next snapshot brings the truth.
      }
    },
    onState: (state) => {
      $streamUp.set(state === 'up');
      // Catch-up after a (re)connection: the whole session, then whatever is still queued.
      if (state === 'up') void refresh().then(() => flush());
    },
    onRefused: (status) => {
      if (status === 401) lost();
    },
  });
  void flush();
}

let refreshing: Promise<void> | null = null;

/** Reads the whole session again (after a reconnection, a round, a refused edit, a missed change); one read at a time. */
export function refresh(): Promise<void> {
  refreshing ??= readSession().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

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

function receive(session: TableSession): void {
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
    toast.info(tableMessages.get().lineRemoved({ by: removed.by, dish: removed.name }), { id: `table-removed-${removed.lineId}`, testId: 'table-line-removed' });
  }
  $session.set(session);
  saveSnapshot(id, session);
  if ($tableUi.get().bill) void loadBill(true);
}

function receiveRound(order: Order): void {
  const session = $session.get();
  if (!session) return;
  const at = session.rounds.findIndex((r) => r.id === order.id);
  const before = at === -1 ? undefined : session.rounds[at];
  // Every phone hears a round move on (the toaster is a live region).
  if (before && before.status !== order.status) {
    toast.info(tableMessages.get().roundStatus({ round: String(at + 1), status: orderMessages.get()[order.status] }), { id: `table-round-${order.id}` });
  }
  const rounds = at === -1 ? [...session.rounds, order] : session.rounds.map((r, i) => (i === at ? order : r));
  const next = { ...session, rounds };
  $session.set(next);
  const id = venueId();
  if (id) saveSnapshot(id, next);
  if ($tableUi.get().bill) void loadBill(true);
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
function closedHere(): void {
  const table = $table.get().table;
  const id = venueId();
  if (id) markClosed(id, true);
  forget();
  $table.set({ phase: 'closed', table });
}

/** The credential is no longer accepted (forged, wiped, session gone). */
function lost(): void {
  const table = $table.get().table;
  forget();
  const link = tableLinkOf(location.href);
  if (link) void checkAndJoin(link);
  else $table.set({ phase: 'lost', table, message: tableMessages.get().credentialInvalid });
}

// ---- the shared cart ----

/** Adds a dish to the table cart (merging into my identical line). */
export function addTableLine(line: NewCartLine): { ok: boolean; message?: string } {
  const id = venueId();
  const view = $view.get();
  if (!id || !view) return { ok: false, message: tableMessages.get().credentialInvalid };
  const note = lineNote(line.note);
  const input = {
    productId: line.productId,
    optionIds: [...line.optionIds],
    quantity: cappedQuantity(line.quantity),
    ...(note ? { note } : {}),
  };
  const same = sameLineOf(view.lines, input, view.me);
  if (!same && view.lines.length >= LIMITS.linesPerOrder) return { ok: false, message: tableMessages.get().tooManyLines };
  const display = same
    ? { name: same.name, options: same.options, unitPrice: same.unitPrice }
    : { name: line.name, options: line.optionIds.map((oid, i) => ({ id: oid, name: line.optionNames[i] ?? '', priceDelta: 0 })), unitPrice: line.unitPrice };
  const edit: QueuedEdit = same
    ? { kind: 'put', lineId: same.id, input: { ...input, quantity: cappedQuantity(same.quantity + input.quantity) }, display }
    : { kind: 'put', lineId: newLineId(), input, display };
  queueEdit(edit);
  return { ok: true };
}

export function setLineQuantity(lineId: string, quantity: number): void {
  const line = $view.get()?.lines.find((l) => l.id === lineId);
  if (!line) return;
  queueEdit({
    kind: 'put',
    lineId,
    input: { productId: line.productId, optionIds: line.optionIds, quantity: cappedQuantity(quantity), ...(line.note ? { note: line.note } : {}) },
    display: { name: line.name, options: line.options, unitPrice: line.unitPrice },
  });
}

export function removeLine(lineId: string): void {
  queueEdit({ kind: 'delete', lineId });
}

function queueEdit(edit: QueuedEdit): void {
  const id = venueId();
  if (!id) return;
  const onServer = $session.get()?.cart.lines.some((l) => l.id === edit.lineId) ?? false;
  setQueue(id, enqueue($queue.get()[id] ?? [], edit, onServer));
  void flush();
}

let flushing: Promise<void> | null = null;

/** Sends the queued edits in order; stops (and tries again later) while offline. */
export function flush(): Promise<void> {
  flushing ??= drain().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Until then (a refused write's Retry-After) nothing is sent: new edits wait in the queue. */
let holdUntil = 0;

/** How long to wait before sending a queued edit again: the answer's `Retry-After` (at most 10 min), else 5 s. */
function retryDelayOf(error: unknown): number {
  const header = isHTTPError(error) ? error.response.headers.get('retry-after') : null;
  const seconds = header && /^\d{1,6}$/.test(header.trim()) ? Number(header.trim()) : NaN;
  return Number.isFinite(seconds) ? Math.min(600, Math.max(1, seconds)) * 1000 : 5_000;
}

async function drain(): Promise<void> {
  if (Date.now() < holdUntil) return;
  for (;;) {
    const id = venueId();
    const seat = membership();
    const edits = id ? $queue.get()[id] ?? [] : [];
    if (!id || !seat || edits.length === 0) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    const edit = edits[0]!;
    try {
      const session = edit.kind === 'put'
        ? await api.putLine(seat.credential, edit.lineId, edit.input)
        : await api.deleteLine(seat.credential, edit.lineId);
      dropEdit(id, edit);
      receive(session);
    } catch (error) {
      if (isTransient(error)) {
        // Kept queued; sent again after the server's Retry-After (too many writes: 429), else in 5 s.
        const wait = retryDelayOf(error);
        holdUntil = Date.now() + wait;
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void flush(), wait);
        return;
      }
      if (isCredentialError(error)) return lost();
      if (isClosedError(error)) return closedHere();
      dropEdit(id, edit);
      toast.error(detailOf(error), { id: 'table-edit-refused' });
      await refresh();
    }
  }
}

/** Removes exactly this edit (a newer edit of the same line, queued meanwhile, stays). */
function dropEdit(id: string, edit: QueuedEdit): void {
  const sent = JSON.stringify(edit);
  const edits = $queue.get()[id] ?? [];
  const at = edits.findIndex((e) => JSON.stringify(e) === sent);
  if (at !== -1) setQueue(id, edits.filter((_, i) => i !== at));
}

// ---- rounds, calls, bill ----

function idempotencyKey(): string {
  return `round-${newLineId()}`;
}

/** `Enviar a cocina`: the table cart as one round. `acceptedTotal`: the new total after a price change. */
export async function sendToKitchen(acceptedTotal?: number): Promise<void> {
  const seat = membership();
  if (!seat || $sending.get()) return;
  $sending.set(true);
  try {
    await flush();
    const view = $view.get();
    if (!view) return;
    if (view.pendingEdits > 0 || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
      toast.error(problemMessages.get().offline, { id: 'table-round' });
      return;
    }
    if (view.lines.length === 0) {
      toast.error(tableMessages.get().emptyCartError, { id: 'table-round' });
      return;
    }
    roundKey ??= idempotencyKey();
    const order = await api.sendRound(seat.credential, roundKey, acceptedTotal ?? view.subtotal, pageLanguage());
    roundKey = null;
    $priceChange.set(null);
    receiveRound(order);
    toast.success(tableMessages.get().roundSent({ number: order.number }), { id: 'table-round' });
    await refresh();
  } catch (error) {
    const problem = problemOf(error);
    if (problem?.type === PROBLEM_TYPES.priceChanged && Array.isArray(problem.changes)) {
      roundKey = null;
      $priceChange.set({
        changes: problem.changes as PriceChange[],
        total: typeof problem.total === 'number' ? problem.total : null,
      });
      await refresh();
      return;
    }
    if (isCredentialError(error)) return lost();
    if (isClosedError(error)) return closedHere();
    // Kept for a retry only when the request may have reached the server.
    if (!isTransient(error)) roundKey = null;
    toast.error(detailOf(error), { id: 'table-round' });
  } finally {
    $sending.set(false);
  }
}

export function dismissPriceChange(): void {
  $priceChange.set(null);
}


/** `Llamar al mesero` / `Pedir la cuenta`. A second tap while one is open says it is on its way. */
export async function callStaff(kind: CallKind): Promise<void> {
  const seat = membership();
  if (!seat || $calling.get()) return;
  $calling.set(kind);
  try {
    const result = await api.callStaff(seat.credential, kind);
    const words = tableMessages.get();
    if (result.alreadyOpen) toast.info(words.callAlreadyOpen, { id: `table-call-${kind}` });
    else toast.success(kind === 'bill' ? words.billOnTheWay : words.waiterOnTheWay, { id: `table-call-${kind}` });
    await refresh();
  } catch (error) {
    if (isCredentialError(error)) return lost();
    if (isClosedError(error)) return closedHere();
    toast.error(detailOf(error), { id: `table-call-${kind}` });
  } finally {
    $calling.set(null);
  }
}

export function openTableCart(): void {
  $tableUi.set({ ...$tableUi.get(), cart: true });
}

export function closeTableCart(): void {
  $tableUi.set({ ...$tableUi.get(), cart: false });
}

export async function openBill(): Promise<void> {
  $tableUi.set({ cart: false, bill: true });
  await loadBill();
}

export function closeBill(): void {
  $tableUi.set({ ...$tableUi.get(), bill: false });
}

/** `quiet`: a refresh while the bill is open (the session changed): no loading state in between. */
export async function loadBill(quiet = false): Promise<void> {
  const seat = membership();
  if (!seat) return;
  if (!quiet) $bill.set({ state: 'loading' });
  try {
    $bill.set({ state: 'ready', bill: await api.fetchBill(seat.credential) });
  } catch (error) {
    if (isCredentialError(error)) return lost();
    if (isClosedError(error)) return closedHere();
    if (!quiet) $bill.set({ state: 'failed', message: detailOf(error) });
  }
}


export type PayResult = { ok: true } | { ok: false; message: string };

/** `Pagar mi parte`: sends the request; a refusal (a line taken meanwhile, more than what is left) answers its message and changes nothing here. */
export async function requestPayment(input: PaymentRequestInput): Promise<PayResult> {
  const seat = membership();
  if (!seat) return { ok: false, message: TABLE_MESSAGES.credentialInvalid };
  try {
    const request = await api.requestPayment(seat.credential, input);
    const mine = $myRequests.get();
    // Only this session's are kept (an older table's requests no longer matter on this phone).
    $myRequests.set({ [seat.sessionId]: [...(mine[seat.sessionId] ?? []), request.id].slice(-50) });
    await loadBill(true);
    return { ok: true };
  } catch (error) {
    if (isCredentialError(error)) lost();
    else if (isClosedError(error)) closedHere();
    else void loadBill(true);
    return { ok: false, message: detailOf(error) };
  }
}

/** Withdraws this phone's pending request. */
export async function withdrawPayment(requestId: string): Promise<PayResult> {
  const seat = membership();
  if (!seat) return { ok: false, message: TABLE_MESSAGES.credentialInvalid };
  try {
    await api.withdrawPaymentRequest(seat.credential, requestId);
    await loadBill(true);
    return { ok: true };
  } catch (error) {
    if (isCredentialError(error)) lost();
    else if (isClosedError(error)) closedHere();
    else void loadBill(true);
    return { ok: false, message: detailOf(error) };
  }
}
