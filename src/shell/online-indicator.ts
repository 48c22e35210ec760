/** Shows the "Sin conexión" badge in the header while the browser is offline. */
import { $online } from '../lib/online.ts';

export function installOnlineIndicator(): void {
  const badge = document.getElementById('umenu-offline-badge');
  if (!badge) return;
  $online.subscribe((online) => {
    badge.hidden = online;
    document.documentElement.dataset.online = String(online);
  });
}
