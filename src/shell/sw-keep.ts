/**
 * What a page keeps for the next visit beside what the service worker's rules keep
 * (docs/rules.md#pwa). The worker precaches only the shell (src/shell/pwa-options.ts) and keeps
 * the rest as it answers it; but the visit that installs the worker is not answered by it, and a
 * file a page may need offline without having asked for it yet (a venue's menu file, read when
 * the diner first taps a dish) is not answered at all. So, once the worker is active, the page
 * keeps those itself, in the cache whose rule would have kept them: the venue a diner opened from
 * a QR code opens from the device next time, and nothing else is downloaded for it.
 */

export interface KeptFile {
  /** Same-origin address (its query is left out: the caches keep one copy per path). */
  url: string;
  /** The runtime cache whose rule would have kept it (src/shell/sw-caches.ts). */
  cache: string;
}

/**
 * Keeps `files` once a service worker is active: on the visit that installs it only
 * (`firstVisitOnly`: what the worker's rules keep on later visits), or on any visit. A file the
 * device keeps already (the precached shell, an earlier visit's copy) is not asked for again; a
 * file the network does not answer 200 is not kept. Never fails the page.
 */
export function keepForNextVisit(files: KeptFile[] | (() => KeptFile[]), { firstVisitOnly = false } = {}): void {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  if (firstVisitOnly && navigator.serviceWorker.controller) return;
  void navigator.serviceWorker.ready
    .then(async () => {
      const list = typeof files === 'function' ? files() : files;
      await Promise.all(
        list.map(async ({ url, cache }) => {
          const address = new URL(url, location.href);
          address.search = '';
          address.hash = '';
          if (address.origin !== location.origin || (await caches.match(address.href, { ignoreSearch: true }))) return;
          // Not `cache.add`: Chromium logs its refusal of a 404 as a console error.
          const response = await fetch(address.href);
          if (response.ok) await (await caches.open(cache)).put(address.href, response);
        }),
      );
    })
    .catch(() => undefined);
}
