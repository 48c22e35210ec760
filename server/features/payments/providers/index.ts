/**
 * The payment providers behind one seam (docs/architecture.md#online-payments): `providerFor` makes a
 * venue's provider from its stored configuration; the notification routes read the untrusted
 * reference of a notification to find whose secret verifies it, then verify it.
 */
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
