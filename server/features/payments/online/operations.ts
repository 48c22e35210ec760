/** Paying from the phone's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { CheckoutInput } from '../../../../src/contract/online-payments.ts';
import { operation } from '../../../platform/operations.ts';
import { idParam, json, problemResponse, tableAuth } from '../../../platform/openapi.ts';

const tags = ['payments'];
const received = {
  description: 'Received: recorded, refused for good (logged), or a repeat that changed nothing',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { received: { type: 'boolean' } }, required: ['received'] },
    },
  },
};
const badNotification = {
  400: problemResponse('Unknown payment or a signature that does not verify: nothing recorded (logged)'),
  422: problemResponse('Amount or currency different from the pending payment: refused, nothing recorded (logged)'),
};

export const checkoutTableBill = operation({
  method: 'post',
  path: '/table-session/bill/checkout',
  operationId: 'checkoutTableBill',
  tags,
  access: 'table',
  summary:
    "«Pagar ahora» (participant): one's part of the bill — lines (`lineIds`), shares (`shares`) or an amount, plus `tip`, priced as a payment request (docs/rules.md#the-bill) — paid at the venue's provider (`method` `card`, or `bizum` with Redsys). What it pays is held for the payer (others see «Pagando…») until the provider confirms, 10 minutes at most; the phone follows `redirect` (a GET, or a form POSTed with `fields`) and comes back to `/pago/{paymentId}`. Appends `event: bill`",
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description: '8–200 printable ASCII characters; a repeat answers the first attempt (Idempotent-Replayed: true)',
      schema: { type: 'string', minLength: 8, maxLength: 200 },
    },
  ],
  body: CheckoutInput,
  responses: {
    200: json('CheckoutResult', 'A repeat of the Idempotency-Key: the first attempt'),
    201: json('CheckoutResult', 'The pending payment and where to pay it'),
    400: problemResponse('Missing Idempotency-Key'),
    ...tableAuth,
    409: problemResponse(
      'The venue takes no payments from the phone, a line is paid or taken, more than the balance or than what is unassigned, nothing left to pay, or the session is closed (type table-closed)',
    ),
    422: problemResponse(
      'Unknown or repeated line, lines and an amount, nothing chosen, a tip above 100 %, Bizum without Redsys, or the key reused with another body',
    ),
    502: problemResponse('The provider did not answer: nothing is held'),
  },
});

export const getOnlinePayment = operation({
  method: 'get',
  path: '/payments/{paymentId}',
  operationId: 'getOnlinePayment',
  tags,
  access: 'public',
  summary:
    'A payment from the phone by its unguessable id (the return page `/pago/{paymentId}`): `pending` until the provider confirms, then `paid` with its `receiptId`, or `failed` / `expired`',
  parameters: [idParam('paymentId', 'Payment id')],
  responses: { 200: json('OnlinePayment', 'The payment'), 404: problemResponse('No such payment') },
});

export const redsysNotification = operation({
  method: 'post',
  path: '/payments/redsys/notification',
  operationId: 'redsysNotification',
  tags,
  access: 'public',
  summary:
    "Redsys' server-to-server notification (form-encoded `Ds_SignatureVersion`, `Ds_MerchantParameters`, `Ds_Signature`), verified with the venue's secret before anything is recorded. Authorised (`Ds_Response` 0000–0099): the payment, its receipt and VERI*FACTU record in one transaction, exactly once; otherwise the payment fails and frees what it held",
  requestBody: {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: {
          type: 'object',
          required: ['Ds_SignatureVersion', 'Ds_MerchantParameters', 'Ds_Signature'],
          properties: {
            Ds_SignatureVersion: { type: 'string' },
            Ds_MerchantParameters: { type: 'string' },
            Ds_Signature: { type: 'string' },
          },
        },
      },
    },
  },
  responses: { 200: received, ...badNotification },
});

export const stripeWebhook = operation({
  method: 'post',
  path: '/payments/stripe/webhook',
  operationId: 'stripeWebhook',
  tags,
  access: 'public',
  summary:
    "Stripe's `checkout.session.*` webhook (the raw body and `Stripe-Signature`), verified with the venue's signing secret before anything is recorded; `checkout.session.completed` paid: recorded as Redsys' is, exactly once",
  parameters: [
    {
      name: 'Stripe-Signature',
      in: 'header',
      required: true,
      description: "Stripe's signature",
      schema: { type: 'string' },
    },
  ],
  requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
  responses: { 200: received, ...badNotification },
});

export const getVenuePaymentMethods = operation({
  method: 'get',
  path: '/venues/{id}/payment-methods',
  operationId: 'getVenuePaymentMethods',
  tags,
  access: 'public',
  summary:
    'Whether a venue takes payments from the phone, and how (docs/rules.md#paying-from-the-phone): `card` and `bizum` with Redsys, `card` with Stripe, none without a provider. The checkout offers «Pagar ahora» from it',
  parameters: [idParam('id', 'Venue id')],
  responses: { 200: json('OnlinePaying', 'The methods (an empty list: none)'), 404: problemResponse('No such venue') },
});
