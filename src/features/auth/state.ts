/**
 * What the auth module (core.ts) is configured with, depends on and holds
 * (docs/rules.md#auth-on-the-client): its state, strategies, the API calls it makes and the
 * dependencies it is driven by, so every rule is unit-tested.
 */
import type { WritableAtom } from 'nanostores';
import type { TokenPair, User } from '../../contract/auth.ts';
import type { RefreshLock } from './refresh-lock.ts';
import type { RotationLog } from './rotation-log.ts';
import type { AuthStorage } from './storage.ts';

export interface AuthState {
  user: User | null;
  loggedIn: boolean;
}

export const SIGNED_OUT: AuthState = { user: null, loggedIn: false };

/** `local`: email + password; `social`: OpenID Connect through the API (code + PKCE). */
export type SchemeName = 'local' | 'social';

export interface StrategyConfig {
  scheme: SchemeName;
  /** Identity provider for a social strategy (`google`). */
  provider?: string;
}

export interface LocalCredentials {
  email: string;
  password: string;
}

export interface SocialCallback {
  code: string;
  code_verifier: string;
}

/** The API calls the module makes. Failures: `AuthRequestError` (an HTTP status) or `AuthNetworkError`. */
export interface AuthApi {
  login(credentials: LocalCredentials): Promise<TokenPair>;
  socialToken(callback: SocialCallback): Promise<TokenPair>;
  refresh(refreshToken: string): Promise<TokenPair>;
  fetchUser(accessToken: string): Promise<User>;
  logout(accessToken: string, refreshToken: string | null): Promise<void>;
}

export type SessionEndReason = 'reused' | 'rejected';

export interface AuthOptions {
  strategies: Record<string, StrategyConfig>;
  defaultStrategy?: string | null;
}

export interface AuthDeps {
  api: AuthApi;
  storage: AuthStorage;
  lock: RefreshLock;
  /** Where the tab that rotates records it for the next lock holder (see rotation-log.ts). */
  rotations?: RotationLog | null;
  state: WritableAtom<AuthState>;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** The API ended the session (refresh token refused or reused): tell the user. */
  onSessionEnded?: (reason: SessionEndReason) => void;
}
