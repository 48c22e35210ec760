/** Table sessions: one shared cart per table, rounds, calls, the bill. The table-sessions feature's public module. */
export { createTableSessionService, type TableSessionService } from './service.ts';
export { tableSessionRoutes } from './routes.ts';
export * as operations from './operations.ts';
/** What the bill (server/features/billing) reads and marks of a session. */
export {
  sessionById,
  openSessionOf,
  openSessionsOfVenue,
  roundDocsOf,
  participantsOf,
  setSessionPaid,
  closedUnpaidOf,
  type SessionRow,
} from './queries.ts';
export type { TableCaller, BillingHook } from './context.ts';
