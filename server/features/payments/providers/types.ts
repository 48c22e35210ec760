/**
 * The payment provider seam (docs/architecture.md): one small interface that Redsys and Stripe
 * implement, plus the confirmation a provider's verified notification becomes.
 */
export type ProviderId = 'redsys' | 'stripe';
export type PayMethod = 'card' | 'bizum';

/** What a venue stored, decrypted (never leaves the server). */
export type ProviderConfig =
  | {
      provider: 'redsys';
      merchantCode: string;
      terminal: string;
      secretKey: string;
      environment: 'test' | 'production';
      url?: string;
    }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; url?: string };

export interface CreatePaymentRequest {
  /** Unique per attempt (Redsys DS_MERCHANT_ORDER rules: 4 digits + up to 8 alphanumerics). */
  reference: string;
  /** Minor units. */
  amount: number;
  /** ISO 4217, e.g. 'EUR'. */
  currency: string;
  /** 'bizum' only with redsys. */
  method: PayMethod;
  description: string;
  /** Where the phone returns (…/pago/{paymentId}). */
  okUrl: string;
  koUrl: string;
  /** The API's notification/webhook address. */
  notificationUrl: string;
  /** Page language (es, en, …). */
  language: string;
}

export interface CreatedPayment {
  redirect: { url: string; method: 'GET' | 'POST'; fields?: Record<string, string> };
  providerRef?: string;
}

export interface RefundRequest {
  reference: string;
  providerRef?: string;
  amount: number;
  currency: string;
}

export interface PaymentProvider {
  readonly id: ProviderId;
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  /** Throws on refusal. */
  refund(request: RefundRequest): Promise<{ providerRef: string }>;
}

/** A provider's confirmation after its signature was verified. */
export interface Confirmation {
  provider: ProviderId;
  reference: string;
  providerRef: string;
  amount: number;
  currency: string;
  authorized: boolean;
  method?: PayMethod;
}
