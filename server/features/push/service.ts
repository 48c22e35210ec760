/**
 * Web Push when an order is ready (docs/rules.md#ready-notifications): a diner's browser subscribes for their
 * order (or their table session); when the order (or a round of the table) becomes ready, this instance — the
 * one that committed the change — sends each subscription one notification, after the commit, without holding
 * up the request that made the change. A push service answering 404 or 410 has dropped the subscription: it is
 * deleted. The order's subscriptions go when it is delivered or cancelled, a session's when it closes.
 *
 * The request is built by `web-push` (VAPID, RFC 8292; payload encrypted with `aes128gcm`, RFC 8291) and sent
 * with `fetch`, redirects not followed, to an endpoint the allow-list accepts (./endpoints.ts).
 */
import webpush from 'web-push';
import type { Db } from '../../platform/db/database.ts';
import type { Order } from '../../../src/contract/order.ts';
import { PUSH_MESSAGES, readyPayload, type PushSubscriptionInput } from '../../../src/contract/push.ts';
import { venueLanguage } from '../../../src/contract/languages.ts';
import { problem } from '../../platform/problem.ts';
import { endpointAllowed, extraOrigins } from './endpoints.ts';
import * as sql from './queries.ts';

/** Who holds a subscription: an order, or a table session (every round of it). */
export type PushOwner = { order: string } | { session: string };
const ownerKey = (owner: PushOwner) => ('order' in owner ? `order:${owner.order}` : `session:${owner.session}`);

/** The most subscriptions one order or session holds (a table of friends, each with a phone). */
export const MAX_SUBSCRIPTIONS = 20;
/** How long a push service may take to answer. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a phone that is off (s): after an hour it is news no more. */
const TTL_SECONDS = 3600;

export interface PushOptions {
  vapid?: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** `UMENU_PUSH_ENDPOINTS`. */
  endpoints: readonly string[];
  /** A venue's locale and languages (the table page's address is in the diner's language). */
  venue(id: string): { locale: string; languages?: readonly string[] } | undefined;
  now?: () => Date;
}

export interface PushService {
  /** The VAPID public key; undefined when push is off. */
  readonly publicKey: string | undefined;
  /** Keeps a subscription (refused: not allowed endpoint, too many). */
  subscribe(owner: PushOwner, input: PushSubscriptionInput): Promise<void>;
  /** After an order's status change was committed (its table session, for a round). Never throws. */
  statusChanged(order: Order, sessionId: string | undefined): void;
  /** Resolves once everything started so far (sends, deletions) has ended. */
  settled(): Promise<void>;
}

/** The order page, in the diner's language (`/pedidos/ver?id=…`, `/en/pedidos/ver?id=…`). */
const orderPath = (order: Order, lang: string | undefined) =>
  `${lang && lang !== 'es' ? `/${lang}` : ''}/pedidos/ver?id=${encodeURIComponent(order.id)}`;

export function createPushService(db: Db, options: PushOptions): PushService {
  const { vapid } = options;
  const now = options.now ?? (() => new Date());
  const extra = extraOrigins(options.endpoints);
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const done = work
      .catch((error: unknown) => console.error('[umenu] push failed', error))
      .finally(() => pending.delete(done));
    pending.add(done);
  };

  /** The table's page in the diner's language: `/{venueId}?mesa=4`, `/en/{venueId}?mesa=4`. */
  const tablePath = (order: Order, lang: string | undefined) => {
    const venue = options.venue(order.venueId);
    const own = venue ? venueLanguage(venue) : 'es';
    const prefix = lang && lang !== own ? `/${lang}` : '';
    return `${prefix}/${order.venueId}?mesa=${encodeURIComponent(order.table ?? '')}`;
  };

  async function send(row: sql.SubscriptionRow, order: Order): Promise<void> {
    if (!vapid || !endpointAllowed(row.endpoint, extra)) return;
    const lang = order.language ?? row.language ?? undefined;
    const url = row.owner.startsWith('session:') ? tablePath(order, lang) : orderPath(order, lang);
    const payload = readyPayload(order, lang, url);
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: TTL_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm' },
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
    }
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    // The browser unsubscribed, or the push service forgot it: nobody will read it again.
    if (response.status === 404 || response.status === 410) {
      await sql.deleteSubscription(db, row.owner, row.endpoint);
    } else if (response.status < 200 || response.status > 299) {
      console.error('[umenu] push service answered', response.status, new URL(row.endpoint).origin);
    }
  }

  async function ready(order: Order, sessionId: string | undefined): Promise<void> {
    const owners = [ownerKey({ order: order.id }), ...(sessionId ? [ownerKey({ session: sessionId })] : [])];
    const rows = await sql.subscriptionsOf(db, owners);
    // Each subscription once, even if it is the order's and the session's too.
    const seen = new Set<string>();
    await Promise.all(
      rows
        .filter((row) => !seen.has(row.endpoint) && seen.add(row.endpoint))
        .map((row) =>
          send(row, order).catch((error: unknown) =>
            console.error('[umenu] push not sent', new URL(row.endpoint).origin, String(error)),
          ),
        ),
    );
  }

  return {
    publicKey: vapid?.publicKey,
    async subscribe(owner, input) {
      if (!vapid) throw problem('notFound', 404, PUSH_MESSAGES.off);
      if (!endpointAllowed(input.endpoint, extra)) {
        throw problem('validation', 422, PUSH_MESSAGES.endpointRefused, {
          errors: { endpoint: [PUSH_MESSAGES.endpointRefused] },
        });
      }
      const key = ownerKey(owner);
      await db.transaction(async (tx) => {
        const [count, known] = await Promise.all([
          sql.countSubscriptions(tx, key),
          sql.hasSubscription(tx, key, input.endpoint),
        ]);
        if (!known && Number(count) >= MAX_SUBSCRIPTIONS) throw problem('validation', 422, PUSH_MESSAGES.tooMany);
        await sql.saveSubscription(tx, {
          owner: key,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          language: input.language ?? null,
          createdAt: now().getTime(),
        });
      });
    },
    statusChanged(order, sessionId) {
      if (order.status === 'ready') {
        if (vapid) track(ready(order, sessionId));
      } else if (order.status === 'delivered' || order.status === 'cancelled')
        track(sql.deleteOwner(db, ownerKey({ order: order.id })));
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
