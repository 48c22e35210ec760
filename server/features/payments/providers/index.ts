/**
 * The payment providers behind one seam (docs/architecture.md#online-payments): `providerFor` makes a
 * venue's provider from its stored configuration; the notification routes read the untrusted
 * reference of a notification to find whose secret verifies it, then verify it.
 */
import { randomInt } from 'node:crypto';
import type { PaymentProvider, ProviderConfig } from './types.ts';
import { redsysProvider } from './redsys.ts';
import { stripeProvider } from './stripe.ts';

export type * from './types.ts';
export { redsysOrderOf, verifyRedsysNotification } from './redsys.ts';
export { stripeReferenceOf, verifyStripeWebhook } from './stripe.ts';

/** The provider a venue's configuration names. */
export function providerFor(config: ProviderConfig): PaymentProvider {
  return config.provider === 'redsys' ? redsysProvider(config) : stripeProvider(config);
}

const REFERENCE_LETTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A new payment attempt's reference, good for both providers: Redsys' DS_MERCHANT_ORDER rule (4
 * digits, then up to 8 letters or digits: here 8 random ones, 36^8 ≈ 2.8 × 10^12 per 4-digit prefix)
 * and Stripe's `client_reference_id`. Unique per attempt: store it with a UNIQUE constraint and draw
 * again on a clash.
 */
export function newPaymentReference(): string {
  let reference = String(randomInt(0, 10_000)).padStart(4, '0');
  for (let i = 0; i < 8; i++) reference += REFERENCE_LETTERS[randomInt(0, REFERENCE_LETTERS.length)];
  return reference;
}
