/**
 * Rounds (docs/rules.md#table-sessions): the whole shared cart goes to the kitchen as one order, created by
 * server/features/orders/service.ts (numbers, idempotency, the price-change 409) for the user `table:{sessionId}`;
 * the cart is emptied in the order's own transaction.
 */
import { TABLE_USER_PREFIX, type CreateResult } from '../orders/index.ts';
import { problem } from '../../platform/problem.ts';
import type { OrderInput } from '../../../src/contract/order.ts';
import { TABLE_MESSAGES, TABLE_STRINGS } from '../../../src/contract/table.ts';
import { closedProblem, isIdle, type TableCaller, type TableContext } from './context.ts';
import { mutate, publish } from './changes.ts';
import { cartLinesUnordered, deleteCartLines, sessionById, setSessionPaid, type LineRow } from './queries.ts';
import { choicesOf, readParts, views } from './views.ts';

// Sorted here, by code unit, never by SQL: a database's collation (en-US…) orders ids otherwise.
const signatureOf = (rows: LineRow[]) =>
  JSON.stringify(
    [...rows]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((r) => [r.id, r.product_id, r.option_ids, r.note, r.quantity, r.choices ?? null]),
  );

export function rounds(ctx: TableContext) {
  const { db, venues, orders, now } = ctx;
  return {
    async sendRound(
      caller: TableCaller,
      key: string,
      bodyText: string,
      expectedTotal: number,
      language?: string,
    ): Promise<CreateResult> {
      const userId = TABLE_USER_PREFIX + caller.session.id;
      // A repeat of the key answers the first round, before anything else is looked at.
      const first = await orders.replay(userId, key, bodyText);
      if (first) return { order: first, replayed: true };
      const s = await sessionById(db, caller.session.id);
      if (!s || s.status !== 'open') throw closedProblem();
      if (isIdle(s, now(), ctx.paidCloseMs)) {
        await mutate(ctx, s.id, async () => ({ changed: false, value: undefined }));
      }
      const { lineRows, names } = await readParts(db, venues, s);
      if (!lineRows.length)
        throw problem('validation', 422, TABLE_MESSAGES.emptyCart, { errors: { cart: [TABLE_MESSAGES.emptyCart] } });
      const signature = signatureOf(lineRows);
      const input: OrderInput = {
        venueId: s.venue_id,
        mode: 'table',
        table: s.label,
        customer: { name: TABLE_STRINGS.table(s.label), phone: '' },
        tip: { percent: 0 },
        lines: lineRows.map((r) => ({
          productId: r.product_id,
          optionIds: JSON.parse(r.option_ids) as string[],
          quantity: r.quantity,
          ...(r.note ? { note: r.note } : {}),
          ...(r.choices ? { choices: choicesOf(r) } : {}),
        })),
        expectedTotal,
        // The sending phone's language (the board tags it); the dish names stay the venue's.
        ...(language ? { language } : {}),
      };
      return orders.create(userId, key, bodyText, () => input, {
        sessionId: s.id,
        lineAuthors: lineRows.map((r) => ({
          by: r.by_name ?? names.get(r.participant_id) ?? '',
          ...(r.by_name ? { byStaff: true } : {}),
          participantId: r.participant_id,
          cartLineId: r.id,
          ...(r.guest ? { guest: r.guest } : {}),
        })),
        before: async (tx) => {
          const locked = await sessionById(tx, s.id, true);
          if (!locked || locked.status !== 'open') throw closedProblem();
          if (signatureOf(await cartLinesUnordered(tx, s.id)) !== signature) {
            const current = (await views(tx, venues, locked)).session.cart;
            throw problem('priceChanged', 409, TABLE_MESSAGES.cartChanged, {
              changes: [],
              subtotal: current.subtotal,
              tip: 0,
              deliveryFee: 0,
              total: current.subtotal,
              expectedTotal,
            });
          }
        },
        after: async (tx) => {
          await deleteCartLines(
            tx,
            s.id,
            lineRows.map((r) => r.id),
          );
          // A paid table that orders again owes again (docs/rules.md#the-bill).
          if (s.paid_at) await setSessionPaid(tx, s.id, null);
          await publish(ctx, tx, { ...s, paid_at: null }, now());
        },
      });
    },
  };
}
