/** A venue's tables, their QR links and tokens: the tables feature's public module. */
export { tableRoutes } from './routes.ts';
export { tableForToken } from './queries.ts';
export * as operations from './operations.ts';
