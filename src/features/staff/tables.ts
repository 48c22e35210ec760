/**
 * The board's tables (docs/rules.md#table-sessions), pure: which tables have an open session, in
 * what order they are shown (open calls first, the longest-waiting call
 * first), which calls are new since the last look, the words for them, and
 * the freshest copy of each round (rounds also arrive as plain orders).
 */
import type { Order } from '../../contract/order.ts';
import { TABLE_STRINGS, type CallKind, type StaffTableSession, type TableCall } from '../../contract/table.ts';
import type { BillState } from '../../contract/bill.ts';

/** What each call asks for, in the words of the venue's country (`locale`, src/contract/country-words.ts). */
export function callLabel(kind: CallKind, locale: string | undefined): string {
  return kind === 'waiter' ? TABLE_STRINGS.callWaiter(locale) : TABLE_STRINGS.askBill;
}

const time = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/** "5" < "12" < "Terraza 2": labels compare as people read them. */
const byLabel = (a: string, b: string) => a.localeCompare(b, 'es', { numeric: true, sensitivity: 'base' });

/** Open calls only (the server sends open ones; an acknowledged copy is dropped anyway). */
function openCalls(calls: readonly TableCall[]): TableCall[] {
  return calls.filter((call) => !call.acknowledgedAt).sort((a, b) => time(a.at) - time(b.at));
}

/** The oldest open call's time, or Infinity. */
function firstCallAt(table: StaffTableSession): number {
  const calls = openCalls(table.calls);
  return calls.length ? time(calls[0]!.at) : Infinity;
}

/** Tables with a call first (the one waiting longest first), then by label. Calls of each table oldest first. */
export function sortTables(tables: readonly StaffTableSession[]): StaffTableSession[] {
  return tables
    .map((table) => ({ ...table, calls: openCalls(table.calls) }))
    .sort((a, b) => {
      const calledA = firstCallAt(a);
      const calledB = firstCallAt(b);
      if (calledA !== calledB) return calledA - calledB;
      return byLabel(a.table, b.table);
    });
}

/**
 * One session's staff view from the stream or an answer: an open session
 * replaces the known copy of its table (a new session of a table replaces the
 * old one), a closed one is dropped.
 */
export function applyTable(tables: readonly StaffTableSession[], incoming: StaffTableSession): StaffTableSession[] {
  const rest = tables.filter((table) => table.id !== incoming.id && table.table !== incoming.table);
  if (incoming.status === 'closed' || incoming.closedAt) return rest;
  return [...rest, incoming];
}

/**
 * The whole list from the API, except the sessions the stream changed while
 * that list was being fetched (`touched`: their stream copy, or their absence
 * when closed, is at least as fresh).
 */
export function replaceTables(
  known: readonly StaffTableSession[],
  fetched: readonly StaffTableSession[],
  touched: ReadonlySet<string>,
): StaffTableSession[] {
  let merged = fetched.filter((table) => !touched.has(table.id));
  for (const table of known) {
    if (touched.has(table.id)) merged = applyTable(merged, table);
  }
  return merged;
}

/** The table without one call (acknowledged). */
export function withoutCall(tables: readonly StaffTableSession[], callId: string): StaffTableSession[] {
  return tables.map((table) =>
    table.calls.some((call) => call.id === callId)
      ? { ...table, calls: table.calls.filter((call) => call.id !== callId) }
      : table,
  );
}

/** The list without a table (closed). */
export function withoutTable(tables: readonly StaffTableSession[], label: string): StaffTableSession[] {
  return tables.filter((table) => table.table !== label);
}

export interface TableCallAt {
  table: string;
  call: TableCall;
}

/** Open calls whose id was not seen before, oldest first. */
export function newCalls(tables: readonly StaffTableSession[], known: ReadonlySet<string>): TableCallAt[] {
  return tables
    .flatMap((table) => openCalls(table.calls).map((call) => ({ table: table.table, call })))
    .filter(({ call }) => !known.has(call.id))
    .sort((a, b) => time(a.call.at) - time(b.call.at));
}

/** "Mesa 3 · Mateo pide la cuenta": who called, at which table (card, toast and screen-reader text). */
export function callMessage(table: string, call: Pick<TableCall, 'kind' | 'by'>, locale?: string): string {
  return TABLE_STRINGS.boardCall(table, call.kind, call.by, locale);
}

/** "Mesa 3 · Mateo pide la cuenta", or several joined, for one polite announcement. */
export function callsMessage(calls: readonly TableCallAt[], locale?: string): string {
  return calls.map(({ table, call }) => callMessage(table, call, locale)).join('. ');
}

/**
 * The rounds of a table with the freshest copy of each: a round's status
 * changes arrive as `event: order` (and our own clicks), which the board's
 * order list has first. History only grows, so the longer history wins.
 */
export function freshRounds(rounds: readonly Order[], orders: readonly Order[]): Order[] {
  const byId = new Map(orders.map((order) => [order.id, order]));
  // A void changes no status: the copy with more voided is the later one (docs/rules.md#the-floor).
  const voided = (order: Order) => order.lines.reduce((sum, l) => sum + (l.voided ?? 0), 0);
  return rounds.map((round) => {
    const other = byId.get(round.id);
    if (!other) return round;
    if (other.history.length !== round.history.length)
      return other.history.length > round.history.length ? other : round;
    return voided(other) > voided(round) ? other : round;
  });
}

/** "Ana, Luis y Marta". */
export function peopleText(names: readonly string[]): string {
  return new Intl.ListFormat('es', { type: 'conjunction' }).format(names);
}

/** A table with rounds whose bill is not known yet (`bill` undefined), or whose rounds changed since its bill was read. */
export function billStale(table: StaffTableSession, bill: BillState | undefined): boolean {
  if (!bill) return table.rounds.length > 0;
  const billed = new Set(bill.lines.map((line) => line.id.split(':')[0]));
  return (
    table.rounds.some((round) => round.status !== 'cancelled' && !billed.has(round.id)) ||
    bill.lines.some(
      (line) => !table.rounds.some((round) => round.id === line.id.split(':')[0] && round.status !== 'cancelled'),
    )
  );
}
