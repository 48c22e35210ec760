/**
 * A refund of a payment from the phone through the venue's provider (docs/rules.md#refunds): the billing feature's
 * refund asks it (`BillingOptions.refundOnline`, wired in server/main.ts). Resolves with the provider's reference of
 * the refund; throws the provider's refusal as it came (the manager reads it), or a problem when the venue no longer
 * has that provider configured.
 */
import type { Queryable } from '../../platform/db/database.ts';
import { problem } from '../../platform/problem.ts';
import { providerLabel, REFUND_MESSAGES } from '../../../src/contract/refund.ts';
import { loadProviderConfig } from './config.ts';
import { providerFor } from './providers/index.ts';

export interface ProviderRefund {
  provider: string;
  reference: string;
  providerRef?: string | undefined;
  amount: number;
  currency: string;
}

export async function refundOnline(db: Queryable, venueId: string, request: ProviderRefund) {
  const config = await loadProviderConfig(db, venueId);
  if (!config) throw problem('invalidTransition', 409, REFUND_MESSAGES.noProvider);
  if (config.provider !== request.provider)
    throw problem('invalidTransition', 409, REFUND_MESSAGES.otherProvider(providerLabel(request.provider)));
  return providerFor(config).refund({
    reference: request.reference,
    ...(request.providerRef ? { providerRef: request.providerRef } : {}),
    amount: request.amount,
    currency: request.currency,
  });
}
