import * as z from 'zod/mini';

/** RFC 9457 problem details. `errors` maps a field path (e.g. `lines.0.quantity`) to messages. */
export const Problem = z.looseObject({
  type: z.optional(z.string()),
  title: z.optional(z.string()),
  status: z.optional(z.int()),
  detail: z.optional(z.string()),
  instance: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type Problem = z.infer<typeof Problem>;

/** Problem `type` URIs the reference API uses; clients map them to Spanish messages. */
export const PROBLEM_TYPES = {
  validation: 'urn:umenu:problem:validation',
  notFound: 'urn:umenu:problem:not-found',
  unauthorized: 'urn:umenu:problem:unauthorized',
  forbidden: 'urn:umenu:problem:forbidden',
  invalidCredentials: 'urn:umenu:problem:invalid-credentials',
  rateLimited: 'urn:umenu:problem:rate-limited',
  timeout: 'urn:umenu:problem:timeout',
  venueClosed: 'urn:umenu:problem:venue-closed',
  venuePaused: 'urn:umenu:problem:venue-paused',
  slotFull: 'urn:umenu:problem:slot-full',
  belowMinimum: 'urn:umenu:problem:below-minimum',
  unavailable: 'urn:umenu:problem:unavailable',
  priceChanged: 'urn:umenu:problem:price-changed',
  idempotencyConflict: 'urn:umenu:problem:idempotency-conflict',
  idempotencyMismatch: 'urn:umenu:problem:idempotency-mismatch',
  idempotencyKeyMissing: 'urn:umenu:problem:idempotency-key-missing',
  invalidTransition: 'urn:umenu:problem:invalid-transition',
  tokenReused: 'urn:umenu:problem:token-reused',
  tooLarge: 'urn:umenu:problem:too-large',
  tableTokenInvalid: 'urn:umenu:problem:table-token-invalid',
  tableCredentialInvalid: 'urn:umenu:problem:table-credential-invalid',
  tableClosed: 'urn:umenu:problem:table-closed',
  tableFull: 'urn:umenu:problem:table-full',
  tableSameGroup: 'urn:umenu:problem:table-same-group',
  invitationInvalid: 'urn:umenu:problem:invitation-invalid',
  accountExists: 'urn:umenu:problem:account-exists',
  tableAccessRequired: 'urn:umenu:problem:table-access-required',
  server: 'urn:umenu:problem:server',
  serviceUnavailable: 'urn:umenu:problem:service-unavailable',
} as const;

/** What the API's request plumbing says in a problem's `detail` (server/platform/http.ts): a body too slow, not JSON, or malformed. */
export const HTTP_MESSAGES = {
  bodyTooSlow: 'Los datos tardaron demasiado en llegar. Revisa tu conexión y vuelve a intentarlo.',
  notJson: 'Envía los datos como JSON (Content-Type: application/json).',
  badJson: 'El cuerpo de la petición no es JSON válido.',
} as const;

/** The `title` of each problem type: a short Spanish label a client can show as is. */
export const PROBLEM_TITLES: Record<keyof typeof PROBLEM_TYPES, string> = {
  validation: 'Datos no válidos',
  notFound: 'No encontrado',
  unauthorized: 'Inicia sesión para continuar',
  forbidden: 'No tienes permiso',
  tableAccessRequired: 'Pide desde el código de la mesa',
  invalidCredentials: 'Correo o contraseña incorrectos',
  rateLimited: 'Demasiados intentos',
  timeout: 'Tiempo agotado',
  venueClosed: 'El local está cerrado',
  venuePaused: 'Pedidos en pausa',
  slotFull: 'Esa hora se acaba de llenar',
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
  tableSameGroup: '¿Mismo grupo?',
  invitationInvalid: 'Invitación no válida',
  accountExists: 'La cuenta ya existe',
  server: 'Error del servidor',
  serviceUnavailable: 'Servicio no disponible',
};

/**
 * Problem `detail` sentences of the API as a whole (not of one feature): the request itself, the
 * server's state, and what every venue-scoped route answers.
 */
export const PROBLEM_MESSAGES = {
  fieldsInvalid: 'Revisa los campos marcados.',
  bodyTooLarge: (kilobytes: number) => `El cuerpo de la petición supera el máximo de ${kilobytes} KB.`,
  restarting: 'Este servidor se está reiniciando. Vuelve a intentarlo en unos segundos.',
  interrupted: 'La petición se interrumpió antes de llegar completa.',
  unavailable:
    'El servicio no está disponible en este momento. Vuelve a intentarlo en unos segundos: no se ha perdido nada.',
  serverError: 'Algo ha fallado en el servidor. Inténtalo de nuevo en unos segundos.',
  noRoute: (method: string, path: string) => `No existe la ruta ${method} ${path}.`,
  metricsToken: 'Las métricas piden el token de UMENU_METRICS_TOKEN.',
  /** A venue id in the path that names no venue. */
  venueNotFound: (id: string) => `No encontramos el local «${id}».`,
  /** The `Idempotency-Key` header is missing; `what` is the thing it identifies («este pedido»). */
  idempotencyKeyMissing: (what: string) =>
    `Falta la cabecera Idempotency-Key (8 a 200 caracteres) que identifica ${what}.`,
} as const;
