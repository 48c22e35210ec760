/** `/pago/{paymentId}`'s pure parts (docs/rules.md#paying-from-the-phone). */

/** The payment of `/pago/{id}` (`/{lang}/pago/{id}`, or `/pago?id=…` from a host's fallback). */
export function paymentIdFrom(pathname: string, search: string): string | null {
  const match = /^(?:\/[a-z]{2})?\/pago\/([^/]+)\/?$/.exec(pathname);
  const id = match?.[1] ?? new URLSearchParams(search).get('id') ?? '';
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? id : null;
}

/** What the page shows for a payment's status: still waiting, paid, or not completed (failed or expired). */
export function outcomeOf(status: string): 'waiting' | 'paid' | 'failed' {
  return status === 'paid' ? 'paid' : status === 'pending' ? 'waiting' : 'failed';
}
