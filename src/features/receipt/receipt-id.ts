/**
 * Which receipt `/recibo/{id}` shows (docs/rules.md#the-bill): the id is the path's last segment; a host that can
 * only rewrite to a page with a query (or the 404 page's fallback) hands it over as `/recibo?id=…`.
 */
const ID = /^[A-Za-z0-9_-]{16,64}$/;

export function receiptIdFrom(pathname: string, search: string): string | null {
  const match = /^\/recibo\/([^/]+)\/?$/.exec(pathname);
  let id = match?.[1] ?? new URLSearchParams(search).get('id') ?? '';
  try {
    id = decodeURIComponent(id);
  } catch {
    return null;
  }
  return ID.test(id) ? id : null;
}

/** The receipt's own address, the one to share. */
export const receiptPath = (id: string): string => `/recibo/${encodeURIComponent(id)}`;
