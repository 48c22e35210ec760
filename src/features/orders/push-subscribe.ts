/**
 * The browser's side of the ready notification (docs/rules.md#ready-notifications), loaded only when the order
 * page (or the table's sent round) may offer it: the server's VAPID key, the browser's subscription with it,
 * posted for the order or for the table session.
 */
import { isHTTPError } from 'ky';
import { http } from '../../lib/http.ts';
import { PushPublicKey } from '../../contract/push.ts';
import { TABLE_CREDENTIAL_HEADER } from '../../contract/table.ts';
import { pageLanguage } from '../../lib/page-language.ts';

/** Whom the subscription is for: an order (its diner's account) or the table session (a participant's credential). */
export type ReadyTarget = { orderId: string } | { tableCredential: string };

/** The server's public key; undefined when it sends no notifications (404). */
export async function serverKey(): Promise<string | undefined> {
  try {
    return PushPublicKey.parse(await http.get('push/public-key', { retry: 0 }).json<unknown>()).publicKey;
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 404) return undefined;
    throw error;
  }
}

const keyBytes = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Subscribes this browser (reusing its subscription when it has one) and tells the server. */
export async function subscribe(registration: ServiceWorkerRegistration, key: string, target: ReadyTarget) {
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  const json = { ...subscription.toJSON(), language: pageLanguage() };
  if ('orderId' in target) {
    await http.post(`orders/${encodeURIComponent(target.orderId)}/push-subscription`, { json, retry: 0 });
  } else {
    await http.post('table-session/push-subscription', {
      json,
      retry: 0,
      headers: { [TABLE_CREDENTIAL_HEADER]: target.tableCredential },
    });
  }
}
