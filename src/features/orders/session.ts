/** The orders feature's view of the session (the auth feature owns it). */
import { auth, redirect, whenAuthReady } from '../auth/index.ts';

/** The bare access token for the event streams' Authorization header (refreshed first when it has expired). */
export async function accessToken(): Promise<string | null> {
  try {
    return await auth.requestToken();
  } catch {
    return null;
  }
}

/** A stream's token was refused (401): refresh it; true when a new one is there (src/lib/event-stream.ts). */
export function refreshRefusedToken(rejectedToken: string): Promise<boolean> {
  return auth.handleUnauthorized(rejectedToken);
}

/** The signed-in account's id once the start-up session check is done (null: signed out). */
export async function signedInUserId(): Promise<string | null> {
  try {
    const state = await whenAuthReady();
    return state.loggedIn ? (state.user?.id ?? null) : null;
  } catch {
    return null;
  }
}

/** «Iniciar sesión» on «Mis pedidos»: the sign-in page, which comes back here. */
export function signIn(): void {
  redirect('login');
}
