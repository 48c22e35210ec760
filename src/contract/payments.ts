/**
 * Online payments' provider configuration (docs/architecture.md#online-payments): which provider a venue
 * takes online payments with (Redsys, the Spanish banks' TPV virtual with Bizum; or Stripe) and its
 * merchant data. Secrets (Redsys' secret key, Stripe's secret key and webhook signing secret) are
 * written, never read back: the API answers only whether each is configured.
 */
import * as z from 'zod/mini';

export const PAYMENT_PROVIDERS = ['redsys', 'stripe'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** How each provider is called for people. */
export const PROVIDER_NAMES: Record<PaymentProviderId, string> = { redsys: 'Redsys', stripe: 'Stripe' };

export const PAYMENT_MESSAGES = {
  managersOnly: 'Solo la gerencia de este local puede configurar los pagos en línea.',
  notSaved: 'No se ha guardado la configuración de pagos: revisa los campos marcados.',
  provider: 'Elige Redsys o Stripe.',
  merchantCode: 'El código de comercio (FUC) de Redsys son 9 cifras.',
  terminal: 'El número de terminal de Redsys son de 1 a 3 cifras (normalmente 1).',
  redsysSecret: 'La clave secreta SHA-256 de Redsys son 32 caracteres, tal como aparece en el portal de Redsys.',
  environment: 'Elige el entorno de Redsys: pruebas o real.',
  stripeSecret: 'La clave secreta de Stripe empieza por sk_test_, sk_live_, rk_test_ o rk_live_.',
  webhookSecret: 'El secreto de firma del webhook de Stripe empieza por whsec_.',
  url: 'Escribe una dirección https:// (o http:// solo para un simulador en este mismo equipo).',
  secretMissing: 'Escribe la clave secreta: no hay ninguna guardada para este proveedor.',
  webhookSecretMissing: 'Escribe el secreto de firma del webhook: no hay ninguno guardado.',
  noSecretsKey:
    'El servidor no tiene configurada la clave de cifrado UMENU_SECRETS_KEY: no puede guardar las claves de pago. Pide a quien administra el servidor que la configure.',
  /** The audit log's words for a change (never a secret). */
  audit: {
    saved: (provider: PaymentProviderId, secretsChanged: boolean) =>
      `Pagos en línea con ${PROVIDER_NAMES[provider]}${secretsChanged ? ' (claves nuevas)' : ''}`,
    removed: (provider: string) =>
      `Pagos en línea desactivados (antes ${PROVIDER_NAMES[provider as PaymentProviderId] ?? provider})`,
  },
} as const;

/**
 * An address a provider's requests may be sent to instead of its own (a local stand-in): https://, or
 * http:// only on this machine (127.0.0.1, ::1, localhost).
 */
export function isProviderUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

const url = z.optional(
  z.string().check(
    z.maxLength(200, PAYMENT_MESSAGES.url),
    z.refine((value) => isProviderUrl(value), PAYMENT_MESSAGES.url),
  ),
);

/** 24 bytes in base64 (32 characters): Redsys' 3DES merchant key. */
const REDSYS_SECRET = /^[A-Za-z0-9+/]{32}$/;

export const RedsysProviderInput = z.strictObject({
  provider: z.literal('redsys'),
  merchantCode: z.string().check(z.trim(), z.regex(/^\d{9}$/, PAYMENT_MESSAGES.merchantCode)),
  terminal: z.string().check(z.trim(), z.regex(/^\d{1,3}$/, PAYMENT_MESSAGES.terminal)),
  /** Left out: the one already stored is kept (a manager who changes only the terminal). */
  secretKey: z.optional(z.string().check(z.trim(), z.regex(REDSYS_SECRET, PAYMENT_MESSAGES.redsysSecret))),
  environment: z.enum(['test', 'production'], PAYMENT_MESSAGES.environment),
  url,
});

export const StripeProviderInput = z.strictObject({
  provider: z.literal('stripe'),
  secretKey: z.optional(
    z.string().check(z.trim(), z.regex(/^(sk|rk)_(test|live)_\w{8,240}$/, PAYMENT_MESSAGES.stripeSecret)),
  ),
  webhookSecret: z.optional(z.string().check(z.trim(), z.regex(/^whsec_\w{8,240}$/, PAYMENT_MESSAGES.webhookSecret))),
  url,
});

/** `PUT /api/venues/{id}/payment-provider`. */
export const PaymentProviderInput = z.discriminatedUnion('provider', [RedsysProviderInput, StripeProviderInput], {
  error: PAYMENT_MESSAGES.provider,
});
export type PaymentProviderInput = z.infer<typeof PaymentProviderInput>;

/** What `GET /api/venues/{id}/payment-provider` answers: the configuration without its secrets. */
export const PaymentProviderSettings = z.union([
  z.object({ provider: z.null() }),
  z.object({
    provider: z.literal('redsys'),
    merchantCode: z.string(),
    terminal: z.string(),
    environment: z.enum(['test', 'production']),
    url: z.optional(z.string()),
    /** Always true: a stored configuration has its secret key (never answered). */
    secretKeyConfigured: z.boolean(),
    updatedAt: z.string(),
  }),
  z.object({
    provider: z.literal('stripe'),
    url: z.optional(z.string()),
    secretKeyConfigured: z.boolean(),
    webhookSecretConfigured: z.boolean(),
    updatedAt: z.string(),
  }),
]);
export type PaymentProviderSettings = z.infer<typeof PaymentProviderSettings>;
