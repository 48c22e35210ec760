/**
 * Expiry (docs/rules.md#paying-from-the-phone): a payment still pending ONLINE_HOLD_MS after it started expires and
 * frees what it held. Every change of a table's bill already releases its lapsed holds under the table's lock
 * (server/features/billing); this sweep, run by every instance now and then (server/main.ts), also tells the
 * table's phones and the board at once. A confirmation that arrives later is judged by confirm.ts.
 */
import { sessionById } from '../../table-sessions/index.ts';
import type { PaymentsContext } from './context.ts';
import * as sql from './queries.ts';
import { cancelUnpaid } from './orders.ts';

/** At most this many payments per sweep. */
const SWEEP_MAX = 100;

export function createExpiry(ctx: PaymentsContext) {
  const { db, events, billing, now } = ctx;
  return async (): Promise<number> => {
    const due = await sql.duePending(db, now().getTime(), SWEEP_MAX);
    let expired = 0;
    for (const row of due) {
      const moved = await db.transaction(async (tx) => {
        if (row.session_id) await sessionById(tx, row.session_id, true);
        if (!(await sql.moveStatus(tx, row.id, 'pending', 'expired'))) return false;
        if (row.session_id) await billing.releaseOnlineIn(tx, row.session_id, row.id);
        return true;
      });
      if (moved) {
        expired++;
        events.committed(row.venue_id);
        // An unpaid pickup or delivery order goes without ever reaching the kitchen.
        await cancelUnpaid(ctx, row);
      }
    }
    return expired;
  };
}
