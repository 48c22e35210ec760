/** Local auth: login, refresh (rotation + reuse detection), logout, current user (docs/rules.md#api). */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AuthService } from './service.ts';
import { clientIp, parseWith } from '../../platform/http.ts';
import { routes } from '../../platform/operations.ts';
import { problem } from '../../platform/problem.ts';
import { authenticator } from './middleware.ts';
import { getUser, login, logout, refreshToken } from './operations.ts';
import { toUser } from './service.ts';
import { AUTH_MESSAGES } from '../../../src/contract/auth.ts';

/** The optional body of `POST /auth/logout` (documented inline in operations.ts: it is not a named schema). */
const LogoutInput = z.strictObject({ refresh_token: z.optional(z.string().check(z.maxLength(500))) });

export function authRoutes({ auth }: { auth: AuthService }): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  on(login, async (c, { body }) => {
    const input = await body();
    const pair = await auth.login(input.email, input.password, `${clientIp(c)}|${input.email.trim().toLowerCase()}`);
    c.header('cache-control', 'no-store');
    return c.json(pair);
  });

  on(refreshToken, async (c, { body }) => {
    const input = await body();
    c.header('cache-control', 'no-store');
    return c.json(await auth.refresh(input.refresh_token));
  });

  on(logout, async (c, { claims, json }) => {
    let refresh: string | undefined;
    if ((c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding')) {
      const { value } = await json();
      refresh = parseWith(LogoutInput, value).refresh_token;
    }
    await auth.logout(claims.sub, refresh);
    return c.body(null, 204);
  });

  on(getUser, async (c, { claims }) => {
    const user = await auth.userById(claims.sub);
    if (!user) throw problem('unauthorized', 401, AUTH_MESSAGES.accountGone);
    c.header('cache-control', 'no-store');
    return c.json({ user: toUser(user) });
  });

  return app;
}
