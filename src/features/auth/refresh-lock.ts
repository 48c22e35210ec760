/**
 * One refresh at a time across every open tab. Refresh tokens rotate and a
 * reused one revokes the whole family, so two tabs refreshing with the same
 * token would sign the diner out: the Web Locks API serialises them, and the
 * tab that gets the lock second re-reads storage and adopts the new tokens.
 * Browsers without Web Locks fall back to a short lease in localStorage.
 */
import type { KeyValueStore } from './storage.ts';

export const REFRESH_LOCK_NAME = 'umenu-auth-refresh';

export interface RefreshLock {
  run<T>(task: () => Promise<T>): Promise<T>;
}

interface LockManagerLike {
  request<T>(name: string, options: { mode: 'exclusive' }, callback: () => Promise<T>): Promise<T>;
}

export function webLock(locks: LockManagerLike, name = REFRESH_LOCK_NAME): RefreshLock {
  return { run: (task) => locks.request(name, { mode: 'exclusive' }, task) };
}

/** A mutex inside one page (also the base of the other locks' same-tab behaviour). */
export function inPageLock(): RefreshLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task, task);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Lease in localStorage: write `{id, until}`, wait a moment, and own the lock
 * only if our write survived. Stale leases (a closed tab) expire after `ttlMs`.
 */
export function storageLeaseLock(
  store: KeyValueStore,
  options: {
    key?: string;
    ttlMs?: number;
    waitMs?: number;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
    id?: string;
  } = {},
): RefreshLock {
  const key = options.key ?? `auth._refresh_lock`;
  const ttlMs = options.ttlMs ?? 10_000;
  const waitMs = options.waitMs ?? 15_000;
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? sleepFor;
  const id = options.id ?? Math.random().toString(36).slice(2);
  const local = inPageLock();

  function holder(): { id: string; until: number } | null {
    try {
      const parsed: unknown = JSON.parse(store.getItem(key) ?? 'null');
      if (parsed && typeof parsed === 'object' && 'id' in parsed && 'until' in parsed) {
        const { id: owner, until } = parsed;
        if (typeof owner === 'string' && typeof until === 'number') return { id: owner, until };
      }
    } catch {
      // A corrupt lease is no lease.
    }
    return null;
  }

  async function acquire(): Promise<boolean> {
    const deadline = now() + waitMs;
    while (now() < deadline) {
      const current = holder();
      if (!current || current.until <= now()) {
        store.setItem(key, JSON.stringify({ id, until: now() + ttlMs }));
        await sleep(25);
        if (holder()?.id === id) return true;
      } else {
        await sleep(50);
      }
    }
    return false;
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return local.run(async () => {
        const owned = await acquire();
        try {
          return await task();
        } finally {
          if (owned && holder()?.id === id) store.removeItem(key);
        }
      });
    },
  };
}

/** Web Locks where available, else the localStorage lease, else an in-page mutex. */
export function browserRefreshLock(store: KeyValueStore | null): RefreshLock {
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManagerLike }).locks : undefined;
  if (locks && typeof locks.request === 'function') return webLock(locks);
  if (store) return storageLeaseLock(store);
  return inPageLock();
}
