/** The kitchen: stations' tickets, bump and reopen, held courses and «Marchar». The kitchen feature's public module. */
export {
  createKitchenService,
  toTicket,
  type KitchenService,
  type OpenTableSessions,
  type OrderProgress,
  type TicketPrinting,
} from './service.ts';
export { ticketWriter, splitOrder } from './split.ts';
export { kitchenRoutes } from './routes.ts';
export * as operations from './operations.ts';
