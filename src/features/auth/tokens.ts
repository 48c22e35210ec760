/**
 * Token rules (docs/rules.md#tokens), as pure functions of the stored tokens and the
 * clock: expired and refreshable → refresh; refresh token expired, or expired
 * and not refreshable → the session is reset.
 */
import { jwtDecode } from 'jwt-decode';
import type { User } from '../../contract/auth.ts';

/** What the token store holds for one strategy. Times are epoch milliseconds. */
export interface StoredTokens {
  /** The access token as stored, with its scheme: `Bearer eyJ…`. */
  token: string | null;
  refreshToken: string | null;
  tokenExpiresAt: number | null;
  refreshExpiresAt: number | null;
}

export type TokenStatus = 'unknown' | 'valid' | 'expired';

/** A token without a known expiry is `unknown` (used as if valid). */
export function tokenStatus(expiresAt: number | null | undefined, now: number): TokenStatus {
  if (expiresAt === null || expiresAt === undefined || !Number.isFinite(expiresAt) || expiresAt <= 0) return 'unknown';
  return now < expiresAt ? 'valid' : 'expired';
}

export interface TokenCheck {
  /** There is an access token and it has not expired. */
  valid: boolean;
  tokenExpired: boolean;
  refreshTokenExpired: boolean;
  isRefreshable: boolean;
}

export function checkTokens(tokens: StoredTokens, now: number): TokenCheck {
  const tokenExpired = Boolean(tokens.token) && tokenStatus(tokens.tokenExpiresAt, now) === 'expired';
  const refreshTokenExpired = Boolean(tokens.refreshToken) && tokenStatus(tokens.refreshExpiresAt, now) === 'expired';
  return {
    valid: Boolean(tokens.token) && !tokenExpired,
    tokenExpired,
    refreshTokenExpired,
    isRefreshable: Boolean(tokens.refreshToken),
  };
}

/**
 * What to do with the session before using it:
 * `signed-out` (no token), `use` (token valid), `refresh` (expired but refreshable),
 * `expired` (reset and raise `ExpiredAuthSessionError`).
 */
export type SessionAction = 'signed-out' | 'use' | 'refresh' | 'expired';

export function sessionAction(tokens: StoredTokens, now: number): SessionAction {
  if (!tokens.token && !tokens.refreshToken) return 'signed-out';
  const check = checkTokens(tokens, now);
  if (check.refreshTokenExpired) return 'expired';
  if (!tokens.token || check.tokenExpired) return check.isRefreshable ? 'refresh' : 'expired';
  return 'use';
}

/** The bare token without its scheme (`Bearer abc` → `abc`). */
export function bareToken(stored: string | null): string | null {
  if (!stored) return null;
  const match = /^[A-Za-z][\w.+-]*\s+(\S+)$/.exec(stored.trim());
  return match ? match[1]! : stored.trim();
}

export interface AccessTokenClaims {
  sub?: string;
  exp?: number;
  iat?: number;
  name?: string;
  email?: string;
  scope?: string[] | string | Record<string, unknown>;
}

/** Decoded claims, or null for a token that is not a readable JWT. */
export function decodeToken(token: string | null): AccessTokenClaims | null {
  const bare = bareToken(token);
  if (!bare) return null;
  try {
    const claims = jwtDecode<AccessTokenClaims>(bare);
    return claims && typeof claims === 'object' ? claims : null;
  } catch {
    return null;
  }
}

/**
 * When a fresh token expires, by the local clock: `expires_in` from the response
 * when given (immune to clock skew between server and device), else the JWT's `exp`.
 */
export function expiresAtFor(token: string | null, expiresIn: number | null | undefined, now: number): number | null {
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0) return now + expiresIn * 1000;
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

export const MAX_REFRESH_LEAD_MS = 60_000;

/**
 * How long before expiry to refresh: 60 s, or a quarter of the token's lifetime
 * when it is shorter than 4 minutes (so a short-lived token is not refreshed in a loop).
 */
export function refreshLeadMs(tokens: StoredTokens): number {
  const claims = decodeToken(tokens.token);
  if (claims && typeof claims.exp === 'number' && typeof claims.iat === 'number' && claims.exp > claims.iat) {
    return Math.min(MAX_REFRESH_LEAD_MS, ((claims.exp - claims.iat) * 1000) / 4);
  }
  return MAX_REFRESH_LEAD_MS;
}

/** True when the access token is missing, expired, or inside its refresh lead. */
export function needsRefreshSoon(tokens: StoredTokens, now: number): boolean {
  if (!tokens.token) return true;
  if (tokens.tokenExpiresAt === null) return false;
  return now >= tokens.tokenExpiresAt - refreshLeadMs(tokens);
}

/** Milliseconds until the proactive refresh (null when there is nothing to schedule). */
export function refreshDelayMs(tokens: StoredTokens, now: number): number | null {
  if (!tokens.token || !tokens.refreshToken || tokens.tokenExpiresAt === null) return null;
  return Math.max(0, tokens.tokenExpiresAt - refreshLeadMs(tokens) - now);
}

/** A user from the access token's claims: what we know when the API cannot be reached. */
export function userFromClaims(token: string | null): User | null {
  const claims = decodeToken(token);
  if (!claims?.sub) return null;
  const scope = Array.isArray(claims.scope)
    ? claims.scope.filter((s): s is string => typeof s === 'string')
    : typeof claims.scope === 'string'
      ? claims.scope.split(/\s+/).filter(Boolean)
      : [];
  return { id: claims.sub, name: claims.name ?? '', email: claims.email ?? '', scope };
}
