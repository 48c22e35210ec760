/** The payments feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { PaymentProviderInput } from '../../../src/contract/payments.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

const tags = ['payments'];
const venueParam = idParam('id', 'Venue id');
const managers = { 403: problemResponse('Not a manager of this venue'), 404: problemResponse('No such venue') };

export const getPaymentProvider = operation({
  method: 'get',
  path: '/venues/{id}/payment-provider',
  operationId: 'getPaymentProvider',
  tags,
  access: 'bearer',
  summary:
    'The venue\'s online payment provider (manager of the venue, admin) WITHOUT its secrets: `secretKeyConfigured` / `webhookSecretConfigured` say they are stored; `{"provider": null}` when it takes no online payments',
  parameters: [venueParam],
  responses: { 200: json('PaymentProviderSettings', 'The provider, without secrets'), ...managers },
});

export const putPaymentProvider = operation({
  method: 'put',
  path: '/venues/{id}/payment-provider',
  operationId: 'putPaymentProvider',
  tags,
  access: 'bearer',
  summary:
    "Choose the venue's online payment provider and its merchant data (manager of the venue, admin): Redsys (`merchantCode` 9 digits, `terminal`, `secretKey` the 32-character SHA-256 key, `environment` `test`|`production`) or Stripe (`secretKey` sk_…/rk_…, `webhookSecret` whsec_…). Secrets are stored sealed with `UMENU_SECRETS_KEY` (503 when the server has none) and never answered; a secret left out keeps the stored one of the same provider. `url` sends the provider's requests to another address (https://, or http:// on this machine: a local stand-in)",
  parameters: [venueParam],
  body: PaymentProviderInput,
  responses: {
    200: json('PaymentProviderSettings', 'Saved, without secrets'),
    ...managers,
    503: problemResponse('The server has no UMENU_SECRETS_KEY to seal secrets with'),
  },
});

export const deletePaymentProvider = operation({
  method: 'delete',
  path: '/venues/{id}/payment-provider',
  operationId: 'deletePaymentProvider',
  tags,
  access: 'bearer',
  summary:
    "Remove the venue's online payment provider and its secrets (manager of the venue, admin; idempotent): from then on staff take every payment",
  parameters: [venueParam],
  responses: { 204: { description: 'Removed' }, ...managers },
});
