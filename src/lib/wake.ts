/**
 * Waking a page's `client:touch` islands (src/lib/touch-directive.ts) before the diner touches
 * it: a page script calls `wakeIslands()` when what is stored needs React at once (a cart to
 * count, a table seat, recent venues to list). Islands that connect later see the mark.
 */
export const WAKE_EVENT = 'umenu:wake';

export function wakeIslands(): void {
  document.documentElement.dataset.awake = '1';
  document.dispatchEvent(new Event(WAKE_EVENT));
}
