/**
 * Work the first screen does not need (the menu's open-now line, visit record, scroll-spy and
 * live checks) runs in tasks of its own when the main thread is idle, so it never competes with
 * the first paint or delays a tap.
 */

/**
 * Runs `run` in its own task once the main thread is idle (at most `timeout` ms later); with
 * `afterLoad`, not before the page's `load` event. Returns a canceller.
 */
export function whenIdle(
  run: () => void,
  { timeout = 1_000, afterLoad = false }: { timeout?: number; afterLoad?: boolean } = {},
): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function')
      idle = requestIdleCallback(
        () => {
          if (!cancelled) run();
        },
        { timeout },
      );
    else
      timer = setTimeout(() => {
        if (!cancelled) run();
      }, 50);
  };
  if (!afterLoad || document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', go);
    if (idle !== undefined) cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
