/**
 * Social sign-in end to end over real HTTP: our API on a loopback port, the
 * demo OpenID Connect provider (oidc-provider) on another, openid-client in
 * between. A small cookie jar plays the browser.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { TokenPair } from '../../src/contract/auth.ts';
import { socialRoutes, type SocialRoutes } from '../../server/features/auth/social/routes.ts';
import { socialConfigFromEnv } from '../../server/features/auth/social/config.ts';
import { HttpProblem, problemResponse } from '../../server/platform/problem.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const PORT = 4426;
const BASE = `http://127.0.0.1:${PORT}`;

let s: TestServer;
let social: SocialRoutes;
let http: ServerType;

beforeAll(async () => {
  s = await startTestServer({ port: PORT });
  social = socialRoutes(s.deps, { config: socialConfigFromEnv({}) });
  const app = new Hono();
  app.onError((error, c) => (error instanceof HttpProblem ? problemResponse(c, error) : c.text(String(error), 500)));
  app.route('/api/auth/social', social);
  app.route('/', s.app);
  await new Promise<void>((resolve) => {
    http = serve({ fetch: app.fetch, port: PORT, hostname: '127.0.0.1' }, () => resolve());
  });
  expect((http.address() as AddressInfo).port).toBe(PORT);
});

afterAll(async () => {
  await social?.closeSocial?.();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await s.dispose();
});

/** A browser in miniature: cookies per host, redirects followed by hand. */
class Browser {
  private cookies = new Map<string, Map<string, string>>();

  private jar(url: URL) {
    let jar = this.cookies.get(url.host);
    if (!jar) this.cookies.set(url.host, (jar = new Map()));
    return jar;
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = [...this.jar(target)].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.jar(target).delete(name!.trim());
      else this.jar(target).set(name!.trim(), value);
    }
    return res;
  }

  /** Follows redirects until a page is shown or we are back on the site. */
  async follow(url: string, stopAt: (url: URL) => boolean): Promise<{ url: URL; res: Response }> {
    let current = new URL(url);
    for (let i = 0; i < 10; i++) {
      if (stopAt(current)) return { url: current, res: new Response(null) };
      const res = await this.fetch(current.href);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) current = new URL(location, current);
      else return { url: current, res };
    }
    throw new Error('too many redirects');
  }
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const onSiteLogin = (url: URL) => url.origin === BASE && url.pathname === '/login';

/** Starts a sign-in and stops at the demo provider's sign-in page. */
async function openProviderPage(browser: Browser, challenge: string) {
  const { url, res } = await browser.follow(
    `${BASE}/api/auth/social/google/start?code_challenge=${challenge}&code_challenge_method=S256`,
    onSiteLogin,
  );
  return { url, html: await res.text(), status: res.status };
}

async function choose(browser: Browser, pageUrl: URL, html: string, account: string): Promise<URL> {
  const action = /<form method="post" action="([^"]+\/login)">/.exec(html)?.[1];
  expect(action).toBeDefined();
  const res = await browser.fetch(new URL(action!, pageUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account }).toString(),
  });
  expect(res.status).toBe(303);
  return (await browser.follow(new URL(res.headers.get('location')!, pageUrl).href, onSiteLogin)).url;
}

async function exchange(code: string, code_verifier: string) {
  return fetch(`${BASE}/api/auth/social/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, code_verifier }),
  });
}

describe('social sign-in through the demo OpenID Connect provider', () => {
  it('start → provider sign-in page (marked as a demo, in Spanish) → /login?code → tokens for the linked account', async () => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const page = await openProviderPage(browser, challenge);
    expect(page.status).toBe(200);
    expect(page.url.origin).not.toBe(BASE);
    expect(page.url.hostname).toBe('127.0.0.1');
    expect(page.html).toContain('<html lang="es">');
    expect(page.html).toContain('Proveedor de demostración (no es Google)');
    expect(page.html).toContain('Continuar como Ana García');

    const landing = await choose(browser, page.url, page.html, 'ana');
    expect(landing.pathname).toBe('/login');
    const code = landing.searchParams.get('code');
    expect(code).toMatch(/^[\w-]{43}$/);

    const res = await exchange(code!, verifier);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const pair = TokenPair.parse(await res.json());
    const me = await s.request('/api/auth/user', { token: pair.token });
    const { user } = (await me.json()) as { user: { email: string; name: string } };
    // Linked by verified email to the demo diner's existing account.
    expect(user).toMatchObject({ email: 'ana@umenu.test', name: 'Ana García' });
    // The pair is a normal one: it refreshes like a password sign-in.
    expect((await s.request('/api/auth/refresh', { json: { refresh_token: pair.refresh_token } })).status).toBe(200);
  });

  it('creates an account on the first social sign-in of a new person', async () => {
    expect(await s.deps.auth.userByEmail('luis@demo.umenu.test')).toBeUndefined();
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const page = await openProviderPage(browser, challenge);
    const landing = await choose(browser, page.url, page.html, 'luis');
    const res = await exchange(landing.searchParams.get('code')!, verifier);
    expect(res.status).toBe(200);
    expect(await s.deps.auth.userByEmail('luis@demo.umenu.test')).toMatchObject({ name: 'Luis Pérez', scope: '[]' });
  });

  it('the one-time code needs the browser verifier and works once', async () => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const page = await openProviderPage(browser, challenge);
    const code = (await choose(browser, page.url, page.html, 'ana')).searchParams.get('code')!;
    const wrong = await exchange(code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { type: string }).type).toBe('urn:umenu:problem:invalid-credentials');
    // A wrong verifier burns the code: no guessing.
    expect((await exchange(code, verifier)).status).toBe(400);

    const page2 = await openProviderPage(new Browser(), challenge);
    expect(page2.status).toBe(200);
  });

  it('a used code cannot be exchanged again', async () => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const page = await openProviderPage(browser, challenge);
    const code = (await choose(browser, page.url, page.html, 'ana')).searchParams.get('code')!;
    expect((await exchange(code, verifier)).status).toBe(200);
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it('cancelling at the provider returns to /login?error=social_cancelled', async () => {
    const browser = new Browser();
    const page = await openProviderPage(browser, pkce().challenge);
    const abort = /<form method="post" action="([^"]+\/abort)">/.exec(page.html)?.[1];
    const res = await browser.fetch(new URL(abort!, page.url).href, { method: 'POST', body: '' });
    const landing = (await browser.follow(new URL(res.headers.get('location')!, page.url).href, onSiteLogin)).url;
    expect(landing.searchParams.get('error')).toBe('social_cancelled');
    expect(landing.searchParams.has('code')).toBe(false);
  });

  it('a callback in another browser (no state cookie) is refused', async () => {
    const victim = new Browser();
    const attacker = new Browser();
    const page = await openProviderPage(attacker, pkce().challenge);
    const action = /<form method="post" action="([^"]+\/login)">/.exec(page.html)![1]!;
    const res = await attacker.fetch(new URL(action, page.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=ana',
    });
    // Follow the provider's redirects as the attacker up to our callback, then hand that URL to the victim.
    let next = new URL(res.headers.get('location')!, page.url);
    while (!next.pathname.endsWith('/callback')) {
      const r = await attacker.fetch(next.href);
      next = new URL(r.headers.get('location')!, next);
    }
    const landing = (await victim.follow(next.href, onSiteLogin)).url;
    expect(landing.searchParams.get('error')).toBe('social_expired');
  });

  it('refuses a start without a browser PKCE challenge, and unknown providers', async () => {
    const missing = await fetch(`${BASE}/api/auth/social/google/start`, { redirect: 'manual' });
    expect(missing.status).toBe(400);
    const plain = await fetch(
      `${BASE}/api/auth/social/google/start?code_challenge=${pkce().challenge}&code_challenge_method=plain`,
      { redirect: 'manual' },
    );
    expect(plain.status).toBe(400);
    const unknown = await fetch(`${BASE}/api/auth/social/myspace/start?code_challenge=${pkce().challenge}`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(404);
  });

  it('is mounted in the app under /api/auth/social', async () => {
    const res = await s.request('/api/auth/social/token', { json: { code: 'x', code_verifier: 'y'.repeat(43) } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { type: string }).type).toBe('urn:umenu:problem:invalid-credentials');
  });
});

describe('social configuration', () => {
  it('uses Google when configured (default issuer) and keeps the demo provider off', () => {
    const config = socialConfigFromEnv({
      UMENU_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      UMENU_GOOGLE_CLIENT_SECRET: 's',
      UMENU_PUBLIC_URL: 'https://umenu.example/',
    });
    expect(config.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 's',
    });
    expect(config.demo.enabled).toBe(false);
    expect(config.publicUrl).toBe('https://umenu.example');
    expect(config.apiPublicUrl).toBe('https://umenu.example/api');
  });

  it('runs the demo provider out of the box', () => {
    expect(socialConfigFromEnv({}).demo.enabled).toBe(true);
    expect(socialConfigFromEnv({ UMENU_OIDC_DEMO: '0' }).demo.enabled).toBe(false);
  });
});

describe('social sign-in store', () => {
  it('one-time codes work once and expire after 2 minutes', async () => {
    const { createSocialStore } = await import('../../server/features/auth/social/store.ts');
    let now = 1_000_000;
    const store = createSocialStore({ now: () => now });
    await store.saveCode('abc', { userId: 'u1', challenge: 'c' });
    expect(await store.takeCode('abc')).toMatchObject({ userId: 'u1' });
    expect(await store.takeCode('abc')).toBeUndefined();
    await store.saveCode('late', { userId: 'u1', challenge: 'c' });
    now += 2 * 60_000;
    expect(await store.takeCode('late')).toBeUndefined();
  });

  it('in the database, a sign-in saved by one instance is taken once by another, and expires', async () => {
    const { createSocialStore } = await import('../../server/features/auth/social/store.ts');
    let now = 2_000_000;
    const a = createSocialStore({ db: s.deps.db, now: () => now });
    const b = createSocialStore({ db: s.deps.db, now: () => now, max: 3 });
    const pending = {
      provider: 'demo',
      verifier: 'v',
      nonce: 'n',
      browserChallenge: 'c',
      redirectUri: 'http://x/cb',
      siteOrigin: 'http://x',
    };
    await a.savePending('state-1', pending);
    expect(await b.takePending('state-1')).toMatchObject({ provider: 'demo', verifier: 'v' });
    expect(await a.takePending('state-1')).toBeUndefined();
    await a.saveCode('code-1', { userId: 'u1', challenge: 'c' });
    now += 2 * 60_000;
    expect(await b.takeCode('code-1')).toBeUndefined();
    for (const state of ['s1', 's2', 's3', 's4']) await b.savePending(state, pending);
    expect(await b.takePending('s1')).toBeUndefined();
    expect(await b.takePending('s4')).toMatchObject({ provider: 'demo' });
  });

  it('keeps a bounded number of pending sign-ins (a flood of /start cannot exhaust memory)', async () => {
    const { createSocialStore } = await import('../../server/features/auth/social/store.ts');
    const store = createSocialStore({ max: 3 });
    const pending = {
      provider: 'google',
      verifier: 'v',
      nonce: 'n',
      browserChallenge: 'c',
      redirectUri: 'http://x/cb',
      siteOrigin: 'http://x',
    };
    for (const state of ['s1', 's2', 's3', 's4']) await store.savePending(state, pending);
    expect(await store.takePending('s1')).toBeUndefined();
    expect(await store.takePending('s4')).toMatchObject({ provider: 'google' });
  });
});

describe('a configured provider (how Google is set up), with a real OpenID Connect provider standing in for Google', () => {
  const GOOGLE_PORT = 4427;
  const GOOGLE_BASE = `http://127.0.0.1:${GOOGLE_PORT}`;
  let google: Awaited<ReturnType<typeof import('../../server/oidc-demo/provider.ts').startDemoProvider>>;
  let configured: SocialRoutes;
  let server: ServerType;

  beforeAll(async () => {
    const { startDemoProvider } = await import('../../server/oidc-demo/provider.ts');
    google = await startDemoProvider({ redirectUris: [`${GOOGLE_BASE}/api/auth/social/google/callback`] });
    const config = socialConfigFromEnv({
      UMENU_GOOGLE_ISSUER: google.issuer,
      UMENU_GOOGLE_CLIENT_ID: google.clientId,
      UMENU_GOOGLE_CLIENT_SECRET: google.clientSecret,
      UMENU_PUBLIC_URL: GOOGLE_BASE,
    });
    expect(config.demo.enabled).toBe(false);
    configured = socialRoutes(s.deps, { config });
    const app = new Hono();
    app.onError((error, c) => (error instanceof HttpProblem ? problemResponse(c, error) : c.text(String(error), 500)));
    app.route('/api/auth/social', configured);
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: GOOGLE_PORT, hostname: '127.0.0.1' }, () => resolve());
    });
  });

  afterAll(async () => {
    await configured?.closeSocial?.();
    await google?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('signs in through the configured issuer with the configured client, and offers no demo provider', async () => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const start = await browser.fetch(`${GOOGLE_BASE}/api/auth/social/google/start?code_challenge=${challenge}`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(google.issuer);
    expect(authorize.searchParams.get('client_id')).toBe(google.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${GOOGLE_BASE}/api/auth/social/google/callback`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).not.toBe(challenge);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');

    const { url, res } = await browser.follow(
      authorize.href,
      (u) => u.origin === GOOGLE_BASE && u.pathname === '/login',
    );
    const html = await res.text();
    const landing = await choose(browser, url, html, 'ana');
    expect(landing.origin).toBe(GOOGLE_BASE);
    const exchanged = await fetch(`${GOOGLE_BASE}/api/auth/social/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: landing.searchParams.get('code'), code_verifier: verifier }),
    });
    expect(exchanged.status).toBe(200);

    const demo = await fetch(`${GOOGLE_BASE}/api/auth/social/demo/start?code_challenge=${challenge}`, {
      redirect: 'manual',
    });
    expect(new URL(demo.headers.get('location')!).searchParams.get('error')).toBe('social_unavailable');
  });
});
