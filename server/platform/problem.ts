/** RFC 9457 problem details with Spanish `title`/`detail` a client can show as is. */
import type { Context } from 'hono';
import { PROBLEM_TYPES } from '../../src/contract/problem.ts';

export type ProblemKey = keyof typeof PROBLEM_TYPES;

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
  [extra: string]: unknown;
}

const TITLES: Record<ProblemKey, string> = {
  validation: 'Datos no válidos',
  notFound: 'No encontrado',
  unauthorized: 'Inicia sesión para continuar',
  forbidden: 'No tienes permiso',
  tableAccessRequired: 'Pide desde el código de la mesa',
  invalidCredentials: 'Correo o contraseña incorrectos',
  rateLimited: 'Demasiados intentos',
  timeout: 'Tiempo agotado',
  venueClosed: 'El local está cerrado',
  belowMinimum: 'Pedido por debajo del mínimo',
  unavailable: 'Producto no disponible',
  priceChanged: 'Los precios han cambiado',
  idempotencyConflict: 'Pedido en curso',
  idempotencyMismatch: 'Pedido repetido con otros datos',
  idempotencyKeyMissing: 'Falta la clave del pedido',
  invalidTransition: 'Cambio de estado no permitido',
  tokenReused: 'Sesión revocada',
  tooLarge: 'Petición demasiado grande',
  tableTokenInvalid: 'Código de mesa no válido',
  tableCredentialInvalid: 'Acceso a la mesa no válido',
  tableClosed: 'Mesa cerrada',
  tableFull: 'Mesa completa',
  invitationInvalid: 'Invitación no válida',
  accountExists: 'La cuenta ya existe',
  server: 'Error del servidor',
  serviceUnavailable: 'Servicio no disponible',
};

export class HttpProblem extends Error {
  readonly status: number;
  readonly body: ProblemBody;
  readonly headers: Record<string, string>;
  constructor(key: ProblemKey, status: number, detail?: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(detail ?? TITLES[key]);
    this.status = status;
    this.headers = headers;
    this.body = { type: PROBLEM_TYPES[key], title: TITLES[key], status, ...(detail ? { detail } : {}), ...extra };
  }
}

export function problem(key: ProblemKey, status: number, detail?: string, extra?: Record<string, unknown>, headers?: Record<string, string>): HttpProblem {
  return new HttpProblem(key, status, detail, extra, headers);
}

/** The problem as a response; `instance` names the request it answers. */
export function problemResponse(c: Context, p: HttpProblem): Response {
  const body = p.body.instance === undefined ? { ...p.body, instance: c.req.path.slice(0, 300) } : p.body;
  return new Response(JSON.stringify(body), {
    status: p.status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8', 'cache-control': 'no-store', ...p.headers },
  });
}

/** zod issues → `errors` map keyed by dotted path. */
export function validationProblem(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, detail = 'Revisa los campos marcados.'): HttpProblem {
  const errors: Record<string, string[]> = {};
  for (const issue of issues.slice(0, 50)) {
    const path = issue.path.map(String).join('.') || '_';
    (errors[path] ??= []).push(issue.message);
  }
  return problem('validation', 422, detail, { errors });
}
