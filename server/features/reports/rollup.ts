/**
 * The reports' daily rollup (docs/rules.md#reports): what one receipt adds to `report_days`, written in the
 * transaction that issues the receipt (server/features/billing/receipts.ts calls `recordReceipt`, the one place
 * receipts are issued), so the rollup and the receipts never disagree. A rectifying receipt's negative bases,
 * taxes and tips subtract; it never counts as an order.
 */
import type { Queryable } from '../../platform/db/database.ts';
import { zonedClock } from '../../../src/contract/hours.ts';
import type { Receipt } from '../../../src/contract/bill.ts';
import type { OrderMode } from '../../../src/contract/venue.ts';
import type { CachedVenue } from '../venues/index.ts';
import { addDays, dayPartOf } from '../../../src/contract/reports.ts';
import { dayStartMinutes } from './day.ts';
import * as sql from './queries.ts';

/** A dish a payment completes the sale of (tax-inclusive `amount`). */
export interface SoldLine {
  productId: string;
  name: string;
  quantity: number;
  amount: number;
  taxRate: number;
  /** Its category when it was sold (default: its category on the venue's menu now). */
  category?: { id: string; name: string };
  /** The member of staff who added it at the table (the floor), and the round it went in. */
  waiter?: string;
  round?: string;
}

export type SplitKind = 'whole' | 'dishes' | 'equal' | 'amount';

/** What the payment behind a receipt was, beyond the receipt itself. */
export interface SaleContext {
  mode: OrderMode;
  /** The table's session (mode `table`). */
  sessionId?: string;
  /**
   * The dishes whose sale this payment completes: a pickup or delivery order's lines; a table's bill's lines (not
   * the invitations) on the payment that pays it in full.
   */
  sold?: readonly SoldLine[];
  /** The table's bill was paid in full by this payment: how it was paid. */
  split?: SplitKind;
  /** Whether this is the table's first receipt (read from `bill_payments` when not given). */
  first?: boolean;
  /** Paid from the phone: the provider (`redsys`, `stripe`). */
  provider?: string;
  /** The table's bill was paid in full by this payment: when its session opened and how many rounds it sent. */
  table?: { openedAt: Date; rounds: number };
}

export interface Fact {
  metric: string;
  key: string;
  label?: string;
  n?: number;
  amount?: number;
  extra?: number;
}

/** A line's amount without its tax (minor units, rounded half up). */
export const netOf = (amount: number, taxRate: number): number => Math.round((amount * 10_000) / (10_000 + taxRate));

/** The venue's day and clock hour at `at` (docs/rules.md#reports). */
export function venueDayOf(entry: CachedVenue, at: Date): { day: string; hour: number } {
  const clock = zonedClock(at, entry.venue.timezone);
  const start = dayStartMinutes(entry.venue.hours);
  return {
    day: clock.minutes < start ? addDays(clock.date, -1) : clock.date,
    hour: Math.floor(clock.minutes / 60),
  };
}

/** The facts one receipt adds (pure: the covers are given). */
export function factsOf(
  entry: CachedVenue,
  receipt: Pick<Receipt, 'taxes' | 'amount' | 'tip' | 'method'> & { provider?: string },
  hour: number,
  sale: SaleContext | undefined,
  newOrder: boolean,
  covers: number,
  /** The clock's hour the table opened at (with `sale.table`). */
  openedHour = 0,
): Fact[] {
  const net = receipt.taxes.reduce((sum, t) => sum + t.base, 0);
  const orders = newOrder ? 1 : 0;
  const facts: Fact[] = [
    { metric: 'sales', key: '', n: orders, amount: net, extra: receipt.tip },
    { metric: 'hour', key: String(hour).padStart(2, '0'), n: orders, amount: net },
    {
      metric: 'method',
      key:
        (receipt.provider ?? sale?.provider)
          ? `${receipt.method}:${receipt.provider ?? sale?.provider}`
          : receipt.method,
      n: receipt.amount >= 0 ? 1 : 0,
      amount: receipt.amount,
      extra: receipt.tip,
    },
  ];
  for (const t of receipt.taxes) facts.push({ metric: 'tax', key: String(t.rate), amount: t.base, extra: t.tax });
  if (sale) {
    facts.push({ metric: 'mode', key: sale.mode, n: orders, amount: net });
    if (sale.mode === 'table') facts.push({ metric: 'covers', key: '', n: covers, amount: net });
    for (const line of sale.sold ?? []) {
      const lineNet = netOf(line.amount, line.taxRate);
      facts.push({ metric: 'dish', key: line.productId, label: line.name, n: line.quantity, amount: lineNet });
      const found = entry.products.get(line.productId);
      const category =
        line.category ?? (found ? entry.venue.categories.find((c) => c.id === found.categoryId) : undefined);
      facts.push({
        metric: 'category',
        key: category?.id ?? '',
        label: category?.name ?? '',
        amount: lineNet,
      });
    }
    // By waiter: the lines staff added, and the rounds they put lines in (one per waiter and round).
    const waiterRounds = new Set<string>();
    for (const line of sale.sold ?? []) {
      if (!line.waiter) continue;
      const first = !waiterRounds.has(`${line.waiter}\u0000${line.round ?? ''}`);
      waiterRounds.add(`${line.waiter}\u0000${line.round ?? ''}`);
      facts.push({ metric: 'waiter', key: line.waiter, n: first ? 1 : 0, amount: netOf(line.amount, line.taxRate) });
    }
    if (sale.split) facts.push({ metric: 'split', key: sale.split, n: 1 });
    if (sale.table) facts.push({ metric: 'rounds', key: dayPartOf(openedHour), n: 1, amount: sale.table.rounds });
  }
  return facts;
}

/** Adds facts to a venue's day (one statement; facts with the same metric and key summed first). */
export async function addFacts(tx: Queryable, venueId: string, day: string, facts: readonly Fact[]): Promise<void> {
  const merged = new Map<string, Required<Fact>>();
  for (const f of facts) {
    const k = `${f.metric}\u0000${f.key}`;
    const row = merged.get(k) ?? { metric: f.metric, key: f.key, label: '', n: 0, amount: 0, extra: 0 };
    if (f.label) row.label = f.label;
    row.n += f.n ?? 0;
    row.amount += f.amount ?? 0;
    row.extra += f.extra ?? 0;
    merged.set(k, row);
  }
  await sql.upsertFacts(tx, venueId, day, [...merged.values()]);
}

/**
 * Adds a receipt to the venue's day in `report_days` (call it in the transaction that issues the receipt, before the
 * payment's row is written).
 */
export async function recordReceipt(
  tx: Queryable,
  entry: CachedVenue,
  receipt: Receipt & { provider?: string },
  at: Date,
  sale?: SaleContext,
): Promise<void> {
  const { day, hour } = venueDayOf(entry, at);
  let newOrder = false;
  let covers = 0;
  if (sale && receipt.amount > 0) {
    if (sale.mode !== 'table' || !sale.sessionId) newOrder = true;
    else {
      newOrder = sale.first ?? !(await sql.sessionPaidBefore(tx, sale.sessionId));
      if (newOrder) covers = Math.max(1, await sql.peopleAt(tx, sale.sessionId));
    }
  }
  const openedHour = sale?.table ? venueDayOf(entry, sale.table.openedAt).hour : 0;
  await addFacts(tx, entry.venue.id, day, factsOf(entry, receipt, hour, sale, newOrder, covers, openedHour));
}

/**
 * Adds a kitchen ticket's time (seconds from reaching its station to its bump) to the venue's day of its arrival, by
 * station and clock hour (`report_days` metric `kitchen`, key `{station}|{hour}`, the seconds listed in `label`); a
 * reopened ticket (`undo`) lists its time with a minus, which takes it back. Call it in the bump's transaction.
 */
export async function recordTicketTime(
  tx: Queryable,
  entry: CachedVenue,
  station: string,
  releasedAt: number,
  doneAt: number,
  undo = false,
): Promise<void> {
  const { day, hour } = venueDayOf(entry, new Date(releasedAt));
  const seconds = Math.max(0, Math.round((doneAt - releasedAt) / 1000));
  await sql.appendTicketTime(tx, entry.venue.id, day, `${station}|${hour}`, undo ? -seconds : seconds);
}
