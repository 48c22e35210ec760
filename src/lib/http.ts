/**
 * The HTTP client (ky): base address from the runtime config, the
 * `Accept` header of docs/rules.md#api, an auth hook, one retry after a refreshed session on 401,
 * progress reported to the top bar, and RFC 9457 problems in Spanish.
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyRequest } from 'ky';
import { Problem, PROBLEM_TYPES } from '../contract/problem.ts';
import { DEFAULT_API_BASE, loadConfig } from './config.ts';
import { progressBegin, progressEnd } from './progress-events.ts';
import { problemMessages } from './problem-messages.ts';

export const ACCEPT_HEADER = 'application/json, text/plain, */*';

type TokenProvider = () => string | null | Promise<string | null>;
/** Gets the request that was refused (its `Authorization` tells which token the API rejected). */
type UnauthorizedHandler = (request?: Request) => Promise<boolean>;

let tokenProvider: TokenProvider | undefined;
let unauthorizedHandler: UnauthorizedHandler | undefined;

/** Where the auth feature plugs in: the current access token (or null when signed out). */
export function setAuthTokenProvider(fn: TokenProvider | undefined): void {
  tokenProvider = fn;
}

/**
 * Called once when a request gets 401; resolve true (e.g. after a refresh) to retry it once.
 * The retry goes through ky's retry machinery: a call made with `retry: 0` is not retried.
 */
export function setUnauthorizedHandler(fn: UnauthorizedHandler | undefined): void {
  unauthorizedHandler = fn;
}

/**
 * The `Authorization` value for a token. A token that already carries a scheme
 * (`Bearer abc`) is kept as is; `scheme` '' or null sends the bare token.
 */
export function authHeader(token: string, scheme: string | null = 'Bearer'): string {
  const value = token.trim();
  if (!scheme) return value;
  if (/^[A-Za-z][\w.+-]*\s+\S/.test(value) && value.toLowerCase().startsWith(`${scheme.toLowerCase()} `)) return value;
  return `${scheme} ${value}`;
}

function absoluteBase(base: string): string {
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.href;
  return new URL(`${base.replace(/\/+$/, '')}/`, origin).href;
}

/** Points a request built against the default base at the runtime base (same path below it). */
async function retarget(request: KyRequest, from: string, to: string): Promise<Request> {
  const fromAbsolute = absoluteBase(from);
  if (from === to || !request.url.startsWith(fromAbsolute)) return request;
  const url = absoluteBase(to) + request.url.slice(fromAbsolute.length);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.clone().arrayBuffer() : undefined,
    signal: request.signal,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrer: request.referrer,
    integrity: request.integrity,
    keepalive: request.keepalive,
    mode: request.mode,
  });
}

async function withAuthorization(request: Request): Promise<void> {
  if (!tokenProvider || request.headers.has('Authorization')) return;
  const token = await tokenProvider();
  if (token) request.headers.set('Authorization', authHeader(token));
}

/**
 * Use paths relative to the API base: `http.get('venues/taqueria-el-guero').json()`
 * (a leading slash is fine too). Absolute URLs bypass the base.
 */
export const http = ky.create({
  prefix: DEFAULT_API_BASE,
  headers: { Accept: ACCEPT_HEADER },
  timeout: 15_000,
  retry: { limit: 2, methods: ['get', 'head'], statusCodes: [408, 429, 502, 503, 504], backoffLimit: 3_000 },
  hooks: {
    beforeRequest: [
      async ({ request }) => {
        progressBegin();
        const config = await loadConfig();
        const target = await retarget(request, DEFAULT_API_BASE, config.apiBase);
        await withAuthorization(target);
        return target === request ? undefined : target;
      },
    ],
    beforeRetry: [
      async ({ request }) => {
        if (!tokenProvider) return;
        const token = await tokenProvider();
        if (token) request.headers.set('Authorization', authHeader(token));
      },
    ],
    afterResponse: [
      async ({ request, response, retryCount }) => {
        if (response.status === 401 && retryCount === 0 && unauthorizedHandler) {
          const retry = await unauthorizedHandler(request).catch(() => false);
          if (retry) return ky.retry({ code: 'AUTH_REFRESHED', delay: 0 });
        }
        // A failing response may still be retried; its end is reported by beforeError
        // (final failure) or by a later successful attempt.
        // (Calls made with `throwHttpErrors: false` should use `progressEnd` themselves.)
        if (response.ok) progressEnd(false);
        return undefined;
      },
    ],
    beforeError: [
      ({ error }) => {
        progressEnd(true);
        return error;
      },
    ],
  },
});

/** The problem types' words (src/lib/problem-messages.ts), in the page's language. */
function messageOfType(type: string): string | undefined {
  const words = problemMessages.get() as Record<string, string>;
  const key = (Object.keys(PROBLEM_TYPES) as (keyof typeof PROBLEM_TYPES)[]).find((k) => PROBLEM_TYPES[k] === type);
  return key ? words[key] : undefined;
}

const BY_STATUS: Record<number, keyof typeof PROBLEM_TYPES | 'conflict'> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  408: 'timeout',
  409: 'conflict',
  413: 'tooLarge',
  422: 'validation',
  429: 'rateLimited',
};

/** The words as the page loaded (Spanish on a Spanish page and in the unit tests). */
const BASE = problemMessages.get();
export const OFFLINE_MESSAGE = BASE.offline;
export const TIMEOUT_MESSAGE = BASE.slow;
export const UNKNOWN_MESSAGE = BASE.unknown;
export const SERVER_MESSAGE = BASE.server;

/** Reads a problem document from an HTTP error (ky pre-parses `application/problem+json`). */
export function problemOf(error: unknown): Problem | undefined {
  if (!isHTTPError(error)) return undefined;
  const parsed = Problem.safeParse(error.data);
  if (parsed.success) return { status: error.response.status, ...parsed.data };
  return { status: error.response.status };
}

/** A Spanish message for any failure of a call (problem type first, then status, then kind). */
export function problemMessage(error: unknown): string {
  const words = problemMessages.get();
  if (isTimeoutError(error)) return words.slow;
  if (isNetworkError(error) || (typeof navigator !== 'undefined' && navigator.onLine === false)) return words.offline;
  const problem = problemOf(error);
  if (!problem) return words.unknown;
  const byType = problem.type ? messageOfType(problem.type) : undefined;
  if (byType) return byType;
  const status = problem.status ?? 0;
  const byStatus = BY_STATUS[status];
  return byStatus ? words[byStatus] : status >= 500 ? words.server : words.unknown;
}

/** Field errors of a validation problem (`{ 'customer.name': ['…'] }`), or an empty object. */
export function problemFieldErrors(error: unknown): Record<string, string[]> {
  return problemOf(error)?.errors ?? {};
}
