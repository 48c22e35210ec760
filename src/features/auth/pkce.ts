/**
 * The browser's own PKCE pair for social sign-in (RFC 7636, S256). The verifier
 * stays in this tab (sessionStorage) through the provider round trip; only the
 * challenge is sent to the API.
 */

const VERIFIER_KEY = 'auth._social_verifier';

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes → a 43-character verifier. */
export function createVerifier(cryptoImpl: Crypto = crypto): string {
  return base64url(cryptoImpl.getRandomValues(new Uint8Array(32)));
}

/** BASE64URL(SHA-256(verifier)); needs a secure context (https or localhost). */
export async function challengeFor(verifier: string, cryptoImpl: Crypto = crypto): Promise<string> {
  if (!cryptoImpl.subtle) throw new Error('insecure-context');
  const digest = await cryptoImpl.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function saveVerifier(verifier: string): void {
  tabStorage()?.setItem(VERIFIER_KEY, verifier);
}

/** The verifier saved before leaving for the provider (removed: it is good for one exchange). */
export function takeVerifier(): string | null {
  const storage = tabStorage();
  const value = storage?.getItem(VERIFIER_KEY) ?? null;
  storage?.removeItem(VERIFIER_KEY);
  return value;
}
