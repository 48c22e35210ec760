/** Online/offline status from the browser's events, as a nanostore. */
import { atom, onMount } from 'nanostores';

function currentlyOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine !== false;
}

export const $online = atom<boolean>(currentlyOnline());

onMount($online, () => {
  if (typeof window === 'undefined') return;
  const update = (): void => $online.set(currentlyOnline());
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
});
