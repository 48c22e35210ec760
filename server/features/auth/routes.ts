/** Local auth: login, refresh (rotation + reuse detection), logout, current user (docs/rules.md#api). */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { LoginInput, RefreshInput } from '../../../src/contract/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { clientIp, readBody, readJson, parseWith } from '../../platform/http.ts';
import { requireAuth } from './middleware.ts';
import { problem } from '../../platform/problem.ts';
import { toUser } from './service.ts';

const LogoutInput = z.strictObject({ refresh_token: z.optional(z.string().check(z.maxLength(500))) });

export function authRoutes({ auth }: AppDeps): Hono {
  const app = new Hono();
  app.post('/login', async (c) => {
    const input = await readBody(c, LoginInput);
    const pair = await auth.login(input.email, input.password, `${clientIp(c)}|${input.email.trim().toLowerCase()}`);
    c.header('cache-control', 'no-store');
    return c.json(pair);
  });
  app.post('/refresh', async (c) => {
    const input = await readBody(c, RefreshInput);
    c.header('cache-control', 'no-store');
    return c.json(await auth.refresh(input.refresh_token));
  });
  app.post('/logout', async (c) => {
    const claims = requireAuth(c, auth);
    let refreshToken: string | undefined;
    if ((c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding')) {
      const { value } = await readJson(c);
      refreshToken = parseWith(LogoutInput, value).refresh_token;
    }
    await auth.logout(claims.sub, refreshToken);
    return c.body(null, 204);
  });
  app.get('/user', async (c) => {
    const claims = requireAuth(c, auth);
    const user = await auth.userById(claims.sub);
    if (!user) throw problem('unauthorized', 401, 'La cuenta ya no existe.');
    c.header('cache-control', 'no-store');
    return c.json({ user: toUser(user) });
  });
  return app;
}
