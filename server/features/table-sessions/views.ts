/**
 * Reading a table session: the participants' view (`TableSession`, its cart priced from the current menu) and the
 * staff view (`StaffTableSession`, for the board). A closed session has nothing in either.
 */
import type { Queryable } from '../../platform/db/database.ts';
import type { CachedVenue, VenueStore } from '../venues/index.ts';
import { findOption } from '../venues/index.ts';
import { TABLE_USER_PREFIX } from '../orders/index.ts';
import type { Order } from '../../../src/contract/order.ts';
import { lineTotalOf, subtotalOf, unitCountOf } from '../../../src/contract/money.ts';
import type {
  Participant,
  StaffTableSession,
  TableCall,
  TableCartLine,
  TableSession,
} from '../../../src/contract/table.ts';
import {
  cartLinesOf,
  participantsOf,
  roundDocsOf,
  sessionById,
  type LineRow,
  type PersonRow,
  type SessionRow,
} from './queries.ts';
import { openCallsOf, type CallRow } from './calls/queries.ts';

/**
 * A cart line priced from the venue's current menu (options no longer on the menu are left out). `by`: the name of
 * the participant who added it; a line a member of staff added carries its own (`by_name`, docs/rules.md#the-floor).
 */
export function pricedLine(entry: CachedVenue | undefined, row: LineRow, by: string): TableCartLine {
  const optionIds = JSON.parse(row.option_ids) as string[];
  const found = entry?.products.get(row.product_id);
  const options: TableCartLine['options'] = [];
  for (const id of optionIds) {
    const hit = found ? findOption(found.product, id) : undefined;
    if (hit) options.push({ id, name: hit.option.name, priceDelta: hit.option.priceDelta });
  }
  const unitPrice = found ? Math.max(0, found.product.price + options.reduce((sum, o) => sum + o.priceDelta, 0)) : 0;
  return {
    id: row.id,
    participantId: row.participant_id,
    by: row.by_name ?? by,
    ...(row.by_name ? { byStaff: true } : {}),
    ...(row.guest ? { guest: row.guest } : {}),
    productId: row.product_id,
    name: found?.product.name ?? row.name,
    options,
    optionIds,
    ...(row.note ? { note: row.note } : {}),
    quantity: row.quantity,
    unitPrice,
    lineTotal: lineTotalOf({ unitPrice, quantity: row.quantity }),
    addedAt: row.added_at,
  };
}

export const toCall = (r: CallRow, names?: ReadonlyMap<string, string>): TableCall => ({
  id: r.id,
  kind: r.kind,
  at: r.at,
  ...(r.acknowledged_at ? { acknowledgedAt: r.acknowledged_at } : {}),
  ...(r.participant_id
    ? { participantId: r.participant_id, ...(names?.get(r.participant_id) ? { by: names.get(r.participant_id)! } : {}) }
    : {}),
});

/** The rows of an open session: its people, cart, rounds and open calls (`gone`: the people staff removed). */
export interface SessionRows {
  people: PersonRow[];
  gone?: PersonRow[];
  lineRows: LineRow[];
  roundRows: Array<{ doc: string }>;
  callRows: CallRow[];
}

/** Reads a session's rows (four statements sent together: one round trip). */
export async function readRows(q: Queryable, s: Pick<SessionRow, 'id'>): Promise<SessionRows> {
  const [everyone, lineRows, roundRows, callRows] = await Promise.all([
    participantsOf(q, s.id),
    cartLinesOf(q, s.id),
    roundDocsOf(q, TABLE_USER_PREFIX + s.id),
    openCallsOf(q, s.id),
  ]);
  const people = everyone.filter((p) => !p.removed_at);
  const gone = everyone.filter((p) => p.removed_at);
  return { people, ...(gone.length ? { gone } : {}), lineRows, roundRows, callRows };
}

/** A session's parts from its rows, the cart priced from the venue's current menu. */
export function partsOf(venues: VenueStore, s: SessionRow, rows: SessionRows) {
  const participants: Participant[] = rows.people.map((p) => ({ id: p.id, name: p.name, joinedAt: p.joined_at }));
  // Lines and calls of a person staff removed still name them.
  const names = new Map([...(rows.gone ?? []), ...rows.people].map((p) => [p.id, p.name]));
  const entry = venues.get(s.venue_id);
  const lines = rows.lineRows.map((row) => pricedLine(entry, row, names.get(row.participant_id) ?? ''));
  const rounds = rows.roundRows.map((r) => JSON.parse(r.doc) as Order);
  const calls = rows.callRows.map((r) => toCall(r, names));
  return { participants, names, lines, lineRows: rows.lineRows, rounds, calls };
}

/** Everything of an open session, read at once (four statements in parallel). */
export async function readParts(q: Queryable, venues: VenueStore, s: SessionRow) {
  return partsOf(venues, s, await readRows(q, s));
}

const closedShape = (s: SessionRow): TableSession => ({
  id: s.id,
  venueId: s.venue_id,
  table: s.label,
  status: 'closed',
  closedAt: s.closed_at ?? s.opened_at,
  version: s.version,
  participants: [],
  cart: { lines: [], subtotal: 0, count: 0 },
  rounds: [],
  calls: [],
});

/** Both views of a session as `q` sees it. */
export async function views(
  q: Queryable,
  venues: VenueStore,
  s: SessionRow,
): Promise<{ session: TableSession; staff: StaffTableSession }> {
  return s.status === 'closed' ? closedViews(s) : viewsOf(venues, s, await readRows(q, s));
}

function closedViews(s: SessionRow): { session: TableSession; staff: StaffTableSession } {
  return {
    session: closedShape(s),
    staff: {
      id: s.id,
      table: s.label,
      status: 'closed',
      openedAt: s.opened_at,
      closedAt: s.closed_at ?? s.opened_at,
      participants: [],
      cartCount: 0,
      rounds: [],
      calls: [],
    },
  };
}

/** Both views of an open session (`s` at the version they show) from its rows, with no statement. */
export function viewsOf(
  venues: VenueStore,
  s: SessionRow,
  rows: SessionRows,
): { session: TableSession; staff: StaffTableSession } {
  if (s.status === 'closed') return closedViews(s);
  const { participants, lines, rounds, calls } = partsOf(venues, s, rows);
  return {
    session: {
      id: s.id,
      venueId: s.venue_id,
      table: s.label,
      status: 'open',
      openedAt: s.opened_at,
      version: s.version,
      participants,
      cart: { lines, subtotal: subtotalOf(lines), count: unitCountOf(lines) },
      rounds,
      calls,
      ...(s.paid_at ? { paidAt: s.paid_at } : {}),
    },
    staff: {
      id: s.id,
      table: s.label,
      status: 'open',
      openedAt: s.opened_at,
      participants,
      cartCount: unitCountOf(lines),
      rounds,
      calls,
      ...(s.paid_at ? { paidAt: s.paid_at } : {}),
      ...(s.new_group_at ? { newGroupAt: s.new_group_at } : {}),
      ...(s.opened_by ? { openedByStaff: true } : {}),
    },
  };
}

/** The participant's view of the session as it is now. */
export async function snapshot(q: Queryable, venues: VenueStore, session: SessionRow): Promise<TableSession> {
  const fresh = await sessionById(q, session.id);
  return (await views(q, venues, fresh ?? session)).session;
}
