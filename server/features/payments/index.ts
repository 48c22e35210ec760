/**
 * Online payments (docs/architecture.md#online-payments): the providers behind one seam (providers/),
 * each venue's provider configuration (config.ts, its routes), and paying from the phone (checkout, the
 * providers' confirmations, expiry: online/). The payments feature's public module.
 */
import * as providerOperations from './operations.ts';
import * as onlineOperations from './online/operations.ts';

export * from './providers/index.ts';
export { loadProviderConfig } from './config.ts';
export { refundOnline } from './refund.ts';
export { paymentRoutes } from './routes.ts';
export { onlinePaymentRoutes } from './online/routes.ts';
export { createPaymentsService, type PaymentsService, type PaymentsOptions } from './online/service.ts';
export const operations = { ...providerOperations, ...onlineOperations };
