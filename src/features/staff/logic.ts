/**
 * The staff order board's pure core: which column an order sits in, in what
 * order, which buttons it offers (only the legal transitions of the contract),
 * what is new since the last look, and how long an order has been waiting.
 */
import { isValidVenueId } from '../../contract/limits.ts';
import { STATUS_TRANSITIONS, type Order, type OrderStatus } from '../../contract/order.ts';
import type { OrderMode, VenueSummary } from '../../contract/venue.ts';
import type { Ticket } from '../../contract/kitchen.ts';
import { isAdmin, venuesRun, type Scope } from '../../contract/permissions.ts';

/** The working columns, left to right (phone: top to bottom). */
export const ACTIVE_STATUSES = ['received', 'preparing', 'ready'] as const satisfies readonly OrderStatus[];
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];
export const DONE_STATUSES = ['delivered', 'cancelled'] as const satisfies readonly OrderStatus[];

/** How long finished orders stay in the collapsed "recent" list, and how many of them. */
export const RECENT_DONE_MS = 3 * 60 * 60 * 1000;
export const RECENT_DONE_MAX = 20;

export type BoardOrder = Pick<Order, 'id' | 'number' | 'status' | 'createdAt' | 'history'>;

export interface Board<T extends BoardOrder> {
  columns: Record<ActiveStatus, T[]>;
  /** Delivered or cancelled recently, the latest change first. */
  done: T[];
}

function isActive(status: OrderStatus): status is ActiveStatus {
  return (ACTIVE_STATUSES as readonly OrderStatus[]).includes(status);
}

/** When the order reached its current status (its creation time if the history does not say). */
export function statusSince(order: BoardOrder): string {
  for (let i = order.history.length - 1; i >= 0; i--) {
    const change = order.history[i]!;
    if (change.status === order.status) return change.at;
  }
  return order.createdAt;
}

const time = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * Groups orders into the board. Working columns: the longest-waiting order
 * first (the kitchen works first in, first out), ties by number. Finished:
 * changed within `RECENT_DONE_MS` of `now`, latest first, at most `RECENT_DONE_MAX`.
 * A repeated id keeps its first copy.
 */
export function groupBoard<T extends BoardOrder>(orders: readonly T[], now: number): Board<T> {
  const columns: Record<ActiveStatus, T[]> = { received: [], preparing: [], ready: [] };
  const done: T[] = [];
  const seen = new Set<string>();
  for (const order of orders) {
    if (seen.has(order.id)) continue;
    seen.add(order.id);
    if (isActive(order.status)) columns[order.status].push(order);
    else if (now - time(statusSince(order)) <= RECENT_DONE_MS) done.push(order);
  }
  const oldestFirst = (a: T, b: T) => time(a.createdAt) - time(b.createdAt) || a.number.localeCompare(b.number);
  for (const status of ACTIVE_STATUSES) columns[status].sort(oldestFirst);
  done.sort((a, b) => time(statusSince(b)) - time(statusSince(a)) || b.number.localeCompare(a.number));
  return { columns, done: done.slice(0, RECENT_DONE_MAX) };
}

export interface BoardAction {
  to: OrderStatus;
  /** The button's words. */
  label: string;
  /** Only cancelling asks first. */
  confirm: boolean;
  tone: 'primary' | 'danger';
}

const ACTION_COPY: Record<OrderStatus, Omit<BoardAction, 'to'>> = {
  received: { label: 'Recibido', confirm: false, tone: 'primary' },
  preparing: { label: 'Empezar a preparar', confirm: false, tone: 'primary' },
  ready: { label: 'Marcar listo', confirm: false, tone: 'primary' },
  delivered: { label: 'Entregado', confirm: false, tone: 'primary' },
  cancelled: { label: 'Cancelar', confirm: true, tone: 'danger' },
};

/** The buttons an order offers: exactly its legal next statuses (`STATUS_TRANSITIONS`), forward moves first. */
export function nextActions(status: OrderStatus, mode?: OrderMode): BoardAction[] {
  const targets = STATUS_TRANSITIONS[status] ?? [];
  return (
    [...targets]
      .sort((a, b) => Number(a === 'cancelled') - Number(b === 'cancelled'))
      // A pickup order ends when the diner picks it up: `Recogido`.
      .map((to) => ({
        to,
        ...ACTION_COPY[to],
        ...(to === 'delivered' && mode === 'pickup' ? { label: 'Recogido' } : {}),
      }))
  );
}

/** Orders waiting in `received` that were not there at the last look (ids never seen before). */
export function newArrivals<T extends BoardOrder>(orders: readonly T[], known: ReadonlySet<string>): T[] {
  return orders
    .filter((order) => order.status === 'received' && !known.has(order.id))
    .sort((a, b) => time(a.createdAt) - time(b.createdAt));
}

/** The words for new orders: toast and screen-reader announcement. */
export function arrivalMessage(numbers: readonly string[]): string {
  if (numbers.length === 0) return '';
  if (numbers.length === 1) return `Nuevo pedido ${numbers[0]}`;
  return `${numbers.length} pedidos nuevos: ${numbers.join(', ')}`;
}

/** "hace 5 min", "hace 1 h 20 min"; clock skew (a future time) counts as just now. */
export function elapsedLabel(fromIso: string, now: number): string {
  const from = Date.parse(fromIso);
  if (Number.isNaN(from)) return '';
  const minutes = Math.max(0, Math.floor((now - from) / 60_000));
  if (minutes < 1) return 'hace menos de 1 min';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours >= 24) return `hace ${Math.floor(hours / 24)} d`;
  return rest ? `hace ${hours} h ${rest} min` : `hace ${hours} h`;
}

/** Waiting this long in a working column marks the card as late. */
export const LATE_AFTER_MS = 20 * 60 * 1000;

export function isLate(order: BoardOrder, now: number): boolean {
  return isActive(order.status) && now - time(order.createdAt) >= LATE_AFTER_MS;
}

/** The `?venue=` value if it looks like a venue id, else null (no API call for junk). */
export function venueParam(search: string): string | null {
  const value = new URLSearchParams(search).get('venue')?.trim() ?? '';
  return isValidVenueId(value) ? value : null;
}

export interface PanelVenue {
  id: string;
  name: string;
  city?: string;
}

/**
 * The venues whose board the user may open: every venue for an admin, else
 * the `staff:{id}` and `manager:{id}` ones (named from the venue list when it knows them).
 */
export function boardVenues(
  user: { scope?: Scope } | null | undefined,
  venues: readonly Pick<VenueSummary, 'id' | 'name' | 'city'>[],
): PanelVenue[] {
  if (!user) return [];
  const byName = (a: PanelVenue, b: PanelVenue) => a.name.localeCompare(b.name, 'es');
  if (isAdmin(user.scope)) return venues.map(({ id, name, city }) => ({ id, name, city })).sort(byName);
  const known = new Map(venues.map((venue) => [venue.id, venue]));
  return venuesRun(user.scope)
    .map((id) => {
      const venue = known.get(id);
      return venue ? { id, name: venue.name, city: venue.city } : { id, name: id };
    })
    .sort(byName);
}

/** History only grows: the copy with more status changes is the fresher one (ties: the incoming copy). */
function fresher<T extends BoardOrder>(current: T | undefined, incoming: T): T {
  return current && current.history.length > incoming.history.length ? current : incoming;
}

/**
 * Merges fresh copies into the known orders. A known order missing from
 * `incoming` is dropped when `incoming` is the whole truth for its status
 * (`coversStatus`), e.g. a poll of the working columns drops an order another
 * device already delivered; otherwise it is kept. A stale copy never
 * overwrites a fresher one (a poll that started before a click).
 */
export function mergeOrders<T extends BoardOrder>(
  known: readonly T[],
  incoming: readonly T[],
  coversStatus: (status: OrderStatus) => boolean = () => false,
): T[] {
  const byId = new Map(known.map((order) => [order.id, order]));
  const incomingIds = new Set<string>();
  const merged: T[] = [];
  for (const order of incoming) {
    if (incomingIds.has(order.id)) continue;
    incomingIds.add(order.id);
    merged.push(fresher(byId.get(order.id), order));
  }
  for (const order of known) {
    if (!incomingIds.has(order.id) && !coversStatus(order.status)) merged.push(order);
  }
  return merged;
}

export function isActiveStatus(status: OrderStatus): boolean {
  return isActive(status);
}

/**
 * The diner's language when it is not the venue's own (docs/architecture.md#languages): the
 * board tags such an order ("EN") and marks its notes with it; none for the venue's language.
 */
export function foreignLanguage(order: Pick<Order, 'language'>, venueLanguage: string): string | undefined {
  return order.language && order.language !== venueLanguage ? order.language : undefined;
}

/** A ticket's newest copy applied to the held list: in it while held and open, out otherwise. */
export function withHeld(held: readonly Ticket[], ticket: Ticket): Ticket[] {
  const others = held.filter((t) => t.id !== ticket.id);
  return ticket.held && ticket.status === 'open' && !ticket.cancelled ? [...others, ticket] : others;
}

/** «2 anulados» beside a line voided after it was sent (docs/rules.md#the-floor). */
export const voidedText = (n: number): string => (n === 1 ? '1 anulado' : `${n} anulados`);
