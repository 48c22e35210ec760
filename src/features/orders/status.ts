/** Order status words and the timeline a diner sees (docs/rules.md#cart-checkout-and-orders). */
import type { Order, OrderStatus } from '../../contract/order.ts';
import { formatVenueTime } from '../../contract/time-format.ts';
import { pageLanguage } from '../../lib/page-language.ts';
import { orderMessages, statusWord } from './messages.ts';

const HAPPY_PATH: readonly OrderStatus[] = ['received', 'preparing', 'ready', 'delivered'];

export function isOpenStatus(status: OrderStatus): boolean {
  return status !== 'delivered' && status !== 'cancelled';
}

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  /** ISO time the order reached this step, when it has. */
  at: string | null;
  state: 'done' | 'current' | 'upcoming';
}

/** The steps to show: the usual path, or what happened up to a cancellation. */
export function timelineOf(
  order: Pick<Order, 'status' | 'history'> & Partial<Pick<Order, 'mode'>>,
  words = orderMessages.get(),
): TimelineStep[] {
  const reachedAt = new Map<OrderStatus, string>();
  for (const change of order.history) if (!reachedAt.has(change.status)) reachedAt.set(change.status, change.at);
  const path: OrderStatus[] =
    order.status === 'cancelled' ? [...HAPPY_PATH.filter((s) => reachedAt.has(s)), 'cancelled'] : [...HAPPY_PATH];
  if (path[0] !== 'received') path.unshift('received');
  const currentIndex = path.indexOf(order.status);
  return path.map((status, index) => ({
    status,
    label: statusWord(words, status, order.mode ?? ''),
    at: reachedAt.get(status) ?? null,
    state: index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'upcoming',
  }));
}

/** Open orders first, then the history; newest first within each. */
export function sortForList<T extends Pick<Order, 'status' | 'createdAt'>>(
  orders: readonly T[],
): { open: T[]; past: T[] } {
  const newest = (a: T, b: T) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);
  return {
    open: orders.filter((o) => isOpenStatus(o.status)).sort(newest),
    past: orders.filter((o) => !isOpenStatus(o.status)).sort(newest),
  };
}

/** The zone named in the page's language (Spanish keeps the contract's `hora de Ciudad de México`). */
function zoneLabel(): ((zone: string) => string) | undefined {
  if (pageLanguage() === 'es') return undefined;
  const words = orderMessages.get();
  return (zone) => words.zone({ city: (zone.split('/').pop() ?? zone).replace(/_/g, ' ') });
}

/** A time of an order or table, in the venue's zone (one rule: src/contract/time-format.ts). */
export function formatTime(iso: string, locale = 'es', timeZone?: string): string {
  return formatVenueTime(iso, locale, timeZone, { zoneLabel: zoneLabel() });
}

/** Date and time of an order, in the venue's zone (src/contract/time-format.ts). */
export function formatDateTime(iso: string, locale = 'es', timeZone?: string): string {
  return formatVenueTime(iso, locale, timeZone, { style: 'dateTime', zoneLabel: zoneLabel() });
}

/**
 * Money and dates in the page's language with the venue's region (`en-MX`): the venue's own
 * locale on a Spanish page (docs/architecture.md#languages).
 */
export function pageLocale(venueLocale: string, lang = pageLanguage()): string {
  if (lang === 'es') return venueLocale;
  const region = venueLocale.split('-')[1];
  return region ? `${lang}-${region}` : lang;
}

/** Orders carry a currency but no locale: the locale a diner of that currency expects, for money and dates. */
const CURRENCY_LOCALES: Record<string, string> = {
  MXN: 'es-MX',
  COP: 'es-CO',
  EUR: 'es-ES',
  USD: 'es-US',
  ARS: 'es-AR',
  CLP: 'es-CL',
  PEN: 'es-PE',
};
export function localeForCurrency(currency: string): string {
  return CURRENCY_LOCALES[currency] ?? 'es';
}

/**
 * Whether `incoming` may replace `current` (same order): the history only
 * grows, so a copy with fewer status changes is stale — e.g. an event
 * replayed after a reconnection that the page had already fetched past.
 */
export function isFreshCopy(current: Pick<Order, 'history'> | undefined, incoming: Pick<Order, 'history'>): boolean {
  return !current || incoming.history.length >= current.history.length;
}
