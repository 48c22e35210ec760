/**
 * Each venue's payment provider configuration (docs/architecture.md#online-payments): one row of
 * `payment_providers`, its secret fields sealed with `UMENU_SECRETS_KEY` (server/platform/secrets.ts),
 * bound to the venue. `loadProviderConfig` opens them for the server's own use (a payment, a
 * notification, a refund); `providerSettings` is what the API answers: never a secret.
 */
import type { Queryable } from '../../platform/db/database.ts';
import { openSecret, sealSecret } from '../../platform/secrets.ts';
import {
  PAYMENT_MESSAGES,
  PROVIDER_NAMES,
  type PaymentProviderInput,
  type PaymentProviderSettings,
} from '../../../src/contract/payments.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { problem } from '../../platform/problem.ts';
import type { ProviderConfig, ProviderId } from './providers/types.ts';
import { deleteProvider, selectProvider, upsertProvider, type ProviderRow } from './queries.ts';

type Secrets = { secretKey: string; webhookSecret?: string };
type Settings = { merchantCode?: string; terminal?: string; environment?: 'test' | 'production'; url?: string };

const context = (venueId: string) => `payment-provider:${venueId}`;

function parse(row: ProviderRow): { settings: Settings; secrets: Secrets } {
  return {
    settings: JSON.parse(row.settings) as Settings,
    secrets: JSON.parse(openSecret(row.secrets, context(row.venue_id))) as Secrets,
  };
}

function configOf(row: ProviderRow): ProviderConfig {
  const { settings, secrets } = parse(row);
  const url = settings.url ? { url: settings.url } : {};
  if (row.provider === 'redsys')
    return {
      provider: 'redsys',
      merchantCode: settings.merchantCode ?? '',
      terminal: settings.terminal ?? '1',
      secretKey: secrets.secretKey,
      environment: settings.environment === 'production' ? 'production' : 'test',
      ...url,
    };
  return { provider: 'stripe', secretKey: secrets.secretKey, webhookSecret: secrets.webhookSecret ?? '', ...url };
}

/** The venue's provider with its secrets opened (server use only), or null when it takes no online payments. */
export async function loadProviderConfig(db: Queryable, venueId: string): Promise<ProviderConfig | null> {
  const row = await selectProvider(db, venueId);
  return row ? configOf(row) : null;
}

/** What `GET /api/venues/{id}/payment-provider` answers: the configuration without its secrets. */
export async function providerSettings(db: Queryable, venueId: string): Promise<PaymentProviderSettings> {
  const row = await selectProvider(db, venueId);
  if (!row) return { provider: null };
  const settings = JSON.parse(row.settings) as Settings;
  const updatedAt = new Date(row.updated_at).toISOString();
  const url = settings.url ? { url: settings.url } : {};
  if (row.provider === 'redsys')
    return {
      provider: 'redsys',
      merchantCode: settings.merchantCode ?? '',
      terminal: settings.terminal ?? '',
      environment: settings.environment === 'production' ? 'production' : 'test',
      ...url,
      secretKeyConfigured: true,
      updatedAt,
    };
  return { provider: 'stripe', ...url, secretKeyConfigured: true, webhookSecretConfigured: true, updatedAt };
}

/**
 * Stores a venue's provider (replacing any other), with an audit entry that names what changed but
 * no secret. A secret left out keeps the stored one of the same provider (422 when there is none).
 */
export async function saveProviderConfig(
  tx: Queryable,
  venueId: string,
  input: PaymentProviderInput,
  actor: AuditActor,
  now = Date.now(),
): Promise<void> {
  const stored = await selectProvider(tx, venueId);
  const kept = stored && stored.provider === input.provider ? parse(stored).secrets : undefined;
  const missing = (field: string, message: string) =>
    problem('validation', 422, PAYMENT_MESSAGES.notSaved, { errors: { [field]: [message] } });
  const secretKey = input.secretKey ?? kept?.secretKey;
  if (!secretKey) throw missing('secretKey', PAYMENT_MESSAGES.secretMissing);
  const secrets: Secrets = { secretKey };
  const settings: Settings = input.url ? { url: input.url } : {};
  if (input.provider === 'stripe') {
    secrets.webhookSecret = input.webhookSecret ?? kept?.webhookSecret;
    if (!secrets.webhookSecret) throw missing('webhookSecret', PAYMENT_MESSAGES.webhookSecretMissing);
  } else {
    Object.assign(settings, {
      merchantCode: input.merchantCode,
      terminal: input.terminal,
      environment: input.environment,
    });
  }
  await upsertProvider(tx, {
    venue_id: venueId,
    provider: input.provider,
    settings: JSON.stringify(settings),
    secrets: sealSecret(JSON.stringify(secrets), context(venueId)),
    updated_by: actor.id,
    updated_at: now,
  });
  const changed = (['secretKey', 'webhookSecret'] as const).filter((field) => input[field as keyof typeof input]);
  await recordAudit(tx, {
    venueId,
    actor,
    action: 'paymentProvider',
    table: PROVIDER_NAMES[input.provider],
    detail: {
      what: PAYMENT_MESSAGES.audit.saved(input.provider, changed.length > 0),
      provider: input.provider,
      ...settings,
      secretsChanged: changed,
    },
    at: now,
  });
}

/** Removes the venue's provider (it takes no online payments from then on); false when it had none. */
export async function deleteProviderConfig(tx: Queryable, venueId: string, actor: AuditActor): Promise<boolean> {
  const stored = await selectProvider(tx, venueId);
  if (!stored) return false;
  await deleteProvider(tx, venueId);
  await recordAudit(tx, {
    venueId,
    actor,
    action: 'paymentProvider',
    table: PROVIDER_NAMES[stored.provider as ProviderId] ?? stored.provider,
    detail: { what: PAYMENT_MESSAGES.audit.removed(stored.provider), provider: null },
  });
  return true;
}
