/**
 * The demo identity provider: a real OpenID Connect provider (`oidc-provider`)
 * on a loopback port of its own, so that out of the box (no Google account
 * configured) the "Continuar con Google" button runs the whole redirect flow
 * for real: authorization request with PKCE, a sign-in page, the code, the token
 * request and a signed ID token. Its sign-in page says plainly that it is a
 * demo and not Google, and it only signs people in as the fixed demo users.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { MemoryAdapter } from './memory-adapter.ts';
import { renderAbortedPage, renderErrorPage, renderSignInPage, DEMO_USERS, findDemoUser } from './pages.ts';

export interface DemoProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface DemoProviderOptions {
  /** Redirect URIs the demo client may use (exact match, as a real provider requires). */
  redirectUris: string[];
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  host?: string;
}

const CLIENT_ID = 'umenu-demo';

function signingKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...(privateKey.export({ format: 'jwk' }) as Record<string, unknown>),
    kid: 'umenu-demo-1',
    use: 'sig',
    alg: 'RS256',
  };
}

/**
 * Headers of the sign-in pages. `form-action` covers the whole redirect chain
 * after the form is sent, so it must allow the site the chain ends on.
 */
function pageHeaders(siteOrigins: string[]): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self' ${siteOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 8 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startDemoProvider(options: DemoProviderOptions): Promise<DemoProvider> {
  const host = options.host ?? '127.0.0.1';
  const clientSecret = randomBytes(24).toString('base64url');
  const headers = pageHeaders([...new Set(options.redirectUris.map((uri) => new URL(uri).origin))]);
  const send = (res: ServerResponse, status: number, html: string): void => {
    res.writeHead(status, headers);
    res.end(html);
  };
  // Until the provider is ready (it needs the port for its issuer URL), requests get a 503.
  let handler = (_req: IncomingMessage, res: ServerResponse): void => send(res, 503, 'Iniciando…');
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  // Never keep the process alive just for the demo provider.
  server.unref();
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const configuration: Configuration = {
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const user = DEMO_USERS.find((u) => u.sub === sub);
      if (!user) return undefined;
      return {
        accountId: user.sub,
        async claims() {
          return { sub: user.sub, email: user.email, email_verified: true, name: user.name, picture: user.picture };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // The ID token carries the profile claims (as Google's does), so no userinfo call is needed.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The umenu site is a first-party client: no consent screen, like "Sign in with Google" for its own apps.
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey()] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 900, Session: 3600, Grant: 3600 },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderErrorPage(out.error ?? 'error', out.error_description ?? '');
    },
  };

  const provider = new Provider(issuer, configuration);
  const providerCallback = provider.callback();

  async function interaction(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    action: string | undefined,
  ): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid)
      return send(res, 400, renderErrorPage('invalid_request', 'La sesión de inicio no coincide.'));
    if (req.method === 'GET' && !action) return send(res, 200, renderSignInPage(uid, details.params.client_id ?? ''));
    if (req.method !== 'POST') return send(res, 405, renderErrorPage('invalid_request', 'Método no permitido.'));
    const form = await readForm(req);
    if (action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'El usuario canceló el inicio de sesión.' },
        { mergeWithLastSubmission: false },
      );
    }
    const user = findDemoUser(form.get('account'));
    if (!user)
      return send(
        res,
        400,
        renderSignInPage(uid, details.params.client_id ?? '', 'Elige una de las cuentas de demostración.'),
      );
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.sub, remember: false } },
      { mergeWithLastSubmission: false },
    );
  }

  handler = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]{1,64})(?:\/(login|abort))?$/.exec(url.pathname);
    if (match) {
      interaction(req, res, match[1]!, match[2]).catch((error: unknown) => {
        const expired =
          error instanceof Error &&
          /interaction session|SessionNotFound|not found/i.test(`${error.name} ${error.message}`);
        if (!res.headersSent) {
          send(
            res,
            expired ? 400 : 500,
            expired
              ? renderAbortedPage()
              : renderErrorPage('server_error', 'Algo falló en el proveedor de demostración.'),
          );
        }
      });
      return;
    }
    providerCallback(req, res);
  };

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
