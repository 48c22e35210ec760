/**
 * The auth feature in the browser: one session per page shared by every island
 * through `$auth` (`{ user, loggedIn }`), the HTTP client's token and 401 hooks,
 * redirects (login `/login`, logout `/`, home `/`, callback `/login`) with the
 * remembered target. The social sign-in round trip is in `social.ts` (loaded by `/login` only).
 *
 * Other features use: `$auth`, `$authReady`, `whenAuthReady()`, `requireLogin(returnTo)`,
 * `signOut()`. Who may do what at a venue is `src/contract/permissions.ts`.
 */
import { atom } from 'nanostores';
import { setAuthTokenProvider, setUnauthorizedHandler } from '../../lib/http.ts';
import { readPageMeta } from '../../shell/page-meta.ts';
import { toast } from '../../shell/toast.ts';
import { httpAuthApi } from './api.ts';
import { createAuth } from './core.ts';
import { SIGNED_OUT, type AuthState, type SessionEndReason } from './state.ts';
import { reportStartupError } from './errors.ts';
import { sessionMessage } from './session-messages.ts';
import { localPath } from '../../lib/page-language.ts';
import {
  homeOnce,
  loggedInChangeRedirect,
  REDIRECTS,
  rememberableTarget,
  type PageAuth,
  type RedirectName,
} from './redirect.ts';
import { browserRefreshLock } from './refresh-lock.ts';
import { indexedDbRotationLog } from './rotation-log.ts';
import { browserLocalStorage, createAuthStorage, documentCookies } from './storage.ts';
import { SIGNED_IN_HERE_EVENT } from './session-hint.ts';

export type { AuthState } from './state.ts';

/** `{ user, loggedIn }`, shared by every island on the page. */
export const $auth = atom<AuthState>(SIGNED_OUT);
/** True once the start-up check (tokens, refresh, user) has finished. */
export const $authReady = atom(false);

const localStore = browserLocalStorage();
export const authStorage = createAuthStorage({ local: localStore, cookies: documentCookies() });

const FLASH_KEY = 'auth.flash';

function showSessionEnded(reason: SessionEndReason): void {
  toast.error(sessionMessage(reason), { id: 'auth-session-ended', testId: 'auth-session-ended' });
}

/** Why a session just ended here, carried over (sessionStorage) if the page redirects: the login page words it. */
let endedMessage: SessionEndReason | null = null;

function onSessionEnded(reason: SessionEndReason): void {
  endedMessage = reason;
  showSessionEnded(reason);
}

export function carryFlash(): void {
  if (!endedMessage) return;
  try {
    sessionStorage.setItem(FLASH_KEY, endedMessage);
  } catch {
    // No session storage: the toast already shown is all the diner gets.
  }
}

function showCarriedFlash(): void {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    if (message === 'reused' || message === 'rejected') showSessionEnded(message);
  } catch {
    // Nothing carried over.
  }
}

export const auth = createAuth(
  {
    strategies: { local: { scheme: 'local' }, social: { scheme: 'social', provider: 'google' } },
    defaultStrategy: 'local',
  },
  {
    api: httpAuthApi,
    storage: authStorage,
    lock: browserRefreshLock(localStore),
    rotations: indexedDbRotationLog(),
    state: $auth,
    onSessionEnded,
  },
);

setAuthTokenProvider(() => auth.requestToken());
setUnauthorizedHandler((request) => auth.handleUnauthorized(request?.headers.get('Authorization') ?? null));

function currentFullPath(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Remembers where to come back to after sign-in (same-site paths only). */
export function rememberTarget(fullPath: string): void {
  const target = rememberableTarget(fullPath);
  if (target) authStorage.set('redirect', target);
}

/** Where `home` leads from this page: the remembered page, read once (the guard and a finished sign-in agree). */
export const takeHomeTarget = homeOnce({
  get: () => authStorage.get('redirect'),
  forget: () => authStorage.set('redirect', null),
});

/** `redirect(name)` (docs/rules.md#redirects-and-guard): `login` remembers the current page, `home` restores it. */
export function redirect(name: RedirectName, options: { replace?: boolean } = {}): void {
  if (typeof location === 'undefined') return;
  let to: string = localPath(REDIRECTS[name]);
  if (name === 'login') rememberTarget(currentFullPath());
  if (name === 'home') to = takeHomeTarget();
  if (to === currentFullPath()) return;
  if (options.replace) location.replace(to);
  else location.assign(to);
}

/**
 * Sends a signed-out diner to sign in, coming back to `returnTo` afterwards
 * (e.g. `/taqueria-el-guero?checkout=1`, so the cart and the checkout reopen).
 */
export function requireLogin(returnTo: string = typeof location === 'undefined' ? '/' : currentFullPath()): void {
  rememberTarget(returnTo);
  if (typeof location !== 'undefined') location.assign(localPath(REDIRECTS.login));
}

let pageAuth: PageAuth = undefined;
let started: Promise<void> | undefined;
let signingOut = false;

/** Becoming signed in sends the user home (or to the remembered page); signed out, to `/` (not on public pages). */
function watchLoggedIn(): void {
  $auth.listen((value, previous) => {
    if (!previous || value.loggedIn === previous.loggedIn || signingOut) return;
    const name = loggedInChangeRedirect(pageAuth, value.loggedIn);
    if (name === 'logout') carryFlash();
    if (name) redirect(name, { replace: name === 'home' });
  });
}

/**
 * Starts the session once per page: restore the strategy, check the tokens,
 * refresh or reset, fetch the user. `ExpiredAuthSessionError` is ignored
 * silently; any other start-up error is logged.
 */
export function startAuth(): Promise<void> {
  if (!started) {
    if (typeof document !== 'undefined') {
      const meta = readPageMeta();
      pageAuth = meta.auth === null ? undefined : meta.auth;
      showCarriedFlash();
    }
    started = auth
      .init()
      .catch((error: unknown) => reportStartupError(error))
      .finally(() => {
        $authReady.set(true);
        if (typeof window !== 'undefined') {
          watchLoggedIn();
          // Timers sleep in background tabs: check the tokens when the diner comes back.
          document.addEventListener('visibilitychange', () => {
            if (document.visibilityState === 'visible' && $auth.get().loggedIn)
              void auth.requestToken().catch(() => undefined);
          });
        }
      });
  }
  return started;
}

/** Resolves with the auth state once the start-up check has finished. */
export async function whenAuthReady(): Promise<AuthState> {
  await startAuth();
  return $auth.get();
}

/** Email + password sign-in; the `loggedIn` watcher then takes the diner to the remembered page. */
export async function signInWithEmail(email: string, password: string): Promise<void> {
  await startAuth();
  await auth.loginWith('local', { email: email.trim(), password });
  // Pages that stay put (public ones) show the signed-in account button now, not at the next load.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SIGNED_IN_HERE_EVENT));
}

/** New tokens and the user, now: the account just received a scope (an accepted invitation) and should carry it. */
export async function refreshSession(): Promise<void> {
  await startAuth();
  await auth.refreshTokens();
  await auth.fetchUser();
}

/** Signs out here and on the API (refresh token family revoked), then goes to `/`. */
export async function signOut(): Promise<void> {
  signingOut = true;
  try {
    await auth.logout();
  } finally {
    signingOut = false;
  }
  if (typeof location === 'undefined') return;
  const home = localPath(REDIRECTS.logout);
  if (location.pathname === home) toast.success(sessionMessage('signedOut'), { id: 'auth-signed-out' });
  else location.assign(home);
}
