/**
 * The billing feature's service (docs/rules.md#the-bill), put together from its parts: the bill and the diners'
 * payment requests (bill.ts), payments (payments.ts), receipts with their VERI*FACTU record (receipts.ts) and the
 * cash day (cash.ts). Every SQL statement is in queries.ts; the arithmetic in money.ts; the fingerprint, QR and
 * outbox in verifactu.ts.
 */
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { VenueStore } from '../venues/index.ts';
import type { OrderService } from '../orders/index.ts';
import type { SessionRow, TableCaller, TableSessionService } from '../table-sessions/index.ts';
import type {
  BillState,
  CashDay,
  Payment,
  PaymentInput,
  PaymentRequest,
  PaymentRequestInput,
  PaymentResult,
  Receipt,
  TableBill,
  VerifactuIssuer,
  VerifactuRecord,
} from '../../../src/contract/bill.ts';
import { billingContext, type BillingOptions } from './context.ts';
import { createBill } from './bill.ts';
import { createPayments } from './payments.ts';
import { createReceipts } from './receipts.ts';
import { createCash } from './cash.ts';
import { createAdjustments } from './adjustments.ts';
import { createRefunds } from './refunds/service.ts';
import { createOnline, type OnlineHold, type OnlinePaid, type OnlineRecord } from './online.ts';
import type { ClaimInput } from './claims.ts';
import type { Order } from '../../../src/contract/order.ts';
import { paymentOfOrder } from './queries.ts';
import type { AuditActor } from '../audit/index.ts';
import type { AdjustmentInput } from '../../../src/contract/corrections.ts';
import type { RefundInput, RefundResult } from '../../../src/contract/refund.ts';

export type { BillingOptions } from './context.ts';
export type { OnlineHold, OnlinePaid, OnlineRecord } from './online.ts';
export type { ClaimInput } from './claims.ts';
export { taxRateOf } from './bill.ts';
export { RECEIPT_SERIES } from './receipts.ts';

export interface BillingService {
  /** The participant's bill (with the rounds and each person's total). */
  billFor(caller: TableCaller): Promise<TableBill>;
  /** Staff: the bill of a table's open session (404 without one). */
  billOfTable(venueId: string, label: string): Promise<TableBill>;
  request(caller: TableCaller, input: PaymentRequestInput): Promise<PaymentRequest>;
  cancelRequest(caller: TableCaller, requestId: string): Promise<PaymentRequest>;
  pay(venueId: string, label: string, key: string, input: PaymentInput): Promise<PaymentResult & { replayed: boolean }>;
  payOrder(
    venueId: string,
    orderId: string,
    key: string,
    method: 'card' | 'cash' | undefined,
  ): Promise<PaymentResult & { replayed: boolean }>;
  receipt(id: string): Promise<Receipt | undefined>;
  /** The pickup and delivery orders' payments of the last 24 hours (a board opened later shows them paid). */
  orderPayments(venueId: string): Promise<Payment[]>;
  records(venueId: string): Promise<VerifactuRecord[]>;
  /** The venue's VERI*FACTU issuer: its tax id, whether an admin confirmed it, its series. */
  issuer(venueId: string): Promise<VerifactuIssuer>;
  /** An admin confirms the venue's tax id (`by`: the admin's id). */
  confirmIssuer(venueId: string, taxId: string, by: string): Promise<VerifactuIssuer>;
  cash(venueId: string, date: string): Promise<CashDay>;
  /** The day's receipts as CSV (`;`-separated, decimal comma: what a Spanish spreadsheet opens). */
  cashCsv(venueId: string, date: string): Promise<string>;
  /** What a session still owes (closing a table asks it). */
  balanceOf(tx: Queryable, session: SessionRow): Promise<{ balance: number; formatted: string }>;
  /** A manager's invitation or discount on the table's bill (docs/rules.md#the-floor), with its audit entry. */
  adjust(venueId: string, label: string, input: AdjustmentInput, actor: AuditActor): Promise<BillState>;
  /** The bill of session `s` as `tx` sees it (a void checks what is paid). */
  stateIn(tx: Queryable, session: SessionRow): Promise<BillState>;
  /** Appends `event: bill` in `tx` (after a change to the session's rounds). */
  publishIn(tx: Queryable, session: SessionRow): Promise<BillState>;
  /** Paying from the phone (docs/rules.md#paying-from-the-phone): holds the caller's claim under `holder` in `tx`. */
  holdOnlineIn(tx: Queryable, caller: TableCaller, input: ClaimInput, holder: string): Promise<OnlineHold>;
  /** Frees what a failed or expired online payment held (and publishes the bill). */
  releaseOnlineIn(tx: Queryable, sessionId: string, holder: string): Promise<void>;
  /** Records a pickup or delivery order's confirmed online payment with its receipt (`event: payment`). */
  recordOrderOnlineIn(
    tx: Queryable,
    order: Order,
    paid: Pick<OnlinePaid, 'id' | 'method' | 'provider' | 'providerRef'>,
  ): Promise<OnlineRecord>;
  /** Records a confirmed online payment with its receipt, or refuses it when the bill changed meanwhile. */
  recordOnlineIn(tx: Queryable, paid: OnlinePaid): Promise<OnlineRecord>;
  /** Whether a pickup or delivery order was paid. */
  orderPaidIn(tx: Queryable, orderId: string): Promise<boolean>;
  /** A manager gives back all or part of a payment (`by`: who), with its rectifying receipt (docs/rules.md#refunds). */
  refund(
    venueId: string,
    paymentId: string,
    key: string,
    input: RefundInput,
    by: string,
  ): Promise<RefundResult & { replayed: boolean }>;
}

export function createBillingService(
  db: Db,
  venues: VenueStore,
  tableSessions: TableSessionService,
  orders: OrderService,
  events: EventBus,
  options: BillingOptions,
): BillingService {
  const ctx = billingContext(db, venues, events, options);
  const bill = createBill(ctx);
  const receipts = createReceipts(ctx);
  const payments = createPayments(ctx, bill, receipts, tableSessions, orders);
  const cash = createCash(ctx, bill);
  const adjustments = createAdjustments(ctx, bill, tableSessions);
  const refunds = createRefunds(ctx, receipts);
  const online = createOnline(ctx, bill, receipts, tableSessions);
  return {
    billFor: bill.billFor,
    billOfTable: bill.billOfTable,
    request: bill.request,
    cancelRequest: bill.cancelRequest,
    balanceOf: bill.balanceOf,
    pay: payments.pay,
    payOrder: payments.payOrder,
    orderPayments: payments.orderPayments,
    receipt: receipts.receipt,
    records: receipts.records,
    issuer: receipts.issuer,
    confirmIssuer: receipts.confirmIssuer,
    cash: cash.cash,
    cashCsv: cash.cashCsv,
    adjust: adjustments.adjust,
    stateIn: async (tx, s) => (await bill.read(tx, s)).state,
    publishIn: bill.publishBill,
    holdOnlineIn: online.holdIn,
    releaseOnlineIn: online.releaseIn,
    recordOnlineIn: online.recordIn,
    recordOrderOnlineIn: online.recordOrderIn,
    orderPaidIn: async (tx, orderId) => (await paymentOfOrder(tx, orderId)) !== undefined,
    refund: refunds.refund,
  };
}
