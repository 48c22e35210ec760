/**
 * What staff do to the floor (docs/rules.md#the-floor): open a table without its QR code, act at a table as one of
 * its people (the waiter's lines and rounds go through cart.ts and rounds.ts), remove a person, move a session to a free table, merge two
 * tables' sessions. Every move, merge and removal is kept in the audit log, in the change's own transaction.
 *
 * A move keeps the session (its id, people, credentials, cart, rounds, tickets and bill) and changes its table; a
 * merge moves every row of one session into the other and ends the first. Either way the phones are told with an
 * `event: table-moved` (their stream follows the session, not the label; after a merge the old session's stream
 * ends and the phone's credential opens the merged one), and rounds and tickets say the new table.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../platform/db/database.ts';
import { problem } from '../../../platform/problem.ts';
import { TABLE_USER_PREFIX } from '../../orders/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { moveSessionSubscriptions } from '../../push/index.ts';
import type { TableMoved } from '../../../../src/contract/floor.ts';
import type { Order } from '../../../../src/contract/order.ts';
import { TABLE_MESSAGES, TABLE_STRINGS, type TableSession } from '../../../../src/contract/table.ts';
import { isIdle, type FloorService, type StaffActor, type TableContext, type TableCaller } from '../context.ts';
import { closeIn, publish } from '../changes.ts';
import { deleteSessionEvents, openSessionIfNone, openSessionOf, setSessionPaid, type SessionRow } from '../queries.ts';
import {
  closeMerged,
  moveSessionRows,
  removeParticipantRow,
  roundRowsOf,
  setOrderDoc,
  setSessionLabel,
  setTicketDoc,
  ticketRowsOf,
} from './queries.ts';
import { views } from '../views.ts';

const noSession = (label: string) => problem('notFound', 404, TABLE_MESSAGES.noOpenSession(label.slice(0, 40)));

export function floor(ctx: TableContext): FloorService {
  const { db, venues, events, now } = ctx;

  /** Takes the tables' turns (joins and floor changes of a table take turns, on every instance), in one order. */
  const lockTables = async (tx: Queryable, venueId: string, labels: string[]) => {
    for (const label of [...new Set(labels)].sort()) await tx.lock('tableJoin', `${venueId}\n${label}`);
  };

  /** The table's open session under its lock, an idle one closed first (then there is none). */
  const openOf = async (tx: Queryable, venueId: string, label: string, at: Date) => {
    const s = await openSessionOf(tx, venueId, label, true);
    if (s && isIdle(s, at, ctx.paidCloseMs)) {
      await closeIn(ctx, tx, s, at);
      return undefined;
    }
    return s;
  };

  /** The label written on rounds and tickets (`table`, and `customer` when it is the table's name). */
  const relabel = <T extends { table?: string | undefined; customer?: unknown }>(doc: T, from: string, to: string) => {
    const customer =
      typeof doc.customer === 'string'
        ? doc.customer === TABLE_STRINGS.table(from)
          ? TABLE_STRINGS.table(to)
          : doc.customer
        : doc.customer && typeof doc.customer === 'object' && 'name' in doc.customer
          ? {
              ...doc.customer,
              name: doc.customer.name === TABLE_STRINGS.table(from) ? TABLE_STRINGS.table(to) : doc.customer.name,
            }
          : doc.customer;
    return { ...doc, table: to, customer };
  };

  /**
   * Rewrites the table of the session's rounds and kitchen tickets (`from` → `to`) and tells the board, the
   * kitchen and the phones (`order` and `ticket` events). `sessionId`: the session they belong to now.
   */
  async function relabelRounds(tx: Queryable, venueId: string, sessionId: string, from: string, to: string) {
    const [orders, tickets] = await Promise.all([
      roundRowsOf(tx, TABLE_USER_PREFIX + sessionId),
      ticketRowsOf(tx, sessionId),
    ]);
    const writes: Array<Promise<unknown>> = [];
    for (const row of orders) {
      const doc = JSON.stringify(relabel(JSON.parse(row.doc) as Order, from, to));
      writes.push(
        setOrderDoc(tx, row.id, doc),
        events.append(tx, { venueId, orderId: row.id, sessionId, type: 'order', data: doc }),
      );
    }
    for (const row of tickets) {
      const doc = relabel(JSON.parse(row.doc) as { table?: string; customer?: string }, from, to);
      const ticket = {
        ...doc,
        ...(row.fired_at ? { firedAt: row.fired_at } : {}),
        status: row.status,
        ...(row.held ? { held: true } : {}),
        ...(row.cancelled ? { cancelled: true } : {}),
      };
      writes.push(
        setTicketDoc(tx, row.id, JSON.stringify(doc)),
        events.append(tx, { venueId, type: 'ticket', data: JSON.stringify(ticket) }),
      );
    }
    await Promise.all(writes);
  }

  const moved = (tx: Queryable, venueId: string, event: TableMoved) =>
    events.append(tx, { venueId, sessionId: event.fromSessionId, type: 'table-moved', data: JSON.stringify(event) });

  const actorOf = (actor: StaffActor) => ({ id: actor.id, name: actor.name });

  return {
    async openTable(venueId, label, actor) {
      const result = await db.transaction(async (tx) => {
        const at = now();
        await lockTables(tx, venueId, [label]);
        const current = await openOf(tx, venueId, label, at);
        if (current) return { s: current, created: false };
        // Under the table's turn nobody else opens it meanwhile.
        await openSessionIfNone(tx, randomUUID(), venueId, label, at, actor.id);
        const s = (await openSessionOf(tx, venueId, label, true))!;
        // The board shows it at once (a session staff opened is listed with nobody in it).
        await publish(ctx, tx, s, at);
        return { s: (await openSessionOf(tx, venueId, label))!, created: true };
      });
      if (result.created) events.committed(venueId);
      return { session: (await views(db, venues, result.s)).session, created: result.created };
    },

    async staffCaller(venueId, label, actor) {
      const s = await openSessionOf(db, venueId, label);
      if (!s || isIdle(s, now(), ctx.paidCloseMs)) throw noSession(label);
      const venue = venues.get(venueId)?.venue;
      const caller: TableCaller = {
        participantId: `staff:${actor.id}`,
        name: actor.name,
        session: s,
        staff: { byName: TABLE_STRINGS.staffLineBy(actor.name, actor.role, venue?.locale) },
      };
      return caller;
    },

    async tableSession(venueId, label) {
      const s = await openSessionOf(db, venueId, label);
      if (!s || isIdle(s, now(), ctx.paidCloseMs)) throw noSession(label);
      return (await views(db, venues, s)).session;
    },

    async removeParticipant(venueId, label, participantId, actor) {
      const session = await db.transaction(async (tx) => {
        const at = now();
        await lockTables(tx, venueId, [label]);
        const s = await openOf(tx, venueId, label, at);
        if (!s) throw noSession(label);
        const removed = await removeParticipantRow(tx, s.id, participantId.slice(0, 100), at.toISOString());
        if (!removed) throw problem('notFound', 404, TABLE_MESSAGES.participantNotFound);
        await events.append(tx, {
          venueId,
          sessionId: s.id,
          type: 'participant-removed',
          data: JSON.stringify({ sessionId: s.id, participantId }),
        });
        await recordAudit(tx, {
          venueId,
          actor: actorOf(actor),
          action: 'removeParticipant',
          table: label,
          detail: { sessionId: s.id, participantId },
          at: at.getTime(),
        });
        return publish(ctx, tx, s, at);
      });
      events.committed(venueId);
      return session;
    },

    async move(venueId, label, to, actor) {
      if (to === label) throw problem('invalidTransition', 409, TABLE_MESSAGES.sameTable);
      const session = await db.transaction(async (tx) => {
        const at = now();
        await lockTables(tx, venueId, [label, to]);
        const s = await openOf(tx, venueId, label, at);
        if (!s) throw noSession(label);
        if (await openOf(tx, venueId, to, at)) throw problem('invalidTransition', 409, TABLE_MESSAGES.tableBusy(to));
        await setSessionLabel(tx, s.id, to);
        await relabelRounds(tx, venueId, s.id, label, to);
        await moved(tx, venueId, { kind: 'move', fromSessionId: s.id, sessionId: s.id, table: to, from: label });
        await recordAudit(tx, {
          venueId,
          actor: actorOf(actor),
          action: 'move',
          table: label,
          detail: { sessionId: s.id, from: label, to },
          at: at.getTime(),
        });
        return publish(ctx, tx, { ...s, label: to }, at);
      });
      events.committed(venueId);
      return session;
    },

    async merge(venueId, label, into, actor) {
      if (into === label) throw problem('invalidTransition', 409, TABLE_MESSAGES.sameTable);
      const session = await db.transaction(async (tx) => {
        const at = now();
        await lockTables(tx, venueId, [label, into]);
        const from = await openOf(tx, venueId, label, at);
        if (!from) throw noSession(label);
        const target = await openOf(tx, venueId, into, at);
        if (!target) throw problem('invalidTransition', 409, TABLE_MESSAGES.mergeTargetEmpty(into));
        await moveSessionRows(tx, from.id, target.id, TABLE_USER_PREFIX, at.toISOString());
        await relabelRounds(tx, venueId, target.id, label, into);
        // The merged session ends; what was stored of it is not replayed (its phones now follow the other one).
        await closeMerged(tx, from.id, at.toISOString());
        await deleteSessionEvents(tx, from.id);
        // Its phones' ready notifications follow them (docs/rules.md#ready-notifications).
        await moveSessionSubscriptions(tx, from.id, target.id);
        const closed: SessionRow = {
          ...from,
          status: 'closed',
          closed_at: at.toISOString(),
          version: from.version + 1,
        };
        await events.append(tx, {
          venueId,
          sessionId: from.id,
          type: 'table',
          data: JSON.stringify((await views(tx, venues, closed)).staff),
        });
        await moved(tx, venueId, {
          kind: 'merge',
          fromSessionId: from.id,
          sessionId: target.id,
          table: into,
          from: label,
        });
        // One bill: it owes when either table still owed.
        const owed = await ctx.billing.current?.balanceOf(tx, target);
        const paidAt = owed && owed.balance > 0 ? null : (target.paid_at ?? from.paid_at);
        if (paidAt !== target.paid_at) await setSessionPaid(tx, target.id, paidAt);
        await recordAudit(tx, {
          venueId,
          actor: actorOf(actor),
          action: 'merge',
          table: label,
          detail: { from: label, into, sessionId: from.id, intoSessionId: target.id },
          at: at.getTime(),
        });
        return publish(ctx, tx, { ...target, paid_at: paidAt }, at);
      });
      events.committed(venueId);
      return session satisfies TableSession;
    },
  };
}
