/** Web Push when an order is ready (docs/rules.md#ready-notifications). The push feature's public module. */
export { createPushService, type PushService, type PushOwner } from './service.ts';
export { endpointAllowed, extraOrigins } from './endpoints.ts';
export { pushRoutes } from './routes.ts';
/** In the transaction that closes a table session: its push subscriptions go. */
export { deleteSessionSubscriptions, moveSessionSubscriptions } from './queries.ts';
export * as operations from './operations.ts';
