/**
 * Online payments (docs/architecture.md#online-payments): the providers behind one seam (providers/),
 * and each venue's provider configuration (config.ts, its routes). The payments feature's public module.
 */
export * from './providers/index.ts';
export { loadProviderConfig } from './config.ts';
export { paymentRoutes } from './routes.ts';
export * as operations from './operations.ts';
