/**
 * The `auth` middleware (docs/rules.md#redirects-and-guard), run by the shell's page meta on every page.
 * It stays tiny: the auth core (token logic, ky, zod schemas) is loaded only
 * when the page needs it — a page that requires sign-in, or any page (public
 * or guest-only) when this device holds a session to restore or a
 * "session ended" message to show. A signed-out diner on a public or
 * guest-only page has nothing to check, so nothing is loaded.
 */
import { registerMiddleware, type MiddlewareContext } from '../../shell/page-meta.ts';
import { needsAuthCore } from './session-hint.ts';

export async function authMiddleware(context: MiddlewareContext): Promise<void> {
  const pageAuth = context.meta.auth ?? undefined;
  const needed = pageAuth === true || pageAuth === undefined || needsAuthCore();
  if (!needed) return;
  if (pageAuth === false) {
    // Public page: never wait for the session (nor its code) before showing it.
    void import('./guard.ts').then(({ authGuard }) => authGuard(context));
    return;
  }
  const { authGuard } = await import('./guard.ts');
  await authGuard(context);
}

registerMiddleware('auth', authMiddleware, { global: true });
