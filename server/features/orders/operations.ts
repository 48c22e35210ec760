/** The orders feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { OrderInput, StatusInput } from '../../../src/contract/order.ts';
import { operation } from '../../platform/operations.ts';
import { eventStream, idParam, json, problemResponse, resumeParams } from '../../platform/openapi.ts';

const tags = ['orders'];

export const placeOrder = operation({
  method: 'post',
  path: '/orders',
  operationId: 'placeOrder',
  tags,
  access: 'bearer',
  summary:
    "Place an order. Prices are recomputed by the server; 409 with `changes` and `total` when they differ from `expectedTotal`. A set menu (`kind: set`) is one line with `choices` (`[{courseId, productId, optionIds, note?}]`, `optionIds: []`): priced at the set's price + supplements + the chosen dishes' options, never their own prices (docs/rules.md#set-menus-and-availability)",
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        '8–200 printable ASCII characters; a repeat with the same body returns the first order (header Idempotent-Replayed: true), another body gets 422, a concurrent duplicate 409',
      schema: { type: 'string', minLength: 8, maxLength: 200 },
    },
    {
      name: 'X-Table-Token',
      in: 'header',
      required: false,
      description: "Mode `table` only: the token of that table's link (`t`)",
      schema: { type: 'string', maxLength: 64 },
    },
    {
      name: 'X-Table-Credential',
      in: 'header',
      required: false,
      description: "Mode `table` only: the credential of a participant of that table's open session",
      schema: { type: 'string' },
    },
  ],
  body: OrderInput,
  responses: {
    201: json('Order', 'Order created (or replayed)'),
    400: problemResponse('Missing Idempotency-Key or malformed JSON'),
    403: problemResponse(
      'Mode `table` without a valid X-Table-Token or X-Table-Credential for that table (type table-access-required): a table is chosen only by its QR link',
    ),
    409: problemResponse(
      'Prices changed (`changes`: PriceChange[], `total`) or the same key is being processed',
      'PriceChangedProblem',
    ),
    422: problemResponse(
      "Invalid order (a set menu's choice outside its course, a course's min/max: `errors[\"lines.N.choices…\"]`), venue closed, item unavailable (sold out; a set menu whose required course has no dish left), outside its days and hours (type unavailable, `outOfHours` with each line's `when` sentence, «Disponible de lunes a viernes, de 13:00 a 16:00»), below the minimum (pickup and delivery only; `minOrder`, `missing`), `payment: online` at a venue that takes no payments from the phone, or key reused with another body",
    ),
    429: problemResponse('Too many orders from this account'),
    502: problemResponse('`payment: online`: the payment provider did not answer (the order is cancelled)'),
  },
});

export const listMyOrders = operation({
  method: 'get',
  path: '/orders',
  operationId: 'listMyOrders',
  tags,
  access: 'bearer',
  summary: 'My orders, newest first',
  responses: { 200: json('OrderList', 'Orders') },
});

export const getOrder = operation({
  method: 'get',
  path: '/orders/{id}',
  operationId: 'getOrder',
  tags,
  access: 'bearer',
  summary: 'One order (its owner or staff of its venue)',
  parameters: [idParam('id', 'Order id')],
  responses: { 200: json('Order', 'Order'), 404: problemResponse('No such order for this user') },
});

export const streamOrder = operation({
  method: 'get',
  path: '/orders/{id}/events',
  operationId: 'streamOrder',
  tags,
  access: 'bearer',
  summary:
    'Server-Sent Events: `retry:` and `event: ready`, then `event: order` with the whole Order as data (at once on a fresh connection, and on every status change), each with a numeric `id:`; `: ping` comments every 15 s; on shutdown `retry: 500` and the stream ends',
  parameters: [idParam('id', 'Order id'), ...resumeParams],
  responses: { 200: eventStream, 404: problemResponse('No such order for this user') },
});

export const streamVenueOrders = operation({
  method: 'get',
  path: '/venues/{id}/orders/events',
  operationId: 'streamVenueOrders',
  tags,
  access: 'bearer',
  summary:
    "Live order board (SSE, staff of the venue): `retry:` and `event: ready` (its `id:` is the stream position) on connect, then `event: order` with the whole order for every new order and status change (table rounds included), `event: venue` (`{venueId, updatedAt}`: refetch the menu) when availability or prices change, `event: table` (a StaffTableSession with `status`) on every change of a table session `event: ticket` (a Ticket: new, done, reopened, released by «Marchar») and `event: bill` (a table's BillState after a payment request or payment: balance, who pays what, `paidAt`); every event has a numeric `id:`; `: ping` every 15 s; on shutdown `retry: 500` and the stream ends",
  parameters: [idParam('id', 'Venue id'), ...resumeParams],
  responses: {
    200: eventStream,
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such venue'),
  },
});

export const listVenueOrders = operation({
  method: 'get',
  path: '/venues/{id}/orders',
  operationId: 'listVenueOrders',
  tags,
  access: 'bearer',
  summary: 'Order board of a venue, newest first (scope staff:{id} or admin)',
  parameters: [
    idParam('id', 'Venue id'),
    {
      name: 'status',
      in: 'query',
      required: false,
      description: 'Comma-separated statuses',
      schema: { type: 'string' },
    },
  ],
  responses: {
    200: json('OrderList', 'Orders'),
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such venue'),
    422: problemResponse('Unknown status'),
  },
});

export const setOrderStatus = operation({
  method: 'post',
  path: '/orders/{id}/status',
  operationId: 'setOrderStatus',
  tags,
  access: 'bearer',
  summary:
    'Move an order along (staff of its venue): received → preparing → ready → delivered; cancelled only from received',
  parameters: [idParam('id', 'Order id')],
  body: StatusInput,
  responses: {
    200: json('Order', 'Updated order'),
    403: problemResponse('Not staff'),
    404: problemResponse('No such order'),
    409: problemResponse('Transition not allowed'),
  },
});
