/**
 * Which receipt `/recibo/{id}` (or `/{lang}/recibo/{id}`, the same receipt in another interface language) shows
 * (docs/rules.md#the-bill): the id is the path's last segment; a host that can only rewrite to a page with a query
 * (or the 404 page's fallback) hands it over as `/recibo?id=…` (`/{lang}/recibo?id=…`).
 */

const ID = /^[A-Za-z0-9_-]{16,64}$/;

export function receiptIdFrom(pathname: string, search: string): string | null {
  const match = /^(?:\/[a-z]{2})?\/recibo\/([^/]+)\/?$/.exec(pathname);
  let id = match?.[1] ?? new URLSearchParams(search).get('id') ?? '';
  try {
    id = decodeURIComponent(id);
  } catch {
    return null;
  }
  return ID.test(id) ? id : null;
}
