/**
 * The `auth` guard (docs/rules.md#redirects-and-guard) with the auth core: a page not marked public,
 * visited while signed out (and not the login or callback page), goes to
 * `/login` remembering the target; a signed-in user on the login page or a
 * guest-only page goes home (or to the remembered page). Loaded by
 * `register.ts` only when the page needs it.
 */
import type { MiddlewareContext } from '../../shell/page-meta.ts';
import { $auth, carryFlash, rememberTarget, startAuth, takeHomeTarget } from './index.ts';
import { guardDecision, REDIRECTS } from './redirect.ts';
import { localPath } from '../../lib/page-language.ts';

export async function authGuard(context: MiddlewareContext): Promise<void> {
  const pageAuth = context.meta.auth ?? undefined;
  if (pageAuth === false) {
    // Public page: never wait for the session before showing it.
    void startAuth();
    return;
  }
  await startAuth();
  const fullPath = `${context.url.pathname}${context.url.search}${context.url.hash}`;
  const decision = guardDecision({ auth: pageAuth, loggedIn: $auth.get().loggedIn, fullPath });
  if (decision.type === 'login') {
    if (decision.remember) rememberTarget(decision.remember);
    // A session that just ended (e.g. a reused refresh token) is explained on the login page.
    carryFlash();
    context.redirect(localPath(REDIRECTS.login));
  } else if (decision.type === 'home') {
    const target = takeHomeTarget();
    context.redirect(target === REDIRECTS.home ? localPath(target) : target);
  }
}
