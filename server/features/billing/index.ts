/** The bill: payment requests, payments, receipts, VERI*FACTU and the day's cash. The billing feature's public module. */
export {
  createBillingService,
  taxRateOf,
  RECEIPT_SERIES,
  type BillingService,
  type ClaimInput,
  type OnlineHold,
  type OnlinePaid,
  type OnlineRecord,
} from './service.ts';
export {
  createOutbox,
  huellaOf,
  huellaInput,
  verifactuQr,
  aeatAmount,
  VERIFACTU_QR_BASE,
  type Outbox,
  type VerifactuEnvironment,
} from './verifactu.ts';
export { shareAmount, spreadOverRates, taxesOf, zonedIso } from './money.ts';
export { billingRoutes } from './routes.ts';
/** The one place receipts are issued, for a generator of past days (scripts/demo-history.ts) to issue them alike. */
export { createReceipts, type ReceiptParts } from './receipts.ts';
export { billingContext } from './context.ts';
export * as operations from './operations.ts';
