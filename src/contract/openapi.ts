/**
 * OpenAPI 3.1 document of the umenu API (docs/rules.md#api), built from the same zod
 * schemas the browser and the reference server validate with. Served at `/api/openapi.json`.
 */
import * as z from 'zod/mini';
import { LoginInput, RefreshInput, SocialTokenInput, TokenPair, UserResponse, User } from './auth.ts';
import { Category, Image, Option, OptionGroup, Product, Venue, VenueList, VenueSummary, Hours, Interval } from './venue.ts';
import { Order, OrderInput, OrderLine, OrderLineInput, OrderList, PriceChange, StatusChange, StatusInput, TipInput } from './order.ts';
import { Problem, PROBLEM_TYPES } from './problem.ts';
import { ProductChange, ProductHistory, ProductPatch, TableLink, TableList, UploadedImage, VenueIdCheck, VenueInput } from './manage.ts';
import {
  CallInput, CallResult, JoinInput, JoinResult, Participant, RoundInput, StaffTableSession, StaffTableSessions,
  TABLE_CREDENTIAL_HEADER, TableBill, TableCall, TableCartLine, TableCheck, TableClosed, TableSession,
} from './table.ts';
import { AcceptedInvitation, AcceptInvitationInput, CreatedInvitation, Invitation, InvitationInput, InvitationLookupInput, InvitationPreview, Team, TeamMember } from './team.ts';

const NAMED = {
  Image, Option, OptionGroup, Product, Category, Interval, Hours, VenueSummary, Venue, VenueList,
  LoginInput, RefreshInput, SocialTokenInput, TokenPair, User, UserResponse,
  OrderLineInput, TipInput, OrderInput, OrderLine, StatusChange, Order, OrderList, StatusInput, PriceChange, Problem,
  VenueInput, VenueIdCheck, ProductPatch, ProductChange, ProductHistory, UploadedImage, TableLink, TableList,
  TableCheck, JoinInput, JoinResult, Participant, TableCartLine, TableCall, TableSession, RoundInput, CallInput, CallResult,
  TableBill, StaffTableSession, StaffTableSessions, TableClosed,
  InvitationInput, Invitation, CreatedInvitation, TeamMember, Team, InvitationLookupInput, InvitationPreview, AcceptInvitationInput, AcceptedInvitation,
} as const;
type SchemaName = keyof typeof NAMED;

let cached: Record<string, unknown> | undefined;

const ref = (name: SchemaName | 'PriceChangedProblem') => ({ $ref: `#/components/schemas/${name}` });
const json = (name: SchemaName, description: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });
const problemResponse = (description: string, schema: SchemaName | 'PriceChangedProblem' = 'Problem') => ({ description, content: { 'application/problem+json': { schema: ref(schema) } } });
const body = (name: SchemaName) => ({ required: true, content: { 'application/json': { schema: ref(name) } } });
/** Operations anyone may call (the document's default is `bearer`). */
const PUBLIC: never[] = [];
/** Operations of a table-session participant: the credential `join` issued, in `X-Table-Credential`. */
const TABLE = [{ tableCredential: [] }];
const tableAuth = { 401: problemResponse('Missing, forged or unknown participant credential (type table-credential-invalid): scan the table\'s code again') };
const tableClosed = { 409: problemResponse('The session is closed (staff closed it, or 12 h without activity): type table-closed; scan the table\'s code to start again') };
const idParam = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({ name, in: 'path', required: true, description, schema });

/** Answers any operation with a JSON body may give before it looks at the data. */
const jsonBodyErrors = {
  400: problemResponse('Malformed JSON'),
  413: problemResponse('Body larger than the server accepts'),
  415: problemResponse('Content-Type is not JSON'),
  422: problemResponse('The body does not match the schema (field errors in `errors`)'),
};
const signedIn = { 401: problemResponse('Not signed in, or the access token expired') };
const eventStream = { description: 'Event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } };
/** Event streams resume where a client left off: every event after the given id, oldest first, then live ones. */
const resumeParams = [
  { name: 'Last-Event-ID', in: 'header', required: false, description: 'Id of the last event received: the stream first sends every later event of this stream, in order, without duplicates', schema: { type: 'string', pattern: '^[0-9]{1,20}$' } },
  { name: 'lastEventId', in: 'query', required: false, description: 'The same as `Last-Event-ID`, for clients that cannot set headers (it is not a secret)', schema: { type: 'string', pattern: '^[0-9]{1,20}$' } },
];
const healthBody = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok', 'error'] },
    db: { type: 'string', enum: ['sqlite', 'postgres'] },
    dbLatencyMs: { type: 'number', minimum: 0 },
    building: { type: 'boolean', description: 'The bundled server is building the site' },
    draining: { type: 'boolean', description: 'The instance received SIGTERM and is shutting down' },
  },
  required: ['status', 'db', 'dbLatencyMs', 'building'],
};
/** While an instance shuts down (SIGTERM), every operation answers this. */
const draining = { 503: problemResponse('This instance is shutting down: retry (Retry-After: 1), the load balancer sends you to another one') };

/** `Hours` is a record keyed by weekday; JSON Schema gets the explicit properties. */
function hoursSchema(): Record<string, unknown> {
  const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
  const day = { type: 'array', items: { $ref: '#/components/schemas/Interval' } };
  return {
    type: 'object',
    description: 'Opening intervals per weekday, in the venue\'s timezone; an empty list is a closed day',
    properties: Object.fromEntries(days.map((d) => [d, day])),
    required: days,
    additionalProperties: false,
  };
}

export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(NAMED)) registry.add(schema, { id: name });
  const generated = z.toJSONSchema(registry, { target: 'draft-2020-12', unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(generated.schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    schemas[name] = rest;
  }
  schemas.Hours = hoursSchema();
  (schemas.VenueInput as { properties: Record<string, unknown> }).properties.hours = ref('Hours');
  schemas.PriceChangedProblem = {
    description: 'Problem details of a refused order; `price-changed` adds the changed lines and the server\'s totals',
    type: 'object',
    allOf: [ref('Problem')],
    properties: {
      changes: { type: 'array', items: ref('PriceChange') },
      subtotal: { type: 'integer' }, tip: { type: 'integer' }, deliveryFee: { type: 'integer' }, total: { type: 'integer' }, expectedTotal: { type: 'integer' },
    },
  };

  cached = {
    openapi: '3.1.0',
    info: {
      title: 'umenu API',
      version: '1.0.0',
      description: 'Menús, pedidos y cuentas de umenu. Money is integer minor units (ISO 4217 exponent: cents for MXN, COP and EUR). '
        + 'Errors are RFC 9457 problem details with Spanish `title`/`detail`; `type` is one of: '
        + Object.values(PROBLEM_TYPES).join(', ') + '. '
        + 'Any other path under the API answers 404 problem details; an unexpected failure answers 500. '
        + 'Image `src` values are absolute when the server knows its public address (`UMENU_API_PUBLIC_URL`); '
        + 'otherwise they start with `/api/`, which stands for the API base (resolve them against it).',
    },
    servers: [{ url: '/api' }],
    // Operations need a bearer token unless they say otherwise (`security: []`).
    security: [{ bearer: [] }],
    tags: [
      { name: 'venues', description: 'Venues and their menus' },
      { name: 'tables', description: 'Table sessions: everyone at a table joins from their own phone, shares one cart, sends rounds, calls staff and sees the bill' },
      { name: 'orders', description: 'Orders, their live status and the staff board' },
      { name: 'auth', description: 'Accounts and tokens' },
      { name: 'manage', description: 'Venue self-service: menu editor, kitchen availability, images, tables' },
      { name: 'team', description: 'A venue\'s team: one-time invitation links that give manager:{id} or staff:{id}, the members, taking access away' },
      { name: 'service', description: 'Health, this document and generated media' },
    ],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        tableCredential: { type: 'apiKey', in: 'header', name: TABLE_CREDENTIAL_HEADER, description: 'Participant credential of a table session (issued by `join`; 256 random bits; not the table token)' },
      },
      schemas,
    },
    paths: {
      '/venues': {
        get: {
          operationId: 'listVenues', tags: ['venues'], security: PUBLIC,
          summary: 'Venue summaries, optionally filtered (accent-insensitive) by name, city or cuisine',
          parameters: [{ name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 100 } }],
          responses: { 200: json('VenueList', 'Venues'), 422: problemResponse('Search text too long') },
        },
      },
      '/venues/{id}': {
        get: {
          operationId: 'getVenue', tags: ['venues'], security: PUBLIC,
          summary: 'Full venue with its menu; strong ETag, answers 304 to a matching If-None-Match',
          parameters: [idParam('id', 'Venue id (slug)'), { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }],
          responses: { 200: json('Venue', 'The venue'), 304: { description: 'Not modified' }, 404: problemResponse('No such venue') },
        },
        put: {
          operationId: 'putVenue', tags: ['manage'],
          summary: 'Replace a venue and its menu (scope manager:{id} or admin; only an admin creates a new venue). Price and availability changes are recorded per dish',
          parameters: [idParam('id', 'Venue id'), { name: 'If-None-Match', in: 'header', required: false, description: '`*`: create only; answers 412 if the venue exists', schema: { type: 'string' } }], requestBody: body('VenueInput'),
          responses: { 200: json('Venue', 'Saved'), ...signedIn, 403: problemResponse('Not a manager of this venue (or a new venue and not an admin)'), 412: problemResponse('If-None-Match: * and the venue exists'), ...jsonBodyErrors },
        },
      },
      '/venues/{id}/exists': {
        get: {
          operationId: 'checkVenueId', tags: ['manage'], security: PUBLIC,
          summary: 'Whether a venue id is taken (and whether it is a usable id at all): always 200, for the "Nuevo local" form',
          parameters: [idParam('id', 'Venue id to check')],
          responses: { 200: json('VenueIdCheck', 'The answer') },
        },
      },
      '/venues/{id}/products/{productId}': {
        patch: {
          operationId: 'patchProduct', tags: ['manage'],
          summary: 'Change a dish\'s availability (staff:{id}, manager:{id} or admin) or price (manager:{id} or admin). Recorded in the dish\'s history; the board stream gets `event: venue` with `change`',
          parameters: [idParam('id', 'Venue id'), idParam('productId', 'Product id')],
          requestBody: body('ProductPatch'),
          responses: { 200: json('Product', 'Updated product'), ...signedIn, 403: problemResponse('Not staff of this venue, or staff sending a price'), 404: problemResponse('No such venue or product'), ...jsonBodyErrors },
        },
      },
      '/venues/{id}/products/{productId}/history': {
        get: {
          operationId: 'getProductHistory', tags: ['manage'],
          summary: 'Who changed a dish\'s price or availability, when, old → new; newest first (staff or manager of the venue)',
          parameters: [idParam('id', 'Venue id'), idParam('productId', 'Product id')],
          responses: { 200: json('ProductHistory', 'Changes'), ...signedIn, 403: problemResponse('Not staff or manager of this venue'), 404: problemResponse('No such venue or product') },
        },
      },
      '/venues/{id}/media': {
        post: {
          operationId: 'uploadMedia', tags: ['manage'],
          summary: 'Upload an image (manager:{id} or admin): JPEG, PNG, WebP or AVIF up to 8 MB, recognised by its bytes; stored as WebP (and AVIF where smaller) at widths 400, 800 and 1200 without metadata',
          parameters: [idParam('id', 'Venue id')],
          requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } } } } },
          responses: {
            201: json('UploadedImage', 'Stored: `src` is the widest WebP, `srcset` lists every width'),
            400: problemResponse('Unreadable form'),
            ...signedIn,
            403: problemResponse('Not a manager of this venue'),
            404: problemResponse('No such venue (an admin may upload for a venue not yet published: the editor of a new venue)'),
            413: problemResponse('Image larger than 8 MB'),
            415: problemResponse('Not a JPEG, PNG, WebP or AVIF image (or not multipart)'),
            422: problemResponse('No `file` field'),
          },
        },
      },
      '/venues/{id}/tables': {
        get: {
          operationId: 'listTables', tags: ['manage'],
          summary: 'The venue\'s tables with their public links `{site}/{id}?mesa={label}&t={token}` (staff or manager of the venue)',
          parameters: [idParam('id', 'Venue id')],
          responses: { 200: json('TableList', 'Tables'), ...signedIn, 403: problemResponse('Not staff or manager of this venue'), 404: problemResponse('No such venue') },
        },
      },
      '/venues/{id}/tables/{label}/token': {
        post: {
          operationId: 'rotateTableToken', tags: ['manage'],
          summary: 'New random token for a table (manager of the venue): its old link stops opening the table',
          parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label')],
          responses: { 200: json('TableLink', 'The table\'s new link'), ...signedIn, 403: problemResponse('Not a manager of this venue'), 404: problemResponse('No such venue or table') },
        },
      },
      '/venues/{id}/team': {
        get: {
          operationId: 'getTeam', tags: ['team'],
          summary: 'Who holds manager:{id} or staff:{id} (role manager wins when both), and the pending invitations (manager of the venue or admin; staff get 403)',
          parameters: [idParam('id', 'Venue id')],
          responses: { 200: json('Team', 'The team'), ...signedIn, 403: problemResponse('Not a manager of this venue nor an admin'), 404: problemResponse('No such venue') },
        },
      },
      '/venues/{id}/team/{userId}': {
        delete: {
          operationId: 'removeTeamMember', tags: ['team'],
          summary: 'Take manager:{id} and staff:{id} away from a member (manager of the venue or admin). Access tokens already issued keep their scope until they expire: the change reaches the person at their next token refresh at the latest',
          parameters: [idParam('id', 'Venue id'), idParam('userId', 'Account id')],
          responses: { 204: { description: 'Removed' }, ...signedIn, 403: problemResponse('Not a manager of this venue, or removing oneself'), 404: problemResponse('No such venue, or not a member of its team') },
        },
      },
      '/venues/{id}/invitations': {
        post: {
          operationId: 'createInvitation', tags: ['team'],
          summary: 'Invite a person by email as manager or staff (manager of the venue or admin). Answers the one-time link (valid 7 days), shown only now: the server keeps a hash and sends no e-mail',
          parameters: [idParam('id', 'Venue id')],
          requestBody: body('InvitationInput'),
          responses: {
            201: json('CreatedInvitation', 'The invitation and its link `{site}/invitacion#{token}`'),
            ...signedIn,
            403: problemResponse('Not a manager of this venue nor an admin, or role `admin` (nobody is made an admin from a venue)'),
            404: problemResponse('No such venue'),
            ...jsonBodyErrors,
          },
        },
      },
      '/venues/{id}/invitations/{invitationId}': {
        delete: {
          operationId: 'withdrawInvitation', tags: ['team'],
          summary: 'Withdraw a pending invitation (manager of the venue or admin): its link stops working',
          parameters: [idParam('id', 'Venue id'), idParam('invitationId', 'Invitation id')],
          responses: { 204: { description: 'Withdrawn' }, ...signedIn, 403: problemResponse('Not a manager of this venue nor an admin'), 404: problemResponse('No such venue or pending invitation') },
        },
      },
      '/invitations/lookup': {
        post: {
          operationId: 'lookupInvitation', tags: ['team'], security: PUBLIC,
          summary: 'What an invitation link offers (venue, role, email, whether an account with that email exists), for whoever holds its token',
          requestBody: body('InvitationLookupInput'),
          responses: { 200: json('InvitationPreview', 'The invitation'), 404: problemResponse('Unknown, used, withdrawn or expired invitation (type invitation-invalid)'), ...jsonBodyErrors },
        },
      },
      '/invitations/accept': {
        post: {
          operationId: 'acceptInvitation', tags: ['team'], security: [{}, { bearer: [] }],
          summary: 'Use an invitation once. Signed in (bearer): the account, whose email must be the invitation\'s, receives the scope (refresh the token to carry it). Not signed in: `name` and `password` (at least 8 characters) create the account with the invitation\'s email and scope; then sign in with them',
          requestBody: body('AcceptInvitationInput'),
          responses: {
            200: json('AcceptedInvitation', 'Accepted by the signed-in account'),
            201: json('AcceptedInvitation', 'Account created with the scope'),
            ...jsonBodyErrors,
            401: problemResponse('A bearer token was sent and is not valid'),
            403: problemResponse('The signed-in account\'s email is not the invitation\'s'),
            404: problemResponse('Unknown, used, withdrawn or expired invitation (type invitation-invalid)'),
            409: problemResponse('Not signed in and an account with this email exists: sign in to accept (type account-exists)'),
            422: problemResponse('Bad body, or no bearer and `name`/`password` missing (`errors`)'),
          },
        },
      },
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
      '/venues/{id}/orders': {
        get: {
          operationId: 'listVenueOrders', tags: ['orders'],
          summary: 'Order board of a venue, newest first (scope staff:{id} or admin)',
          parameters: [idParam('id', 'Venue id'), { name: 'status', in: 'query', required: false, description: 'Comma-separated statuses', schema: { type: 'string' } }],
          responses: { 200: json('OrderList', 'Orders'), ...signedIn, 403: problemResponse('Not staff of this venue'), 404: problemResponse('No such venue'), 422: problemResponse('Unknown status') },
        },
      },
      '/venues/{id}/orders/events': {
        get: {
          operationId: 'streamVenueOrders', tags: ['orders'],
          summary: 'Live order board (SSE, staff of the venue): `retry:` and `event: ready` (its `id:` is the stream position) on connect, then `event: order` with the whole order for every new order and status change (table rounds included), `event: venue` (`{venueId, updatedAt}`: refetch the menu) when availability or prices change and `event: table` (a StaffTableSession with `status`) on every change of a table session; every event has a numeric `id:`; `: ping` every 15 s; on shutdown `retry: 500` and the stream ends',
          parameters: [idParam('id', 'Venue id'), ...resumeParams],
          responses: { 200: eventStream, ...signedIn, 403: problemResponse('Not staff of this venue'), 404: problemResponse('No such venue') },
        },
      },
      '/auth/login': {
        post: {
          operationId: 'login', tags: ['auth'], security: PUBLIC,
          summary: 'Sign in with email and password (rate-limited: 429 with Retry-After)', requestBody: body('LoginInput'),
          responses: { 200: json('TokenPair', 'Token pair'), 401: problemResponse('Wrong credentials'), 429: problemResponse('Too many failed attempts'), ...jsonBodyErrors },
        },
      },
      '/auth/refresh': {
        post: {
          operationId: 'refreshToken', tags: ['auth'], security: PUBLIC,
          summary: 'Rotate a refresh token; reusing one revokes its whole family (type token-reused)', requestBody: body('RefreshInput'),
          responses: { 200: json('TokenPair', 'New pair'), 401: problemResponse('Invalid, expired or reused refresh token'), ...jsonBodyErrors },
        },
      },
      '/auth/logout': {
        post: {
          operationId: 'logout', tags: ['auth'],
          summary: 'Revoke the refresh-token family (body `{refresh_token}` optional; without it, every session of the user)',
          requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties: { refresh_token: { type: 'string', maxLength: 500 } } } } } },
          responses: { 204: { description: 'Signed out' }, ...signedIn, ...jsonBodyErrors },
        },
      },
      '/auth/user': {
        get: { operationId: 'getUser', tags: ['auth'], summary: 'The signed-in user', responses: { 200: json('UserResponse', 'User'), ...signedIn } },
      },
      '/auth/social/{provider}/start': {
        get: {
          operationId: 'startSocialLogin', tags: ['auth'], security: PUBLIC,
          summary: 'Start an OpenID Connect sign-in (browser navigation): redirects to the provider',
          parameters: [
            idParam('provider', 'Provider', { type: 'string', enum: ['google', 'demo'] }),
            { name: 'code_challenge', in: 'query', required: true, description: 'PKCE S256 challenge of the browser', schema: { type: 'string' } },
            { name: 'code_challenge_method', in: 'query', required: false, schema: { type: 'string', enum: ['S256'] } },
          ],
          responses: {
            302: { description: 'To the provider\'s sign-in page (or back to `/login?error=…` when the provider is unavailable)', headers: { Location: { schema: { type: 'string' } } } },
            400: problemResponse('Missing or invalid PKCE challenge'),
            404: problemResponse('Unknown or unconfigured provider'),
          },
        },
      },
      '/auth/social/{provider}/callback': {
        get: {
          operationId: 'finishSocialLogin', tags: ['auth'], security: PUBLIC,
          summary: 'The provider sends the browser back here; redirects to `/login?code=…` (one-time code) or `/login?error=…`',
          parameters: [
            idParam('provider', 'Provider', { type: 'string', enum: ['google', 'demo'] }),
            { name: 'state', in: 'query', required: false, schema: { type: 'string' } },
            { name: 'code', in: 'query', required: false, schema: { type: 'string' } },
          ],
          responses: {
            302: { description: 'Back to the site\'s `/login`', headers: { Location: { schema: { type: 'string' } } } },
            404: problemResponse('Unknown or unconfigured provider'),
          },
        },
      },
      '/auth/social/token': {
        post: {
          operationId: 'exchangeSocialCode', tags: ['auth'], security: PUBLIC,
          summary: 'Exchange a one-time social-login code (PKCE) for a token pair', requestBody: body('SocialTokenInput'),
          responses: { 200: json('TokenPair', 'Token pair'), ...jsonBodyErrors, 400: problemResponse('Invalid or expired code, or malformed JSON') },
        },
      },
      '/orders': {
        post: {
          operationId: 'placeOrder', tags: ['orders'],
          summary: 'Place an order. Prices are recomputed by the server; 409 with `changes` and `total` when they differ from `expectedTotal`',
          parameters: [
            { name: 'Idempotency-Key', in: 'header', required: true, description: '8–200 printable ASCII characters; a repeat with the same body returns the first order (header Idempotent-Replayed: true), another body gets 422, a concurrent duplicate 409', schema: { type: 'string', minLength: 8, maxLength: 200 } },
            { name: 'X-Table-Token', in: 'header', required: false, description: 'Mode `table` only: the token of that table\'s link (`t`)', schema: { type: 'string', maxLength: 64 } },
            { name: 'X-Table-Credential', in: 'header', required: false, description: 'Mode `table` only: the credential of a participant of that table\'s open session', schema: { type: 'string' } },
          ],
          requestBody: body('OrderInput'),
          responses: {
            201: json('Order', 'Order created (or replayed)'),
            ...jsonBodyErrors,
            400: problemResponse('Missing Idempotency-Key or malformed JSON'),
            ...signedIn,
            403: problemResponse('Mode `table` without a valid X-Table-Token or X-Table-Credential for that table (type table-access-required): a table is chosen only by its QR link'),
            409: problemResponse('Prices changed (`changes`: PriceChange[], `total`) or the same key is being processed', 'PriceChangedProblem'),
            422: problemResponse('Invalid order, venue closed, item unavailable, below the minimum (pickup and delivery only; `minOrder`, `missing`), or key reused with another body'),
            429: problemResponse('Too many orders from this account'),
          },
        },
        get: { operationId: 'listMyOrders', tags: ['orders'], summary: 'My orders, newest first', responses: { 200: json('OrderList', 'Orders'), ...signedIn } },
      },
      '/orders/{id}': {
        get: {
          operationId: 'getOrder', tags: ['orders'], summary: 'One order (its owner or staff of its venue)', parameters: [idParam('id', 'Order id')],
          responses: { 200: json('Order', 'Order'), ...signedIn, 404: problemResponse('No such order for this user') },
        },
      },
      '/orders/{id}/events': {
        get: {
          operationId: 'streamOrder', tags: ['orders'],
          summary: 'Server-Sent Events: `retry:` and `event: ready`, then `event: order` with the whole Order as data (at once on a fresh connection, and on every status change), each with a numeric `id:`; `: ping` comments every 15 s; on shutdown `retry: 500` and the stream ends',
          parameters: [idParam('id', 'Order id'), ...resumeParams],
          responses: { 200: eventStream, ...signedIn, 404: problemResponse('No such order for this user') },
        },
      },
      '/orders/{id}/status': {
        post: {
          operationId: 'setOrderStatus', tags: ['orders'],
          summary: 'Move an order along (staff of its venue): received → preparing → ready → delivered; cancelled only from received',
          parameters: [idParam('id', 'Order id')], requestBody: body('StatusInput'),
          responses: { 200: json('Order', 'Updated order'), ...signedIn, 403: problemResponse('Not staff'), 404: problemResponse('No such order'), 409: problemResponse('Transition not allowed'), ...jsonBodyErrors },
        },
      },
      '/media/u/{venueId}/{file}': {
        get: {
          operationId: 'getUploadedMedia', tags: ['service'], security: PUBLIC,
          summary: 'An uploaded image (immutable); AVIF instead of WebP when the browser accepts it and it is smaller',
          parameters: [idParam('venueId', 'Venue id'), idParam('file', '`{hash}-{width}.webp`', { type: 'string', pattern: '^[a-z0-9]{10,40}-[0-9]{1,4}\\.webp$' })],
          responses: { 200: { description: 'Image', content: { 'image/webp': { schema: { type: 'string' } }, 'image/avif': { schema: { type: 'string' } } } }, 404: problemResponse('No such image') },
        },
      },
      '/media/{family}/{file}': {
        get: {
          operationId: 'getMedia', tags: ['service'], security: PUBLIC,
          summary: 'Generated SVG illustrations of the demo data (immutable)',
          parameters: [
            idParam('family', 'Kind of image', { type: 'string', enum: ['food', 'cover', 'logo'] }),
            idParam('file', '`{name}-{rrggbb}.svg`', { type: 'string', pattern: '^[a-z]{1,12}-[0-9a-f]{6}\\.svg$' }),
          ],
          responses: { 200: { description: 'SVG', content: { 'image/svg+xml': { schema: { type: 'string' } } } }, 404: problemResponse('No such image') },
        },
      },
      '/health': {
        get: {
          operationId: 'getHealth', tags: ['service'], security: PUBLIC, summary: 'Health for load balancers: 200 when the database answers (within 2 s), 503 when it does not or while the instance shuts down',
          responses: {
            200: { description: 'Up', content: { 'application/json': { schema: healthBody } } },
            503: { description: 'Database unreachable, or the instance is shutting down', content: { 'application/json': { schema: healthBody } } },
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument', tags: ['service'], security: PUBLIC, summary: 'This document',
          responses: { 200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
  };
  for (const [path, item] of Object.entries(cached.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)) {
    if (path === '/health') continue;
    for (const operation of Object.values(item)) operation.responses = { ...operation.responses, ...draining };
  }
  return cached;
}
