import { describe, expect, it } from 'vitest';
import {
  guardDecision,
  homeOnce,
  homeTarget,
  isSafeTarget,
  loggedInChangeRedirect,
  normalizePath,
  REDIRECTS,
} from '../../../src/features/auth/redirect.ts';
import {
  checkTokens,
  bareToken,
  expiresAtFor,
  sessionAction,
  tokenStatus,
  refreshDelayMs,
} from '../../../src/features/auth/tokens.ts';
import { storageLeaseLock } from '../../../src/features/auth/refresh-lock.ts';
import { createAuthStorage, memoryStore } from '../../../src/features/auth/storage.ts';
import { makeJwt } from './fake-api.ts';

describe('redirects', () => {
  it('uses the required redirect targets', () => {
    expect(REDIRECTS).toEqual({ login: '/login', logout: '/', home: '/', callback: '/login' });
  });

  it('a protected page while signed out goes to login and remembers the full path', () => {
    expect(guardDecision({ auth: true, loggedIn: false, fullPath: '/pedidos?x=1#y' })).toEqual({
      type: 'login',
      remember: '/pedidos?x=1#y',
    });
    expect(guardDecision({ auth: undefined, loggedIn: false, fullPath: '/panel?venue=cafe-la-macarena' })).toEqual({
      type: 'login',
      remember: '/panel?venue=cafe-la-macarena',
    });
  });

  it('public pages never redirect', () => {
    expect(guardDecision({ auth: false, loggedIn: false, fullPath: '/taqueria-el-guero' })).toEqual({ type: 'stay' });
    expect(guardDecision({ auth: false, loggedIn: true, fullPath: '/' })).toEqual({ type: 'stay' });
  });

  it('the login (callback) page is not redirected for a signed-out user, whatever its marker', () => {
    expect(guardDecision({ auth: 'guest', loggedIn: false, fullPath: '/login' })).toEqual({ type: 'stay' });
    expect(guardDecision({ auth: true, loggedIn: false, fullPath: '/login?code=abc' })).toEqual({ type: 'stay' });
    expect(guardDecision({ auth: true, loggedIn: false, fullPath: '/login.html' })).toEqual({ type: 'stay' });
  });

  it('a signed-in user on the login page or a guest-only page goes home', () => {
    expect(guardDecision({ auth: 'guest', loggedIn: true, fullPath: '/login' })).toEqual({ type: 'home' });
    expect(guardDecision({ auth: true, loggedIn: true, fullPath: '/login/' })).toEqual({ type: 'home' });
    expect(guardDecision({ auth: 'guest', loggedIn: true, fullPath: '/bienvenida' })).toEqual({ type: 'home' });
    expect(guardDecision({ auth: true, loggedIn: true, fullPath: '/pedidos' })).toEqual({ type: 'stay' });
  });

  it('home restores a remembered same-site target only', () => {
    expect(homeTarget('/taqueria-el-guero?checkout=1')).toBe('/taqueria-el-guero?checkout=1');
    expect(homeTarget(null)).toBe('/');
    expect(homeTarget('/login')).toBe('/');
    for (const evil of [
      '//evil.example',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a\nb',
      '',
    ]) {
      expect(isSafeTarget(evil), evil).toBe(false);
      expect(homeTarget(evil)).toBe('/');
    }
  });

  it('home is read once per page: the guard and a sign-in that just finished both go to the remembered page', () => {
    const storage = createAuthStorage({ local: memoryStore() });
    storage.set('redirect', '/invitacion#abc');
    const takeHome = homeOnce({ get: () => storage.get('redirect'), forget: () => storage.set('redirect', null) });
    // A social sign-in finishes on the login page and goes home …
    expect(takeHome()).toBe('/invitacion#abc');
    expect(storage.get('redirect')).toBeNull();
    // … then the page's guard, loaded late, sees a signed-in user on the login page: the same place, not `/`.
    expect(takeHome()).toBe('/invitacion#abc');
    // Nothing remembered: home.
    expect(homeOnce({ get: () => null, forget: () => undefined })()).toBe('/');
  });

  it('a change of loggedIn redirects home or to logout, except on public pages', () => {
    expect(loggedInChangeRedirect('guest', true)).toBe('home');
    expect(loggedInChangeRedirect(true, false)).toBe('logout');
    expect(loggedInChangeRedirect(false, false)).toBeNull();
    expect(loggedInChangeRedirect(false, true)).toBeNull();
  });

  it('normalises page paths', () => {
    expect(normalizePath('/login/')).toBe('/login');
    expect(normalizePath('/login.html?x')).toBe('/login');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/index.html')).toBe('/');
  });
});

describe('token rules', () => {
  const now = 1_800_000_000_000;

  it('status: unknown without expiry, expired at and after it', () => {
    expect(tokenStatus(null, now)).toBe('unknown');
    expect(tokenStatus(now + 1, now)).toBe('valid');
    expect(tokenStatus(now, now)).toBe('expired');
  });

  it('session action follows the token rules: refresh when refreshable, else reset', () => {
    const base = { token: 'Bearer a', refreshToken: 'r', tokenExpiresAt: now + 1000, refreshExpiresAt: now + 10_000 };
    expect(sessionAction({ token: null, refreshToken: null, tokenExpiresAt: null, refreshExpiresAt: null }, now)).toBe(
      'signed-out',
    );
    expect(sessionAction(base, now)).toBe('use');
    expect(sessionAction({ ...base, tokenExpiresAt: now - 1 }, now)).toBe('refresh');
    expect(sessionAction({ ...base, tokenExpiresAt: now - 1, refreshToken: null }, now)).toBe('expired');
    expect(sessionAction({ ...base, tokenExpiresAt: now - 1, refreshExpiresAt: now - 1 }, now)).toBe('expired');
    expect(sessionAction({ ...base, refreshExpiresAt: now - 1 }, now)).toBe('expired');
    expect(checkTokens({ ...base, tokenExpiresAt: now - 1 }, now)).toEqual({
      valid: false,
      tokenExpired: true,
      refreshTokenExpired: false,
      isRefreshable: true,
    });
  });

  it('reads expiry from expires_in, else from the JWT exp', () => {
    const jwt = makeJwt({ sub: 'u', iat: now / 1000, exp: now / 1000 + 600 });
    expect(expiresAtFor(jwt, 300, now)).toBe(now + 300_000);
    expect(expiresAtFor(jwt, undefined, now)).toBe(now + 600_000);
    expect(expiresAtFor('opaque', undefined, now)).toBeNull();
    expect(bareToken('Bearer abc.def')).toBe('abc.def');
    expect(bareToken('abc.def')).toBe('abc.def');
  });

  it('refresh delay: 60 s before expiry for a 10-minute token', () => {
    const jwt = makeJwt({ sub: 'u', iat: now / 1000, exp: now / 1000 + 600 });
    expect(
      refreshDelayMs(
        { token: `Bearer ${jwt}`, refreshToken: 'r', tokenExpiresAt: now + 600_000, refreshExpiresAt: null },
        now,
      ),
    ).toBe(540_000);
    expect(
      refreshDelayMs(
        { token: `Bearer ${jwt}`, refreshToken: null, tokenExpiresAt: now + 600_000, refreshExpiresAt: null },
        now,
      ),
    ).toBeNull();
  });
});

describe('storage', () => {
  it('discards unreadable expiry values instead of failing', () => {
    const local = memoryStore();
    local.setItem('auth._token.local', 'Bearer x');
    local.setItem('auth._token_expiration.local', 'not-a-number');
    const storage = createAuthStorage({ local });
    expect(storage.readTokens('local')).toEqual({
      token: 'Bearer x',
      refreshToken: null,
      tokenExpiresAt: null,
      refreshExpiresAt: null,
    });
  });

  it('falls back to the cookie for the access token when localStorage lost it', () => {
    const cookies = new Map([
      ['auth._token.local', 'Bearer y'],
      ['auth.strategy', 'local'],
    ]);
    const storage = createAuthStorage({
      local: memoryStore(),
      cookies: { get: (n) => cookies.get(n) ?? null, set: () => {} },
    });
    expect(storage.get('strategy')).toBe('local');
    expect(storage.readTokens('local').token).toBe('Bearer y');
  });
});

describe('localStorage lease lock (browsers without Web Locks)', () => {
  it('lets only one holder run at a time across "tabs" sharing storage', async () => {
    const shared = memoryStore();
    const a = storageLeaseLock(shared, { id: 'a', sleep: (ms) => new Promise((r) => setTimeout(r, ms / 5)) });
    const b = storageLeaseLock(shared, { id: 'b', sleep: (ms) => new Promise((r) => setTimeout(r, ms / 5)) });
    let running = 0;
    let maxRunning = 0;
    const task = async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((r) => setTimeout(r, 15));
      running--;
    };
    await Promise.all([a.run(task), b.run(task), a.run(task), b.run(task)]);
    expect(maxRunning).toBe(1);
    expect(shared.getItem('auth._refresh_lock')).toBeNull();
  });

  it('takes over a lease left by a closed tab once it expires', async () => {
    const shared = memoryStore();
    let clock = 1000;
    shared.setItem('auth._refresh_lock', JSON.stringify({ id: 'gone', until: 5000 }));
    const lock = storageLeaseLock(shared, { id: 'me', now: () => clock, sleep: async (ms) => void (clock += ms) });
    const ran = await lock.run(async () => 'ran');
    expect(ran).toBe('ran');
    expect(clock).toBeGreaterThanOrEqual(5000);
  });
});
