/**
 * Service worker from `/sw.js`, scope `/`. A new version waits until the diner
 * accepts it, and the prompt is neither shown nor applied while the app is busy
 * (checkout in progress: see busy.ts).
 *
 * Registered with the browser's own API rather than workbox-window (2 KB less
 * on every first load): the generated worker (registerType `prompt`) waits
 * until it gets `{ type: 'SKIP_WAITING' }`; the page reloads once it controls.
 */
import { keepForNextVisit } from './sw-keep.ts';
import { ASSETS_CACHE, CONFIG_CACHE, PAGES_CACHE } from './sw-caches.ts';

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
 * The visit that installs the worker keeps, once the worker is active, what the worker's rules
 * keep on later visits (src/shell/sw-keep.ts): `/config.json`, so that the next visit's pages
 * read it from the device whatever the network does (docs/rules.md#returning-on-a-bad-network);
 * this page, when it answered 200 (a 404 stays a 404); and the code it loaded that the precached
 * shell does not hold (a staff screen's). A venue page adds its menu file (src/features/menu/menu-page.ts).
 */
function keepThisVisit(): void {
  keepForNextVisit(
    () => {
      const navigation = performance.getEntriesByType('navigation')[0] as
        (PerformanceNavigationTiming & { responseStatus?: number }) | undefined;
      const answered = navigation?.responseStatus ?? 200;
      const code = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/_astro/'))
        .map((url) => ({ url: url.href, cache: ASSETS_CACHE }));
      return [
        { url: CONFIG_URL, cache: CONFIG_CACHE },
        ...(answered === 200 ? [{ url: location.pathname, cache: PAGES_CACHE }] : []),
        ...code,
      ];
    },
    { firstVisitOnly: true },
  );
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
      keepThisVisit();
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
