/**
 * Short-lived social sign-in records, in the database (any instance can finish a sign-in
 * another started) or, for tests, in memory: the pending authorization requests,
 * keyed by `state`, and the one-time codes handed to the browser, keyed by
 * their hash and bound to the browser's PKCE challenge.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../../platform/db/database.ts';
import {
  countSocial,
  deleteExpiredSocial,
  deleteOldestSocial,
  takeSocial,
  upsertSocial,
  type SocialTable,
} from '../queries.ts';

export interface PendingSignIn {
  provider: string;
  /** Our PKCE verifier towards the identity provider. */
  verifier: string;
  nonce: string;
  /** The browser's S256 challenge; the one-time code is bound to it. */
  browserChallenge: string;
  redirectUri: string;
  siteOrigin: string;
  expiresAt: number;
}

export interface OneTimeCode {
  userId: string;
  challenge: string;
  expiresAt: number;
}

export const PENDING_TTL_MS = 10 * 60_000;
export const CODE_TTL_MS = 2 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256(verifier: string): string {
  return sha256(verifier);
}

export function challengeMatches(verifier: string, challenge: string): boolean {
  const a = Buffer.from(s256(verifier));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A bounded map: the oldest entries go first when it is full (sign-in spam cannot exhaust memory). */
function boundedMap<V extends { expiresAt: number }>(max: number, now: () => number) {
  const map = new Map<string, V>();
  return {
    set(key: string, value: V): void {
      if (map.size >= max) {
        for (const [k, v] of map) if (v.expiresAt <= now()) map.delete(k);
        while (map.size >= max) map.delete(map.keys().next().value!);
      }
      map.set(key, value);
    },
    /** Removes and returns the entry (one use only); undefined when missing or expired. */
    take(key: string): V | undefined {
      const value = map.get(key);
      map.delete(key);
      return value && value.expiresAt > now() ? value : undefined;
    },
    get size(): number {
      return map.size;
    },
  };
}

export interface SocialStore {
  now: () => number;
  savePending(state: string, value: Omit<PendingSignIn, 'expiresAt'>): Promise<void>;
  /** Removes and returns the entry (one use only); undefined when missing or expired. */
  takePending(state: string): Promise<PendingSignIn | undefined>;
  saveCode(code: string, value: Omit<OneTimeCode, 'expiresAt'>): Promise<void>;
  takeCode(code: string): Promise<OneTimeCode | undefined>;
}

/**
 * With `db`, the records live in the database (tables `social_pending`, `social_codes`), so
 * a sign-in started on one instance completes on any other; without, in this process's memory.
 */
export function createSocialStore(options: { now?: () => number; max?: number; db?: Queryable } = {}): SocialStore {
  const now = options.now ?? (() => Date.now());
  const max = options.max ?? 5_000;
  if (options.db) return dbStore(options.db, now, max);
  const pending = boundedMap<PendingSignIn>(max, now);
  const codes = boundedMap<OneTimeCode>(max, now);
  return {
    now,
    async savePending(state, value) {
      pending.set(state, { ...value, expiresAt: now() + PENDING_TTL_MS });
    },
    takePending: async (state) => pending.take(state),
    async saveCode(code, value) {
      codes.set(sha256(code), { ...value, expiresAt: now() + CODE_TTL_MS });
    },
    takeCode: async (code) => codes.take(sha256(code)),
  };
}

function dbStore(db: Queryable, now: () => number, max: number): SocialStore {
  async function save(kind: SocialTable, key: string, value: object, ttl: number): Promise<void> {
    const t = now();
    // Expired rows go on every write; past `max` live rows the oldest go too (a flood cannot grow the table).
    await deleteExpiredSocial(db, kind, t);
    await upsertSocial(db, kind, key, JSON.stringify(value), t + ttl);
    const count = await countSocial(db, kind);
    if (count > max) await deleteOldestSocial(db, kind, count - max);
  }
  async function take<V>(kind: SocialTable, key: string): Promise<V | undefined> {
    const row = await takeSocial(db, kind, key);
    if (!row || row.expires_at <= now()) return undefined;
    return { ...(JSON.parse(row.data) as object), expiresAt: row.expires_at } as V;
  }
  return {
    now,
    savePending: (state, value) => save('pending', state, value, PENDING_TTL_MS),
    takePending: (state) => take<PendingSignIn>('pending', state),
    saveCode: (code, value) => save('code', sha256(code), value, CODE_TTL_MS),
    takeCode: (code) => take<OneTimeCode>('code', sha256(code)),
  };
}
