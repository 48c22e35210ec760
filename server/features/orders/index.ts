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
export * as operations from './operations.ts';
