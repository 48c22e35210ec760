/**
 * "Do not interrupt" flag: while set (e.g. during checkout), the service-worker
 * update prompt is neither shown nor applied. Also mirrored on
 * `window.__umenuBusy` for code that cannot import this module.
 */
export const BUSY_EVENT = 'umenu:busy';

declare global {
  interface Window {
    __umenuBusy?: boolean;
  }
}

const reasons = new Set<string>();

export function isBusy(): boolean {
  return reasons.size > 0 || (typeof window !== 'undefined' && window.__umenuBusy === true);
}

/** Marks (or clears) a reason to stay busy, e.g. `setBusy('checkout', true)`. */
export function setBusy(reason: string, busy: boolean): void {
  if (busy) reasons.add(reason);
  else reasons.delete(reason);
  if (typeof window === 'undefined') return;
  window.__umenuBusy = reasons.size > 0;
  window.dispatchEvent(new CustomEvent(BUSY_EVENT, { detail: { busy: window.__umenuBusy } }));
}

/** Runs `fn` now if idle, else once the busy flag clears (event, or a 1 s check for `window.__umenuBusy`). */
export function whenIdle(fn: () => void): void {
  if (!isBusy()) {
    fn();
    return;
  }
  const check = (): void => {
    if (isBusy()) return;
    window.removeEventListener(BUSY_EVENT, check);
    clearInterval(timer);
    fn();
  };
  const timer = setInterval(check, 1000);
  window.addEventListener(BUSY_EVENT, check);
}
