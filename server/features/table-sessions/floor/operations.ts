/** The floor's API operations (docs/rules.md#the-floor): what staff of a venue do to its tables' sessions. */
import { MergeTableInput, MoveTableInput, WaiterLineInput, WaiterRoundInput } from '../../../../src/contract/floor.ts';
import { operation } from '../../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../../platform/openapi.ts';

const tags = ['floor'];
const lineIdSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' };
const table = [idParam('id', 'Venue id'), idParam('label', 'Table label')];
const staffOnly = {
  401: problemResponse('Not signed in, or the access token expired'),
  403: problemResponse(
    "Not staff, manager or admin of this venue; a diner's table credential (X-Table-Credential) never opens these",
  ),
};
const noSession = problemResponse('No such venue or table, or the table has no open session');

export const openTableSession = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/open',
  operationId: 'openTableSession',
  tags,
  access: 'bearer',
  summary:
    "Open the table's session without its QR code (staff): diners who scan the table's code later join this session. The board lists it at once, with nobody in it",
  parameters: table,
  responses: {
    200: json('FloorSession', 'The table already had an open session: it, as it is'),
    201: json('FloorSession', 'Opened'),
    ...staffOnly,
    404: problemResponse('No such venue or table'),
  },
});

export const getStaffTableSession = operation({
  method: 'get',
  path: '/venues/{id}/tables/{label}/session',
  operationId: 'getStaffTableSession',
  tags,
  access: 'bearer',
  summary: "The table's open session as its phones see it: people, the cart's lines, rounds, calls (staff)",
  parameters: table,
  responses: { 200: json('TableSession', 'The session'), ...staffOnly, 404: noSession },
});

export const putWaiterCartLine = operation({
  method: 'put',
  path: '/venues/{id}/tables/{label}/cart/lines/{lineId}',
  operationId: 'putWaiterCartLine',
  tags,
  access: 'bearer',
  summary:
    "A member of staff adds a line to the table's cart (or changes one they added), priced and checked as a diner's line; live on every phone of the table. The line says who added it (`by`: «Luis · camarero», `byStaff: true`) and, with `guest`, whom it is for («Comensal 2»): the round's order line keeps `guest`",
  parameters: [...table, idParam('lineId', 'Line id chosen by the client', lineIdSchema)],
  body: WaiterLineInput,
  responses: {
    200: json('TableSession', 'The session after the change'),
    ...staffOnly,
    404: noSession,
    422: problemResponse(
      'Bad line id, unknown or unavailable dish or option, option group rules, quantity 1–99, bad `guest`, or 50 lines already',
    ),
    429: problemResponse('Too many cart writes by this person or this table in a short time (Retry-After)'),
  },
});

export const deleteWaiterCartLine = operation({
  method: 'delete',
  path: '/venues/{id}/tables/{label}/cart/lines/{lineId}',
  operationId: 'deleteWaiterCartLine',
  tags,
  access: 'bearer',
  summary: "A member of staff removes a line of the table's cart (anyone's; its owner is told who did)",
  parameters: [...table, idParam('lineId', 'Line id', lineIdSchema)],
  responses: {
    200: json('TableSession', 'The session after the change'),
    ...staffOnly,
    404: noSession,
    422: problemResponse('Bad line id'),
  },
});

export const sendWaiterRound = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/rounds',
  operationId: 'sendWaiterRound',
  tags,
  access: 'bearer',
  summary:
    "A member of staff sends the table's whole cart to the kitchen, with the rules of a diner's round (no minimum, held courses, kitchen tickets and print jobs in the same transaction). A repeat of the Idempotency-Key answers the first round, on any instance. The body is optional: `expectedTotal` is compared as a diner's is",
  parameters: [
    ...table,
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description: '8–200 printable ASCII characters; a repeat answers the first round (Idempotent-Replayed: true)',
      schema: { type: 'string', minLength: 8, maxLength: 200 },
    },
  ],
  body: WaiterRoundInput,
  requestBody: { required: false },
  responses: {
    201: json('Order', 'The round (or the first one, replayed)'),
    400: problemResponse('Missing Idempotency-Key or malformed JSON'),
    ...staffOnly,
    404: noSession,
    409: problemResponse('Prices (or the cart) changed: `changes`, `total`', 'PriceChangedProblem'),
    422: problemResponse('Empty cart, unavailable dish, venue closed, or key reused with another body'),
  },
});

export const removeTableParticipant = operation({
  method: 'delete',
  path: '/venues/{id}/tables/{label}/participants/{participantId}',
  operationId: 'removeTableParticipant',
  tags,
  access: 'bearer',
  summary:
    "Remove a person from the table (staff): their phone gets `event: participant-removed` («El personal te ha quitado de esta mesa») and their credential opens nothing more (401); the lines they added stay. Kept in the venue's audit log",
  parameters: [...table, idParam('participantId', 'Participant id')],
  responses: {
    200: json('TableSession', 'The session without them'),
    ...staffOnly,
    404: problemResponse('No such venue or table, no open session, or no such person at it'),
  },
});

export const moveTable = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/move',
  operationId: 'moveTable',
  tags,
  access: 'bearer',
  summary:
    "Move the table's session to the free table `to` (staff): its people, cart, rounds, kitchen tickets and bill now belong to `to`; its phones keep working and get `event: table-moved` («Os hemos cambiado a la Mesa 7»). Kept in the venue's audit log",
  parameters: table,
  body: MoveTableInput,
  responses: {
    200: json('FloorSession', 'The session at its new table'),
    ...staffOnly,
    404: problemResponse('No such venue or table, or the table has no open session'),
    409: problemResponse('`to` has an open session (or is the same table)'),
    422: problemResponse('Bad body'),
  },
});

export const mergeTable = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/merge',
  operationId: 'mergeTable',
  tags,
  access: 'bearer',
  summary:
    "Merge the table's session into the open session of `into` (staff): one session with everyone, both carts, all rounds and one bill. The phones of this table get `event: table-moved` (`kind: merge`); their stream ends and their credential opens the merged session. Kept in the venue's audit log",
  parameters: table,
  body: MergeTableInput,
  responses: {
    200: json('FloorSession', 'The merged session'),
    ...staffOnly,
    404: problemResponse('No such venue or table, or the table has no open session'),
    409: problemResponse('`into` has no open session (move instead), or is the same table'),
    422: problemResponse('Bad body'),
  },
});
