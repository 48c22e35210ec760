/**
 * Why this exists: localStorage is not read-your-writes across tabs. Chromium
 * propagates one tab's writes to the others asynchronously, so a tab that gets
 * the refresh lock right after another tab rotated the tokens can still read
 * the old refresh token, present it, and trip reuse detection (which revokes
 * the whole family and signs the diner out everywhere).
 *
 * IndexedDB commits go through one backend, so a write that completed before
 * the lock was released is visible to the next holder. The tab that rotates
 * records `{ previous refresh token → new tokens }` here before releasing the
 * lock; the next holder checks it first.
 */
import type { StoredTokens } from './tokens.ts';

export interface Rotation {
  previousRefreshToken: string;
  tokens: StoredTokens;
}

export interface RotationLog {
  read(strategy: string): Promise<Rotation | null>;
  write(strategy: string, rotation: Rotation): Promise<void>;
}

const DB_NAME = 'umenu-auth';
const STORE = 'rotations';
const TIMEOUT_MS = 1500;

function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), TIMEOUT_MS))]);
}

function isRotation(value: unknown): value is Rotation {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const tokens = record.tokens as Record<string, unknown> | undefined;
  return (
    typeof record.previousRefreshToken === 'string' &&
    typeof tokens === 'object' &&
    tokens !== null &&
    typeof tokens.token === 'string' &&
    typeof tokens.refreshToken === 'string'
  );
}

/** The IndexedDB-backed log, or null where IndexedDB is unavailable (then storage alone is used). */
export function indexedDbRotationLog(): RotationLog | null {
  if (typeof indexedDB === 'undefined') return null;
  let opening: Promise<IDBDatabase | null> | undefined;

  function open(): Promise<IDBDatabase | null> {
    opening ??= withTimeout(
      new Promise<IDBDatabase | null>((resolve) => {
        try {
          const request = indexedDB.open(DB_NAME, 1);
          request.onupgradeneeded = () => request.result.createObjectStore(STORE);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(null);
          request.onblocked = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
      null,
    );
    return opening;
  }

  return {
    async read(strategy) {
      const db = await open();
      if (!db) return null;
      return withTimeout(
        new Promise<Rotation | null>((resolve) => {
          try {
            const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(strategy);
            request.onsuccess = () => resolve(isRotation(request.result) ? request.result : null);
            request.onerror = () => resolve(null);
          } catch {
            resolve(null);
          }
        }),
        null,
      );
    },
    async write(strategy, rotation) {
      const db = await open();
      if (!db) return;
      await withTimeout(
        new Promise<void>((resolve) => {
          try {
            const transaction = db.transaction(STORE, 'readwrite');
            transaction.objectStore(STORE).put(rotation, strategy);
            transaction.oncomplete = () => resolve();
            transaction.onerror = () => resolve();
            transaction.onabort = () => resolve();
          } catch {
            resolve();
          }
        }),
        undefined,
      );
    },
  };
}

/** An in-memory log shared by fake "tabs" in tests. */
export function memoryRotationLog(): RotationLog {
  const map = new Map<string, Rotation>();
  return {
    read: async (strategy) => map.get(strategy) ?? null,
    write: async (strategy, rotation) => void map.set(strategy, rotation),
  };
}
