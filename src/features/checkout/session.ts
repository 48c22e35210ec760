/**
 * The checkout's view of the session (the auth feature owns it).
 * TEMPORARY: reads the auth feature's token store directly until `auth.ts` lands.
 */
import { atom } from 'nanostores';
import { jwtDecode } from 'jwt-decode';

interface SessionState { user: { name: string } | null; loggedIn: boolean }

function read(): SessionState {
  if (typeof localStorage === 'undefined') return { user: null, loggedIn: false };
  const strategy = localStorage.getItem('auth.strategy') ?? 'local';
  const token = localStorage.getItem(`auth._token.${strategy}`);
  if (!token) return { user: null, loggedIn: false };
  try {
    const claims = jwtDecode<{ name?: string; exp?: number }>(token.replace(/^Bearer\s+/, ''));
    return { user: { name: claims.name ?? '' }, loggedIn: true };
  } catch {
    return { user: null, loggedIn: false };
  }
}

export const $auth = atom<SessionState>(read());

export function isLoggedIn(): boolean {
  return read().loggedIn;
}

export function currentUserName(): string {
  return read().user?.name ?? '';
}

export function goToLogin(returnTo: string): void {
  location.assign(`/login?redirect=${encodeURIComponent(returnTo)}`);
}

export async function accessToken(): Promise<string | null> {
  const strategy = localStorage.getItem('auth.strategy') ?? 'local';
  return localStorage.getItem(`auth._token.${strategy}`)?.replace(/^Bearer\s+/, '') ?? null;
}
