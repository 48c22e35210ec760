/**
 * Service worker from `/sw.js`, scope `/`. A new version waits until the diner
 * accepts it, and the prompt is neither shown nor applied while the app is busy
 * (checkout in progress: see busy.ts).
 *
 * Registered with the browser's own API rather than workbox-window (2 KB less
 * on every first load): the generated worker (registerType `prompt`) waits
 * until it gets `{ type: 'SKIP_WAITING' }`; the page reloads once it controls.
 */
import { CONFIG_CACHE } from './sw-caches.ts';

/** The runtime config's address (src/lib/config.ts), spelt out: importing that module here would put it in every page's first load. */
const CONFIG_URL = '/config.json';

export const SW_URL = '/sw.js';

/** Asks the waiting worker to take over, then reloads once it controls the page. */
function applyUpdate(registration: ServiceWorkerRegistration): void {
  const waiting = registration.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

function needRefresh(registration: ServiceWorkerRegistration): void {
  // The prompt's code (and the busy flag) load only when an update is actually waiting.
  void import('./sw-update-prompt.ts')
    .then(({ promptUpdate }) => promptUpdate(() => applyUpdate(registration)))
    .catch((error: unknown) => console.warn('[umenu] update prompt could not load', error));
}

export function installServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  register();
}

/**
 * The first visit (no worker controls it) fetched `/config.json` past the worker: once the worker
 * is active, keep the file as its rule would have, so that the next visit's pages read it from
 * the device whatever the network does (docs/rules.md#returning-on-a-bad-network).
 */
function keepConfigForNextVisit(): void {
  if (navigator.serviceWorker.controller || !('caches' in window)) return;
  void navigator.serviceWorker.ready
    .then(async () => {
      if (navigator.serviceWorker.controller) return;
      await (await caches.open(CONFIG_CACHE)).add(CONFIG_URL);
    })
    .catch(() => undefined);
}

function register(): void {
  // The worker's script comes from the network: a page opened offline registers it once the
  // connection is back (registering offline fails, and the browser logs it as an error).
  if (navigator.onLine === false) {
    window.addEventListener('online', register, { once: true });
    return;
  }
  navigator.serviceWorker
    .register(SW_URL, { scope: '/' })
    .then((registration) => {
      keepConfigForNextVisit();
      // A new version is an update only when a worker already controls this page (the first install is not).
      if (registration.waiting && navigator.serviceWorker.controller) needRefresh(registration);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && navigator.serviceWorker.controller) needRefresh(registration);
        });
      });
    })
    .catch((error: unknown) => console.warn('[umenu] service worker registration failed', error));
}
