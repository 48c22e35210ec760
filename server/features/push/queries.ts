/** Every SQL statement of the push feature (docs/architecture.md#server-by-feature). */
import type { Queryable } from '../../platform/db/database.ts';

export interface SubscriptionRow {
  owner: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string | null;
}

/** Keeps a browser's subscription for an owner (`order:{id}`, `session:{id}`); the same endpoint again replaces its keys. */
export const saveSubscription = (q: Queryable, row: SubscriptionRow & { createdAt: number }) =>
  q.run(
    'INSERT INTO push_subscriptions (owner, endpoint, p256dh, auth, language, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (owner, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, language = excluded.language',
    [row.owner, row.endpoint, row.p256dh, row.auth, row.language, row.createdAt],
  );

export const countSubscriptions = async (q: Queryable, owner: string) =>
  (await q.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM push_subscriptions WHERE owner = ?', [owner]))?.n ??
  0;

export const hasSubscription = (q: Queryable, owner: string, endpoint: string) =>
  q.get<{ owner: string }>('SELECT owner FROM push_subscriptions WHERE owner = ? AND endpoint = ?', [owner, endpoint]);

export const subscriptionsOf = (q: Queryable, owners: readonly string[]) =>
  q.all<SubscriptionRow>(
    `SELECT owner, endpoint, p256dh, auth, language FROM push_subscriptions WHERE owner IN (${owners.map(() => '?').join(', ')}) ORDER BY created_at, endpoint`,
    [...owners],
  );

export const deleteOwner = (q: Queryable, owner: string) =>
  q.run('DELETE FROM push_subscriptions WHERE owner = ?', [owner]);

export const deleteSessionSubscriptions = (q: Queryable, sessionId: string) => deleteOwner(q, `session:${sessionId}`);

/** A table merged into another: its phones follow the other session, and so do their subscriptions. */
export async function moveSessionSubscriptions(q: Queryable, from: string, to: string): Promise<void> {
  await q.run(
    'INSERT INTO push_subscriptions (owner, endpoint, p256dh, auth, language, created_at) SELECT ?, endpoint, p256dh, auth, language, created_at FROM push_subscriptions WHERE owner = ? ON CONFLICT (owner, endpoint) DO NOTHING',
    [`session:${to}`, `session:${from}`],
  );
  await deleteOwner(q, `session:${from}`);
}

export const deleteSubscription = (q: Queryable, owner: string, endpoint: string) =>
  q.run('DELETE FROM push_subscriptions WHERE owner = ? AND endpoint = ?', [owner, endpoint]);
