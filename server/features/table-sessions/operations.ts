/** The table-sessions feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { CallInput, CartLineInput, JoinInput, RoundInput } from '../../../src/contract/table.ts';
import { CloseTableInput } from '../../../src/contract/bill.ts';
import { operation } from '../../platform/operations.ts';
import {
  eventStream,
  idParam,
  json,
  problemResponse,
  resumeParams,
  tableAuth,
  tableClosed,
} from '../../platform/openapi.ts';

export * from './floor/operations.ts';

const tags = ['table-sessions'];
const lineIdSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' };
const cartTooFast = problemResponse(
  'Too many cart writes by this participant or this table in a short time: send the edit again after Retry-After',
);
const tokenInvalid = problemResponse(
  'Unknown venue or table, or an unknown, old or rotated token (type table-token-invalid)',
);

export const checkTableToken = operation({
  method: 'get',
  path: '/venues/{id}/tables/{label}/check',
  operationId: 'checkTableToken',
  tags,
  access: 'public',
  summary: "Whether a table link's token opens this table now; reveals nothing else",
  parameters: [
    idParam('id', 'Venue id'),
    idParam('label', 'Table label'),
    {
      name: 't',
      in: 'query',
      required: true,
      description: 'The token of the table link',
      schema: { type: 'string', maxLength: 64 },
    },
  ],
  responses: {
    200: json('TableCheck', 'The token opens this table'),
    404: tokenInvalid,
    429: problemResponse(
      'Too many wrong tokens from this client address (join and check share the bucket; Retry-After)',
    ),
  },
});

export const joinTable = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/join',
  operationId: 'joinTable',
  tags,
  access: 'bearer-optional',
  summary:
    "Join the table's open session, or open one; answers a participant credential bound to that session. A signed-in diner (optional bearer token) joins under their account name. Good joins are rate-limited per client address (for this table's session, and for every table); wrong tokens count in their own bucket per address; a session holds at most 20 people (configurable)",
  parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label')],
  body: JoinInput,
  responses: {
    201: json('JoinResult', 'Joined: keep `credential` (send it as X-Table-Credential)'),
    202: json(
      'JoinWaiting',
      'With `group: new` while the table has an open session with people: staff were asked to close it (the board shows «Mesa 3: un grupo nuevo espera»); nothing of it is answered. Ask again: 201 once staff closed it',
    ),
    401: problemResponse('A bearer token was sent and is not valid (refresh it, or join without it)'),
    404: tokenInvalid,
    409: problemResponse(
      'The session already holds the most people allowed (type table-full), or its last activity is older than 30 minutes and `group` was not given (type table-same-group: ask «¿Sois el mismo grupo?» and join again with `group`)',
    ),
    422: problemResponse('Missing or bad name (`errors.name`: 1 to 40 characters)'),
    429: problemResponse(
      'Too many joins of this table from this address, too many joins from this address, or too many wrong tokens from it (Retry-After)',
    ),
  },
});

export const getTableSession = operation({
  method: 'get',
  path: '/table-session',
  operationId: 'getTableSession',
  tags,
  access: 'table',
  summary:
    "The caller's table session: participants, the shared cart (priced now), rounds, open calls. A closed session answers `status: closed` with everything empty",
  responses: { 200: json('TableSession', 'The session'), ...tableAuth },
});

export const streamTableSession = operation({
  method: 'get',
  path: '/table-session/events',
  operationId: 'streamTableSession',
  tags,
  access: 'table',
  summary:
    "Live session (SSE, resumable like the order streams): `retry:` and `event: ready`, then `event: session` with the whole TableSession at once and after every change but the cart's (join, round, call, acknowledgement, close), `event: cart` with only what a cart change touched (TableCartChange: the line added or changed, or the removed line's id, with the session's version: a phone that sees a gap in versions reads GET /table-session once), `event: order` with the whole Order when one of its rounds changes status, and `event: bill` with the bill's state (BillState) after every payment request and payment (docs/rules.md#the-bill), `event: table-moved` (TableMoved) when staff move the table or merge it into another (after a merge the stream ends: reconnect with the same credential to follow the merged session) and `event: participant-removed` (ParticipantRemoved) when staff remove a person (the stream of that person's phone ends; their credential then answers 401), docs/rules.md#the-floor; only this session's events. Resuming more than 200 events or 256 KB behind answers one current `event: session` instead of the history. A closed session sends its empty closed snapshot and replays nothing",
  parameters: resumeParams,
  responses: { 200: eventStream, ...tableAuth },
});

export const putTableCartLine = operation({
  method: 'put',
  path: '/table-session/cart/lines/{lineId}',
  operationId: 'putTableCartLine',
  tags,
  access: 'table',
  summary:
    "Create the line (id chosen by the client), or change the caller's own line. A new line identical (dish, options, note) to one of the caller's merges into it (quantities added, at most 99); repeating a PUT changes nothing. At most 50 lines per table; writes (PUT and DELETE) are rate-limited per participant and per session",
  parameters: [idParam('lineId', 'Line id chosen by the client', lineIdSchema)],
  body: CartLineInput,
  responses: {
    200: json('TableSession', 'The session after the change'),
    ...tableAuth,
    403: problemResponse('The line was added by someone else'),
    ...tableClosed,
    422: problemResponse(
      'Bad line id, unknown or unavailable dish or option (the dish is named), option group rules, quantity 1–99, or 50 lines already',
    ),
    429: cartTooFast,
  },
});

export const deleteTableCartLine = operation({
  method: 'delete',
  path: '/table-session/cart/lines/{lineId}',
  operationId: 'deleteTableCartLine',
  tags,
  access: 'table',
  summary: 'Remove a line (anyone at the table; a line that is not there answers the session as it is)',
  parameters: [idParam('lineId', 'Line id', lineIdSchema)],
  responses: {
    200: json('TableSession', 'The session after the change'),
    ...tableAuth,
    ...tableClosed,
    422: problemResponse('Bad line id'),
    429: cartTooFast,
  },
});

export const sendTableRound = operation({
  method: 'post',
  path: '/table-session/rounds',
  operationId: 'sendTableRound',
  tags,
  access: 'table',
  summary:
    'Send the whole table cart to the kitchen as one order (mode table, lines with `by`), priced by the server; the cart empties for everyone. 409 price-changed with `changes` and `total` as for POST /orders',
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description: '8–200 printable ASCII characters; a repeat answers the first round (Idempotent-Replayed: true)',
      schema: { type: 'string', minLength: 8, maxLength: 200 },
    },
  ],
  body: RoundInput,
  responses: {
    201: json('Order', 'The round (or the first one, replayed)'),
    400: problemResponse('Missing Idempotency-Key or malformed JSON'),
    ...tableAuth,
    409: problemResponse(
      'Prices (or the cart) changed: `changes`, `total`; or the session is closed (type table-closed)',
      'PriceChangedProblem',
    ),
    422: problemResponse('Empty cart, unavailable dish, venue closed, below minimum, or key reused with another body'),
    429: problemResponse('Too many rounds in a short time'),
  },
});

export const callTableStaff = operation({
  method: 'post',
  path: '/table-session/calls',
  operationId: 'callTableStaff',
  tags,
  access: 'table',
  summary:
    'Call the waiter or ask for the bill: reaches the board until staff acknowledge it. One open call of each kind per table',
  body: CallInput,
  responses: {
    200: json('CallResult', 'A call of this kind is already open (`alreadyOpen: true`)'),
    201: json('CallResult', 'Call made'),
    ...tableAuth,
    ...tableClosed,
    429: problemResponse('Too many calls from this table (Retry-After)'),
  },
});

export const listTableSessions = operation({
  method: 'get',
  path: '/venues/{id}/table-sessions',
  operationId: 'listTableSessions',
  tags,
  access: 'bearer',
  summary:
    'Tables with an open session, their people, cart size, rounds and open calls (staff or manager of the venue)',
  parameters: [idParam('id', 'Venue id')],
  responses: {
    200: json('StaffTableSessions', 'Open sessions'),
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such venue'),
  },
});

export const acknowledgeTableCall = operation({
  method: 'post',
  path: '/venues/{id}/table-calls/{callId}/ack',
  operationId: 'acknowledgeTableCall',
  tags,
  access: 'bearer',
  summary: "Staff acknowledge a call (it leaves the board and the table's phones); repeating it answers the same call",
  parameters: [idParam('id', 'Venue id'), idParam('callId', 'Call id')],
  responses: {
    200: json('TableCall', 'The acknowledged call'),
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such venue or call'),
  },
});

export const closeTable = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/close',
  operationId: 'closeTable',
  tags,
  access: 'bearer',
  summary:
    'End the table\'s session (staff of the venue): every phone of it gets the closed snapshot; the next join opens a new, empty session. A table that still owes part of its bill needs the body `{"confirmUnpaid": true}` (else 409 with `balance`); the unpaid amount is recorded and answered as `unpaid`',
  parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label')],
  body: CloseTableInput,
  requestBody: { required: false },
  responses: {
    200: json('TableClosed', 'Closed'),
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such venue, or the table has no open session'),
    409: problemResponse(
      'The table still owes part of its bill: send `{"confirmUnpaid": true}` to close it anyway (`balance`)',
    ),
    422: problemResponse('Bad body'),
  },
});
