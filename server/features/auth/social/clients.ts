/**
 * The OpenID Connect clients of social sign-in (server/features/auth/social/routes.ts): real Google
 * when configured, else the bundled demo provider, started on first use; each client is
 * discovered once (again after a failure).
 */
import * as oidc from 'openid-client';
import { startDemoProvider, type DemoProvider } from '../../../oidc-demo/provider.ts';
import type { OidcClientSettings, SocialConfig } from './config.ts';

export const SOCIAL_PROVIDERS = ['google', 'demo'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface OidcClients {
  /** The provider's client, or undefined when it is not configured. */
  clientFor(provider: SocialProvider): Promise<oidc.Configuration> | undefined;
  /** Stops the demo provider and forgets the clients. */
  close(): Promise<void>;
}

function isLoopbackHttp(url: string): boolean {
  try {
    const u = new URL(url);
    return (
      u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]')
    );
  } catch {
    return false;
  }
}

/** `port`: the bundled server's (read when the demo provider starts), whose loopback callback URLs the demo client accepts. */
export function createOidcClients(settings: SocialConfig, port: () => number): OidcClients {
  let demo: Promise<DemoProvider> | undefined;
  const clients = new Map<string, Promise<oidc.Configuration>>();

  /** Every callback URL the demo client may use: the bundled server's loopback origins and the public one. */
  function demoRedirectUris(): string[] {
    const bases = new Set<string>([`http://127.0.0.1:${port()}/api`, `http://localhost:${port()}/api`]);
    if (settings.apiPublicUrl) bases.add(settings.apiPublicUrl);
    return [...bases].flatMap((base) => SOCIAL_PROVIDERS.map((p) => `${base}/auth/social/${p}/callback`));
  }

  function demoProvider(): Promise<DemoProvider> {
    if (!demo) {
      demo = startDemoProvider({
        redirectUris: demoRedirectUris(),
        port: settings.demo.port,
        host: settings.demo.host,
      });
      demo.then(
        (started) =>
          console.log(
            `[umenu] proveedor OpenID Connect de demostración en ${started.issuer} (no es Google; configura UMENU_GOOGLE_CLIENT_ID para Google)`,
          ),
        (error: unknown) => {
          console.error('[umenu] no se pudo iniciar el proveedor de demostración:', error);
          demo = undefined;
        },
      );
    }
    return demo;
  }

  async function clientSettings(provider: SocialProvider): Promise<OidcClientSettings | undefined> {
    if (provider === 'google' && settings.google) return settings.google;
    if (!settings.demo.enabled) return undefined;
    const started = await demoProvider();
    return { issuer: started.issuer, clientId: started.clientId, clientSecret: started.clientSecret };
  }

  function clientFor(provider: SocialProvider): Promise<oidc.Configuration> | undefined {
    const cached = clients.get(provider);
    if (cached) return cached;
    if (provider === 'google' ? !settings.google && !settings.demo.enabled : !settings.demo.enabled) return undefined;
    const pending = (async () => {
      const found = await clientSettings(provider);
      if (!found) throw new Error(`Social provider ${provider} is not configured`);
      // Plain http is allowed only for the demo provider on loopback (openid-client flags the option as development-only).
      const insecure = isLoopbackHttp(found.issuer);
      return oidc.discovery(
        new URL(found.issuer),
        found.clientId,
        { client_secret: found.clientSecret },
        oidc.ClientSecretBasic(found.clientSecret),
        insecure ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      );
    })();
    clients.set(provider, pending);
    // A provider that was down at first use is looked up again next time.
    pending.catch(() => clients.delete(provider));
    return pending;
  }

  return {
    clientFor,
    async close() {
      const started = demo;
      demo = undefined;
      clients.clear();
      if (started) await (await started).close();
    },
  };
}
