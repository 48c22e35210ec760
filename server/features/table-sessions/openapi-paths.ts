/**
 * The OpenAPI paths of this feature's operations, written by hand beside its routes: each
 * becomes an `operation()` next to its route (server/platform/operations.ts) and leaves this file.
 */
import { json, problemResponse, body, PUBLIC, TABLE, tableAuth, tableClosed, idParam, jsonBodyErrors, signedIn, eventStream, resumeParams } from '../../platform/openapi.ts';

export const openApiPaths = {
  '/venues/{id}/tables/{label}/check': {
    get: {
      operationId: 'checkTableToken', tags: ['tables'], security: PUBLIC,
      summary: 'Whether a table link\'s token opens this table now; reveals nothing else',
      parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label'), { name: 't', in: 'query', required: true, description: 'The token of the table link', schema: { type: 'string', maxLength: 64 } }],
      responses: { 200: json('TableCheck', 'The token opens this table'), 404: problemResponse('Unknown venue or table, or an unknown, old or rotated token (type table-token-invalid)') },
    },
  },
  '/venues/{id}/tables/{label}/join': {
    post: {
      operationId: 'joinTable', tags: ['tables'], security: [{}, { bearer: [] }],
      summary: 'Join the table\'s open session, or open one; answers a participant credential bound to that session. A signed-in diner (optional bearer token) joins under their account name. Rate-limited per table and per client address',
      parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label')],
      requestBody: body('JoinInput'),
      responses: {
        201: json('JoinResult', 'Joined: keep `credential` (send it as X-Table-Credential)'),
        ...jsonBodyErrors,
        401: problemResponse('A bearer token was sent and is not valid (refresh it, or join without it)'),
        404: problemResponse('Unknown venue or table, or an unknown, old or rotated token (type table-token-invalid)'),
        422: problemResponse('Missing or bad name (`errors.name`: 1 to 40 characters)'),
        429: problemResponse('Too many joins of this table or from this address (Retry-After)'),
      },
    },
  },
  '/table-session': {
    get: {
      operationId: 'getTableSession', tags: ['tables'], security: TABLE,
      summary: 'The caller\'s table session: participants, the shared cart (priced now), rounds, open calls. A closed session answers `status: closed` with everything empty',
      responses: { 200: json('TableSession', 'The session'), ...tableAuth },
    },
  },
  '/table-session/events': {
    get: {
      operationId: 'streamTableSession', tags: ['tables'], security: TABLE,
      summary: 'Live session (SSE, resumable like the order streams): `retry:` and `event: ready`, then `event: session` with the whole TableSession at once and after every change (join, cart, round, call, acknowledgement, close), and `event: order` with the whole Order when one of its rounds changes status; only this session\'s events. A closed session sends its empty closed snapshot and replays nothing',
      parameters: resumeParams,
      responses: { 200: eventStream, ...tableAuth },
    },
  },
  '/table-session/cart/lines/{lineId}': {
    put: {
      operationId: 'putTableCartLine', tags: ['tables'], security: TABLE,
      summary: 'Create the line (id chosen by the client), or change the caller\'s own line. A new line identical (dish, options, note) to one of the caller\'s merges into it (quantities added, at most 99); repeating a PUT changes nothing. At most 50 lines per table',
      parameters: [idParam('lineId', 'Line id chosen by the client', { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' })],
      requestBody: body('OrderLineInput'),
      responses: {
        200: json('TableSession', 'The session after the change'),
        ...jsonBodyErrors,
        ...tableAuth,
        403: problemResponse('The line was added by someone else'),
        ...tableClosed,
        422: problemResponse('Bad line id, unknown or unavailable dish or option (the dish is named), option group rules, quantity 1–99, or 50 lines already'),
      },
    },
    delete: {
      operationId: 'deleteTableCartLine', tags: ['tables'], security: TABLE,
      summary: 'Remove a line (anyone at the table; a line that is not there answers the session as it is)',
      parameters: [idParam('lineId', 'Line id', { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' })],
      responses: { 200: json('TableSession', 'The session after the change'), ...tableAuth, ...tableClosed, 422: problemResponse('Bad line id') },
    },
  },
  '/table-session/rounds': {
    post: {
      operationId: 'sendTableRound', tags: ['tables'], security: TABLE,
      summary: 'Send the whole table cart to the kitchen as one order (mode table, lines with `by`), priced by the server; the cart empties for everyone. 409 price-changed with `changes` and `total` as for POST /orders',
      parameters: [{ name: 'Idempotency-Key', in: 'header', required: true, description: '8–200 printable ASCII characters; a repeat answers the first round (Idempotent-Replayed: true)', schema: { type: 'string', minLength: 8, maxLength: 200 } }],
      requestBody: body('RoundInput'),
      responses: {
        201: json('Order', 'The round (or the first one, replayed)'),
        ...jsonBodyErrors,
        400: problemResponse('Missing Idempotency-Key or malformed JSON'),
        ...tableAuth,
        409: problemResponse('Prices (or the cart) changed: `changes`, `total`; or the session is closed (type table-closed)', 'PriceChangedProblem'),
        422: problemResponse('Empty cart, unavailable dish, venue closed, below minimum, or key reused with another body'),
        429: problemResponse('Too many rounds in a short time'),
      },
    },
  },
  '/table-session/calls': {
    post: {
      operationId: 'callTableStaff', tags: ['tables'], security: TABLE,
      summary: 'Call the waiter or ask for the bill: reaches the board until staff acknowledge it. One open call of each kind per table',
      requestBody: body('CallInput'),
      responses: {
        200: json('CallResult', 'A call of this kind is already open (`alreadyOpen: true`)'),
        201: json('CallResult', 'Call made'),
        ...jsonBodyErrors,
        ...tableAuth,
        ...tableClosed,
        429: problemResponse('Too many calls from this table (Retry-After)'),
      },
    },
  },
  '/table-session/bill': {
    get: {
      operationId: 'getTableBill', tags: ['tables'], security: TABLE,
      summary: 'The table\'s bill: every round that was not cancelled, each person\'s total, the table total (the tip is chosen on the bill screen)',
      responses: { 200: json('TableBill', 'The bill'), ...tableAuth, ...tableClosed },
    },
  },
  '/venues/{id}/table-sessions': {
    get: {
      operationId: 'listTableSessions', tags: ['tables'],
      summary: 'Tables with an open session, their people, cart size, rounds and open calls (staff or manager of the venue)',
      parameters: [idParam('id', 'Venue id')],
      responses: { 200: json('StaffTableSessions', 'Open sessions'), ...signedIn, 403: problemResponse('Not staff of this venue'), 404: problemResponse('No such venue') },
    },
  },
  '/venues/{id}/table-calls/{callId}/ack': {
    post: {
      operationId: 'acknowledgeTableCall', tags: ['tables'],
      summary: 'Staff acknowledge a call (it leaves the board and the table\'s phones); repeating it answers the same call',
      parameters: [idParam('id', 'Venue id'), idParam('callId', 'Call id')],
      responses: { 200: json('TableCall', 'The acknowledged call'), ...signedIn, 403: problemResponse('Not staff of this venue'), 404: problemResponse('No such venue or call') },
    },
  },
  '/venues/{id}/tables/{label}/close': {
    post: {
      operationId: 'closeTable', tags: ['tables'],
      summary: 'End the table\'s session (staff of the venue): every phone of it gets the closed snapshot; the next join opens a new, empty session',
      parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label')],
      responses: { 200: json('TableClosed', 'Closed'), ...signedIn, 403: problemResponse('Not staff of this venue'), 404: problemResponse('No such venue, or the table has no open session') },
    },
  },
};
