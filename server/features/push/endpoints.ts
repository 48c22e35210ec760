/**
 * Which addresses a push subscription may name (docs/rules.md#ready-notifications): the server POSTs to a
 * subscription's endpoint, so a diner must not be able to make it call an address of the deployer's
 * network. Accepted: `https:` on the default port at the browsers' own push services, and the exact
 * origins of `UMENU_PUSH_ENDPOINTS` (a local stand-in in the tests: `http://127.0.0.1:PORT`, listed whole).
 */

/** The browsers' push services: Chrome and Edge on Android (FCM), Firefox, Safari, Edge on Windows. */
const PUSH_SERVICE_HOSTS: ReadonlyArray<string | RegExp> = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  /^[a-z0-9-]+(\.[a-z0-9-]+)*\.push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+(\.[a-z0-9-]+)*\.push\.apple\.com$/,
  /^[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com$/,
];

/** The origin of each `UMENU_PUSH_ENDPOINTS` entry (`http://127.0.0.1:4555`); entries that are not URLs are dropped. */
export function extraOrigins(entries: readonly string[]): Set<string> {
  const origins = new Set<string>();
  for (const entry of entries) {
    try {
      const url = new URL(entry);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      /* not a URL: ignored */
    }
  }
  return origins;
}

/** Whether the server may send to `endpoint`. */
export function endpointAllowed(endpoint: string, extra: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extra.has(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) => (typeof known === 'string' ? host === known : known.test(host)));
}
