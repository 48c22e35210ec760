/** Opening hours: the shared rules of `src/contract/hours.ts` (the browser uses the same ones). */
export { inWindow, isOpenAt, zonedClock as zonedParts } from '../../src/contract/hours.ts';
