/** The bill's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import {
  ConfirmIssuerInput,
  OrderPaymentInput,
  PaymentInput,
  PaymentRequestInput,
} from '../../../src/contract/bill.ts';
import { RefundInput } from '../../../src/contract/refund.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse, tableAuth, tableClosed } from '../../platform/openapi.ts';

const tags = ['bill'];
const keyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description:
    '8–200 printable ASCII characters; a repeat answers the first payment and its receipt (Idempotent-Replayed: true)',
  schema: { type: 'string', minLength: 8, maxLength: 200 },
};
const staffOnly = { 403: problemResponse('Not staff of this venue') };
const managerOnly = { 403: problemResponse('Not a manager of this venue') };
const dateParam = {
  name: 'date',
  in: 'query',
  required: true,
  description: "The day in the venue's time zone (YYYY-MM-DD)",
  schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
};

export const getTableBill = operation({
  method: 'get',
  path: '/table-session/bill',
  operationId: 'getTableBill',
  tags,
  access: 'table',
  summary:
    "The table's bill (participant): `total`, `paid`, `pending`, `balance`, `unassigned`, `lines` (each with who ordered, paid, claimed or shares it), `payments`, pending `requests`, `paidAt` once the balance reached 0; and the rounds, each person's total and the subtotal",
  responses: { 200: json('TableBill', 'The bill'), ...tableAuth, ...tableClosed },
});

export const createPaymentRequest = operation({
  method: 'post',
  path: '/table-session/payment-requests',
  operationId: 'createPaymentRequest',
  tags,
  access: 'table',
  summary:
    '«Pagar mi parte»: ask staff to take a payment, by lines (`lineIds`), shares of lines (`shares`: `{lineId, of}`, the remainder rule of docs/rules.md#the-bill) or an amount (`amount`, at most what nobody has asked to pay yet), with a tip on top (at most 100 % of the part). Appends `event: bill` for the board and every phone of the table',
  body: PaymentRequestInput,
  responses: {
    201: json('PaymentRequest', 'The request, `status: pending`'),
    ...tableAuth,
    409: problemResponse(
      'A line is already paid or claimed by someone else, shared between another number of people or all its shares are taken, the amount is more than the balance or than what is unassigned, nothing is left to pay, or the session is closed (type table-closed)',
    ),
    422: problemResponse(
      'Unknown or repeated line, lines and an amount together, nothing chosen, or a tip above 100 %',
    ),
    429: problemResponse('Too many payment requests from this person (`UMENU_TABLE_PAY_REQUEST_LIMIT`; Retry-After)'),
  },
});

export const cancelPaymentRequest = operation({
  method: 'delete',
  path: '/table-session/payment-requests/{requestId}',
  operationId: 'cancelPaymentRequest',
  tags,
  access: 'table',
  summary: "Withdraw one's own pending request: its lines and shares are free again",
  parameters: [idParam('requestId', 'Request id')],
  responses: {
    200: json('PaymentRequest', 'The request, `status: cancelled`'),
    ...tableAuth,
    403: problemResponse("Someone else's request"),
    404: problemResponse('No such request at this table'),
    409: problemResponse('Already paid or cancelled, or the session is closed'),
  },
});

export const getStaffTableBill = operation({
  method: 'get',
  path: '/venues/{id}/tables/{label}/bill',
  operationId: 'getStaffTableBill',
  tags,
  access: 'bearer',
  summary: "The bill of the table's open session (staff of the venue): the same answer as the participant's",
  parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label')],
  responses: {
    200: json('TableBill', 'The bill'),
    ...staffOnly,
    404: problemResponse('No such venue, or the table has no open session'),
  },
});

export const recordTablePayment = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/payments',
  operationId: 'recordTablePayment',
  tags,
  access: 'bearer',
  summary:
    "«Cobrar» (staff of the venue): a payment of the table's bill — a diner's request (`requestId`, same amount), lines (`lineIds`, amount = their total) or any amount up to the balance — and its simplified invoice (gapless number `{series}-{year}-{n}` per venue and series; for a venue in Spain whose tax id an admin confirmed, its VERI*FACTU record). Balance 0 → the session is paid (`paidAt`, «Pagada»). Appends `event: bill`",
  parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label'), keyHeader],
  body: PaymentInput,
  responses: {
    200: json('PaymentResult', 'A repeat of the Idempotency-Key: the first payment and receipt'),
    201: json('PaymentResult', 'The payment and its receipt'),
    400: problemResponse('Missing Idempotency-Key'),
    ...staffOnly,
    404: problemResponse('No such venue or request, or the table has no open session'),
    409: problemResponse(
      'More than the balance (`balance`), nothing left to pay, a line already paid or claimed, or the request is no longer pending',
    ),
    422: problemResponse(
      "Amount differs from the request's or the lines', unknown line, tip above 100 %, or the key was used with another body",
    ),
  },
});

export const recordOrderPayment = operation({
  method: 'post',
  path: '/venues/{id}/orders/{orderId}/payments',
  operationId: 'recordOrderPayment',
  tags,
  access: 'bearer',
  summary:
    "Mark a pickup or delivery order paid (staff of the venue): its payment (the order's total; its tip apart) and simplified invoice, like a table's; `method` defaults to the order's",
  parameters: [idParam('id', 'Venue id'), idParam('orderId', 'Order id'), keyHeader],
  body: OrderPaymentInput,
  responses: {
    200: json('PaymentResult', 'A repeat of the Idempotency-Key'),
    201: json('PaymentResult', 'The payment and its receipt'),
    400: problemResponse('Missing Idempotency-Key'),
    ...staffOnly,
    404: problemResponse('No such venue or order'),
    409: problemResponse("Already paid, cancelled, or a table's round (paid with the table's bill)"),
    422: problemResponse('The key was used with another body'),
  },
});

export const getReceipt = operation({
  method: 'get',
  path: '/receipts/{id}',
  operationId: 'getReceipt',
  tags,
  access: 'public',
  summary:
    "A simplified invoice by its unguessable id (anyone with the link): number, venue and legal details, time in the venue's zone, lines or share, base and tax per rate (tax-inclusive prices), tip, total, method and, in Spain, the VERI*FACTU data and verification URL",
  parameters: [idParam('id', 'Receipt id')],
  responses: { 200: json('Receipt', 'The receipt'), 404: problemResponse('No such receipt') },
});

export const listOrderPayments = operation({
  method: 'get',
  path: '/venues/{id}/order-payments',
  operationId: 'listOrderPayments',
  tags,
  access: 'bearer',
  summary:
    "The payments of the venue's pickup and delivery orders in the last 24 hours, oldest first (staff of the venue): a board opened or reloaded later shows those orders paid; new ones arrive as `event: payment` on the board's stream",
  parameters: [idParam('id', 'Venue id')],
  responses: { 200: json('OrderPaymentList', 'The payments'), ...staffOnly, 404: problemResponse('No such venue') },
});

export const listVerifactuRecords = operation({
  method: 'get',
  path: '/venues/{id}/verifactu/records',
  operationId: 'listVerifactuRecords',
  tags,
  access: 'bearer',
  summary:
    "The venue's VERI*FACTU registration records in chain order, with the AEAT's field names and the values exactly as they enter the fingerprint (manager of the venue)",
  parameters: [idParam('id', 'Venue id')],
  responses: { 200: json('VerifactuRecords', 'The records'), ...managerOnly, 404: problemResponse('No such venue') },
});

export const getVerifactuIssuer = operation({
  method: 'get',
  path: '/venues/{id}/verifactu/issuer',
  operationId: 'getVerifactuIssuer',
  tags,
  access: 'bearer',
  summary:
    "The venue's VERI*FACTU issuer (manager of the venue): its Spanish tax id, whether an admin confirmed it (only then do its receipts join the issuer's chain) and its invoice series",
  parameters: [idParam('id', 'Venue id')],
  responses: { 200: json('VerifactuIssuer', 'The issuer'), ...managerOnly, 404: problemResponse('No such venue') },
});

export const confirmVerifactuIssuer = operation({
  method: 'post',
  path: '/venues/{id}/verifactu/issuer',
  operationId: 'confirmVerifactuIssuer',
  tags,
  access: 'bearer',
  summary:
    "An admin confirms the venue's tax id (`taxId`, the venue's own): from then on its receipts join that issuer's VERI*FACTU chain, numbered in a series of the venue's own under the issuer (`FS1`, `FS2`…). Idempotent",
  parameters: [idParam('id', 'Venue id')],
  body: ConfirmIssuerInput,
  responses: {
    200: json('VerifactuIssuer', 'The issuer, confirmed'),
    403: problemResponse('Not an admin'),
    404: problemResponse('No such venue'),
    409: problemResponse('The venue has no legal details in Spain, or `taxId` is not its tax id'),
    422: problemResponse('Bad body'),
  },
});

export const getCashDay = operation({
  method: 'get',
  path: '/venues/{id}/cash',
  operationId: 'getCashDay',
  tags,
  access: 'bearer',
  summary:
    "The venue's day for `/panel/caja` (manager): payments by method, tips, receipts, tables open with a balance, tables closed unpaid",
  parameters: [idParam('id', 'Venue id'), dateParam],
  responses: {
    200: json('CashDay', 'The day'),
    ...managerOnly,
    404: problemResponse('No such venue'),
    422: problemResponse('Bad date'),
  },
});

export const getCashCsv = operation({
  method: 'get',
  path: '/venues/{id}/cash/receipts.csv',
  operationId: 'getCashCsv',
  tags,
  access: 'bearer',
  summary:
    "The day's receipts as CSV (manager): `;`-separated, decimal comma, UTF-8 — numero;fecha;mesa;pedido;metodo;base;impuesto;importe;propina;total;moneda;tipo;rectifica;proveedor;referencia_proveedor",
  parameters: [idParam('id', 'Venue id'), dateParam],
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
    ...managerOnly,
    404: problemResponse('No such venue'),
    422: problemResponse('Bad date'),
  },
});

export const refundPayment = operation({
  method: 'post',
  path: '/venues/{id}/payments/{paymentId}/refund',
  operationId: 'refundPayment',
  tags,
  access: 'bearer',
  summary:
    "Give back all or part of a payment (manager of the venue, admin): `amount` (the sale first, the tip only with the last of the sale; never more than was paid and not yet refunded) and `reason`. A payment made online is refunded through its provider (a refusal records nothing: 409 with the provider's reason); one taken at the venue is given back there. Answers the refund and its rectifying receipt (R5, negative amounts, its VERI*FACTU record chained after the issuer's last)",
  parameters: [idParam('id', 'Venue id'), idParam('paymentId', 'Payment id'), keyHeader],
  body: RefundInput,
  responses: {
    200: json('RefundResult', 'A repeat of the Idempotency-Key'),
    201: json('RefundResult', 'The refund and its rectifying receipt'),
    400: problemResponse('Missing Idempotency-Key'),
    ...managerOnly,
    404: problemResponse('No such venue or payment'),
    409: problemResponse(
      'More than what is left to refund, already refunded, being refunded, or refused by the provider',
    ),
    422: problemResponse('Invalid body, or the key was used with another body'),
  },
});
