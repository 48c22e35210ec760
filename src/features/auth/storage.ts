/**
 * The token store (docs/rules.md#auth-on-the-client: storage and cookie prefix `auth.`,
 * cookie path `/`), under these keys: `auth.strategy`, `auth._token.local`,
 * `auth._token_expiration.local`, `auth._refresh_token.local`,
 * `auth._refresh_token_expiration.local`, `auth.redirect`.
 *
 * Values live in localStorage and, for the ones a page load needs first
 * (strategy, access token and its expiry, remembered target), in a cookie too;
 * the refresh token stays out of cookies so it is never sent to the static host.
 * When localStorage is unavailable an in-memory map takes its place.
 */
// Type-only: the token rules (and jwt-decode) stay out of pages that only peek at the store (session-hint.ts).
import type { StoredTokens } from './tokens.ts';

const NO_TOKENS: StoredTokens = { token: null, refreshToken: null, tokenExpiresAt: null, refreshExpiresAt: null };

export const STORAGE_PREFIX = 'auth.';
export const COOKIE_PATH = '/';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string | null): void;
}

export interface AuthStorage {
  readonly prefix: string;
  get(key: string): string | null;
  set(key: string, value: string | number | null): void;
  readTokens(strategy: string): StoredTokens;
  writeTokens(strategy: string, tokens: StoredTokens): void;
  clearTokens(strategy: string): void;
  /** Calls back when another tab changes a key (not for changes made here). */
  onExternalChange(listener: (key: string) => void): () => void;
}

export const tokenKeys = (strategy: string) => ({
  token: `_token.${strategy}`,
  tokenExpiresAt: `_token_expiration.${strategy}`,
  refreshToken: `_refresh_token.${strategy}`,
  refreshExpiresAt: `_refresh_token_expiration.${strategy}`,
});

const COOKIE_KEYS = /^(strategy|redirect|_token\.|_token_expiration\.)/;

export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** localStorage when it works (private modes may throw), else null. */
export function browserLocalStorage(): KeyValueStore | null {
  try {
    if (typeof localStorage === 'undefined') return null;
    const probe = `${STORAGE_PREFIX}__probe`;
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    return null;
  }
}

/** `document.cookie` with path `/`, SameSite=Lax, Secure on https. */
export function documentCookies(): CookieJar | null {
  if (typeof document === 'undefined') return null;
  return {
    get(name) {
      const wanted = `${encodeURIComponent(name)}=`;
      for (const part of document.cookie.split(';')) {
        const item = part.trim();
        if (item.startsWith(wanted)) {
          try {
            return decodeURIComponent(item.slice(wanted.length));
          } catch {
            return null;
          }
        }
      }
      return null;
    },
    set(name, value) {
      const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
      const base = `${encodeURIComponent(name)}=${value === null ? '' : encodeURIComponent(value)}; Path=${COOKIE_PATH}; SameSite=Lax${secure}`;
      document.cookie = value === null ? `${base}; Max-Age=0` : base;
    },
  };
}

function parseTime(value: string | null): number | null {
  if (value === null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function createAuthStorage(
  options: {
    local?: KeyValueStore | null;
    cookies?: CookieJar | null;
    prefix?: string;
    subscribe?: (listener: (key: string) => void) => () => void;
  } = {},
): AuthStorage {
  const prefix = options.prefix ?? STORAGE_PREFIX;
  const local = options.local ?? memoryStore();
  const cookies = options.cookies ?? null;

  function get(key: string): string | null {
    let value: string | null;
    try {
      value = local.getItem(prefix + key);
    } catch {
      value = null;
    }
    if (value === null && cookies && COOKIE_KEYS.test(key)) value = cookies.get(prefix + key);
    return value === '' ? null : value;
  }

  function set(key: string, value: string | number | null): void {
    const text = value === null ? null : String(value);
    try {
      if (text === null) local.removeItem(prefix + key);
      else local.setItem(prefix + key, text);
    } catch {
      // Quota or privacy mode: the cookie (when allowed) still carries the essentials.
    }
    if (cookies && COOKIE_KEYS.test(key)) cookies.set(prefix + key, text);
  }

  return {
    prefix,
    get,
    set,
    readTokens(strategy) {
      const keys = tokenKeys(strategy);
      const token = get(keys.token);
      const refreshToken = get(keys.refreshToken);
      if (!token && !refreshToken) return NO_TOKENS;
      return {
        token,
        refreshToken,
        tokenExpiresAt: parseTime(get(keys.tokenExpiresAt)),
        refreshExpiresAt: parseTime(get(keys.refreshExpiresAt)),
      };
    },
    writeTokens(strategy, tokens) {
      const keys = tokenKeys(strategy);
      // Refresh token first: a tab reading in between sees the new refresh token with the old access token, never the reverse.
      set(keys.refreshToken, tokens.refreshToken);
      set(keys.refreshExpiresAt, tokens.refreshExpiresAt);
      set(keys.tokenExpiresAt, tokens.tokenExpiresAt);
      set(keys.token, tokens.token);
    },
    clearTokens(strategy) {
      const keys = tokenKeys(strategy);
      for (const key of Object.values(keys)) set(key, null);
    },
    onExternalChange(listener) {
      if (options.subscribe) return options.subscribe(listener);
      if (typeof window === 'undefined') return () => {};
      const handler = (event: StorageEvent) => {
        if (event.key === null) listener('*');
        else if (event.key.startsWith(prefix)) listener(event.key.slice(prefix.length));
      };
      window.addEventListener('storage', handler);
      return () => window.removeEventListener('storage', handler);
    },
  };
}
