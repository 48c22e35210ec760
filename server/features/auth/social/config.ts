/**
 * Social sign-in settings from the environment (documented in the README,
 * "Google sign-in configuration"):
 *
 * - `UMENU_GOOGLE_CLIENT_ID`, `UMENU_GOOGLE_CLIENT_SECRET`: turn on real Google sign-in.
 * - `UMENU_GOOGLE_ISSUER`: OpenID Connect issuer (default `https://accounts.google.com`).
 * - `UMENU_PUBLIC_URL`: the site's public origin (e.g. `https://umenu.example`); where the
 *   diner lands after the provider (`/login`). Default: the origin the request came to.
 * - `UMENU_API_PUBLIC_URL`: the API base as the browser and the provider see it
 *   (default `${UMENU_PUBLIC_URL}/api`); the callback is `{it}/auth/social/google/callback`.
 * - `UMENU_OIDC_DEMO`: `0` never runs the demo provider, `1` runs it even with Google
 *   configured; unset: the demo provider backs the Google button only when Google is not configured.
 * - `UMENU_OIDC_DEMO_PORT`: loopback port of the demo provider (default: a free one).
 */

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface SocialConfig {
  publicUrl?: string;
  apiPublicUrl?: string;
  google?: OidcClientSettings;
  demo: { enabled: boolean; port: number; host: string };
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';

function origin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

export function socialConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SocialConfig {
  const clientId = env.UMENU_GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.UMENU_GOOGLE_CLIENT_SECRET?.trim();
  const google =
    clientId && clientSecret
      ? { issuer: origin(env.UMENU_GOOGLE_ISSUER) ?? GOOGLE_ISSUER, clientId, clientSecret }
      : undefined;
  const publicUrl = origin(env.UMENU_PUBLIC_URL);
  const apiPublicUrl = origin(env.UMENU_API_PUBLIC_URL) ?? (publicUrl ? `${publicUrl}/api` : undefined);
  const demoSetting = env.UMENU_OIDC_DEMO;
  const port = Number(env.UMENU_OIDC_DEMO_PORT);
  return {
    ...(publicUrl ? { publicUrl } : {}),
    ...(apiPublicUrl ? { apiPublicUrl } : {}),
    ...(google ? { google } : {}),
    demo: {
      enabled: demoSetting === '1' || (demoSetting !== '0' && !google),
      port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 0,
      host: '127.0.0.1',
    },
  };
}
