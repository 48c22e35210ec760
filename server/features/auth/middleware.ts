/** Bearer auth for the route modules of every feature: who is calling, or 401. */
import type { Context } from 'hono';
import { AUTH_MESSAGES, type AccessClaims } from '../../../src/contract/auth.ts';
import { problem } from '../../platform/problem.ts';
import type { AuthService } from './service.ts';
import type { Authenticate } from '../../platform/operations.ts';

/** The access token of the `Authorization: Bearer …` header. Only there: a token in a URL ends up in logs and history. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  if (!header) return undefined;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

export function requireAuth(c: Context, auth: AuthService): AccessClaims {
  const token = bearerToken(c);
  if (!token) throw problem('unauthorized', 401, AUTH_MESSAGES.signIn, {}, { 'www-authenticate': 'Bearer' });
  const claims = auth.verifyAccess(token);
  if (!claims)
    throw problem(
      'unauthorized',
      401,
      AUTH_MESSAGES.sessionExpired,
      {},
      { 'www-authenticate': 'Bearer error="invalid_token"' },
    );
  return claims;
}

/** The bearer check every feature's operations use (server/platform/operations.ts): `access: 'bearer'` or `'bearer-optional'`. */
export function authenticator(auth: AuthService): Authenticate {
  return {
    required: (c) => requireAuth(c, auth),
    optional: (c) => (bearerToken(c) ? requireAuth(c, auth) : undefined),
  };
}
