/**
 * Social sign-in (docs/rules.md#api) with openid-client, authorization code + PKCE + state + nonce:
 *
 *   GET  /auth/social/{provider}/start?code_challenge=…   → the identity provider
 *   GET  /auth/social/{provider}/callback                 → the site's /login?code=… (one-time code)
 *   POST /auth/social/token {code, code_verifier}         → token pair
 *
 * The browser makes its own PKCE pair and sends only the challenge to /start; the
 * one-time code is bound to it, so a code that leaks (history, logs, a shared
 * screen) is useless without the verifier that never left the diner's tab.
 * Provider `google` is real Google when configured, else the demo provider.
 */
import { publicBase } from '../../../platform/config.ts';
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import * as oidc from 'openid-client';
import { createOidcClients, SOCIAL_PROVIDERS, type SocialProvider } from './clients.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { ServerConfig } from '../../../platform/config.ts';
import type { AuthService } from '../service.ts';
import { routes, type Operation } from '../../../platform/operations.ts';
import { problem } from '../../../platform/problem.ts';
import { authenticator } from '../middleware.ts';
import { exchangeSocialCode, finishSocialLogin, startSocialLogin } from '../operations.ts';
import { GOOGLE_ISSUER, socialConfigFromEnv, type SocialConfig } from './config.ts';
import { challengeMatches, createSocialStore, type SocialStore } from './store.ts';
import { AUTH_MESSAGES } from '../../../../src/contract/auth.ts';

/** Reasons sent back to `/login?error=…`; the login page explains each in Spanish. */
type SocialErrorCode = 'social_cancelled' | 'social_expired' | 'social_failed' | 'social_email' | 'social_unavailable';

const STATE_COOKIE = 'umenu_social_state';

/** Where server/app.ts mounts these routes (their own app, for its `closeSocial`): each operation's path below it. */
const SOCIAL_MOUNT = '/auth/social';
const mounted = <B, A extends Operation['access']>(op: Operation<B, A>): Operation<B, A> => {
  if (!op.routePath.startsWith(`${SOCIAL_MOUNT}/`)) throw new Error(`${op.operationId} is not under ${SOCIAL_MOUNT}`);
  return { ...op, routePath: op.routePath.slice(SOCIAL_MOUNT.length) };
};
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export interface SocialOptions {
  config?: SocialConfig;
  store?: SocialStore;
}

export interface SocialRoutes extends Hono {
  /** Stops the demo provider (tests; the process exit does it otherwise). */
  closeSocial?: () => Promise<void>;
}

/** What social sign-in uses (server/deps.ts gives it). */
export interface SocialRouteDeps {
  db: Db;
  auth: AuthService;
  config: Pick<ServerConfig, 'port' | 'corsOrigins'>;
}

export function socialRoutes(deps: SocialRouteDeps, options: SocialOptions = {}): SocialRoutes {
  const settings = options.config ?? socialConfigFromEnv();
  const store = options.store ?? createSocialStore({ db: deps.db });
  const app: SocialRoutes = new Hono();
  const on = routes(app, authenticator(deps.auth));
  const clients = createOidcClients(settings, () => deps.config.port);

  function providerOf(name: string): SocialProvider {
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(name)) {
      throw problem('notFound', 404, AUTH_MESSAGES.unknownProvider);
    }
    return name as SocialProvider;
  }

  /**
   * The origin a redirect may be built from when `UMENU_PUBLIC_URL` is not set: the request's,
   * only when it is one this server answers on (its loopback addresses on its port) or a site
   * origin it was configured with (`UMENU_CORS_ORIGINS`, `UMENU_SITE_URL`); else the address it
   * was started on. A forged `Host` header never chooses where a diner is sent.
   */
  function trustedOrigin(c: Context): string {
    const port = deps.config.port;
    const known = new Set([
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
      ...deps.config.corsOrigins,
    ]);
    const site = publicBase(process.env.UMENU_SITE_URL);
    if (site) known.add(new URL(site).origin);
    const origin = new URL(c.req.url).origin;
    return known.has(origin) ? origin : `http://localhost:${port}`;
  }

  function callbackUrl(c: Context, provider: SocialProvider): string {
    if (settings.apiPublicUrl) return `${settings.apiPublicUrl}/auth/social/${provider}/callback`;
    return `${trustedOrigin(c)}/api/auth/social/${provider}/callback`;
  }

  function siteOrigin(c: Context): string {
    return settings.publicUrl ?? trustedOrigin(c);
  }

  function backToLogin(c: Context, site: string, params: { error: SocialErrorCode } | { code: string }): Response {
    deleteCookie(c, STATE_COOKIE, { path: '/' });
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    return c.redirect(`${site}/login?${new URLSearchParams(params).toString()}`, 302);
  }

  on(mounted(startSocialLogin), async (c, { param }) => {
    const provider = providerOf(param('provider'));
    const challenge = c.req.query('code_challenge') ?? '';
    const method = c.req.query('code_challenge_method') ?? 'S256';
    if (!CHALLENGE.test(challenge) || method !== 'S256') {
      throw problem('validation', 400, AUTH_MESSAGES.pkceMissing, {
        errors: { code_challenge: [AUTH_MESSAGES.pkceField] },
      });
    }
    const client = clients.clientFor(provider);
    if (!client) return backToLogin(c, siteOrigin(c), { error: 'social_unavailable' });
    let config: oidc.Configuration;
    try {
      config = await client;
    } catch (error) {
      console.error('[umenu] social sign-in: provider discovery failed', provider, error);
      return backToLogin(c, siteOrigin(c), { error: 'social_unavailable' });
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const redirectUri = callbackUrl(c, provider);
    await store.savePending(state, {
      provider,
      verifier,
      nonce,
      browserChallenge: challenge,
      redirectUri,
      siteOrigin: siteOrigin(c),
    });
    const isDemo = !(provider === 'google' && settings.google);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      // Always show the account choice, so a shared device never signs in as the last person silently
      // (`select_account` is Google's; other providers get their default behaviour).
      ...(isDemo ? { prompt: 'login' } : settings.google?.issuer === GOOGLE_ISSUER ? { prompt: 'select_account' } : {}),
    });
    setCookie(c, STATE_COOKIE, state, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: new URL(redirectUri).protocol === 'https:',
      maxAge: 600,
    });
    c.header('cache-control', 'no-store');
    return c.redirect(url.href, 302);
  });

  on(mounted(finishSocialLogin), async (c, { param }) => {
    const provider = providerOf(param('provider'));
    const state = c.req.query('state') ?? '';
    const pending = state ? await store.takePending(state) : undefined;
    if (!pending || pending.provider !== provider) return backToLogin(c, siteOrigin(c), { error: 'social_expired' });
    const site = pending.siteOrigin;
    // The state must come back to the browser that started the sign-in.
    if (getCookie(c, STATE_COOKIE) !== state) return backToLogin(c, site, { error: 'social_expired' });
    const providerError = c.req.query('error');
    if (providerError) {
      return backToLogin(c, site, { error: providerError === 'access_denied' ? 'social_cancelled' : 'social_failed' });
    }
    const client = clients.clientFor(provider);
    if (!client) return backToLogin(c, site, { error: 'social_unavailable' });
    let email: string | undefined;
    let name: string;
    let avatar: string | undefined;
    try {
      const config = await client;
      const current = new URL(pending.redirectUri);
      current.search = new URL(c.req.url).search;
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
      if (typeof claims.email !== 'string') {
        claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
      }
      // Only an email the provider says it verified signs in (it may link to an existing account).
      if (typeof claims.email === 'string' && (claims.email_verified === true || claims.email_verified === 'true'))
        email = claims.email;
      name = typeof claims.name === 'string' ? claims.name : '';
      avatar = typeof claims.picture === 'string' && /^https:\/\//.test(claims.picture) ? claims.picture : undefined;
    } catch (error) {
      console.error(
        '[umenu] social sign-in: code exchange failed',
        provider,
        error instanceof Error ? error.message : error,
      );
      return backToLogin(c, site, { error: 'social_failed' });
    }
    if (!email || email.length > 254) return backToLogin(c, site, { error: 'social_email' });
    const user = await deps.auth.findOrCreateUserByEmail({
      email,
      name: name || email.split('@')[0]!,
      ...(avatar ? { avatar } : {}),
    });
    const code = randomBytes(32).toString('base64url');
    await store.saveCode(code, { userId: user.id, challenge: pending.browserChallenge });
    return backToLogin(c, site, { code });
  });

  on(mounted(exchangeSocialCode), async (c, { body }) => {
    const input = await body();
    const entry = await store.takeCode(input.code);
    if (!entry || !challengeMatches(input.code_verifier, entry.challenge)) {
      throw problem('invalidCredentials', 400, AUTH_MESSAGES.socialCodeInvalid);
    }
    c.header('cache-control', 'no-store');
    return c.json(await deps.auth.issueTokenPair(entry.userId));
  });

  app.closeSocial = () => clients.close();

  return app;
}
