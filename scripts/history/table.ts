/**
 * One table session of generated history (scripts/history/generate.ts): the people who joined, 1–4 rounds and their
 * kitchen tickets, now and then a void, an invitation or a discount (with the audit log's entry, as the floor writes
 * it), then the bill paid at once, by dishes or in equal amounts (receipts as the server issues them), or rarely the
 * table closed unpaid.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../server/platform/db/database.ts';
import type { createReceipts } from '../../server/features/billing/index.ts';
import { BILL_STRINGS, type ReceiptLine } from '../../src/contract/bill.ts';
import { CORRECTION_STRINGS } from '../../src/contract/corrections.ts';
import type { Order, OrderLine } from '../../src/contract/order.ts';
import type { CachedVenue } from '../../server/features/venues/index.ts';
import type { HistoryDish } from './menu.ts';
import { recordAudit } from '../../server/features/audit/index.ts';
import { VOID_REASONS } from '../../src/contract/corrections.ts';
import { deadCredential, tipOf, writeOrder, writePayment, type Random } from './rows.ts';

export interface Line {
  dish: HistoryDish;
  quantity: number;
  by: string;
  participantId?: string;
}

interface SessionInput {
  entry: CachedVenue;
  rnd: Random;
  menu: readonly HistoryDish[];
  label: string;
  /** When the first person joined (ms). */
  start: number;
  /** 0–1: how busy the kitchen is at that moment. */
  peakLoad: number;
  names: readonly string[];
  number: () => string;
}

const MANAGER = { id: 'history', name: 'Gerente (historial)' };
const PEOPLE = [1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5, 6];

export async function sessionOf(
  tx: Queryable,
  receipts: ReturnType<typeof createReceipts>,
  s: SessionInput,
): Promise<{ orders: number; tickets: number; receipts: number }> {
  const { entry, rnd, menu, label } = s;
  const { venue } = entry;
  const id = randomUUID();
  const people = Array.from({ length: rnd.pick(PEOPLE) }, (_, k) => ({
    id: randomUUID(),
    name: `${s.names[(k + rnd.int(0, s.names.length - 1)) % s.names.length]!}`,
  }));
  const iso = (ms: number) => new Date(ms).toISOString();
  for (const p of people)
    await tx.run(
      'INSERT INTO table_participants (id, session_id, name, user_id, credential_hash, joined_at) VALUES (?, ?, ?, NULL, ?, ?)',
      [p.id, id, p.name, deadCredential(), iso(s.start)],
    );
  const drinks = menu.filter((d) => d.drink);
  const food = menu.filter((d) => !d.drink && d.course !== 'postres');
  const desserts = menu.filter((d) => d.course === 'postres' || d.productId === 'cafe');
  const roundCount = 1 + (rnd.chance(0.7) ? 1 : 0) + (rnd.chance(0.4) ? 1 : 0) + (rnd.chance(0.15) ? 1 : 0);
  const byId = new Map(menu.map((d) => [d.productId, d]));
  const stationOf = (l: OrderLine) => ({
    station: byId.get(l.productId)!.station,
    course: byId.get(l.productId)!.course,
  });
  let t = Math.round(s.start + rnd.between(3, 8) * 60_000);
  let tickets = 0;
  const rounds: Order[] = [];
  for (let r = 0; r < roundCount; r++) {
    const lines: Line[] = [];
    const add = (dish: HistoryDish, quantity = 1) => {
      const who = rnd.pick(people);
      lines.push({ dish, quantity, by: who.name, participantId: who.id });
    };
    if (r === 0) for (const _ of people) add(rnd.weighted(drinks));
    if (r < roundCount - 1 || roundCount === 1)
      for (let k = rnd.int(1, Math.max(1, people.length)); k > 0; k--) add(rnd.weighted(food), rnd.chance(0.2) ? 2 : 1);
    else for (let k = rnd.int(1, people.length); k > 0; k--) add(rnd.weighted(rnd.chance(0.5) ? desserts : drinks));
    const createdAt = iso(t);
    const orderLines: OrderLine[] = lines.map((l) => ({
      productId: l.dish.productId,
      name: l.dish.name,
      options: l.dish.options,
      quantity: l.quantity,
      unitPrice: l.dish.price,
      lineTotal: l.dish.price * l.quantity,
      by: l.by,
      participantId: l.participantId!,
      cartLineId: randomUUID().slice(0, 12),
    }));
    const subtotal = orderLines.reduce((sum, l) => sum + l.lineTotal, 0);
    const order = {
      id: randomUUID(),
      number: s.number(),
      venueId: venue.id,
      venueName: venue.name,
      mode: 'table',
      table: label,
      status: 'delivered',
      history: [{ status: 'received', at: createdAt }],
      customer: { name: `Mesa ${label}`, phone: '' },
      lines: orderLines,
      subtotal,
      tip: 0,
      deliveryFee: 0,
      total: subtotal,
      currency: venue.currency,
      timezone: venue.timezone,
      createdAt,
    } as Order;
    rounds.push(order);
    tickets += await writeOrder(tx, order, `table:${id}`, id, t, rnd, stationOf, s.peakLoad, entry);
    t += Math.round(rnd.between(15, 35) * 60_000);
  }

  // Corrections, as the floor writes them (an order's line voided, an invitation, a discount).
  const bill = rounds.flatMap((o) => o.lines.map((line, index) => ({ order: o, line, index, comped: false })));
  if (rnd.chance(0.03)) {
    const v = rnd.pick(bill);
    v.line.voided = 1;
    v.line.lineTotal -= v.line.unitPrice;
    v.order.subtotal -= v.line.unitPrice;
    v.order.total -= v.line.unitPrice;
    await tx.run('UPDATE orders SET doc = ? WHERE id = ?', [JSON.stringify(v.order), v.order.id]);
    await recordAudit(tx, {
      venueId: venue.id,
      actor: MANAGER,
      action: 'void',
      table: label,
      reason: rnd.pick(VOID_REASONS),
      at: Date.parse(v.order.createdAt) + 5 * 60_000,
      detail: {
        orderId: v.order.id,
        orderNumber: v.order.number,
        line: v.index,
        name: v.line.name,
        quantity: 1,
        amount: v.line.unitPrice,
      },
    });
  }
  const charged = () => bill.filter((b) => !b.comped && b.line.lineTotal > 0);
  const adjustments: ReceiptLine[] = [];
  const at = t - 10 * 60_000;
  if (rnd.chance(0.02) && charged().length > 1) {
    const c = rnd.pick(charged());
    c.comped = true;
    const amount = c.line.lineTotal;
    const lineId = `${c.order.id}:${c.index}`;
    const doc = {
      id: randomUUID(),
      kind: 'comp',
      name: CORRECTION_STRINGS.compOf(c.line.name),
      amount,
      lineIds: [lineId],
      reason: 'Cliente habitual',
      by: MANAGER.name,
      createdAt: new Date(at).toISOString(),
    };
    await tx.run(
      'INSERT INTO bill_adjustments (id, venue_id, session_id, kind, amount, doc, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [doc.id, venue.id, id, 'comp', amount, JSON.stringify(doc), at],
    );
    await recordAudit(tx, {
      venueId: venue.id,
      actor: MANAGER,
      action: 'comp',
      table: label,
      reason: doc.reason,
      at,
      detail: { sessionId: id, amount, lineIds: [lineId], lines: [c.line.name] },
    });
    adjustments.push({
      name: doc.name,
      quantity: 1,
      amount: -amount,
      taxRate: c.order.lines[c.index] ? byId.get(c.line.productId)!.taxRate : 0,
    });
  }
  const gross = charged().reduce((sum, b) => sum + b.line.lineTotal, 0);
  let total = gross;
  if (rnd.chance(0.02)) {
    const amount = Math.round(gross / 10);
    const doc = {
      id: randomUUID(),
      kind: 'discount',
      name: 'Descuento 10 %',
      amount,
      percent: 10,
      reason: rnd.pick(['Cumpleaños', 'Espera larga', 'Cliente habitual']),
      by: MANAGER.name,
      createdAt: new Date(at + 60_000).toISOString(),
    };
    await tx.run(
      'INSERT INTO bill_adjustments (id, venue_id, session_id, kind, amount, doc, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [doc.id, venue.id, id, 'discount', amount, JSON.stringify(doc), at + 60_000],
    );
    await recordAudit(tx, {
      venueId: venue.id,
      actor: MANAGER,
      action: 'discount',
      table: label,
      reason: doc.reason,
      at: at + 60_000,
      detail: { sessionId: id, amount, percent: 10 },
    });
    adjustments.push({ name: doc.name, quantity: 1, amount: -amount, taxRate: venue.taxRate ?? 0 });
    total -= amount;
  }

  // The bill: paid at once, by dishes, in equal amounts — or, rarely, the table closed unpaid.
  const payAt = Math.round(t + rnd.between(5, 25) * 60_000);
  const closeAt = Math.round(payAt + rnd.between(1, 10) * 60_000);
  let receiptCount = 0;
  const sold = charged().map((b) => {
    const dish = byId.get(b.line.productId)!;
    return {
      productId: dish.productId,
      name: dish.name,
      quantity: b.line.quantity - (b.line.voided ?? 0),
      amount: b.line.lineTotal,
      taxRate: dish.taxRate,
      category: { id: dish.categoryId, name: dish.categoryName },
    };
  });
  const rate = venue.taxRate ?? 0;
  const share = (amount: number): ReceiptLine[] => [
    { name: BILL_STRINGS.shareOfBill(label), quantity: 1, amount, taxRate: rate },
  ];
  const unpaid = rnd.chance(0.01) && total > 0;
  if (!unpaid && total > 0) {
    const payments: Array<{ amount: number; lines: ReceiptLine[]; lineIds?: string[] }> = [];
    const kind =
      people.length === 1 || rnd.chance(0.6)
        ? 'whole'
        : adjustments.length
          ? 'amount'
          : rnd.chance(0.45)
            ? 'dishes'
            : 'amount';
    if (kind === 'whole') {
      const lines = adjustments.length
        ? [
            ...bill
              .filter((b) => b.line.lineTotal > 0)
              .map((b) => ({
                name: b.line.name,
                productId: b.line.productId,
                quantity: b.line.quantity - (b.line.voided ?? 0),
                amount: b.line.lineTotal,
                taxRate: byId.get(b.line.productId)!.taxRate,
              })),
            ...adjustments,
          ]
        : share(total);
      payments.push({ amount: total, lines });
    } else if (kind === 'dishes') {
      for (const p of people) {
        const mine = charged().filter((b) => b.line.participantId === p.id);
        if (!mine.length) continue;
        payments.push({
          amount: mine.reduce((sum, b) => sum + b.line.lineTotal, 0),
          lines: mine.map((b) => ({
            name: b.line.name,
            productId: b.line.productId,
            quantity: b.line.quantity - (b.line.voided ?? 0),
            amount: b.line.lineTotal,
            taxRate: byId.get(b.line.productId)!.taxRate,
          })),
          lineIds: mine.map((b) => `${b.order.id}:${b.index}`),
        });
      }
    } else {
      const n = people.length;
      for (let k = 0; k < n; k++) {
        const amount = Math.floor(total / n) + (k < total % n ? 1 : 0);
        payments.push({ amount, lines: share(amount) });
      }
    }
    for (const [k, p] of payments.entries()) {
      const method = rnd.chance(0.7) ? 'card' : 'cash';
      const last = k === payments.length - 1;
      await writePayment(tx, receipts, venue, {
        at: payAt + k * 40_000,
        amount: p.amount,
        tip: tipOf(rnd, p.amount, method),
        method,
        lines: p.lines,
        table: label,
        sessionId: id,
        ...(p.lineIds ? { lineIds: p.lineIds } : {}),
        sale: {
          mode: 'table',
          sessionId: id,
          first: k === 0,
          ...(last ? { sold, split: kind, table: { openedAt: new Date(s.start), rounds: rounds.length } } : {}),
        },
      });
      receiptCount++;
    }
  }
  await tx.run(
    `INSERT INTO table_sessions (id, venue_id, label, status, version, opened_at, closed_at, active_at, paid_at, unpaid)
    VALUES (?, ?, ?, 'closed', 1, ?, ?, ?, ?, ?)`,
    [
      id,
      venue.id,
      label,
      iso(s.start),
      iso(closeAt),
      closeAt,
      unpaid || total <= 0 ? null : iso(payAt),
      unpaid ? total : null,
    ],
  );
  return { orders: rounds.length, tickets, receipts: receiptCount };
}
