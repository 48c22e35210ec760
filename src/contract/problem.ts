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
