import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenPair, UserResponse } from '../../src/contract/auth.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.dispose());

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const refresh = (refresh_token: string) => s.request('/api/auth/refresh', { json: { refresh_token } });

describe('POST /api/auth/login', () => {
  it('gives a token pair with a ~10 minute access JWT carrying sub, scope, exp, iat and name', async () => {
    const pair = TokenPair.parse(await s.login('cocina@umenu.test'));
    expect(pair.expires_in).toBe(600);
    const claims = decode(pair.token);
    expect((claims.exp as number) - (claims.iat as number)).toBe(600);
    expect(claims.scope).toEqual(['staff:taqueria-el-guero', 'staff:cafe-la-macarena', 'staff:bar-el-cabanyal']);
    expect(claims.name).toBe('Cocina umenu');
    expect(typeof claims.sub).toBe('string');
  });

  it('accepts the email in any case', async () => {
    const res = await s.request('/api/auth/login', { json: { email: 'ANA@umenu.test', password: 'demo1234' } });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password or unknown email with the same 401 problem', async () => {
    for (const email of ['admin@umenu.test', 'nobody@umenu.test']) {
      const res = await s.request('/api/auth/login', { json: { email, password: 'wrong-one' } });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { type: string; title: string };
      expect(body.type).toBe('urn:umenu:problem:invalid-credentials');
      expect(body.title).toBe('Correo o contraseña incorrectos');
    }
  });

  it('answers field errors for malformed input and 400 for broken JSON', async () => {
    const bad = await s.request('/api/auth/login', { json: { email: 'not-an-email', password: '' } });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
    const broken = await s.request('/api/auth/login', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  it('stores passwords only as slow scrypt hashes', async () => {
    const row = (await s.deps.db.get<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = ?', [
      'ana@umenu.test',
    ]))!;
    expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.password_hash).not.toContain('demo1234');
  });
});

describe('GET /api/auth/user', () => {
  it('returns the signed-in user', async () => {
    const { token } = await s.login('ana@umenu.test');
    const res = await s.request('/api/auth/user', { token });
    const { user } = UserResponse.parse(await res.json());
    expect(user).toMatchObject({ name: 'Ana García', email: 'ana@umenu.test', scope: [] });
  });

  it('refuses a missing, tampered or foreign-signed token', async () => {
    const { token } = await s.login('ana@umenu.test');
    expect((await s.request('/api/auth/user')).status).toBe(401);
    const [h, p, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decode(token), scope: ['admin'] })).toString('base64url');
    expect((await s.request('/api/auth/user', { token: `${h}.${forged}.${sig}` })).status).toBe(401);
    expect((await s.request('/api/auth/user', { token: `${h}.${p}.${'A'.repeat(43)}` })).status).toBe(401);
    expect((await s.request('/api/auth/user', { token: 'garbage' })).status).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use: the new pair works, the old refresh token stops working', async () => {
    const first = await s.login('ana@umenu.test');
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const second = TokenPair.parse(await res.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await s.request('/api/auth/user', { token: second.token })).status).toBe(200);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('a reused refresh token revokes the whole family, including the newest token', async () => {
    const first = await s.login('ana@umenu.test');
    const second = (await (await refresh(first.refresh_token)).json()) as { refresh_token: string };
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(((await reuse.json()) as { type: string }).type).toBe('urn:umenu:problem:token-reused');
    const afterTheft = await refresh(second.refresh_token);
    expect(afterTheft.status).toBe(401);
    // Another session of the same user (another family) is not affected.
    const other = await s.login('ana@umenu.test');
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('refuses unknown refresh tokens', async () => {
    expect((await refresh('x'.repeat(43))).status).toBe(401);
  });

  it('logout revokes the refresh token family', async () => {
    const pair = await s.login('ana@umenu.test');
    const out = await s.request('/api/auth/logout', { token: pair.token, json: { refresh_token: pair.refresh_token } });
    expect(out.status).toBe(204);
    expect((await refresh(pair.refresh_token)).status).toBe(401);
    expect((await s.request('/api/auth/logout', { method: 'POST' })).status).toBe(401);
  });
});

describe('lifetimes', () => {
  it('access tokens expire after UMENU_ACCESS_TTL and refresh tokens after their absolute lifetime', async () => {
    const short = await startTestServer({ accessTtlSeconds: 2, refreshAbsoluteSeconds: 5 });
    try {
      // Tokens count whole seconds (iat, exp): signed just after a second starts, the access token lives almost 2 s,
      // time enough for the first request even on a busy machine. The waits are for the token's own deadlines.
      await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
      const pair = await short.login('ana@umenu.test');
      const { iat, exp } = JSON.parse(Buffer.from(pair.token.split('.')[1]!, 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      expect(exp - iat).toBe(2);
      const waitUntil = (seconds: number) =>
        new Promise((r) => setTimeout(r, Math.max(0, seconds * 1000 + 100 - Date.now())));
      expect((await short.request('/api/auth/user', { token: pair.token })).status).toBe(200);
      await waitUntil(exp);
      const expired = await short.request('/api/auth/user', { token: pair.token });
      expect(expired.status).toBe(401);
      const renewed = (await (
        await short.request('/api/auth/refresh', { json: { refresh_token: pair.refresh_token } })
      ).json()) as TokenPair;
      // The rotated token keeps the family's absolute deadline, it does not start a new one.
      expect(renewed.refresh_expires_in).toBeLessThanOrEqual(3);
      await waitUntil(iat + 5);
      expect(
        (await short.request('/api/auth/refresh', { json: { refresh_token: renewed.refresh_token } })).status,
      ).toBe(401);
    } finally {
      await short.dispose();
    }
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After after 5 failures for the same client and email, then still blocks the right password', async () => {
    const limited = await startTestServer();
    try {
      for (let i = 0; i < 5; i++) {
        expect(
          (await limited.request('/api/auth/login', { json: { email: 'ana@umenu.test', password: `bad-${i}` } }))
            .status,
        ).toBe(401);
      }
      const res = await limited.request('/api/auth/login', { json: { email: 'ana@umenu.test', password: 'demo1234' } });
      expect(res.status).toBe(429);
      const retry = Number(res.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      expect(((await res.json()) as { type: string }).type).toBe('urn:umenu:problem:rate-limited');
      // Another account from the same client is not locked out.
      expect(
        (await limited.request('/api/auth/login', { json: { email: 'admin@umenu.test', password: 'demo1234' } }))
          .status,
      ).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});
