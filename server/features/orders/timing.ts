/**
 * When a pickup or delivery order will be ready (docs/rules.md#pickup-times): the slot the diner chose (its place
 * taken in the order's transaction) or «lo antes posible» quoted from the kitchen's load; and staff moving an
 * order's ready time («+10 min» on the board), which every open page of that order receives as an `order` event.
 */
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { Order, OrderInput } from '../../../src/contract/order.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import { PICKUP_MESSAGES, pickupRules, type PickupSlots } from '../../../src/contract/pickup.ts';
import { isOpenAt } from '../../platform/hours.ts';
import { problem } from '../../platform/problem.ts';
import { findSlot, nextFreeSlots, pickupDays, slotsOf, takePlace, zonedIso } from './slots.ts';
import { productIdsOf, quoteMinutes } from './quote.ts';
import * as sql from './queries.ts';

const MINUTE = 60_000;

/** What a pickup or delivery order adds to its document, and the place it takes in its transaction. */
export interface TimingPlan {
  fields: Pick<Order, 'pickupAt' | 'asap' | 'readyBy'>;
  /** In the order's transaction: takes the slot's place, or throws 409 «Esa hora se acaba de llenar». */
  reserve(tx: Queryable): Promise<void>;
}

export interface OrderTiming {
  /** Before the order's transaction: undefined for a table round. */
  plan(venue: Venue, input: OrderInput, lines: Order['lines'], at: Date): Promise<TimingPlan | undefined>;
  /** The slots of `date` (the venue's today when absent) and when «lo antes posible» would be ready now. */
  slots(venue: Venue, date: string | undefined, productIds: readonly string[] | undefined): Promise<PickupSlots>;
  /** Staff move an order's ready time (`moveReadyBy`). */
  moveReadyBy(venueId: string, orderId: string, minutes: number): Promise<Order>;
}

const hhmm = (iso: string) => iso.slice(11, 16);

/** When an order of these dishes (any dish of every station when none are given) would be ready if placed at `at`. */
async function asapAt(q: Queryable, venue: Venue, productIds: readonly string[] | undefined, at: Date) {
  const minutes = await quoteMinutes(
    q,
    venue,
    productIds?.map((productId) => ({ productId })),
  );
  return zonedIso(Math.ceil((at.getTime() + minutes * MINUTE) / MINUTE) * MINUTE, venue.timezone);
}

export function createOrderTiming(db: Db, events?: EventBus, now: () => Date = () => new Date()): OrderTiming {
  return {
    async slots(venue, date, productIds) {
      const at = now();
      const days = pickupDays(venue, at);
      const day = date ?? days[0]!;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day))
        throw problem('validation', 422, PICKUP_MESSAGES.dateInvalid, {
          errors: { date: [PICKUP_MESSAGES.dateInvalid] },
        });
      if (!days.includes(day))
        throw problem('validation', 422, PICKUP_MESSAGES.dateOutOfRange, {
          errors: { date: [PICKUP_MESSAGES.dateOutOfRange] },
        });
      const [slots, asap] = await Promise.all([
        slotsOf(db, venue, day, at),
        isOpenAt(venue.hours, venue.timezone, at) ? asapAt(db, venue, productIds, at) : undefined,
      ]);
      return { date: day, slots, ...(asap ? { asap } : {}), days };
    },
    moveReadyBy: (venueId, orderId, minutes) => moveReadyBy(db, events, venueId, orderId, minutes, now()),
    async plan(venue, input, lines, at) {
      if (input.mode === 'table') return undefined;
      if (input.pickupAt !== undefined && input.asap) {
        throw problem('validation', 422, PICKUP_MESSAGES.slotOrAsap, {
          errors: { pickupAt: [PICKUP_MESSAGES.slotOrAsap] },
        });
      }
      if (input.pickupAt === undefined) {
        const readyBy = await asapAt(db, venue, productIdsOf(lines), at);
        return { fields: { asap: true, readyBy }, reserve: () => Promise.resolve() };
      }
      const slot = findSlot(venue, input.pickupAt, at);
      if (!slot) {
        throw problem('validation', 422, PICKUP_MESSAGES.slotUnknown, {
          errors: { pickupAt: [PICKUP_MESSAGES.slotUnknownField] },
          slots: await nextFreeSlots(db, venue, at.getTime(), at),
        });
      }
      const start = zonedIso(slot.start, venue.timezone);
      return {
        fields: { pickupAt: start, readyBy: start },
        async reserve(tx) {
          if (await takePlace(tx, venue.id, slot.key, pickupRules(venue).ordersPerSlot)) return;
          const slots = await nextFreeSlots(tx, venue, slot.start, at);
          throw problem('slotFull', 409, PICKUP_MESSAGES.slotFullDetail(slots.map((s) => hhmm(s.start)).join(', ')), {
            slots,
          });
        },
      };
    },
  };
}

/**
 * Moves an order's ready time by `minutes` (from its current one, or from now when it has none or it has
 * passed), in one transaction with its `order` event.
 */
async function moveReadyBy(
  db: Db,
  events: EventBus | undefined,
  venueId: string,
  orderId: string,
  minutes: number,
  now: Date,
): Promise<Order> {
  const order = await db.hotTransaction(async (tx) => {
    const row = await sql.orderWithOwner(tx, orderId, db.forUpdate);
    const found = row ? (JSON.parse(row.doc) as Order) : undefined;
    if (!row || !found || found.venueId !== venueId) throw problem('notFound', 404, PICKUP_MESSAGES.orderNotFound);
    if (found.status === 'delivered' || found.status === 'cancelled')
      throw problem('invalidTransition', 409, PICKUP_MESSAGES.orderClosed);
    const current = found.readyBy ? Date.parse(found.readyBy) : Number.NaN;
    const floor = Math.floor(now.getTime() / MINUTE) * MINUTE;
    // Later is counted from now when the time has passed; earlier, from the time the order has.
    const from = Number.isFinite(current) ? (minutes > 0 ? Math.max(current, floor) : current) : floor;
    found.readyBy = zonedIso(from + minutes * MINUTE, found.timezone ?? 'UTC');
    const json = JSON.stringify(found);
    await Promise.all([
      sql.updateOrderStatus(tx, found.id, found.status, json),
      events?.append(tx, {
        venueId,
        orderId: found.id,
        sessionId: row.user_id.startsWith('table:') ? row.user_id.slice(6) : undefined,
        type: 'order',
        data: json,
      }),
      tx.commit(),
    ]);
    return found;
  });
  events?.committed(venueId);
  return order;
}
