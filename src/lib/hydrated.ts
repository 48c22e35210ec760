/**
 * Whether an island runs in the browser yet: false in the server HTML and during hydration
 * (so both renders agree), true right after. For what only the browser knows (storage, the
 * address), without a `useState` + `useEffect` pair that renders twice on every mount.
 */
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
