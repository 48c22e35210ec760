/**
 * Short-lived social sign-in records, kept in memory (a restart only cancels
 * sign-ins that were halfway through): the pending authorization requests,
 * keyed by `state`, and the one-time codes handed to the browser, keyed by
 * their hash and bound to the browser's PKCE challenge.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

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

export function createSocialStore(options: { now?: () => number; max?: number } = {}) {
  const now = options.now ?? (() => Date.now());
  const pending = boundedMap<PendingSignIn>(options.max ?? 5_000, now);
  const codes = boundedMap<OneTimeCode>(options.max ?? 5_000, now);
  return {
    now,
    savePending(state: string, value: Omit<PendingSignIn, 'expiresAt'>): void {
      pending.set(state, { ...value, expiresAt: now() + PENDING_TTL_MS });
    },
    takePending: (state: string) => pending.take(state),
    saveCode(code: string, value: Omit<OneTimeCode, 'expiresAt'>): void {
      codes.set(sha256(code), { ...value, expiresAt: now() + CODE_TTL_MS });
    },
    takeCode: (code: string) => codes.take(sha256(code)),
  };
}

export type SocialStore = ReturnType<typeof createSocialStore>;
