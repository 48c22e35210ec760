/**
 * A shared clock for what changes with time alone ("abierto ahora", "hace 5
 * min", whether checkout may send): a store that ticks while someone listens,
 * so components hold no timers of their own.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';

const clocks = new Map<number, ReadableAtom<number>>();

/** `Date.now()`, refreshed every `everyMs` while the store has listeners. */
export function clock(everyMs: number): ReadableAtom<number> {
  let store = clocks.get(everyMs);
  if (!store) {
    const $time = atom(Date.now());
    onMount($time, () => {
      $time.set(Date.now());
      const timer = setInterval(() => $time.set(Date.now()), everyMs);
      return () => clearInterval(timer);
    });
    clocks.set(everyMs, $time);
    store = $time;
  }
  return store;
}
