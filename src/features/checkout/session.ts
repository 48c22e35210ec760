/** The checkout's view of the session (the auth feature owns it). */
import { $auth, requireLogin, whenAuthReady } from '../auth/index.ts';

export { $auth, whenAuthReady };

export function currentUserName(): string {
  return $auth.get().user?.name ?? '';
}

/** Sends the diner to sign in; the login page brings them back to `returnTo` (the venue with the checkout open). */
export function goToLogin(returnTo: string): void {
  requireLogin(returnTo);
}
