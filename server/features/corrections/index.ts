/** Correcting what was sent: voids, invitations and discounts, pre-bills. The corrections feature's public module. */
export { createCorrectionsService, type CorrectionsService } from './service.ts';
export { correctionRoutes } from './routes.ts';
export * as operations from './operations.ts';
