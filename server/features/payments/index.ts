/** Online payments' providers and each venue's provider configuration (docs/architecture.md#online-payments). The payments feature's public module. */
export * from './providers/index.ts';
export { createPaymentsService, type PaymentsService, type PaymentsOptions } from './service.ts';
export { paymentRoutes } from './routes.ts';
export * as operations from './operations.ts';
