/**
 * The pre-bill («Imprimir cuenta», docs/rules.md#the-floor): what a table owes, printed before paying on the
 * printer of station `caja` (none: the browser prints it at 80 mm), marked «Esto no es una factura». It is not a
 * receipt: no number, no tax breakdown, nothing recorded.
 */
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { BillingService } from '../billing/index.ts';
import type { PrintingService } from '../printing/index.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import type { TableBill } from '../../../src/contract/bill.ts';
import { CASH_DESK_STATION } from '../../../src/contract/printing.ts';
import { CORRECTION_STRINGS, type PreBill, type PreBillResult } from '../../../src/contract/corrections.ts';

export interface PreBillDeps {
  db: Db;
  events: EventBus;
  billing: Pick<BillingService, 'billOfTable'>;
  printing: Pick<PrintingService, 'printDoc'>;
  now?: () => Date;
}

/** The pre-bill of a table's bill: its lines (voided quantities out), its invitations and discounts, what is left. */
export function preBillOf(venue: Venue, bill: TableBill, at: Date): PreBill {
  return {
    venueName: venue.name,
    table: bill.table,
    currency: bill.currency,
    locale: venue.locale,
    timezone: venue.timezone,
    printedAt: at.toISOString(),
    lines: bill.lines
      .filter((l) => l.quantity > 0)
      .map((l) => ({ name: l.name, quantity: l.quantity, amount: l.lineTotal })),
    adjustments: (bill.adjustments ?? []).map((a) => ({ name: a.name, amount: a.amount })),
    total: bill.total,
    paid: bill.paid,
    balance: bill.balance,
    notice: CORRECTION_STRINGS.notAnInvoice,
  };
}

export function createPreBills(deps: PreBillDeps) {
  const now = deps.now ?? (() => new Date());
  return async (venue: Venue, label: string): Promise<PreBillResult> => {
    const bill = await deps.billing.billOfTable(venue.id, label);
    const prebill = preBillOf(venue, bill, now());
    const jobs = await deps.db.transaction((tx) =>
      deps.printing.printDoc(tx, venue.id, 'prebill', CASH_DESK_STATION.id, prebill),
    );
    deps.events.committed(venue.id);
    return { jobs, prebill };
  };
}
