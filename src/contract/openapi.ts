/**
 * OpenAPI 3.1 document of the umenu API (product.md §5), built from the same zod
 * schemas the browser and the reference server validate with. Served at `/api/openapi.json`.
 */
import * as z from 'zod/mini';
import { LoginInput, RefreshInput, SocialTokenInput, TokenPair, UserResponse, User } from './auth.ts';
import { Category, Image, Option, OptionGroup, Product, Venue, VenueList, VenueSummary, Hours, Interval } from './venue.ts';
import { Order, OrderInput, OrderLine, OrderLineInput, OrderList, PriceChange, StatusChange, StatusInput, TipInput } from './order.ts';
import { Problem, PROBLEM_TYPES } from './problem.ts';
import { ProductChange, ProductHistory, ProductPatch, TableLink, TableList, UploadedImage, VenueInput } from './manage.ts';

const NAMED = {
  Image, Option, OptionGroup, Product, Category, Interval, Hours, VenueSummary, Venue, VenueList,
  LoginInput, RefreshInput, SocialTokenInput, TokenPair, User, UserResponse,
  OrderLineInput, TipInput, OrderInput, OrderLine, StatusChange, Order, OrderList, StatusInput, PriceChange, Problem,
  VenueInput, ProductPatch, ProductChange, ProductHistory, UploadedImage, TableLink, TableList,
} as const;
type SchemaName = keyof typeof NAMED;

let cached: Record<string, unknown> | undefined;

const ref = (name: SchemaName | 'PriceChangedProblem') => ({ $ref: `#/components/schemas/${name}` });
const json = (name: SchemaName, description: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });
const problemResponse = (description: string, schema: SchemaName | 'PriceChangedProblem' = 'Problem') => ({ description, content: { 'application/problem+json': { schema: ref(schema) } } });
const body = (name: SchemaName) => ({ required: true, content: { 'application/json': { schema: ref(name) } } });
/** Operations anyone may call (the document's default is `bearer`). */
const PUBLIC: never[] = [];
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
      { name: 'orders', description: 'Orders, their live status and the staff board' },
      { name: 'auth', description: 'Accounts and tokens' },
      { name: 'manage', description: 'Venue self-service: menu editor, kitchen availability, images, tables' },
      { name: 'service', description: 'Health, this document and generated media' },
    ],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
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
            404: problemResponse('No such venue'),
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
          summary: 'Live order board (SSE, staff of the venue): `retry:` and `event: ready` (its `id:` is the stream position) on connect, then `event: order` with the whole order for every new order and status change and `event: venue` (`{venueId, updatedAt}`: refetch the menu) when availability or prices change; every event has a numeric `id:`; `: ping` every 15 s; on shutdown `retry: 500` and the stream ends',
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
          parameters: [{ name: 'Idempotency-Key', in: 'header', required: true, description: '8–200 printable ASCII characters; a repeat with the same body returns the first order (header Idempotent-Replayed: true), another body gets 422, a concurrent duplicate 409', schema: { type: 'string', minLength: 8, maxLength: 200 } }],
          requestBody: body('OrderInput'),
          responses: {
            201: json('Order', 'Order created (or replayed)'),
            ...jsonBodyErrors,
            400: problemResponse('Missing Idempotency-Key or malformed JSON'),
            ...signedIn,
            409: problemResponse('Prices changed (`changes`: PriceChange[], `total`) or the same key is being processed', 'PriceChangedProblem'),
            422: problemResponse('Invalid order, venue closed, item unavailable, below minimum, or key reused with another body'),
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
