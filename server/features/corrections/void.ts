/**
 * Voiding a sent line (docs/rules.md#the-floor): staff take part or all of a line's quantity off an order the
 * kitchen already has. In ONE transaction (the table session's row locked first, as the bill does, then the
 * order's): the order's line says how many were `voided` (its `lineTotal`, subtotal and total drop), its kitchen
 * ticket shows them struck through with «ANULADO» (`event: ticket`), the station's printers get an «ANULADO»
 * ticket (one job per printer: printed exactly once), the board and the table's phones get the order
 * (`event: order`) and the bill (`event: bill`), and the audit log gets the entry. A line already paid, or being
 * paid, is refused (409): a refund is a payment's matter. A set menu's line may lose one chosen dish only
 * (`choice`): that dish's ticket line alone, its supplement and options' deltas off the line; the set's price stays.
 */
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { problem } from '../../platform/problem.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { TABLE_USER_PREFIX } from '../orders/index.ts';
import { sessionById, type SessionRow, type TableSessionService } from '../table-sessions/index.ts';
import { toTicket } from '../kitchen/index.ts';
import type { PrintingService } from '../printing/index.ts';
import type { BillingService } from '../billing/index.ts';
import type { Order, OrderLine, OrderLineChoice } from '../../../src/contract/order.ts';
import type { Ticket, TicketLine } from '../../../src/contract/kitchen.ts';
import { CORRECTION_MESSAGES, type VoidInput } from '../../../src/contract/corrections.ts';
import * as sql from './queries.ts';

export interface VoidDeps {
  db: Db;
  events: EventBus;
  billing: Pick<BillingService, 'stateIn' | 'publishIn' | 'orderPaidIn'>;
  printing: Pick<PrintingService, 'printDoc'>;
  tableSessions: Pick<TableSessionService, 'publishIn'>;
  now?: () => Date;
}

/** Refuses a void of a line someone paid or is paying (`cut`: what the void takes off the bill). */
async function checkUnpaid(
  deps: VoidDeps,
  tx: Queryable,
  s: SessionRow | undefined,
  order: Order,
  index: number,
  cut: number,
) {
  if (!s) {
    if (await deps.billing.orderPaidIn(tx, order.id)) throw problem('invalidTransition', 409, CORRECTION_MESSAGES.paid);
    return;
  }
  const state = await deps.billing.stateIn(tx, s);
  const line = state.lines.find((l) => l.id === `${order.id}:${index}`);
  if (line?.comped)
    throw problem('invalidTransition', 409, CORRECTION_MESSAGES.compAgain(line.name), { lineId: line.id });
  if (line?.paidBy !== undefined || line?.shared?.shares.some((x) => x.paid))
    throw problem('invalidTransition', 409, CORRECTION_MESSAGES.paid, { lineId: line.id });
  if (line?.claimedBy !== undefined || line?.shared)
    throw problem(
      'invalidTransition',
      409,
      CORRECTION_MESSAGES.claimed(line.claimedBy ?? line.shared!.shares.map((x) => x.by).join(', ')),
      { lineId: line.id },
    );
  // Amounts paid (or being paid) may already cover it: what is left must still cover them.
  if (state.total - cut < state.paid) throw problem('invalidTransition', 409, CORRECTION_MESSAGES.paid);
  if (state.total - cut < state.paid + state.pending)
    throw problem(
      'invalidTransition',
      409,
      CORRECTION_MESSAGES.claimed(state.requests.map((r) => r.by ?? '').join(', ')),
    );
}

/** What a set's chosen dish adds to the set's price: its supplement and its options' deltas. */
const extraOf = (c: OrderLineChoice) => c.supplement + c.options.reduce((sum, o) => sum + o.priceDelta, 0);

/**
 * A line's total after its voids (docs/rules.md#the-floor): the sets or dishes left at their unit price, less
 * the supplements and options' deltas of a set's voided dishes (the set's price stays).
 */
export function lineTotalAfterVoids(line: OrderLine): number {
  const left = line.quantity - (line.voided ?? 0);
  const off = (line.choices ?? []).reduce((sum, c) => sum + extraOf(c) * Math.min(c.voided ?? 0, left), 0);
  return line.unitPrice * left - off;
}

interface Target {
  row: sql.OrderTicketRow;
  doc: Omit<Ticket, 'status'>;
  at: number[];
}

/**
 * The ticket lines a void of order line `index` marks: every dish of it (a set's dishes are on their own
 * stations), or the one chosen dish `choice` (its index in the line's `choices`). Tickets made before lines
 * carried `orderLine` (or `choice`): by name and quantity.
 */
function ticketLinesOf(rows: sql.OrderTicketRow[], order: Order, index: number, choice: number | undefined) {
  const line = order.lines[index]!;
  const name = choice === undefined ? line.name : line.choices![choice]!.name;
  const parsed = rows.map((row) => ({ row, doc: JSON.parse(row.doc) as Omit<Ticket, 'status'> }));
  const find = (match: (l: TicketLine) => boolean, first: boolean): Target[] => {
    const out: Target[] = [];
    for (const { row, doc } of parsed) {
      const at = doc.lines.flatMap((l, k) => (match(l) ? [k] : []));
      if (at.length) out.push({ row, doc, at: first ? at.slice(0, 1) : at });
      if (first && out.length) break;
    }
    return out;
  };
  const exact = find(
    (l) =>
      l.orderLine === index &&
      (choice === undefined ||
        l.choice === choice ||
        (l.choice === undefined && l.set !== undefined && l.name === name)),
    choice !== undefined,
  );
  if (exact.length) return exact;
  return find(
    (l) =>
      l.orderLine === undefined &&
      l.name === name &&
      l.quantity === line.quantity &&
      !(l.voided && l.voided >= l.quantity),
    true,
  );
}

export function createVoids(deps: VoidDeps) {
  const { db, events } = deps;
  const now = deps.now ?? (() => new Date());

  return async (
    venueId: string,
    orderId: string,
    index: number,
    input: VoidInput,
    actor: AuditActor,
  ): Promise<Order> => {
    const first = orderId.length <= 100 ? await sql.orderOfVenue(db, venueId, orderId) : undefined;
    if (!first) throw problem('notFound', 404, CORRECTION_MESSAGES.orderNotFound);
    const sessionId = first.user_id.startsWith(TABLE_USER_PREFIX)
      ? first.user_id.slice(TABLE_USER_PREFIX.length)
      : undefined;
    const order = await db.transaction(async (tx) => {
      // The session's row first (the bill's order of locks), then the order's.
      const s = sessionId ? await sessionById(tx, sessionId, true) : undefined;
      const row = await sql.orderOfVenue(tx, venueId, orderId, db.forUpdate);
      if (!row) throw problem('notFound', 404, CORRECTION_MESSAGES.orderNotFound);
      const order = JSON.parse(row.doc) as Order;
      if (order.status === 'cancelled') throw problem('invalidTransition', 409, CORRECTION_MESSAGES.orderCancelled);
      const line = order.lines[index];
      if (!line) throw problem('notFound', 404, CORRECTION_MESSAGES.lineNotFound);
      const wanted = input.choice;
      const choiceAt = wanted
        ? (line.choices ?? []).findIndex((c) => c.courseId === wanted.courseId && c.productId === wanted.productId)
        : undefined;
      if (choiceAt === -1) throw problem('notFound', 404, CORRECTION_MESSAGES.choiceNotFound);
      const choice = choiceAt === undefined ? undefined : line.choices![choiceAt]!;
      const live = line.quantity - (line.voided ?? 0);
      if (choice) {
        const left = live - (choice.voided ?? 0);
        if (input.quantity > left)
          throw problem('invalidTransition', 409, CORRECTION_MESSAGES.choiceTooMany(choice.name, left), { left });
      } else if (input.quantity > live)
        throw problem('invalidTransition', 409, CORRECTION_MESSAGES.tooMany(live), { left: live });
      const before = line.lineTotal;
      if (choice) choice.voided = (choice.voided ?? 0) + input.quantity;
      else line.voided = (line.voided ?? 0) + input.quantity;
      line.lineTotal = lineTotalAfterVoids(line);
      const cut = before - line.lineTotal;
      await checkUnpaid(deps, tx, s, order, index, cut);
      const at = now();
      order.subtotal = order.lines.reduce((sum, l) => sum + l.lineTotal, 0);
      order.total = order.subtotal + order.tip + order.deliveryFee;
      const json = JSON.stringify(order);
      const name = choice ? `${choice.name} (${line.name})` : line.name;
      const writes: Array<Promise<unknown>> = [
        sql.setOrderDoc(tx, order.id, json),
        events.append(tx, {
          venueId,
          orderId: order.id,
          ...(sessionId ? { sessionId } : {}),
          type: 'order',
          data: json,
        }),
        recordAudit(tx, {
          venueId,
          actor,
          action: 'void',
          table: order.table ?? order.number,
          reason: input.reason,
          at: at.getTime(),
          detail: {
            orderId: order.id,
            orderNumber: order.number,
            line: index,
            ...(choice ? { courseId: choice.courseId, productId: choice.productId } : {}),
            name,
            quantity: input.quantity,
            amount: cut,
            what: `${input.quantity} × ${name}`,
          },
        }),
      ];
      for (const { row, doc, at: ks } of ticketLinesOf(
        await sql.ticketsOfOrder(tx, order.id),
        order,
        index,
        choiceAt,
      )) {
        if (row.cancelled) continue;
        const printedLines: TicketLine[] = [];
        for (const k of ks) {
          const old = doc.lines[k]!;
          // A dish voided before (one of a set) is not voided twice.
          const now_ = Math.min(input.quantity, old.quantity - (old.voided ?? 0));
          if (now_ <= 0) continue;
          doc.lines[k] = { ...old, voided: (old.voided ?? 0) + now_ };
          printedLines.push({ ...old, quantity: now_, voided: now_ });
        }
        if (!printedLines.length) continue;
        const updated = { ...row, doc: JSON.stringify(doc) };
        writes.push(
          sql.setTicketDoc(tx, row.id, updated.doc),
          events.append(tx, { venueId, type: 'ticket', data: JSON.stringify(toTicket(updated)) }),
        );
        // A held course never reached its station: nothing was made, nothing to print.
        if (!row.held)
          writes.push(
            deps.printing.printDoc(tx, venueId, 'void', row.station, { ...toTicket(updated), lines: printedLines }),
          );
      }
      await Promise.all(writes);
      // The table's phones and the board read the rounds in the session too (`event: session`, `event: table`).
      if (s) {
        await deps.billing.publishIn(tx, s);
        await deps.tableSessions.publishIn(tx, s);
      }
      return order;
    });
    events.committed(venueId);
    return order;
  };
}
