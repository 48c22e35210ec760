/** Steps shared by the sign-in browser tests (real site, real API, real demo OpenID Connect provider). */
import { expect, type Page } from '@playwright/test';
import { ceiling } from '../ceiling.ts';

export const ANA = { email: 'ana@umenu.test', password: 'demo1234', name: 'Ana García' };
export const COCINA = { email: 'cocina@umenu.test', password: 'demo1234' };

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  // The form hydrates after the first paint; text typed before that can be reset by hydration.
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled({ timeout: ceiling(15_000) });
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/**
 * From anywhere: open /login and sign in with email and password. On a fresh server the
 * service worker's first precache (every page, the large demo venue included) competes with
 * the login request for the browser's connections; on a busy machine that takes longer than
 * the default 7 s.
 */
export async function signIn(page: Page, who: { email: string; password: string } = ANA): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, who.email, who.password);
  await expect(page).not.toHaveURL(/\/login/, { timeout: ceiling(20_000) });
  await expectSignedIn(page);
}

export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByTestId('account-button')).toBeVisible();
}

export async function expectSignedOut(page: Page): Promise<void> {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
}

export interface StoredSession {
  strategy: string | null;
  token: string | null;
  refreshToken: string | null;
  tokenExpiresAt: string | null;
}

export async function storedSession(page: Page, strategy = 'local'): Promise<StoredSession> {
  return page.evaluate(
    (name) => ({
      strategy: localStorage.getItem('auth.strategy'),
      token: localStorage.getItem(`auth._token.${name}`),
      refreshToken: localStorage.getItem(`auth._refresh_token.${name}`),
      tokenExpiresAt: localStorage.getItem(`auth._token_expiration.${name}`),
    }),
    strategy,
  );
}

/** Makes the device believe its access token has expired (the server still holds it valid). */
export async function expireAccessTokenOnDevice(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('auth._token_expiration.local', String(Date.now() - 1000)));
}

export const SESSION_ENDED_REUSED = 'Tu sesión se cerró por seguridad. Inicia sesión de nuevo.';

/**
 * Signed in through stored state, for every spec but the sign-in specs themselves: one API
 * login, then the session is written into the storage the app reads
 * (src/features/auth/storage.ts: `auth.strategy`, `auth._token.local`, …) before the first
 * page of the context loads — once: a later sign-out or token rotation is not undone. Ends
 * on `/`, signed in, like `signIn`.
 */
export async function signInStored(page: Page, who: { email: string; password: string } = ANA): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
  expect(response.status(), `API sign-in of ${who.email}`).toBe(200);
  const tokens = (await response.json()) as {
    token: string;
    refresh_token: string;
    expires_in: number;
    refresh_expires_in?: number;
  };
  const now = Date.now();
  const values: Record<string, string> = {
    'auth.strategy': 'local',
    'auth._refresh_token.local': tokens.refresh_token,
    'auth._refresh_token_expiration.local': String(now + (tokens.refresh_expires_in ?? 30 * 24 * 3600) * 1000),
    'auth._token_expiration.local': String(now + tokens.expires_in * 1000),
    'auth._token.local': `Bearer ${tokens.token}`,
  };
  const origin = new URL(response.url()).origin;
  const marker = `e2e.stored-session.${tokens.refresh_token.slice(-12)}`;
  await page.context().addInitScript(
    ({ entries, site, key }) => {
      try {
        if (location.origin !== site || localStorage.getItem(key)) return;
        for (const [name, value] of Object.entries(entries)) localStorage.setItem(name, value);
        localStorage.setItem(key, '1');
      } catch {
        // A frame without storage (about:blank): nothing to sign in.
      }
    },
    { entries: values, site: origin, key: marker },
  );
  await page.goto('/');
  await expectSignedIn(page);
}
