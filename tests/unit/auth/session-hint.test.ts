/**
 * The few bytes every page runs instead of the auth core: they must see a
 * stored session exactly where the core would (localStorage, then cookies),
 * and remember the sign-in target under the core's key and rule.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasStoredSession, needsAuthCore, rememberTarget } from '../../../src/features/auth/session-hint.ts';
import { createAuthStorage, memoryStore, type CookieJar } from '../../../src/features/auth/storage.ts';

let local: ReturnType<typeof memoryStore>;
let session: ReturnType<typeof memoryStore>;
let cookieText: string;

/** A `document.cookie` stand-in: reading gives `a=1; b=2`, writing sets or (Max-Age=0) deletes one cookie. */
const fakeDocument = {
  get cookie() {
    return cookieText;
  },
  set cookie(value: string) {
    const [pair = ''] = value.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    const jar = new Map(
      cookieText
        .split('; ')
        .filter(Boolean)
        .map((c) => [c.slice(0, c.indexOf('=')), c] as const),
    );
    if (/Max-Age=0/.test(value)) jar.delete(name);
    else jar.set(name, pair);
    cookieText = [...jar.values()].join('; ');
  },
};

const cookieJar: CookieJar = {
  get: (name) => {
    const item = cookieText.split('; ').find((c) => c.startsWith(`${encodeURIComponent(name)}=`));
    return item ? decodeURIComponent(item.slice(item.indexOf('=') + 1)) : null;
  },
  set: (name, value) => {
    fakeDocument.cookie =
      value === null
        ? `${encodeURIComponent(name)}=; Max-Age=0`
        : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  },
};

beforeEach(() => {
  local = memoryStore();
  session = memoryStore();
  cookieText = '';
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('document', fakeDocument);
  vi.stubGlobal('location', { protocol: 'http:' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session hint', () => {
  it('sees no session on a fresh device', () => {
    expect(hasStoredSession()).toBe(false);
    expect(needsAuthCore()).toBe(false);
  });

  it('sees the tokens the core stores (default strategy local)', () => {
    const store = createAuthStorage({ local, cookies: cookieJar });
    store.writeTokens('local', {
      token: 'Bearer abc',
      refreshToken: 'r1',
      tokenExpiresAt: Date.now() + 60_000,
      refreshExpiresAt: null,
    });
    expect(hasStoredSession()).toBe(true);
    store.clearTokens('local');
    expect(hasStoredSession()).toBe(false);
  });

  it('follows the stored strategy, and a refresh token alone is still a session to restore', () => {
    const store = createAuthStorage({ local, cookies: cookieJar });
    store.set('strategy', 'social');
    store.set('_refresh_token.social', 'r2');
    expect(hasStoredSession()).toBe(true);
    store.set('strategy', 'local');
    expect(hasStoredSession()).toBe(false);
  });

  it('falls back to the auth. cookies when localStorage has nothing (or throws)', () => {
    const store = createAuthStorage({ local: memoryStore(), cookies: cookieJar });
    store.set('_token.local', 'Bearer from-cookie');
    expect(hasStoredSession()).toBe(true);
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
    });
    expect(hasStoredSession()).toBe(true);
  });

  it('needs the core for a carried "session ended" message even without tokens', () => {
    session.setItem('auth.flash', 'Tu sesión se cerró por seguridad. Inicia sesión de nuevo.');
    expect(hasStoredSession()).toBe(false);
    expect(needsAuthCore()).toBe(true);
  });

  it('remembers a same-site target where the core reads it, and refuses other origins and /login', () => {
    rememberTarget('/taqueria-el-guero?mesa=5');
    const store = createAuthStorage({ local, cookies: cookieJar });
    expect(store.get('redirect')).toBe('/taqueria-el-guero?mesa=5');
    expect(cookieJar.get('auth.redirect')).toBe('/taqueria-el-guero?mesa=5');
    rememberTarget('//evil.example/');
    rememberTarget('/login');
    expect(store.get('redirect')).toBe('/taqueria-el-guero?mesa=5');
  });
});
