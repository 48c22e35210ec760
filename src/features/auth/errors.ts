/** The auth error catalogue (docs/rules.md#auth-errors): these strings are requirements, kept exactly. */

export const EXPIRED_SESSION_MESSAGE = 'Both token and refresh token have expired. Your request was aborted.';
export const NO_STRATEGY_MESSAGE = 'No strategy is set!';
export const UNSUPPORTED_STRATEGY_MESSAGE = 'Strategy not supported';

/**
 * The session cannot be used any more (the access token expired and the refresh
 * token expired or was never there). Ignored silently at start-up.
 */
export class ExpiredAuthSessionError extends Error {
  constructor() {
    super(EXPIRED_SESSION_MESSAGE);
    this.name = 'ExpiredAuthSessionError';
  }
}

/** The API refused a refresh token (expired, revoked or reused): the session is over. */
export class RefreshRejectedError extends Error {
  readonly reused: boolean;
  constructor(reused: boolean) {
    super(reused ? 'The refresh token was reused; the session was revoked.' : 'The refresh token was refused.');
    this.name = 'RefreshRejectedError';
    this.reused = reused;
  }
}

/** What the start-up code does with an auth error: only the expired session is ignored (docs/rules.md#auth-errors). */
export function reportStartupError(error: unknown, log: (...args: unknown[]) => void = console.error): void {
  if (error instanceof ExpiredAuthSessionError) return;
  log('[ERROR] [AUTH]', error);
}

/** The API answered an auth call with an error status (problem details when it sent them). */
export class AuthRequestError extends Error {
  readonly status: number;
  readonly type: string | undefined;
  /** Seconds from `Retry-After` (429), when given. */
  readonly retryAfter: number | null;
  readonly fieldErrors: Record<string, string[]>;
  constructor(
    status: number,
    init: { type?: string; detail?: string; retryAfter?: number | null; fieldErrors?: Record<string, string[]> } = {},
  ) {
    super(init.detail ?? `Auth request failed with status ${status}`);
    this.name = 'AuthRequestError';
    this.status = status;
    this.type = init.type;
    this.retryAfter = init.retryAfter ?? null;
    this.fieldErrors = init.fieldErrors ?? {};
  }
}

/** The API could not be reached (offline, DNS, connection refused, timeout). */
export class AuthNetworkError extends Error {
  constructor(message = 'The API could not be reached.') {
    super(message);
    this.name = 'AuthNetworkError';
  }
}
