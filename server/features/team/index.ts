/** A venue's team: invitations, members, taking access away. The team feature's public module. */
export { teamRoutes } from './routes.ts';
export * as operations from './operations.ts';
