/**
 * The table session's public face for its components (docs/rules.md#table-sessions), loaded only on
 * a table link or with a stored seat. Three parts, one job each: the session and its stream
 * (session.ts), the queue of cart edits (edit-queue.ts), and rounds, calls and the bill
 * (rounds.ts), over the stores they share (state.ts). Loading this module loads all three, so
 * the queue and the bill are plugged into the session. Components only read these stores and
 * call these actions.
 */
export {
  $bill,
  $calling,
  $lastSent,
  $memberships,
  $myRequests,
  $priceChange,
  $queue,
  $sending,
  $session,
  $table,
  $tableName,
  $tableUi,
  $venue,
  $view,
  closeTableCart,
  openTableCart,
  type TableVenue,
} from './state.ts';
export { checkAndJoin, join, refresh, startTable } from './session.ts';
export { addTableLine, flush, removeLine, setLineQuantity } from './edit-queue.ts';
export {
  callStaff,
  closeBill,
  dismissPriceChange,
  loadBill,
  openBill,
  requestPayment,
  sendToKitchen,
  withdrawPayment,
} from './rounds.ts';
