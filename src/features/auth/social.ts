/**
 * The browser's half of social sign-in (only the login page loads it): make a
 * PKCE pair, leave for the provider through the API, and on the way back
 * exchange the one-time code with this tab's verifier.
 */
import { apiUrl } from './api.ts';
import { auth, startAuth } from './index.ts';
import { challengeFor, createVerifier, saveVerifier, takeVerifier } from './pkce.ts';

/** Leaves for the identity provider (Google, or the demo provider when Google is not configured). */
export async function startSocialLogin(provider = 'google'): Promise<void> {
  const verifier = createVerifier();
  const challenge = await challengeFor(verifier);
  saveVerifier(verifier);
  const url = new URL(await apiUrl(`auth/social/${encodeURIComponent(provider)}/start`));
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  location.assign(url.href);
}

/** Back from the provider with `/login?code=…`: exchange it with this tab's PKCE verifier. */
export async function completeSocialLogin(code: string): Promise<void> {
  const verifier = takeVerifier();
  if (!verifier) throw new Error('social-verifier-missing');
  await startAuth();
  await auth.loginWith('social', { code, code_verifier: verifier });
}
