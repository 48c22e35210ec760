/*
 * Web Push in the service worker (docs/rules.md#ready-notifications), added to the generated worker with
 * `importScripts` (src/shell/pwa-options.ts): a push shows the notification the server sent (JSON
 * `{title, body, url}`), and a tap on it focuses a tab already at that address or opens one.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'umenu', {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/pwa-192x192.png',
      badge: '/pwa-64x64.png',
      tag: url,
      renotify: true,
      vibrate: [200, 100, 200],
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  // Only this site's pages.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = tabs.find((tab) => tab.url === target.href);
      if (open) return open.focus();
      return self.clients.openWindow(target.href);
    })(),
  );
});
