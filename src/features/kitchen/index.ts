/** What other features use of the kitchen: printing on the board (src/features/staff/OrderBoard.tsx). */
export { OrderPrintTools, PrinterAlerts } from './PrintTools.tsx';
export type { Printable } from './print.tsx';
