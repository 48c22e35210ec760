/** Pausing new orders, by staff or by the venue itself (docs/rules.md#pausing-orders): the pause feature's public module. */
export { createPauseService, type PauseService } from './service.ts';
export { watchAutoPause } from './auto.ts';
export { pauseRoutes } from './routes.ts';
export * as operations from './operations.ts';
