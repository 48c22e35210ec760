/** Table sessions: one shared cart per table, rounds, calls, the bill. The table-sessions feature's public module. */
export { createTableSessionService, type TableSessionService } from './service.ts';
export { tableSessionRoutes } from './routes.ts';
export * as operations from './operations.ts';
