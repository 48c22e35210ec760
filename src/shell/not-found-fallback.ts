/**
 * Hosts that can only serve `404.html` for unknown paths (e.g. GitHub Pages)
 * still open venues created after the build: when the 404 page stands at a
 * venue-like path and the API knows that venue, go to the fallback shell,
 * which puts the venue's own address back in the bar (see venue-shell.astro).
 * A receipt's address (`/recibo/{id}`) goes to the receipt page the same way, a payment's (`/pago/{id}`) to its page.
 * On the bundled server and on hosts with rewrite rules, a known venue never
 * reaches this page, so this only costs one small request on a real 404.
 */
import { isValidVenueId } from '../contract/limits.ts';
import { loadConfig } from '../lib/config.ts';
import { localPath, pageLanguage, withoutLanguage } from '../lib/page-language.ts';

/** The venue id of `/{id}` (or `/{lang}/{id}` on that language's 404 page). */
function venueIdFromPath(pathname: string): string | null {
  const match = /^\/([^/]+?)\/?$/.exec(withoutLanguage(pathname));
  const id = match?.[1] ? decodeURIComponent(match[1]) : '';
  return isValidVenueId(id) ? id : null;
}

/** The fallback shell in the page's language (`/en/venue-shell?venue=…`). */
function venueShellUrl(id: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  params.set('venue', id);
  return `${localPath('/venue-shell', pageLanguage())}?${params.toString()}${hash}`;
}

/** `/recibo/{id}` (`/{lang}/recibo/{id}`) on such a host: the receipt page as `/recibo?id=…`, which puts its own address back. */
export function receiptPageUrl(pathname: string): string | null {
  const match = /^(\/(?:en|fr|de|it|pt|ca))?\/recibo\/([A-Za-z0-9_-]{16,64})\/?$/.exec(pathname);
  if (match) return `${match[1] ?? ''}/recibo?id=${match[2]}`;
  // A payment's way back from the provider (`/pago/{id}`), the same way (docs/rules.md#paying-from-the-phone).
  const pay = /^(\/(?:en|fr|de|it|pt|ca))?\/pago\/([0-9a-f-]{36})\/?$/.exec(pathname);
  return pay ? `${pay[1] ?? ''}/pago?id=${pay[2]}` : null;
}

async function openVenueIfItExists(): Promise<void> {
  const receipt = receiptPageUrl(location.pathname);
  if (receipt) return location.replace(receipt);
  const id = venueIdFromPath(location.pathname);
  if (!id) return;
  const { apiBase } = await loadConfig();
  const response = await fetch(`${apiBase}/venues/${encodeURIComponent(id)}`, {
    method: 'HEAD',
    headers: { Accept: 'application/json, text/plain, */*' },
  }).catch(() => null);
  if (response?.ok) location.replace(venueShellUrl(id, location.search, location.hash));
}

void openVenueIfItExists();
