/**
 * An account created from an invitation cannot be kept by whoever held the link (server/README.md, "Team and
 * invitations"): the manager who invites holds the link and may choose the password. When the invited person
 * later signs in with Google (here a real OpenID Connect provider standing in for it, server/oidc-demo), the
 * provider has proved the email: the account's unknown password is removed and every session opened with it is
 * revoked, so the manager can no longer sign in as the person.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { TokenPair } from '../../src/contract/auth.ts';
import { CreatedInvitation } from '../../src/contract/team.ts';
import { socialRoutes, type SocialRoutes } from '../../server/features/auth/social/routes.ts';
import { socialConfigFromEnv } from '../../server/features/auth/social/config.ts';
import { startDemoProvider } from '../../server/oidc-demo/provider.ts';
import { HttpProblem, problemResponse } from '../../server/platform/problem.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const V = 'cafe-la-macarena';
/** The provider's second account (server/oidc-demo/pages.ts): it has no umenu account yet. */
const PERSON = { key: 'luis', email: 'luis@demo.umenu.test' };

let s: TestServer;
let google: Awaited<ReturnType<typeof startDemoProvider>>;
let social: SocialRoutes;
let http: ServerType;
let base = '';

beforeAll(async () => {
  s = await startTestServer();
  const app = new Hono();
  app.onError((error, c) => (error instanceof HttpProblem ? problemResponse(c, error) : c.text(String(error), 500)));
  // Listening first: the provider needs this server's address for its redirect URI, the routes need the provider.
  http = await new Promise<ServerType>((resolve) => {
    const server = serve({ fetch: (request) => app.fetch(request), port: 0, hostname: '127.0.0.1' }, () =>
      resolve(server),
    );
  });
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  google = await startDemoProvider({ redirectUris: [`${base}/api/auth/social/google/callback`] });
  social = socialRoutes(s.deps, {
    config: socialConfigFromEnv({
      UMENU_GOOGLE_ISSUER: google.issuer,
      UMENU_GOOGLE_CLIENT_ID: google.clientId,
      UMENU_GOOGLE_CLIENT_SECRET: google.clientSecret,
      UMENU_PUBLIC_URL: base,
    }),
  });
  app.route('/api/auth/social', social);
});
afterAll(async () => {
  await social?.closeSocial?.();
  await google?.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await s.dispose();
});

/** A browser in miniature: cookies per host, redirects followed by hand. */
async function signInWithGoogle(account: string): Promise<TokenPair> {
  const jars = new Map<string, Map<string, string>>();
  const go = async (url: URL, init: RequestInit = {}) => {
    const jar = jars.get(url.host) ?? new Map<string, string>();
    jars.set(url.host, jar);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      if (rest.join('=') === '' || /max-age=0\b/i.test(line)) jar.delete(name!.trim());
      else jar.set(name!.trim(), rest.join('='));
    }
    return res;
  };
  const follow = async (start: URL) => {
    let url = start;
    for (let i = 0; i < 10; i++) {
      if (url.origin === base && url.pathname === '/login') return { url, res: undefined };
      const res = await go(url);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) url = new URL(location, url);
      else return { url, res };
    }
    throw new Error('demasiadas redirecciones');
  };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const page = await follow(new URL(`${base}/api/auth/social/google/start?code_challenge=${challenge}`));
  const html = await page.res!.text();
  const action = /<form method="post" action="([^"]+\/login)">/.exec(html)![1]!;
  const chosen = await go(new URL(action, page.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account }).toString(),
  });
  const landing = await follow(new URL(chosen.headers.get('location')!, page.url));
  const code = landing.url.searchParams.get('code');
  expect(code, landing.url.href).toBeTruthy();
  const exchanged = await fetch(`${base}/api/auth/social/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, code_verifier: verifier }),
  });
  expect(exchanged.status).toBe(200);
  return TokenPair.parse(await exchanged.json());
}

describe('an account created from an invitation, then Google', () => {
  it('the manager who chose the password can no longer sign in as the person once they sign in with Google', async () => {
    const manager = await s.tokenFor('gerente@umenu.test');
    const invited = await s.request(`/api/venues/${V}/invitations`, {
      token: manager,
      json: { email: PERSON.email, role: 'staff' },
    });
    expect(invited.status).toBe(201);
    const { token } = CreatedInvitation.parse(await invited.json());
    // The manager opens the link first and creates the account with a password of their own.
    const accepted = await s.request('/api/invitations/accept', {
      json: { token, name: 'Luis', password: 'lo-sabe-el-gerente' },
    });
    expect(accepted.status).toBe(201);
    const managersPair = await s.login(PERSON.email, 'lo-sabe-el-gerente');

    // The person signs in with Google: the same account (its role at the venue kept).
    const pair = await signInWithGoogle(PERSON.key);
    const me = (await (await s.request('/api/auth/user', { token: pair.token })).json()) as {
      user: { email: string; scope: string[] };
    };
    expect(me.user).toMatchObject({ email: PERSON.email, scope: [`staff:${V}`] });

    // The password the manager chose no longer opens it, and the manager's session is over.
    const again = await s.request('/api/auth/login', { json: { email: PERSON.email, password: 'lo-sabe-el-gerente' } });
    expect(again.status).toBe(401);
    const refreshed = await s.request('/api/auth/refresh', { json: { refresh_token: managersPair.refresh_token } });
    expect(refreshed.status).toBe(401);
    // The person's own session goes on.
    expect((await s.request('/api/auth/refresh', { json: { refresh_token: pair.refresh_token } })).status).toBe(200);
  });

  it('an account whose email was proved keeps its password when its owner signs in with Google', async () => {
    // The demo diner's account (seeded, its email known): a Google sign-in links to it and changes nothing.
    const before = await s.login('ana@umenu.test');
    const pair = await signInWithGoogle('ana');
    const me = (await (await s.request('/api/auth/user', { token: pair.token })).json()) as { user: { email: string } };
    expect(me.user.email).toBe('ana@umenu.test');
    expect(
      (await s.request('/api/auth/login', { json: { email: 'ana@umenu.test', password: 'demo1234' } })).status,
    ).toBe(200);
    expect((await s.request('/api/auth/refresh', { json: { refresh_token: before.refresh_token } })).status).toBe(200);
  });
});
