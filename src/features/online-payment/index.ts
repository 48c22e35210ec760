/** The return page of a payment from the phone (docs/rules.md#paying-from-the-phone): what other features use of it. */
export { keepReturn } from './return.ts';
export { follow } from './follow.ts';
