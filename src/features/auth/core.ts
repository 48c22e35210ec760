/**
 * The auth module (docs/rules.md#auth-on-the-client): strategies, session start-up, login,
 * logout, user fetch and the token lifecycle. Framework-free and driven by its
 * dependencies (API, storage, lock, clock; state.ts) so every rule is unit-tested; the
 * browser wiring lives in `index.ts`.
 */
import type { TokenPair, User } from '../../contract/auth.ts';
import {
  AuthNetworkError,
  AuthRequestError,
  ExpiredAuthSessionError,
  NO_STRATEGY_MESSAGE,
  RefreshRejectedError,
  UNSUPPORTED_STRATEGY_MESSAGE,
} from './errors.ts';
import {
  SIGNED_OUT,
  type AuthDeps,
  type AuthOptions,
  type LocalCredentials,
  type SocialCallback,
  type StrategyConfig,
} from './state.ts';
import {
  bareToken,
  checkTokens,
  expiresAtFor,
  needsRefreshSoon,
  refreshDelayMs,
  sessionAction,
  tokenStatus,
  userFromClaims,
  type StoredTokens,
  type TokenCheck,
} from './tokens.ts';

/** Retry a proactive refresh that failed for a transient reason (offline, 5xx) after this long. */
export const REFRESH_RETRY_MS = 30_000;

function isUnauthorized(error: unknown): boolean {
  return error instanceof AuthRequestError && error.status === 401;
}

export function createAuth(options: AuthOptions, deps: AuthDeps) {
  const { api, storage, lock, state } = deps;
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = deps.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const strategies = options.strategies;

  let refreshTimer: unknown = null;
  let inflightRefresh: Promise<void> | null = null;
  let inflightUser: Promise<User | null> | null = null;

  function strategyName(): string | null {
    return storage.get('strategy');
  }

  /** The current strategy; the errors of docs/rules.md#auth-on-the-client when none is set or it is unknown. */
  function getStrategy(throwException = true): StrategyConfig | null {
    const name = strategyName();
    if (!name) {
      if (throwException) throw new Error(NO_STRATEGY_MESSAGE);
      return null;
    }
    const strategy = strategies[name];
    if (!strategy) {
      if (throwException) throw new Error(UNSUPPORTED_STRATEGY_MESSAGE);
      return null;
    }
    return strategy;
  }

  function currentTokens(): StoredTokens {
    const name = strategyName();
    return name && strategies[name] ? storage.readTokens(name) : storage.readTokens('__none__');
  }

  function check(): TokenCheck {
    return checkTokens(currentTokens(), now());
  }

  function cancelRefreshTimer(): void {
    if (refreshTimer !== null) clearTimer(refreshTimer);
    refreshTimer = null;
  }

  function scheduleRefresh(): void {
    cancelRefreshTimer();
    const delay = refreshDelayMs(currentTokens(), now());
    if (delay === null) return;
    refreshTimer = setTimer(
      () => {
        refreshTimer = null;
        void proactiveRefresh();
      },
      Math.max(delay, 1_000),
    );
  }

  async function proactiveRefresh(): Promise<void> {
    const tokens = currentTokens();
    if (!tokens.token || !tokens.refreshToken) return;
    if (!needsRefreshSoon(tokens, now())) {
      // Another tab already rotated the tokens: just follow the new expiry.
      scheduleRefresh();
      return;
    }
    try {
      await refreshTokens(tokens.token);
    } catch (error) {
      if (!(error instanceof RefreshRejectedError) && !(error instanceof ExpiredAuthSessionError)) {
        // Offline or a server hiccup: keep the session and try again a little later.
        cancelRefreshTimer();
        refreshTimer = setTimer(() => {
          refreshTimer = null;
          void proactiveRefresh();
        }, REFRESH_RETRY_MS);
      }
    }
  }

  function storeTokens(name: string, pair: TokenPair): void {
    const at = now();
    storage.writeTokens(name, {
      token: `Bearer ${pair.token}`,
      refreshToken: pair.refresh_token,
      tokenExpiresAt: expiresAtFor(pair.token, pair.expires_in, at),
      refreshExpiresAt: typeof pair.refresh_expires_in === 'number' ? at + pair.refresh_expires_in * 1000 : null,
    });
    scheduleRefresh();
  }

  /** Signs out on this device only: tokens removed, state cleared (strategy kept). */
  function reset(): void {
    cancelRefreshTimer();
    const name = strategyName();
    if (name) storage.clearTokens(name);
    if (state.get().loggedIn || state.get().user) state.set(SIGNED_OUT);
  }

  /**
   * Refreshes the tokens, one refresh at a time across tabs. `staleToken` is the
   * access token the caller found unusable: once the lock is ours, a different
   * fresh token in storage means another tab already rotated, and we adopt it.
   */
  function refreshTokens(staleToken?: string | null): Promise<void> {
    if (inflightRefresh) return inflightRefresh;
    const name = strategyName();
    getStrategy();
    const stale = staleToken === undefined ? currentTokens().token : staleToken;
    inflightRefresh = lock
      .run(async () => {
        let current = storage.readTokens(name!);
        const logged = current.refreshToken ? await deps.rotations?.read(name!) : null;
        if (logged && logged.previousRefreshToken === current.refreshToken) {
          // Another tab rotated the token we hold; its storage write has not reached this tab yet.
          storage.writeTokens(name!, logged.tokens);
          current = logged.tokens;
        }
        const rotatedElsewhere = current.token !== null && current.token !== stale && !needsRefreshSoon(current, now());
        if (rotatedElsewhere) {
          scheduleRefresh();
          return;
        }
        if (!current.refreshToken || tokenStatus(current.refreshExpiresAt, now()) === 'expired') {
          reset();
          throw new ExpiredAuthSessionError();
        }
        let pair: TokenPair;
        try {
          pair = await api.refresh(current.refreshToken);
        } catch (error) {
          if (error instanceof AuthRequestError && error.status >= 400 && error.status < 500) {
            const reused = error.type === 'urn:umenu:problem:token-reused';
            reset();
            deps.onSessionEnded?.(reused ? 'reused' : 'rejected');
            throw new RefreshRejectedError(reused);
          }
          throw error;
        }
        storeTokens(name!, pair);
        await deps.rotations?.write(name!, {
          previousRefreshToken: current.refreshToken,
          tokens: storage.readTokens(name!),
        });
      })
      .finally(() => {
        inflightRefresh = null;
      });
    return inflightRefresh;
  }

  /**
   * The bare access token to send, refreshing first when it has expired.
   * Throws `ExpiredAuthSessionError` (after resetting) when the session cannot
   * be refreshed; null when signed out.
   */
  async function ensureSession(): Promise<string | null> {
    const strategy = getStrategy(false);
    if (!strategy) return null;
    const tokens = currentTokens();
    switch (sessionAction(tokens, now())) {
      case 'signed-out':
        return null;
      case 'expired':
        reset();
        throw new ExpiredAuthSessionError();
      case 'refresh':
        try {
          await refreshTokens(tokens.token);
        } catch (error) {
          // Offline: send what we have; the request fails as offline, the session stays.
          if (error instanceof AuthNetworkError) return bareToken(currentTokens().token);
          // Refused or expired: `refreshTokens` already reset the session.
          if (error instanceof RefreshRejectedError) throw new ExpiredAuthSessionError();
          throw error;
        }
        return bareToken(currentTokens().token);
      case 'use':
        return bareToken(tokens.token);
    }
  }

  /** For the HTTP client: the token to send (null when signed out or the session just ended). */
  async function requestToken(): Promise<string | null> {
    try {
      return await ensureSession();
    } catch (error) {
      if (error instanceof ExpiredAuthSessionError) return null;
      throw error;
    }
  }

  /**
   * For the HTTP client on a 401: refresh and tell it to retry, or end the session.
   * `rejectedToken` is the token the refused request carried (with or without its
   * scheme): when a newer one is already stored, the request is simply retried.
   */
  async function handleUnauthorized(rejectedToken?: string | null): Promise<boolean> {
    const tokens = currentTokens();
    if (!getStrategy(false) || (!tokens.token && !tokens.refreshToken)) return false;
    const rejected = rejectedToken ? bareToken(rejectedToken) : null;
    const current = bareToken(tokens.token);
    if (rejected && current && rejected !== current && sessionAction(tokens, now()) === 'use') return true;
    if (!tokens.refreshToken) {
      reset();
      return false;
    }
    try {
      await refreshTokens(rejected ? `Bearer ${rejected}` : tokens.token);
      return true;
    } catch {
      return false;
    }
  }

  async function loadUser(): Promise<User | null> {
    const token = await ensureSession();
    if (!token) {
      if (state.get().loggedIn) state.set(SIGNED_OUT);
      return null;
    }
    let user: User;
    try {
      user = await api.fetchUser(token);
    } catch (error) {
      if (isUnauthorized(error)) {
        await refreshTokens(`Bearer ${token}`).catch((refreshError: unknown) => {
          throw refreshError instanceof RefreshRejectedError ? new ExpiredAuthSessionError() : refreshError;
        });
        const retryToken = bareToken(currentTokens().token);
        if (!retryToken) throw new ExpiredAuthSessionError();
        try {
          user = await api.fetchUser(retryToken);
        } catch (retryError) {
          if (isUnauthorized(retryError)) {
            reset();
            throw new ExpiredAuthSessionError();
          }
          throw retryError;
        }
      } else if (error instanceof AuthNetworkError) {
        // Offline start: trust the token we hold until the API can be asked.
        const fallback = state.get().user ?? userFromClaims(token);
        if (fallback) state.set({ user: fallback, loggedIn: true });
        scheduleRefresh();
        return fallback;
      } else {
        throw error;
      }
    }
    state.set({ user, loggedIn: true });
    scheduleRefresh();
    return user;
  }

  /** Fetches the signed-in user (concurrent callers share one request). */
  function fetchUser(): Promise<User | null> {
    if (!inflightUser) {
      inflightUser = loadUser().finally(() => {
        inflightUser = null;
      });
    }
    return inflightUser;
  }

  /** Switches strategy (the session of the previous one ends). */
  function setStrategy(name: string): void {
    if (!strategies[name]) throw new Error(UNSUPPORTED_STRATEGY_MESSAGE);
    if (strategyName() === name) return;
    reset();
    storage.set('strategy', name);
  }

  /**
   * Start-up: restore the stored strategy (or the default), then check the
   * tokens and fetch the user. Rejects with `ExpiredAuthSessionError` when the
   * stored session has fully expired (callers ignore that one silently).
   */
  async function init(): Promise<void> {
    const stored = strategyName();
    const name = stored && strategies[stored] ? stored : (options.defaultStrategy ?? null);
    if (name !== stored) storage.set('strategy', name);
    getStrategy();
    const tokens = currentTokens();
    const action = sessionAction(tokens, now());
    if (action === 'signed-out') {
      if (state.get().loggedIn) state.set(SIGNED_OUT);
      return;
    }
    if (action === 'expired') {
      reset();
      throw new ExpiredAuthSessionError();
    }
    await fetchUser();
  }

  /** Signs in with a strategy: `local` takes `{email, password}`, `social` the callback's `{code, code_verifier}`. */
  async function loginWith(name: string, data: LocalCredentials | SocialCallback): Promise<User | null> {
    const strategy = strategies[name];
    if (!strategy) throw new Error(UNSUPPORTED_STRATEGY_MESSAGE);
    setStrategy(name);
    const pair =
      strategy.scheme === 'local'
        ? await api.login(data as LocalCredentials)
        : await api.socialToken(data as SocialCallback);
    storeTokens(name, pair);
    return fetchUser();
  }

  /** Signs out: the API revokes the refresh token family; this device forgets the session either way. */
  async function logout(): Promise<void> {
    const tokens = currentTokens();
    const token = bareToken(tokens.token);
    try {
      if (token) await api.logout(token, tokens.refreshToken);
    } catch {
      // Offline or already revoked: the local session still ends.
    } finally {
      reset();
    }
  }

  /** Another tab signed in, out, or rotated the tokens. */
  function onExternalChange(key: string): void {
    const name = strategyName();
    if (key !== '*' && key !== 'strategy' && !(name && key === `_token.${name}`)) return;
    const tokens = currentTokens();
    const loggedIn = state.get().loggedIn;
    if (!tokens.token && !tokens.refreshToken) {
      cancelRefreshTimer();
      if (loggedIn) state.set(SIGNED_OUT);
    } else if (!loggedIn) {
      void fetchUser().catch(() => undefined);
    } else {
      scheduleRefresh();
    }
  }

  const unsubscribeStorage = storage.onExternalChange(onExternalChange);

  function dispose(): void {
    cancelRefreshTimer();
    unsubscribeStorage();
  }

  return {
    options,
    state,
    get strategy(): string | null {
      return strategyName();
    },
    getStrategy,
    setStrategy,
    check,
    init,
    loginWith,
    logout,
    fetchUser,
    refreshTokens,
    ensureSession,
    requestToken,
    handleUnauthorized,
    reset,
    dispose,
    /** Test seam: the tokens as stored for the current strategy. */
    tokens: currentTokens,
  };
}
