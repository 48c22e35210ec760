/**
 * The HTTP client (ky): base address from the runtime config, the
 * `Accept` header of docs/rules.md#api, an auth hook, one retry after a refreshed session on 401,
 * progress reported to the top bar, and RFC 9457 problems in Spanish.
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyRequest } from 'ky';
import { Problem, PROBLEM_TYPES } from '../contract/problem.ts';
import { DEFAULT_API_BASE, loadConfig } from './config.ts';
import { progressBegin, progressEnd } from './progress-events.ts';

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

const MESSAGES: Record<string, string> = {
  [PROBLEM_TYPES.validation]: 'Revisa los datos marcados e inténtalo de nuevo.',
  [PROBLEM_TYPES.notFound]: 'No encontramos lo que buscas. Puede que ya no exista.',
  [PROBLEM_TYPES.unauthorized]: 'Tu sesión ha caducado. Inicia sesión de nuevo para continuar.',
  [PROBLEM_TYPES.forbidden]: 'No tienes permiso para hacer esto con tu cuenta.',
  [PROBLEM_TYPES.invalidCredentials]: 'El correo o la contraseña no son correctos.',
  [PROBLEM_TYPES.rateLimited]: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  [PROBLEM_TYPES.venueClosed]: 'El local está cerrado ahora y no acepta pedidos. Consulta su horario.',
  [PROBLEM_TYPES.belowMinimum]: 'Tu pedido no llega al mínimo del local. Añade algo más para continuar.',
  [PROBLEM_TYPES.unavailable]: 'Algún producto ya no está disponible. Revisa tu carrito.',
  [PROBLEM_TYPES.priceChanged]: 'Algunos precios han cambiado. Revisa el nuevo total antes de confirmar.',
  [PROBLEM_TYPES.idempotencyConflict]: 'Tu pedido ya se está procesando. Espera un momento antes de reintentar.',
  [PROBLEM_TYPES.idempotencyMismatch]: 'Este pedido cambió mientras se enviaba. Revisa tu carrito y vuelve a confirmarlo.',
  [PROBLEM_TYPES.idempotencyKeyMissing]: 'No pudimos enviar tu pedido de forma segura. Vuelve a intentarlo.',
  [PROBLEM_TYPES.invalidTransition]: 'Ese cambio de estado no es posible para este pedido.',
  [PROBLEM_TYPES.tokenReused]: 'Tu sesión se cerró por seguridad. Inicia sesión de nuevo.',
  [PROBLEM_TYPES.tooLarge]: 'La solicitud es demasiado grande. Reduce el pedido e inténtalo de nuevo.',
  [PROBLEM_TYPES.server]: 'Algo falló en el servidor. Inténtalo de nuevo en unos minutos.',
  [PROBLEM_TYPES.serviceUnavailable]: 'El servicio no está disponible en este momento. Vuelve a intentarlo en unos segundos: no se ha perdido nada.',
  [PROBLEM_TYPES.timeout]: 'Los datos tardaron demasiado en llegar. Revisa tu conexión y vuelve a intentarlo.',
  [PROBLEM_TYPES.tableTokenInvalid]: 'Este código de mesa no es válido',
  [PROBLEM_TYPES.tableCredentialInvalid]: 'Tu acceso a la mesa no es válido. Vuelve a escanear el código de la mesa.',
  [PROBLEM_TYPES.tableClosed]: 'La mesa está cerrada. Escanea el código de la mesa para empezar de nuevo.',
  [PROBLEM_TYPES.tableFull]: 'La mesa ya tiene el máximo de personas unidas. Pide ayuda al personal.',
  [PROBLEM_TYPES.invitationInvalid]: 'Esta invitación no es válida o ya se ha usado. Pide a quien te invitó un enlace nuevo.',
  [PROBLEM_TYPES.accountExists]: 'Ya existe una cuenta con este correo: inicia sesión para continuar.',
  [PROBLEM_TYPES.tableAccessRequired]: 'Solo se puede pedir a una mesa desde el código QR de esa mesa. Escanéalo para pedir desde la mesa.',
};

const BY_STATUS: Record<number, string> = {
  400: MESSAGES[PROBLEM_TYPES.validation]!,
  401: MESSAGES[PROBLEM_TYPES.unauthorized]!,
  403: MESSAGES[PROBLEM_TYPES.forbidden]!,
  404: MESSAGES[PROBLEM_TYPES.notFound]!,
  408: MESSAGES[PROBLEM_TYPES.timeout]!,
  409: 'Hubo un conflicto con los datos actuales. Recarga e inténtalo de nuevo.',
  413: MESSAGES[PROBLEM_TYPES.tooLarge]!,
  422: MESSAGES[PROBLEM_TYPES.validation]!,
  429: MESSAGES[PROBLEM_TYPES.rateLimited]!,
};

export const OFFLINE_MESSAGE = 'Sin conexión. Comprueba tu conexión a internet y vuelve a intentarlo.';
export const TIMEOUT_MESSAGE = 'El servidor tardó demasiado en responder. Inténtalo de nuevo.';
export const UNKNOWN_MESSAGE = 'Algo salió mal. Inténtalo de nuevo.';
export const SERVER_MESSAGE = MESSAGES[PROBLEM_TYPES.server]!;

/** Reads a problem document from an HTTP error (ky pre-parses `application/problem+json`). */
export function problemOf(error: unknown): Problem | undefined {
  if (!isHTTPError(error)) return undefined;
  const parsed = Problem.safeParse(error.data);
  if (parsed.success) return { status: error.response.status, ...parsed.data };
  return { status: error.response.status };
}

/** A Spanish message for any failure of a call (problem type first, then status, then kind). */
export function problemMessage(error: unknown): string {
  if (isTimeoutError(error)) return TIMEOUT_MESSAGE;
  if (isNetworkError(error) || (typeof navigator !== 'undefined' && navigator.onLine === false)) return OFFLINE_MESSAGE;
  const problem = problemOf(error);
  if (!problem) return UNKNOWN_MESSAGE;
  const byType = problem.type ? MESSAGES[problem.type] : undefined;
  if (byType) return byType;
  const status = problem.status ?? 0;
  return BY_STATUS[status] ?? (status >= 500 ? SERVER_MESSAGE : UNKNOWN_MESSAGE);
}

/** Field errors of a validation problem (`{ 'customer.name': ['…'] }`), or an empty object. */
export function problemFieldErrors(error: unknown): Record<string, string[]> {
  return problemOf(error)?.errors ?? {};
}
