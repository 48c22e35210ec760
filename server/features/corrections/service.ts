/**
 * The corrections feature's service (docs/rules.md#the-floor): voids of sent lines (void.ts), the house's
 * invitations and discounts (kept by the billing feature, which owns the bill) and pre-bills (prebill.ts).
 */
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { BillingService } from '../billing/index.ts';
import type { PrintingService } from '../printing/index.ts';
import type { TableSessionService } from '../table-sessions/index.ts';
import type { AuditActor } from '../audit/index.ts';
import type { BillState } from '../../../src/contract/bill.ts';
import type { Order } from '../../../src/contract/order.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import type { AdjustmentInput, PreBillResult, VoidInput } from '../../../src/contract/corrections.ts';
import { createVoids } from './void.ts';
import { createPreBills } from './prebill.ts';

export interface CorrectionsService {
  voidLine(venueId: string, orderId: string, index: number, input: VoidInput, actor: AuditActor): Promise<Order>;
  adjust(venueId: string, label: string, input: AdjustmentInput, actor: AuditActor): Promise<BillState>;
  preBill(venue: Venue, label: string): Promise<PreBillResult>;
}

export function createCorrectionsService(
  db: Db,
  events: EventBus,
  billing: BillingService,
  printing: PrintingService,
  tableSessions: TableSessionService,
  now?: () => Date,
): CorrectionsService {
  const deps = { db, events, billing, printing, tableSessions, ...(now ? { now } : {}) };
  return {
    voidLine: createVoids(deps),
    adjust: (venueId, label, input, actor) => billing.adjust(venueId, label, input, actor),
    preBill: createPreBills(deps),
  };
}
