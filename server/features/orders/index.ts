/** Orders: placing them (priced by the server), their live status, the staff board. The orders feature's public module. */
export {
  createOrderService,
  hashBody,
  TABLE_USER_PREFIX,
  type CreateResult,
  type OrderService,
  type OrderTickets,
} from './service.ts';
export { outOfHoursProblem, priceLines } from './pricing.ts';
export { pricedChoices } from './sets.ts';
export { orderRoutes, type OnlineOrders } from './routes.ts';
export { createOrderTiming, type OrderTiming } from './timing.ts';
export { timingRoutes } from './timing-routes.ts';
import * as timingOperations from './timing-operations.ts';
/** Pickup and delivery times' part of the OpenAPI document (server/openapi.ts). */
export const timingPart = { operations: timingOperations };
export * as operations from './operations.ts';
