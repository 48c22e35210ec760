/**
 * A venue's generated past (scripts/demo-history.ts): for each day before today, its table sessions (people who
 * joined, rounds, kitchen tickets bumped per station, voids, invitations, discounts, payments split as tables
 * split them, now and then a table closed unpaid) and its pickup and delivery orders, one transaction per day.
 * The rows are written with the server's own SQL shapes; every receipt is issued by the server's receipt issuer
 * (its number, its VERI*FACTU record when the venue's NIF is confirmed, and the reports' rollup), so the history
 * reconciles exactly as live sales do. Lunch and dinner peak, weekends and summer are busier. Deterministic per seed.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../../server/platform/db/database.ts';
import type { Server } from '../../server/main.ts';
import { billingContext, createReceipts, zonedIso } from '../../server/features/billing/index.ts';
import { zoneClock } from '../../server/features/reports/index.ts';
import type { CachedVenue } from '../../server/features/venues/index.ts';
import { toMinutes, WEEKDAYS } from '../../src/contract/hours.ts';
import { addDays } from '../../src/contract/reports.ts';
import { BILL_STRINGS, type ReceiptLine } from '../../src/contract/bill.ts';
import type { Order, OrderLine } from '../../src/contract/order.ts';
import type { Venue } from '../../src/contract/venue.ts';
import { menuOf, type HistoryDish } from './menu.ts';
import { sessionOf, type Line } from './table.ts';
import { randomSource, tipOf, writeOrder, writePayment, type Random } from './rows.ts';

export interface HistoryCounts {
  days: number;
  sessions: number;
  orders: number;
  tickets: number;
  receipts: number;
}

const NAMES = ['Ana', 'Luis', 'Marta', 'Pau', 'Vicent', 'Laura', 'Jordi', 'Carmen', 'Sergio', 'Nuria', 'Toni', 'Elena'];
const CUSTOMERS = ['Amparo Ferrer', 'Joan Martí', 'Rosa Soler', 'Miguel Torres', 'Lucía Vidal', 'Andreu Peris'];

/** Writes `days` days of history for `venueId`, ending yesterday (the venue's day). */
export async function writeHistory(
  server: Server,
  venueId: string,
  days: number,
  seed = 39,
  log: (line: string) => void = () => {},
): Promise<HistoryCounts> {
  const { db, venues, events, config } = server.deps;
  const entry = venues.get(venueId);
  if (!entry) throw new Error(`No existe el local ${venueId}`);
  const venue: Venue = entry.venue;
  const receipts = createReceipts(
    billingContext(db, venues, events, { verifactuEnvironment: config.verifactuEnvironment }),
  );
  const rnd = randomSource(seed);
  const today = zonedIso(new Date(), venue.timezone).slice(0, 10);
  const first = addDays(today, -days);
  const clock = zoneClock(venue.timezone, 0, first, today);
  const counts: HistoryCounts = { days: 0, sessions: 0, orders: 0, tickets: 0, receipts: 0 };
  const existing = await db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM orders WHERE venue_id = ? AND number LIKE 'H%' AND day >= ?",
    [venueId, first],
  );
  if (Number(existing?.n ?? 0) > 0)
    throw new Error(`${venueId} ya tiene historial generado desde ${first}: genera sobre una base de datos nueva.`);
  const tables = venue.tables ?? ['1'];

  for (let i = 0; i < days; i++) {
    const date = addDays(first, i);
    const weekday = WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;
    const intervals = venue.hours[weekday] ?? [];
    if (!intervals.length) continue;
    const month = Number(date.slice(5, 7));
    const season = month >= 6 && month <= 8 ? 1.25 : month === 12 ? 1.15 : month <= 2 ? 0.85 : 1;
    const dayFactor = { mon: 0.9, tue: 0.9, wed: 1, thu: 1.05, fri: 1.3, sat: 1.6, sun: 1.4 }[weekday];
    const menu = menuOf(venue, days - i, month);
    await db.transaction(async (tx) => {
      let number = 0;
      const nextNumber = () => `H${date.slice(5).replace('-', '')}-${++number}`;
      for (const [k, { open, close }] of intervals.entries()) {
        const from = toMinutes(open);
        let to = toMinutes(close);
        if (to <= from) to += 24 * 60;
        const lunch = k === 0 && from < 17 * 60;
        const peak = lunch ? Math.min(to - 60, 14 * 60 + 15) : Math.min(to - 60, 21 * 60 + 45);
        const at = (minutes: number) =>
          clock.instant(minutes >= 24 * 60 ? addDays(date, 1) : date, Math.round(minutes) % (24 * 60));
        const sessions = Math.round((lunch ? 20 : 24) * dayFactor * season * rnd.between(0.8, 1.2));
        for (let n = 0; n < sessions; n++) {
          const start = rnd.peaked(from, peak, Math.max(peak + 1, to - 45));
          const written = await sessionOf(tx, receipts, {
            entry,
            rnd,
            menu,
            label: rnd.pick(tables),
            start: at(start),
            peakLoad: 1 - Math.abs(start - peak) / (to - from),
            names: NAMES,
            number: nextNumber,
          });
          counts.sessions++;
          counts.orders += written.orders;
          counts.tickets += written.tickets;
          counts.receipts += written.receipts;
        }
        const takeaway = Math.round(rnd.between(3, 8) * dayFactor);
        for (let n = 0; n < takeaway; n++) {
          const mode = rnd.chance(0.6) ? 'pickup' : 'delivery';
          if (!venue.orderModes.includes(mode)) continue;
          const t = at(rnd.peaked(from, peak, to - 20));
          const w = await takeawayOf(tx, receipts, entry, rnd, menu, mode, t, nextNumber());
          counts.orders++;
          counts.tickets += w.tickets;
          counts.receipts++;
        }
      }
    });
    counts.days++;
    if (counts.days % 30 === 0) log(`  ${date}: ${counts.receipts} recibos hasta ahora`);
  }
  return counts;
}

type Receipts = ReturnType<typeof createReceipts>;

async function takeawayOf(
  tx: Queryable,
  receipts: Receipts,
  entry: CachedVenue,
  rnd: Random,
  menu: readonly HistoryDish[],
  mode: 'pickup' | 'delivery',
  placed: number,
  number: string,
): Promise<{ tickets: number }> {
  const { venue } = entry;
  const food = menu.filter((d) => !d.drink);
  const lines: Line[] = [];
  for (let k = rnd.int(2, 4); k > 0; k--) {
    const dish = rnd.weighted(food);
    lines.push({ dish, quantity: rnd.int(1, 2), by: '' });
  }
  const orderLines: OrderLine[] = lines.map((l) => ({
    productId: l.dish.productId,
    name: l.dish.name,
    options: l.dish.options,
    quantity: l.quantity,
    unitPrice: l.dish.price,
    lineTotal: l.dish.price * l.quantity,
  }));
  const subtotal = orderLines.reduce((sum, l) => sum + l.lineTotal, 0);
  const deliveryFee = mode === 'delivery' ? (venue.deliveryFee ?? 0) : 0;
  const method = rnd.chance(0.6) ? 'card' : 'cash';
  const tip = tipOf(rnd, subtotal, method);
  const createdAt = new Date(placed).toISOString();
  const order: Order = {
    id: randomUUID(),
    number,
    venueId: venue.id,
    venueName: venue.name,
    mode,
    status: 'delivered',
    history: [
      { status: 'received', at: createdAt },
      { status: 'delivered', at: new Date(placed + 30 * 60_000).toISOString() },
    ],
    customer: {
      name: rnd.pick(CUSTOMERS),
      phone: '+34 600 000 000',
      ...(mode === 'delivery' ? { address: 'Carrer de la Reina 10, València' } : {}),
    },
    payment: method,
    lines: orderLines,
    subtotal,
    tip,
    deliveryFee,
    total: subtotal + deliveryFee + tip,
    currency: venue.currency,
    timezone: venue.timezone,
    createdAt,
  };
  const byId = new Map(menu.map((d) => [d.productId, d]));
  const tickets = await writeOrder(
    tx,
    order,
    `history:${createHash('sha1').update(order.customer.name).digest('hex').slice(0, 12)}`,
    null,
    placed,
    rnd,
    (l) => ({ station: byId.get(l.productId)!.station, course: byId.get(l.productId)!.course }),
    0.5,
    entry,
  );
  const receiptLines: ReceiptLine[] = lines.map((l) => ({
    name: l.dish.name,
    productId: l.dish.productId,
    quantity: l.quantity,
    amount: l.dish.price * l.quantity,
    taxRate: l.dish.taxRate,
  }));
  if (deliveryFee)
    receiptLines.push({
      name: BILL_STRINGS.deliveryFee,
      quantity: 1,
      amount: deliveryFee,
      taxRate: venue.taxRate ?? 0,
    });
  await writePayment(tx, receipts, venue, {
    at: placed + Math.round(rnd.between(15, 35) * 60_000),
    amount: subtotal + deliveryFee,
    tip,
    method,
    lines: receiptLines,
    orderId: order.id,
    orderNumber: number,
    sale: {
      mode,
      sold: lines.map((l) => ({
        productId: l.dish.productId,
        name: l.dish.name,
        quantity: l.quantity,
        amount: l.dish.price * l.quantity,
        taxRate: l.dish.taxRate,
        category: { id: l.dish.categoryId, name: l.dish.categoryName },
      })),
    },
  });
  return { tickets };
}
