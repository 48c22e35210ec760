/**
 * The floor view's pure logic (docs/rules.md#the-floor): each table's state in words, tables in
 * label order grouped by zone, the picker's accent-insensitive search and recent dishes, and the
 * waiter's round attempt (one Idempotency-Key per attempt, kept until it is answered).
 */
import type { BillState } from '../../contract/bill.ts';
import { OTHER_REASON_PREFIX } from '../../contract/corrections.ts';
import type { Ticket } from '../../contract/kitchen.ts';
import { ORDER_STATUS_LABELS } from '../../contract/labels.ts';
import type { Order } from '../../contract/order.ts';
import type { StaffTableSession } from '../../contract/table.ts';
import { enqueue, type QueuedEdit } from '../table-session/logic.ts';
import type { Category, Product } from '../../contract/venue.ts';

/** One table of the venue: its label and, when the manager named one, its zone («Terraza»). */
export interface FloorTable {
  label: string;
  zone?: string;
}

/** "2" < "10" < "Terraza 2": labels compare as people read them. */
export const byLabel = (a: string, b: string): number =>
  a.localeCompare(b, 'es', { numeric: true, sensitivity: 'base' });

export interface ZoneGroup {
  /** The zone's name; '' for tables without one. */
  zone: string;
  tables: FloorTable[];
}

/**
 * Tables in label order, grouped by zone (zones in name order, tables without a zone last under
 * ''); one group of everything when no table names a zone.
 */
export function groupByZone(tables: readonly FloorTable[]): ZoneGroup[] {
  const sorted = [...tables].sort((a, b) => byLabel(a.label, b.label));
  const zones = new Map<string, FloorTable[]>();
  for (const table of sorted) {
    const zone = table.zone?.trim() ?? '';
    zones.set(zone, [...(zones.get(zone) ?? []), table]);
  }
  return [...zones.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : byLabel(a, b)))
    .map(([zone, list]) => ({ zone, tables: list }));
}

/** The tiles' states, most urgent last in this list's order of precedence (see `tileState`). */
export type TileKind = 'free' | 'occupied' | 'ordering' | 'kitchen' | 'bill' | 'paid';

export interface TileState {
  kind: TileKind;
  /** The state in words («Ocupada · 3 personas», «En cocina · 12 min»). */
  text: string;
}

/** A round the kitchen still has (not ready, served or cancelled). */
const inKitchen = (round: Order): boolean => round.status === 'received' || round.status === 'preparing';

/** Whole minutes since `iso` (never negative). */
export function minutesSince(iso: string, now: number): number {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.floor((now - at) / 60_000));
}

const people = (n: number): string => (n === 1 ? '1 persona' : `${n} personas`);

/**
 * A table's state in words: **Libre** without an open session; **Pagada** once its bill is paid;
 * **Pide la cuenta** with an open bill call; **En cocina · N min** while a round is in the kitchen
 * (the oldest one's time); **Pidiendo** while its cart is not empty; else **Ocupada · N personas**.
 */
export function tileState(session: StaffTableSession | undefined, bill: BillState | undefined, now: number): TileState {
  if (!session) return { kind: 'free', text: 'Libre' };
  if (session.paidAt || bill?.paidAt) return { kind: 'paid', text: 'Pagada' };
  if (session.calls.some((call) => call.kind === 'bill' && !call.acknowledgedAt))
    return { kind: 'bill', text: 'Pide la cuenta' };
  const cooking = session.rounds.filter(inKitchen).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  if (cooking.length > 0)
    return { kind: 'kitchen', text: `En cocina · ${minutesSince(cooking[0]!.createdAt, now)} min` };
  if (session.cartCount > 0) return { kind: 'ordering', text: 'Pidiendo' };
  return { kind: 'occupied', text: `Ocupada · ${people(session.participants.length)}` };
}

/** Lower case without accents: «Café» and «cafe» are the same word to the picker. */
export function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export interface PickerDish {
  product: Product;
  categoryId: string;
}

/** Every dish of the menu with its category, in menu order. */
export function dishesOf(categories: readonly Category[]): PickerDish[] {
  return categories.flatMap((category) => category.products.map((product) => ({ product, categoryId: category.id })));
}

/**
 * The picker's list: dishes whose name (or description) holds every word typed, accents ignored,
 * within the chosen category ('' for all); recent dishes first (in the order last used), the rest
 * in menu order; names that start with the query before the rest.
 */
export function pickDishes(
  dishes: readonly PickerDish[],
  query: string,
  categoryId: string,
  recent: readonly string[],
): PickerDish[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  const rank = (dish: PickerDish): number => {
    const at = recent.indexOf(dish.product.id);
    return at === -1 ? recent.length : at;
  };
  const head = words[0] ?? '';
  return dishes
    .filter((dish) => !categoryId || dish.categoryId === categoryId)
    .filter((dish) => {
      const text = folded(`${dish.product.name} ${dish.product.description}`);
      return words.every((word) => text.includes(word));
    })
    .map((dish, index) => ({ dish, index }))
    .sort((a, b) => {
      if (head) {
        const startA = folded(a.dish.product.name).startsWith(head) ? 0 : 1;
        const startB = folded(b.dish.product.name).startsWith(head) ? 0 : 1;
        if (startA !== startB) return startA - startB;
      }
      return rank(a.dish) - rank(b.dish) || a.index - b.index;
    })
    .map(({ dish }) => dish);
}

/** How many recent dishes a device remembers. */
export const RECENT_MAX = 12;

/** The recent list with `productId` first (once), at most `RECENT_MAX`. */
export function withRecent(recent: readonly string[], productId: string): string[] {
  return [productId, ...recent.filter((id) => id !== productId)].slice(0, RECENT_MAX);
}

/** The guest labels offered for a line: «Comensal 1…N» and the table's people by name. */
export function guestChoices(participants: readonly { name: string }[], seats: number): string[] {
  const numbered = Array.from({ length: Math.max(seats, 1) }, (_, i) => `Comensal ${i + 1}`);
  const names = participants.map((p) => p.name).filter((name) => !numbered.includes(name));
  return [...new Set([...numbered, ...names])];
}

/** The choice of the reason list that asks for the waiter's own words («Otro: …»). */
export const OTHER_CHOICE = 'Otro';

/** The reason sent: one of the list (src/contract/corrections.ts), or «Otro: {words}». */
export function voidReason(choice: string, other: string): string {
  return choice === OTHER_CHOICE ? `${OTHER_REASON_PREFIX}${other.trim()}` : choice;
}

/** The venue's tables as the floor reads them: labels alone (older servers) or `{label, zone}`. */
export function floorTablesOf(tables: readonly (string | { label: string; zone?: string | null })[]): FloorTable[] {
  return tables.map((table) =>
    typeof table === 'string' ? { label: table } : { label: table.label, ...(table.zone ? { zone: table.zone } : {}) },
  );
}

/** One queued thing of the waiter's device: a cart edit of a table (with whom it is for), or a round to send. */
export type WaiterItem =
  { table: string; kind: 'edit'; edit: QueuedEdit; guest?: string } | { table: string; kind: 'round'; key: string };

const lastRoundOf = (items: readonly WaiterItem[], table: string): number =>
  items.map((item) => item.kind === 'round' && item.table === table).lastIndexOf(true);

/**
 * The queue with one more cart edit of `table`: it replaces a waiting edit of the same line made after the table's
 * last waiting round (edits before that round belong to it); a line created and removed before reaching the
 * server leaves nothing. `guest` (or the guest the line already had in the queue) goes with it.
 */
export function withEdit(
  items: readonly WaiterItem[],
  table: string,
  edit: QueuedEdit,
  guest: string | undefined,
  serverHasLine: boolean,
): WaiterItem[] {
  const lastRound = lastRoundOf(items, table);
  const head = items.slice(0, lastRound + 1);
  const tail = items.slice(lastRound + 1);
  const mineBefore = tail.flatMap((item) => (item.kind === 'edit' && item.table === table ? [item] : []));
  const guests = new Map(mineBefore.flatMap((item) => (item.guest ? [[item.edit.lineId, item.guest] as const] : [])));
  if (guest) guests.set(edit.lineId, guest);
  const merged = enqueue(
    mineBefore.map((item) => item.edit),
    edit,
    serverHasLine,
  );
  const others = tail.filter((item) => item.kind !== 'edit' || item.table !== table);
  const mine: WaiterItem[] = merged.map((e) => {
    const label = guests.get(e.lineId);
    return { table, kind: 'edit', edit: e, ...(label ? { guest: label } : {}) };
  });
  return [...head, ...others, ...mine];
}

/** The queued, not yet confirmed edits of one table since its last waiting round (shown over its last known cart). */
export function pendingEdits(items: readonly WaiterItem[], table: string): QueuedEdit[] {
  return items
    .slice(lastRoundOf(items, table) + 1)
    .flatMap((item) => (item.kind === 'edit' && item.table === table ? [item.edit] : []));
}

/** Whether a round of the table waits to be sent (offline, or its answer never came). */
export function roundWaiting(items: readonly WaiterItem[], table: string): boolean {
  return items.some((item) => item.kind === 'round' && item.table === table);
}

/**
 * «Enviar a cocina»: the queue with a round of `table` behind its edits, with a new Idempotency-Key; when a round
 * of the table already waits with nothing edited since, the same one (a second tap is not a second round).
 */
export function withRound(items: readonly WaiterItem[], table: string, newKey: () => string): WaiterItem[] {
  if (roundWaiting(items, table) && pendingEdits(items, table).length === 0) return [...items];
  return [...items, { table, kind: 'round', key: newKey() }];
}

/**
 * One sent line's kitchen state in words, from its station's ticket (`orderLine` is the line's index in the order):
 * «Anulado» when all of it was voided, «Cancelado» with its order, «Entregado» once served, «En espera · {course}»
 * while its course waits for «Marchar», «Listo» once its station bumped it, «En cocina» while it is open there; else
 * the order's status.
 */
export function lineKitchenState(order: Order, index: number, tickets: readonly Ticket[]): string {
  const line = order.lines[index];
  if (line && (line.voided ?? 0) >= line.quantity) return 'Anulado';
  if (order.status === 'cancelled' || order.status === 'delivered') return ORDER_STATUS_LABELS[order.status];
  const ticket = tickets.find(
    (t) => t.orderId === order.id && !t.cancelled && t.lines.some((l) => l.orderLine === index),
  );
  if (!ticket) return ORDER_STATUS_LABELS[order.status];
  if (ticket.held && ticket.status === 'open') return ticket.course ? `En espera · ${ticket.course}` : 'En espera';
  return ticket.status === 'done' ? 'Listo' : 'En cocina';
}
