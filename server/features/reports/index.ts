/** The owner's reports (docs/rules.md#reports): the daily rollup written where receipts are issued, the report and its CSV. The reports feature's public module. */
export { recordReceipt, recordTicketTime, type SaleContext, type SoldLine, type SplitKind } from './rollup.ts';
export { venueDayRange, zoneClock, dayStartMinutes } from './day.ts';
export { backfillReports } from './backfill.ts';
export { reportRoutes } from './routes.ts';
export * as operations from './operations.ts';
