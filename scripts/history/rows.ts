/** The rows of generated history (scripts/history/generate.ts): a seeded random source, orders with their kitchen tickets, payments with their receipts. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../server/platform/db/database.ts';
import { zonedIso, type createReceipts } from '../../server/features/billing/index.ts';
import { recordTicketTime } from '../../server/features/reports/index.ts';
import type { CachedVenue } from '../../server/features/venues/index.ts';
import type { Payment, ReceiptLine } from '../../src/contract/bill.ts';
import type { Order, OrderLine } from '../../src/contract/order.ts';
import type { Venue } from '../../src/contract/venue.ts';

type Receipts = ReturnType<typeof createReceipts>;

/** A seeded random source (mulberry32). */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    int: (lo: number, hi: number) => Math.floor(lo + (hi - lo + 1) * next()),
    chance: (p: number) => next() < p,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
    weighted<T extends { weight: number }>(items: readonly T[]): T {
      let r = next() * items.reduce((sum, i) => sum + i.weight, 0);
      for (const item of items) if ((r -= item.weight) < 0) return item;
      return items.at(-1)!;
    },
    /** Around `peak` within [lo, hi] (triangular). */
    peaked: (lo: number, peak: number, hi: number) => {
      const u = next();
      const f = (peak - lo) / (hi - lo);
      return u < f ? lo + Math.sqrt(u * (hi - lo) * (peak - lo)) : hi - Math.sqrt((1 - u) * (hi - lo) * (hi - peak));
    },
  };
}
export type Random = ReturnType<typeof randomSource>;

/** The order row and its kitchen tickets (one per station), bumped after a time that grows with the load. */
export async function writeOrder(
  tx: Queryable,
  order: Order,
  userId: string,
  sessionId: string | null,
  placed: number,
  rnd: Random,
  stationOf: (line: OrderLine) => { station: string; course?: string | undefined },
  load: number,
  entry: CachedVenue,
): Promise<number> {
  await tx.run(
    'INSERT INTO orders (id, venue_id, user_id, number, day, status, doc, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [
      order.id,
      order.venueId,
      userId,
      order.number,
      zonedIso(new Date(placed), order.timezone ?? 'UTC').slice(0, 10),
      order.status,
      JSON.stringify(order),
      order.createdAt,
    ],
  );
  const byStation = new Map<
    string,
    { course?: string | undefined; lines: Array<{ line: OrderLine; index: number }> }
  >();
  order.lines.forEach((line, index) => {
    const { station, course } = stationOf(line);
    const s = byStation.get(station) ?? { course, lines: [] };
    s.lines.push({ line, index });
    byStation.set(station, s);
  });
  let position = 0;
  for (const [station, s] of byStation) {
    const bar = station === 'barra';
    const seconds = bar
      ? rnd.between(45, 300)
      : rnd.between(300, 900) * (1 + load * 0.8) + (rnd.chance(0.06) ? rnd.between(420, 900) : 0);
    const doc = {
      id: randomUUID(),
      orderId: order.id,
      orderNumber: order.number,
      station,
      mode: order.mode,
      ...(order.table ? { table: order.table } : {}),
      customer: order.customer.name,
      createdAt: order.createdAt,
      lines: s.lines.map(({ line, index }) => ({
        name: line.name,
        options: line.options.map((o) => o.name),
        quantity: line.quantity,
        ...(line.by ? { by: line.by } : {}),
        orderLine: index,
      })),
    };
    await tx.run(
      `INSERT INTO tickets (id, venue_id, order_id, session_id, station, course, position, held, cancelled, status, doc, created_at, released_at, done_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 'done', ?, ?, ?, ?)`,
      [
        doc.id,
        order.venueId,
        order.id,
        sessionId,
        station,
        s.course ?? null,
        position++,
        JSON.stringify(doc),
        placed,
        placed,
        placed + Math.round(seconds * 1000),
      ],
    );
    await recordTicketTime(tx, entry, station, placed, placed + Math.round(seconds * 1000));
  }
  return byStation.size;
}

/** A payment's row, its receipt issued by the server's issuer (with the reports' rollup). */
export async function writePayment(
  tx: Queryable,
  receipts: Receipts,
  venue: Venue,
  p: {
    at: number;
    amount: number;
    tip: number;
    method: 'card' | 'cash';
    lines: ReceiptLine[];
    table?: string;
    sessionId?: string;
    orderId?: string;
    orderNumber?: string;
    lineIds?: string[];
    sale: Parameters<Receipts['issue']>[5];
  },
): Promise<void> {
  const id = randomUUID();
  const at = new Date(p.at);
  const { receipt } = await receipts.issue(
    tx,
    venue,
    id,
    at,
    {
      lines: p.lines,
      amount: p.amount,
      tip: p.tip,
      method: p.method,
      ...(p.table ? { table: p.table } : {}),
      ...(p.orderNumber ? { orderNumber: p.orderNumber } : {}),
    },
    p.sale,
  );
  const payment: Payment = {
    id,
    venueId: venue.id,
    ...(p.table ? { table: p.table } : {}),
    ...(p.sessionId ? { sessionId: p.sessionId } : {}),
    ...(p.orderId ? { orderId: p.orderId } : {}),
    amount: p.amount,
    tip: p.tip,
    method: p.method,
    ...(p.lineIds ? { lineIds: p.lineIds } : {}),
    createdAt: at.toISOString(),
    receiptId: receipt.id,
  };
  await tx.run(
    `INSERT INTO bill_payments (id, venue_id, session_id, order_id, request_id, amount, tip, method, day, doc, receipt_id, idem_key, body_hash, created_at)
    VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      venue.id,
      p.sessionId ?? null,
      p.orderId ?? null,
      p.amount,
      p.tip,
      p.method,
      receipt.issuedAt.slice(0, 10),
      JSON.stringify(payment),
      receipt.id,
      `history-${id}`,
      '',
      p.at,
    ],
  );
}

/** A tip for a card payment now and then (5–10 %, to 10 cents). */
export const tipOf = (rnd: Random, amount: number, method: 'card' | 'cash') =>
  method === 'card' && rnd.chance(0.35) ? Math.round((amount * rnd.between(0.05, 0.1)) / 10) * 10 : 0;

/** A participant's credential hash nobody holds (the history's people never come back). */
export const deadCredential = () => createHash('sha256').update(randomBytes(16)).digest('hex');
