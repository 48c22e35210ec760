/**
 * What other features use of the staff board (docs/rules.md#table-sessions): its live store of the venue (the floor
 * view shows the same tables, bills and stream, src/features/floor/), the words of table calls, the panel's venue
 * parameter and its venue list and "no access" screens.
 */
export { boardStore } from './board-store.ts';
export { callLabel } from './tables.ts';
export { venueParam } from './logic.ts';
export { NoAccess } from './NoAccess.tsx';
export { VenuePicker } from './VenuePicker.tsx';
export { PreBillButton } from './PreBillButton.tsx';
