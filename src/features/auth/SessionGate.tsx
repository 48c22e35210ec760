/**
 * The sign-in gate of the client-only panel islands (staff board, menu editor, QR sheet,
 * new venue): starts the session, says so while it is being checked, waits while the
 * layout's auth guard takes a signed-out visitor to `/login` (and back), and only then
 * renders `children(user, search)`, where the caller decides what the user's scopes allow.
 * `search` is the page's query as it was when the island mounted.
 *
 * A second public module of the auth feature (declared in .dependency-cruiser.cjs): only
 * the panel pages load it, so React stays out of the plain-DOM account menu's chunk.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { User } from '../../contract/auth.ts';
import { Loading } from '../../shell/ui/LoadState.tsx';
import { $auth, $authReady, startAuth } from './index.ts';

export interface SessionGateProps {
  /** Shown once the session is known to be missing, while the guard redirects to `/login`. */
  signInText?: string;
  testId?: string;
  children: (user: User, search: string) => ReactNode;
}

export function SessionGate({ signInText = 'Inicia sesión para continuar…', testId, children }: SessionGateProps) {
  const { user, loggedIn } = useStore($auth);
  const ready = useStore($authReady);
  const [search] = useState(() => location.search);
  useEffect(() => {
    void startAuth();
  }, []);
  if (!ready) return <Loading text="Comprobando tu sesión…" testId={testId} />;
  if (!loggedIn || !user) return <Loading text={signInText} testId={testId} />;
  return <>{children(user, search)}</>;
}
