import { describe, expect, it, vi } from 'vitest';
import { atom } from 'nanostores';
import { createAuth } from '../../../src/features/auth/core.ts';
import {
  SIGNED_OUT,
  type AuthOptions,
  type AuthState,
  type SessionEndReason,
} from '../../../src/features/auth/state.ts';
import {
  EXPIRED_SESSION_MESSAGE,
  ExpiredAuthSessionError,
  RefreshRejectedError,
  reportStartupError,
} from '../../../src/features/auth/errors.ts';
import { inPageLock, type RefreshLock } from '../../../src/features/auth/refresh-lock.ts';
import {
  createAuthStorage,
  memoryStore,
  type CookieJar,
  type KeyValueStore,
} from '../../../src/features/auth/storage.ts';
import { memoryRotationLog, type RotationLog } from '../../../src/features/auth/rotation-log.ts';
import { ANA, FakeAuthServer, makeJwt } from './fake-api.ts';

const OPTIONS: AuthOptions = {
  strategies: { local: { scheme: 'local' }, social: { scheme: 'social', provider: 'google' } },
  defaultStrategy: 'local',
};

interface Device {
  clock: { now: number };
  server: FakeAuthServer;
  local: KeyValueStore;
  cookies: Map<string, string>;
  lock: RefreshLock;
  listeners: Set<(key: string) => void>;
  rotations?: RotationLog;
}

function device(): Device {
  const clock = { now: Date.UTC(2026, 10, 21, 12, 0, 0) };
  return {
    clock,
    server: new FakeAuthServer(clock),
    local: memoryStore(),
    cookies: new Map(),
    lock: inPageLock(),
    listeners: new Set(),
  };
}

/** One browser tab on a device: own state and timers, shared storage, lock and server. */
function tab(d: Device, options: AuthOptions = OPTIONS) {
  const state = atom<AuthState>(SIGNED_OUT);
  const jar: CookieJar = {
    get: (name) => d.cookies.get(name) ?? null,
    set: (name, value) => (value === null ? d.cookies.delete(name) : d.cookies.set(name, value)),
  };
  const timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  const ended: SessionEndReason[] = [];
  const storage = createAuthStorage({
    local: d.local,
    cookies: jar,
    subscribe: (listener) => {
      d.listeners.add(listener);
      return () => d.listeners.delete(listener);
    },
  });
  const auth = createAuth(options, {
    api: d.server,
    storage,
    lock: d.lock,
    rotations: d.rotations ?? null,
    state,
    now: () => d.clock.now,
    setTimer: (run, ms) => {
      const id = ++nextId;
      timers.push({ at: d.clock.now + ms, run, id });
      return id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    onSessionEnded: (reason) => ended.push(reason),
  });
  return { auth, state, storage, timers, ended };
}

/** Simulates a `storage` event in every other tab. */
function broadcast(d: Device, key: string) {
  for (const listener of d.listeners) listener(key);
}

describe('strategies', () => {
  it('fails with "No strategy is set!" when no strategy is configured or stored', async () => {
    const d = device();
    const { auth } = tab(d, { strategies: OPTIONS.strategies });
    await expect(auth.init()).rejects.toThrow(new Error('No strategy is set!'));
    expect(() => auth.getStrategy()).toThrow(/^No strategy is set!$/);
  });

  it('fails with "Strategy not supported" for an unknown strategy', async () => {
    const d = device();
    const { auth, storage } = tab(d);
    await expect(auth.loginWith('twitter', { email: 'a@b.c', password: 'x' })).rejects.toThrow(
      /^Strategy not supported$/,
    );
    storage.set('strategy', 'twitter');
    expect(() => auth.getStrategy()).toThrow(/^Strategy not supported$/);
    expect(() => auth.setStrategy('facebook')).toThrow(/^Strategy not supported$/);
  });

  it('falls back to the default strategy when the stored one is unknown (corrupt storage is not fatal)', async () => {
    const d = device();
    d.local.setItem('auth.strategy', 'myspace');
    const { auth } = tab(d);
    await auth.init();
    expect(auth.strategy).toBe('local');
    expect(d.local.getItem('auth.strategy')).toBe('local');
  });
});

describe('login and storage layout', () => {
  it('stores tokens under the auth. prefix, the access token with its Bearer scheme', async () => {
    const d = device();
    const { auth, state } = tab(d);
    await auth.init();
    const user = await auth.loginWith('local', { email: 'ana@umenu.test', password: 'demo1234' });
    expect(user).toEqual(ANA);
    expect(state.get()).toEqual({ user: ANA, loggedIn: true });
    expect(d.local.getItem('auth.strategy')).toBe('local');
    expect(d.local.getItem('auth._token.local')).toMatch(/^Bearer eyJ/);
    expect(d.local.getItem('auth._refresh_token.local')).toMatch(/^r\d+/);
    expect(Number(d.local.getItem('auth._token_expiration.local'))).toBe(d.clock.now + 600_000);
    // Cookies (path /) carry the strategy and access token, never the refresh token.
    expect(d.cookies.get('auth.strategy')).toBe('local');
    expect(d.cookies.get('auth._token.local')).toMatch(/^Bearer /);
    expect(d.cookies.has('auth._refresh_token.local')).toBe(false);
  });

  it('keeps the strategy of a social sign-in separate (auth._token.social)', async () => {
    const d = device();
    const { auth, state } = tab(d);
    await auth.init();
    await auth.loginWith('social', { code: 'good-code', code_verifier: 'v'.repeat(43) });
    expect(state.get().loggedIn).toBe(true);
    expect(d.local.getItem('auth.strategy')).toBe('social');
    expect(d.local.getItem('auth._token.social')).toMatch(/^Bearer /);
    expect(d.local.getItem('auth._token.local')).toBeNull();
  });

  it('wrong credentials leave the user signed out', async () => {
    const d = device();
    const { auth, state } = tab(d);
    await auth.init();
    await expect(auth.loginWith('local', { email: 'ana@umenu.test', password: 'nope' })).rejects.toMatchObject({
      status: 401,
    });
    expect(state.get()).toEqual(SIGNED_OUT);
    expect(d.local.getItem('auth._token.local')).toBeNull();
  });

  it('logout revokes the family on the API and forgets the session on the device', async () => {
    const d = device();
    const { auth, state } = tab(d);
    await auth.init();
    await auth.loginWith('local', { email: 'ana@umenu.test', password: 'demo1234' });
    const refresh = d.local.getItem('auth._refresh_token.local')!;
    await auth.logout();
    expect(d.server.calls).toContain('logout');
    expect(d.server.familyRevoked(refresh)).toBe(true);
    expect(state.get()).toEqual(SIGNED_OUT);
    expect(d.local.getItem('auth._token.local')).toBeNull();
    expect(d.cookies.has('auth._token.local')).toBe(false);
  });

  it('logout while offline still signs out on the device', async () => {
    const d = device();
    const { auth, state } = tab(d);
    await auth.init();
    await auth.loginWith('local', { email: 'ana@umenu.test', password: 'demo1234' });
    d.server.offline = true;
    await auth.logout();
    expect(state.get()).toEqual(SIGNED_OUT);
  });
});

describe('start-up', () => {
  async function signedInDevice() {
    const d = device();
    const first = tab(d);
    await first.auth.init();
    await first.auth.loginWith('local', { email: 'ana@umenu.test', password: 'demo1234' });
    first.auth.dispose();
    return d;
  }

  it('restores a valid session and fetches the user', async () => {
    const d = await signedInDevice();
    const { auth, state } = tab(d);
    await auth.init();
    expect(state.get()).toEqual({ user: ANA, loggedIn: true });
  });

  it('an expired but refreshable token is refreshed at start-up', async () => {
    const d = await signedInDevice();
    const oldRefresh = d.local.getItem('auth._refresh_token.local');
    d.clock.now += 11 * 60_000;
    const { auth, state } = tab(d);
    await auth.init();
    expect(state.get().loggedIn).toBe(true);
    expect(d.local.getItem('auth._refresh_token.local')).not.toBe(oldRefresh);
    expect(d.server.calls.filter((c) => c === 'refresh')).toHaveLength(1);
  });

  it('both tokens expired: ExpiredAuthSessionError with its exact message, session reset', async () => {
    const d = await signedInDevice();
    d.clock.now += 31 * 24 * 3600_000;
    const { auth, state } = tab(d);
    const error = await auth.init().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExpiredAuthSessionError);
    expect((error as Error).message).toBe('Both token and refresh token have expired. Your request was aborted.');
    expect(EXPIRED_SESSION_MESSAGE).toBe('Both token and refresh token have expired. Your request was aborted.');
    expect(state.get()).toEqual(SIGNED_OUT);
    expect(d.local.getItem('auth._token.local')).toBeNull();
    expect(d.local.getItem('auth._refresh_token.local')).toBeNull();
    expect(d.server.calls.filter((c) => c === 'refresh')).toHaveLength(0);
  });

  it('an expired token without a refresh token is not refreshable: reset', async () => {
    const d = await signedInDevice();
    d.local.removeItem('auth._refresh_token.local');
    d.clock.now += 11 * 60_000;
    const { auth, state } = tab(d);
    await expect(auth.init()).rejects.toBeInstanceOf(ExpiredAuthSessionError);
    expect(state.get()).toEqual(SIGNED_OUT);
  });

  it('a refresh the API refuses at start-up resets the session', async () => {
    const d = await signedInDevice();
    d.local.setItem('auth._refresh_token.local', 'forged');
    d.clock.now += 11 * 60_000;
    const { auth, state, ended } = tab(d);
    await expect(auth.init()).rejects.toBeInstanceOf(ExpiredAuthSessionError);
    expect(state.get()).toEqual(SIGNED_OUT);
    expect(ended).toEqual(['rejected']);
  });

  it('start-up ignores ExpiredAuthSessionError silently and logs any other auth error', () => {
    const log = vi.fn();
    reportStartupError(new ExpiredAuthSessionError(), log);
    expect(log).not.toHaveBeenCalled();
    const other = new Error('No strategy is set!');
    reportStartupError(other, log);
    expect(log).toHaveBeenCalledWith('[ERROR] [AUTH]', other);
  });

  it('offline start keeps the session with the user read from the token', async () => {
    const d = device();
    const token = makeJwt({
      sub: 'u-ana',
      name: 'Ana García',
      scope: ['staff:taqueria-el-guero'],
      iat: d.clock.now / 1000,
      exp: d.clock.now / 1000 + 600,
    });
    d.local.setItem('auth.strategy', 'local');
    d.local.setItem('auth._token.local', `Bearer ${token}`);
    d.local.setItem('auth._token_expiration.local', String(d.clock.now + 600_000));
    d.local.setItem('auth._refresh_token.local', 'r-x');
    d.server.offline = true;
    const { auth, state } = tab(d);
    await auth.init();
    expect(state.get()).toEqual({
      loggedIn: true,
      user: { id: 'u-ana', name: 'Ana García', email: '', scope: ['staff:taqueria-el-guero'] },
    });
  });

  it('a 401 on the user fetch refreshes once and retries', async () => {
    const d = await signedInDevice();
    // The device clock says valid, the API says expired (clock skew).
    d.clock.now += 10 * 60_000 + 1;
    d.local.setItem('auth._token_expiration.local', String(d.clock.now + 60 * 60_000));
    const { auth, state } = tab(d);
    await auth.init();
    expect(state.get()).toEqual({ user: ANA, loggedIn: true });
    expect(d.server.calls.slice(-3)).toEqual(['user', 'refresh', 'user']);
  });
});

describe('token lifecycle while a page is open', () => {
  async function signedInTab(d = device()) {
    const t = tab(d);
    await t.auth.init();
    await t.auth.loginWith('local', { email: 'ana@umenu.test', password: 'demo1234' });
    return { d, ...t };
  }

  it('schedules the refresh 60 s before expiry and refreshes without signing out', async () => {
    const { d, auth, timers, state } = await signedInTab();
    const at = Math.min(...timers.map((t) => t.at));
    expect(at).toBe(d.clock.now + 540_000);
    const before = auth.tokens().token;
    d.clock.now = at;
    timers.find((t) => t.at === at)!.run();
    await vi.waitFor(() => expect(auth.tokens().token).not.toBe(before));
    expect(state.get().loggedIn).toBe(true);
    expect(d.server.calls.filter((c) => c === 'refresh')).toHaveLength(1);
  });

  it('refreshes a short-lived token at three quarters of its life, not in a loop', async () => {
    const d = device();
    d.server.accessTtl = 8;
    const { auth, timers } = await signedInTab(d);
    expect(Math.min(...timers.map((t) => t.at))).toBe(d.clock.now + 6_000);
    expect(auth.check()).toEqual({ valid: true, tokenExpired: false, refreshTokenExpired: false, isRefreshable: true });
  });

  it('requestToken refreshes an expired access token before the request goes out', async () => {
    const { d, auth } = await signedInTab();
    const old = auth.tokens().token;
    d.clock.now += 11 * 60_000;
    const token = await auth.requestToken();
    expect(token).not.toBeNull();
    expect(`Bearer ${token}`).toBe(auth.tokens().token);
    expect(auth.tokens().token).not.toBe(old);
  });

  it('requestToken on a fully expired session resets it and sends no token', async () => {
    const { d, auth, state } = await signedInTab();
    d.clock.now += 31 * 24 * 3600_000;
    await expect(auth.ensureSession()).rejects.toThrow(EXPIRED_SESSION_MESSAGE);
    expect(await auth.requestToken()).toBeNull();
    expect(state.get()).toEqual(SIGNED_OUT);
  });

  it('a 401 from the API refreshes and asks for a retry', async () => {
    const { auth, d } = await signedInTab();
    const old = auth.tokens().refreshToken;
    expect(await auth.handleUnauthorized()).toBe(true);
    expect(auth.tokens().refreshToken).not.toBe(old);
    expect(d.server.calls.at(-1)).toBe('refresh');
  });

  it('a 401 for a token that was already replaced just retries, without another rotation', async () => {
    const { auth, d } = await signedInTab();
    const sent = auth.tokens().token;
    await auth.refreshTokens();
    const refreshes = d.server.calls.filter((c) => c === 'refresh').length;
    expect(await auth.handleUnauthorized(sent)).toBe(true);
    expect(d.server.calls.filter((c) => c === 'refresh')).toHaveLength(refreshes);
  });

  it('concurrent refreshes in one tab make a single API call', async () => {
    const { auth, d } = await signedInTab();
    d.server.refreshDelay = 20;
    await Promise.all([auth.refreshTokens(), auth.refreshTokens(), auth.handleUnauthorized()]);
    expect(d.server.calls.filter((c) => c === 'refresh')).toHaveLength(1);
  });

  it('two tabs refreshing at once: one rotation, the other adopts it, both stay signed in', async () => {
    const d = device();
    const a = await signedInTab(d);
    const b = tab(d);
    await b.auth.init();
    expect(b.state.get().loggedIn).toBe(true);
    d.server.refreshDelay = 20;
    d.clock.now += 10 * 60_000 + 1;
    const [tokenA, tokenB] = await Promise.all([a.auth.requestToken(), b.auth.requestToken()]);
    expect(tokenA).toBe(tokenB);
    expect(d.server.calls.filter((c) => c === 'refresh')).toHaveLength(1);
    expect(a.state.get().loggedIn && b.state.get().loggedIn).toBe(true);
    expect(a.ended).toEqual([]);
    expect(b.ended).toEqual([]);
  });

  it('without a shared lock the same two tabs would trip reuse detection (why the lock exists)', async () => {
    const d = device();
    const a = await signedInTab(d);
    const bDevice = { ...d, lock: inPageLock() };
    const b = tab(bDevice);
    await b.auth.init();
    d.server.refreshDelay = 20;
    d.clock.now += 10 * 60_000 + 1;
    await Promise.allSettled([a.auth.requestToken(), b.auth.requestToken()]);
    expect([...a.ended, ...b.ended]).toContain('reused');
  });

  it("a tab whose storage has not caught up with another tab's rotation adopts it from the rotation log", async () => {
    // Chromium propagates localStorage writes between tabs asynchronously: tab B may hold the lock
    // and still read the refresh token tab A has just rotated.
    const d = { ...device(), rotations: memoryRotationLog() };
    const a = await signedInTab(d);
    const staleCopy = memoryStore();
    for (const key of [
      'auth.strategy',
      'auth._token.local',
      'auth._token_expiration.local',
      'auth._refresh_token.local',
      'auth._refresh_token_expiration.local',
    ]) {
      staleCopy.setItem(key, d.local.getItem(key)!);
    }
    const b = tab({ ...d, local: staleCopy });
    await b.auth.init();
    d.clock.now += 10 * 60_000 + 1;
    expect(await a.auth.requestToken()).not.toBeNull();
    const token = await b.auth.requestToken();
    expect(`Bearer ${token}`).toBe(a.auth.tokens().token);
    expect(d.server.calls.filter((c) => c === 'refresh')).toHaveLength(1);
    expect([...a.ended, ...b.ended]).toEqual([]);
    expect(b.state.get().loggedIn).toBe(true);

    // Without the log the same stale tab presents the rotated token and the family is revoked.
    const d2 = device();
    const a2 = await signedInTab(d2);
    const stale2 = memoryStore();
    for (const key of [
      'auth.strategy',
      'auth._token.local',
      'auth._token_expiration.local',
      'auth._refresh_token.local',
      'auth._refresh_token_expiration.local',
    ]) {
      stale2.setItem(key, d2.local.getItem(key)!);
    }
    const b2 = tab({ ...d2, local: stale2 });
    await b2.auth.init();
    d2.clock.now += 10 * 60_000 + 1;
    await a2.auth.requestToken();
    await b2.auth.requestToken();
    expect(b2.ended).toEqual(['reused']);
  });

  it('a reused refresh token ends the session cleanly (reset, reason "reused")', async () => {
    const { d, auth, state, ended } = await signedInTab();
    const stolen = auth.tokens().refreshToken!;
    await d.server.refresh(stolen); // someone else rotates it first
    const error = await auth.refreshTokens().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshRejectedError);
    expect((error as RefreshRejectedError).reused).toBe(true);
    expect(state.get()).toEqual(SIGNED_OUT);
    expect(ended).toEqual(['reused']);
    expect(d.local.getItem('auth._refresh_token.local')).toBeNull();
    expect(await auth.handleUnauthorized()).toBe(false);
  });

  it('an offline refresh keeps the session and retries later', async () => {
    const { d, auth, state, timers } = await signedInTab();
    d.server.offline = true;
    const at = Math.min(...timers.map((t) => t.at));
    d.clock.now = at;
    timers.find((t) => t.at === at)!.run();
    await vi.waitFor(() => expect(timers.some((t) => t.at === at + 30_000)).toBe(true));
    expect(state.get().loggedIn).toBe(true);
    expect(auth.tokens().refreshToken).not.toBeNull();
  });

  it('follows another tab: its sign-out signs this tab out, its sign-in signs this tab in', async () => {
    const d = device();
    const a = await signedInTab(d);
    const b = tab(d);
    await b.auth.init();
    await a.auth.logout();
    broadcast(d, '_token.local');
    expect(b.state.get()).toEqual(SIGNED_OUT);
    await a.auth.loginWith('local', { email: 'ana@umenu.test', password: 'demo1234' });
    broadcast(d, '_token.local');
    await vi.waitFor(() => expect(b.state.get()).toEqual({ user: ANA, loggedIn: true }));
  });
});
