/**
 * «Lo antes posible» (docs/rules.md#pickup-times): when a new pickup or delivery order would be ready, from the
 * kitchen's real load. Each station the order needs works through its open tickets (released, not done), each as
 * long as its slowest dish's preparation time, `STATION_PARALLEL` tickets at a time; the order is ready when its
 * slowest station has worked through that queue and then prepared the order's own dishes there.
 */
import type { Queryable } from '../../platform/db/database.ts';
import * as sql from './queries.ts';
import type { Order } from '../../../src/contract/order.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import { stationOf, stationsOf } from '../../../src/contract/kitchen.ts';
import { prepMinutesOf } from '../../../src/contract/pickup.ts';

/** How many tickets a station prepares side by side. */
export const STATION_PARALLEL = 3;
/** At most this many open tickets are read (a busier kitchen is quoted as this busy). */
const OPEN_TICKETS_READ = 500;

interface Dish {
  station: string;
  prep: number;
}

/** Each dish of the venue: its station and its preparation time. */
export function dishesOf(venue: Venue): Map<string, Dish> {
  const dishes = new Map<string, Dish>();
  for (const category of venue.categories)
    for (const product of category.products)
      dishes.set(product.id, { station: stationOf(venue, category, product), prep: prepMinutesOf(category, product) });
  return dishes;
}

/** The dishes of an order's lines (a set menu's chosen and included dishes instead of the set). */
export function productIdsOf(
  lines: ReadonlyArray<{
    productId: string;
    choices?: Array<{ productId: string }> | undefined;
    included?: Array<{ productId: string }> | undefined;
  }>,
): string[] {
  return lines.flatMap((l) =>
    l.choices?.length
      ? [...l.choices.map((c) => c.productId), ...(l.included ?? []).map((d) => d.productId)]
      : [l.productId],
  );
}

/** The longest preparation at each station of these dishes. */
export function prepByStation(
  dishes: ReadonlyMap<string, Dish>,
  productIds: readonly string[],
  fallback: string,
): Map<string, number> {
  const need = new Map<string, number>();
  for (const id of productIds) {
    const dish = dishes.get(id) ?? { station: fallback, prep: prepMinutesOf(undefined, undefined) };
    need.set(dish.station, Math.max(need.get(dish.station) ?? 0, dish.prep));
  }
  return need;
}

/** Minutes of work queued at each station: the sum of its open tickets' preparation times. */
export async function stationLoad(
  q: Queryable,
  venue: Venue,
  dishes: ReadonlyMap<string, Dish>,
): Promise<Map<string, number>> {
  const load = new Map<string, number>();
  const orders = new Map<string, Order>();
  for (const row of await sql.openTicketsWithOrders(q, venue.id, OPEN_TICKETS_READ)) {
    let order = orders.get(row.order_id);
    if (!order) orders.set(row.order_id, (order = JSON.parse(row.order_doc) as Order));
    const ticket = JSON.parse(row.ticket) as { lines: Array<{ orderLine?: number; choice?: number }> };
    let prep = 0;
    for (const line of ticket.lines) {
      const source = line.orderLine === undefined ? undefined : order.lines[line.orderLine];
      const productId =
        source && line.choice !== undefined ? source.choices?.[line.choice]?.productId : source?.productId;
      prep = Math.max(
        prep,
        productId
          ? (dishes.get(productId)?.prep ?? prepMinutesOf(undefined, undefined))
          : prepMinutesOf(undefined, undefined),
      );
    }
    load.set(row.station, (load.get(row.station) ?? 0) + prep);
  }
  return load;
}

/**
 * Minutes until an order of these dishes would be ready, from the kitchen's open tickets now; without dishes, an
 * order needing every station, each at the default preparation time (what the checkout shows before it asks).
 */
export async function quoteMinutes(
  q: Queryable,
  venue: Venue,
  lines: ReadonlyArray<{ productId: string }> | undefined,
): Promise<number> {
  const dishes = dishesOf(venue);
  const need = lines?.length
    ? prepByStation(
        dishes,
        lines.map((l) => l.productId),
        stationsOf(venue)[0]!.id,
      )
    : new Map(stationsOf(venue).map((s) => [s.id, prepMinutesOf(undefined, undefined)]));
  const load = await stationLoad(q, venue, dishes);
  let minutes = 0;
  for (const [station, own] of need)
    minutes = Math.max(minutes, Math.ceil((load.get(station) ?? 0) / STATION_PARALLEL) + own);
  return minutes;
}
