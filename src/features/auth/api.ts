/**
 * The auth calls over HTTP (docs/rules.md#api). They use their own small ky calls,
 * not the shared client, so a refresh never re-enters the 401 → refresh hook.
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { TokenPair, UserResponse, type User } from '../../contract/auth.ts';
import { Problem } from '../../contract/problem.ts';
import { loadConfig } from '../../lib/config.ts';
import { progressBegin, progressEnd } from '../../lib/progress-events.ts';
import type { AuthApi } from './state.ts';
import { AuthNetworkError, AuthRequestError } from './errors.ts';

const ACCEPT = 'application/json, text/plain, */*';

/** Absolute URL of an API path under the runtime API base. */
export async function apiUrl(path: string): Promise<string> {
  const { apiBase } = await loadConfig();
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.href;
  return new URL(`${apiBase.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`, origin).href;
}

/** Seconds from a `Retry-After` header (delta-seconds or an HTTP date). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - now) / 1000)) : null;
}

export function toAuthError(error: unknown): unknown {
  if (isHTTPError(error)) {
    const parsed = Problem.safeParse(error.data);
    const problem = parsed.success ? parsed.data : undefined;
    return new AuthRequestError(error.response.status, {
      ...(problem?.type ? { type: problem.type } : {}),
      ...(problem?.detail ? { detail: problem.detail } : {}),
      retryAfter: parseRetryAfter(error.response.headers.get('retry-after')),
      ...(problem?.errors ? { fieldErrors: problem.errors } : {}),
    });
  }
  if (
    isNetworkError(error) ||
    isTimeoutError(error) ||
    (error instanceof TypeError && /fetch|network/i.test(error.message))
  ) {
    return new AuthNetworkError(error instanceof Error ? error.message : undefined);
  }
  return error;
}

async function call(
  method: 'get' | 'post',
  path: string,
  options: { json?: unknown; token?: string } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: ACCEPT };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  progressBegin();
  let failed = false;
  try {
    const response = await ky(await apiUrl(path), {
      method,
      headers,
      ...(options.json !== undefined ? { json: options.json } : {}),
      retry: 0,
      timeout: 15_000,
    });
    return response.status === 204 ? undefined : await response.json();
  } catch (error) {
    failed = true;
    throw toAuthError(error);
  } finally {
    progressEnd(failed);
  }
}

export const httpAuthApi: AuthApi = {
  async login(credentials) {
    return TokenPair.parse(await call('post', 'auth/login', { json: credentials }));
  },
  async socialToken(callback) {
    return TokenPair.parse(await call('post', 'auth/social/token', { json: callback }));
  },
  async refresh(refreshToken) {
    return TokenPair.parse(await call('post', 'auth/refresh', { json: { refresh_token: refreshToken } }));
  },
  async fetchUser(accessToken): Promise<User> {
    return UserResponse.parse(await call('get', 'auth/user', { token: accessToken })).user;
  },
  async logout(accessToken, refreshToken) {
    await call('post', 'auth/logout', {
      token: accessToken,
      ...(refreshToken ? { json: { refresh_token: refreshToken } } : {}),
    });
  },
};
