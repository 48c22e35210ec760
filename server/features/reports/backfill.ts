/**
 * Fills `report_days` from the receipts issued before it existed (docs/rules.md#reports), once per database: the
 * first start after the migration step marks `meta` key `report_days_backfilled` in the same transaction (an
 * instance starting at the same moment waits for that row and finds it set). Receipts are added in the order they
 * were issued, each as `recordReceipt` would have: a table counts as an order (and its people as covers) on its first
 * receipt; the dishes are those the receipts name (a receipt for an amount names none); no split or rounds per table
 * are known. Every bumped kitchen ticket adds its time.
 */
import type { Db } from '../../platform/db/database.ts';
import type { Receipt } from '../../../src/contract/bill.ts';
import type { OrderMode } from '../../../src/contract/venue.ts';
import type { VenueStore } from '../venues/index.ts';
import { addFacts, factsOf, recordTicketTime, venueDayOf } from './rollup.ts';
import * as sql from './queries.ts';

const META_KEY = 'report_days_backfilled';

export async function backfillReports(db: Db, venues: VenueStore): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await sql.claimMeta(tx, META_KEY, new Date().toISOString()))) return 0;
    const rows = await sql.receiptsToBackfill(tx);
    const seen = new Set<string>();
    let added = 0;
    for (const row of rows) {
      const entry = venues.get(row.venue_id);
      if (!entry) continue;
      const receipt = JSON.parse(row.doc) as Receipt;
      const at = new Date(Number(row.created_at));
      const { day, hour } = venueDayOf(entry, at);
      const mode: OrderMode = row.session_id
        ? 'table'
        : row.order_doc
          ? (JSON.parse(row.order_doc) as { mode: OrderMode }).mode
          : 'pickup';
      const first = row.session_id ? !seen.has(row.session_id) : true;
      if (row.session_id) seen.add(row.session_id);
      const newOrder = receipt.amount > 0 && first;
      const covers = newOrder && row.session_id ? Math.max(1, await sql.peopleAt(tx, row.session_id)) : 0;
      const sold = receipt.lines.flatMap((l) =>
        l.productId && !l.share && l.amount > 0
          ? [{ productId: l.productId, name: l.name, quantity: l.quantity, amount: l.amount, taxRate: l.taxRate }]
          : [],
      );
      const sale = { mode, ...(row.session_id ? { sessionId: row.session_id } : {}), sold };
      await addFacts(tx, row.venue_id, day, factsOf(entry, receipt, hour, sale, newOrder, covers));
      added++;
    }
    for (const t of await sql.doneTickets(tx)) {
      const entry = venues.get(t.venue_id);
      if (entry) await recordTicketTime(tx, entry, t.station, Number(t.released_at), Number(t.done_at));
    }
    return added;
  });
}
