/**
 * Redirect rules (docs/rules.md#redirects-and-guard): login `/login`, logout `/`, home `/`, callback
 * `/login`; the page a signed-out user wanted is remembered and restored after sign-in.
 */

import { withoutLanguage } from '../../lib/page-language.ts';

/** The Spanish pages; the diner goes to their language's (`/en/login`) through `localPath`. */
export const REDIRECTS = { login: '/login', logout: '/', home: '/', callback: '/login' } as const;
export type RedirectName = keyof typeof REDIRECTS;

/** A page's auth marker: `false` public, `'guest'` guest-only, anything else needs sign-in. */
export type PageAuth = boolean | 'guest' | undefined;

/** `/login/`, `/login.html` and `/login` are the same page. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '/';
  const withoutHtml = bare.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  const trimmed = withoutHtml.length > 1 ? withoutHtml.replace(/\/+$/, '') : withoutHtml;
  return trimmed === '' ? '/' : trimmed;
}

/** The same page in any interface language: `/en/login` is the login page too. */
export function isSamePage(a: string, b: string): boolean {
  return withoutLanguage(normalizePath(a)) === withoutLanguage(normalizePath(b));
}

/**
 * Only a same-site path may be remembered and followed after sign-in (never
 * `//evil.example`, `https://…`, `/\evil` or `javascript:`): no open redirect.
 */
export function isSafeTarget(target: unknown): target is string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return false;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  // Control characters and backslashes could be read as another origin by some parsers.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  return !/[\u0000-\u001f\u007f\\]/.test(target);
}

export type GuardDecision = { type: 'stay' } | { type: 'login'; remember: string | null } | { type: 'home' };

/**
 * The guard (docs/rules.md#redirects-and-guard): a page not marked public, visited while signed out (and
 * not the login or callback page), goes to login and remembers the target; a
 * signed-in user on the login page or a guest-only page goes home.
 */
export function guardDecision(input: { auth: PageAuth; loggedIn: boolean; fullPath: string }): GuardDecision {
  const { auth, loggedIn, fullPath } = input;
  if (auth === false) return { type: 'stay' };
  const onLogin = isSamePage(fullPath, REDIRECTS.login);
  const onCallback = isSamePage(fullPath, REDIRECTS.callback);
  if (loggedIn) return onLogin || auth === 'guest' ? { type: 'home' } : { type: 'stay' };
  if (auth === 'guest' || onCallback || onLogin) return { type: 'stay' };
  return { type: 'login', remember: rememberableTarget(fullPath) };
}

/** The target to remember when leaving `fullPath` for the login page (null for the login page itself). */
export function rememberableTarget(fullPath: string): string | null {
  if (!isSafeTarget(fullPath) || isSamePage(fullPath, REDIRECTS.login)) return null;
  return fullPath;
}

/**
 * Where `home` leads: the remembered target when it is a safe path other than
 * the login page, else `/`.
 */
export function homeTarget(remembered: unknown): string {
  if (isSafeTarget(remembered) && !isSamePage(remembered, REDIRECTS.login)) return remembered;
  return REDIRECTS.home;
}

/**
 * `home` read once per page: the first way of going home (the guard, or a sign-in that just finished on
 * this page) reads the remembered target and forgets it; any later one goes to the same place. Two
 * readers that each forgot it left the second with `/`, and its navigation replaced the first's (the
 * guard of a slowly loaded login page after a social sign-in that had already finished).
 */
export function homeOnce(store: { get: () => unknown; forget: () => void }): () => string {
  let target: string | undefined;
  return () => {
    if (target === undefined) {
      target = homeTarget(store.get());
      store.forget();
    }
    return target;
  };
}

/** Which redirect a change of `loggedIn` triggers (none on pages marked `auth: false`). */
export function loggedInChangeRedirect(auth: PageAuth, loggedIn: boolean): RedirectName | null {
  if (auth === false) return null;
  return loggedIn ? 'home' : 'logout';
}
