/** The checkout's and orders' view of the session (the auth feature owns it). */
import { $auth, requireLogin, whenAuthReady } from '../auth/index.ts';

export { $auth, whenAuthReady };

export function isLoggedIn(): boolean {
  return $auth.get().loggedIn;
}

export function currentUserName(): string {
  return $auth.get().user?.name ?? '';
}

/** Sends the diner to sign in; the login page brings them back to `returnTo` (the venue with the checkout open). */
export function goToLogin(returnTo: string): void {
  requireLogin(returnTo);
}
