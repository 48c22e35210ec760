/** Printing kitchen tickets on the restaurant's printers (agents, printers, print jobs, reprints). The printing feature's public module. */
export { createPrintingService, type PrintingService } from './service.ts';
export { printingRoutes } from './routes.ts';
export * as operations from './operations.ts';
