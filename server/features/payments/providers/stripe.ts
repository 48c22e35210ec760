/**
 * Stripe (cards, Apple Pay, Google Pay; any currency) through the official `stripe` library
 * (docs/architecture.md#online-payments): a Checkout Session per attempt (`client_reference_id` = our
 * reference), the `checkout.session.completed` webhook verified with the endpoint's signing secret
 * (`webhooks.constructEvent`), refunds of the session's PaymentIntent. A configuration's `url`
 * points the library at another address (its `host`/`port`/`protocol` options): the local stand-in.
 */
import Stripe from 'stripe';
import type { Confirmation, PaymentProvider, ProviderConfig } from './types.ts';

type StripeConfig = Extract<ProviderConfig, { provider: 'stripe' }>;

/** The library's options that send its requests to `url` instead of api.stripe.com. */
export function stripeHostOptions(url: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!url) return {};
  const address = new URL(url);
  const protocol = address.protocol === 'http:' ? 'http' : 'https';
  return {
    host: address.hostname,
    port: address.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function client(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, { ...stripeHostOptions(config.url), maxNetworkRetries: 2, timeout: 30_000 });
}

/** Checkout's page languages umenu's languages map to (Stripe's `locale`; `auto` otherwise). */
const LOCALES = new Set<Stripe.Checkout.SessionCreateParams.Locale>([
  'es',
  'en',
  'ca',
  'fr',
  'de',
  'it',
  'pt',
  'nl',
  'pl',
  'sv',
  'da',
  'fi',
  'ja',
  'zh',
]);

/** The Stripe provider of a venue's configuration. */
export function stripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = client(config);
  return {
    id: 'stripe',
    async createPayment(request) {
      const language = request.language.slice(0, 2).toLowerCase();
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.reference,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description.slice(0, 250) || request.reference },
              },
            },
          ],
          success_url: request.okUrl,
          cancel_url: request.koUrl,
          locale: LOCALES.has(language) ? language : 'auto',
          metadata: { reference: request.reference },
          payment_intent_data: { metadata: { reference: request.reference } },
        },
        // One session per attempt, however many times the request is retried.
        { idempotencyKey: `checkout-${request.reference}` },
      );
      if (!session.url) throw new Error('Stripe: the Checkout Session has no url');
      return { redirect: { url: session.url, method: 'GET' }, providerRef: session.id };
    },
    async refund(request) {
      if (!request.providerRef) throw new Error('Stripe: a refund needs the payment intent');
      const refund = await stripe.refunds.create({
        ...(request.providerRef.startsWith('ch_')
          ? { charge: request.providerRef }
          : { payment_intent: request.providerRef }),
        metadata: { reference: request.reference },
        amount: request.amount,
      });
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new Error(`Stripe refused the refund: ${refund.failure_reason ?? refund.status}`);
      return { providerRef: refund.id };
    },
  };
}

type SessionEvent = { type: string; data: { object: Partial<Stripe.Checkout.Session> } };

/** What a Checkout Session event says about its payment (whether paid, and for how much). */
const SESSION_EVENTS: Record<string, (session: Partial<Stripe.Checkout.Session>) => boolean> = {
  'checkout.session.completed': (session) => session.payment_status === 'paid',
  'checkout.session.async_payment_succeeded': () => true,
  'checkout.session.async_payment_failed': () => false,
  'checkout.session.expired': () => false,
};

/**
 * The `client_reference_id` of a webhook's Checkout Session, read WITHOUT checking its signature:
 * only to find whose webhook secret verifies it.
 */
export function stripeReferenceOf(rawBody: string): string | null {
  try {
    const event = JSON.parse(rawBody) as SessionEvent;
    const reference = event?.data?.object?.client_reference_id;
    return typeof event?.type === 'string' &&
      event.type.startsWith('checkout.session.') &&
      typeof reference === 'string'
      ? reference
      : null;
  } catch {
    return null;
  }
}

/**
 * The confirmation a Stripe webhook carries, once `stripe.webhooks.constructEvent` has verified its
 * `Stripe-Signature` with the endpoint's signing secret (and its timestamp is within 5 minutes);
 * null when the signature is wrong, or the event is not about a Checkout Session of ours.
 * `checkout.session.completed` with `payment_status: "paid"` (or `async_payment_succeeded`) is an
 * authorised payment; `async_payment_failed` and `expired`, a refused one. `providerRef` is the
 * session's PaymentIntent (what a refund names).
 */
export function verifyStripeWebhook(
  rawBody: string,
  signatureHeader: string | undefined | null,
  webhookSecret: string,
): Confirmation | null {
  if (!signatureHeader || !webhookSecret) return null;
  let event: SessionEvent;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret) as unknown as SessionEvent;
  } catch {
    return null;
  }
  const decide = SESSION_EVENTS[event.type];
  const session = event.data?.object ?? {};
  const reference = session.client_reference_id;
  if (!decide || typeof reference !== 'string' || typeof session.amount_total !== 'number') return null;
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  return {
    provider: 'stripe',
    reference,
    providerRef: intent ?? session.id ?? reference,
    amount: session.amount_total,
    currency: (session.currency ?? '').toUpperCase(),
    authorized: decide(session),
    method: 'card',
  };
}
