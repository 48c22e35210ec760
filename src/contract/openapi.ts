/**
 * OpenAPI 3.1 document of the umenu API (product.md §5), built from the same zod
 * schemas the browser and the reference server validate with. Served at `/api/openapi.json`.
 */
import * as z from 'zod/mini';
import { LoginInput, RefreshInput, SocialTokenInput, TokenPair, UserResponse, User } from './auth.ts';
import { Category, Image, Option, OptionGroup, Product, Venue, VenueList, VenueSummary, Hours, Interval } from './venue.ts';
import { Order, OrderInput, OrderLine, OrderLineInput, OrderList, PriceChange, StatusChange, StatusInput, TipInput } from './order.ts';
import { Problem, PROBLEM_TYPES } from './problem.ts';

const NAMED = {
  Image, Option, OptionGroup, Product, Category, Interval, Hours, VenueSummary, Venue, VenueList,
  LoginInput, RefreshInput, SocialTokenInput, TokenPair, User, UserResponse,
  OrderLineInput, TipInput, OrderInput, OrderLine, StatusChange, Order, OrderList, StatusInput, PriceChange, Problem,
} as const;
type SchemaName = keyof typeof NAMED;

let cached: Record<string, unknown> | undefined;

const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: SchemaName, description: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });
const problemResponse = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('Problem') } } });
const body = (name: SchemaName) => ({ required: true, content: { 'application/json': { schema: ref(name) } } });
const bearer = [{ bearer: [] }];
const idParam = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });

export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(NAMED)) registry.add(schema as z.core.$ZodType, { id: name });
  const generated = z.toJSONSchema(registry, { target: 'draft-2020-12', unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(generated.schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    schemas[name] = rest;
  }

  cached = {
    openapi: '3.1.0',
    info: {
      title: 'umenu API',
      version: '1.0.0',
      description: 'Menús, pedidos y cuentas de umenu. Money is integer minor units (ISO 4217 exponent: cents for MXN, COP and EUR). '
        + 'Errors are RFC 9457 problem details with Spanish `title`/`detail`; `type` is one of: '
        + Object.values(PROBLEM_TYPES).join(', ') + '.',
    },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas,
    },
    paths: {
      '/venues': {
        get: {
          summary: 'Venue summaries, optionally filtered (accent-insensitive) by name, city or cuisine',
          parameters: [{ name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 100 } }],
          responses: { 200: json('VenueList', 'Venues') },
        },
      },
      '/venues/{id}': {
        get: {
          summary: 'Full venue with its menu; strong ETag, answers 304 to a matching If-None-Match',
          parameters: [idParam('id', 'Venue id (slug)'), { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }],
          responses: { 200: json('Venue', 'The venue'), 304: { description: 'Not modified' }, 404: problemResponse('No such venue') },
        },
        put: {
          summary: 'Replace a venue (scope admin)', security: bearer, parameters: [idParam('id', 'Venue id')], requestBody: body('Venue'),
          responses: { 200: json('Venue', 'Saved'), 403: problemResponse('Not an admin'), 422: problemResponse('Invalid venue') },
        },
      },
      '/venues/{id}/products/{productId}': {
        patch: {
          summary: 'Change a product\'s price or availability (staff of the venue or admin)', security: bearer,
          parameters: [idParam('id', 'Venue id'), idParam('productId', 'Product id')],
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties: { price: { type: 'integer', minimum: 0 }, available: { type: 'boolean' } } } } } },
          responses: { 200: json('Product', 'Updated product'), 403: problemResponse('Not staff'), 404: problemResponse('No such venue or product') },
        },
      },
      '/venues/{id}/orders': {
        get: {
          summary: 'Order board of a venue, newest first (scope staff:{id} or admin)', security: bearer,
          parameters: [idParam('id', 'Venue id'), { name: 'status', in: 'query', required: false, description: 'Comma-separated statuses', schema: { type: 'string' } }],
          responses: { 200: json('OrderList', 'Orders'), 403: problemResponse('Not staff of this venue'), 404: problemResponse('No such venue') },
        },
      },
      '/venues/{id}/orders/events': {
        get: {
          summary: 'Live order board (SSE, staff of the venue): `event: ready` on connect, then `event: order` with the whole order for every new order and status change; `: ping` every 15 s',
          security: bearer,
          parameters: [idParam('id', 'Venue id'), { name: 'access_token', in: 'query', required: false, description: 'Access token for EventSource', schema: { type: 'string' } }],
          responses: { 200: { description: 'Event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }, 403: problemResponse('Not staff of this venue') },
        },
      },
      '/auth/login': {
        post: {
          summary: 'Sign in with email and password (rate-limited: 429 with Retry-After)', requestBody: body('LoginInput'),
          responses: { 200: json('TokenPair', 'Token pair'), 401: problemResponse('Wrong credentials'), 429: problemResponse('Too many failed attempts') },
        },
      },
      '/auth/refresh': {
        post: {
          summary: 'Rotate a refresh token; reusing one revokes its whole family (type token-reused)', requestBody: body('RefreshInput'),
          responses: { 200: json('TokenPair', 'New pair'), 401: problemResponse('Invalid, expired or reused refresh token') },
        },
      },
      '/auth/logout': {
        post: {
          summary: 'Revoke the refresh-token family (body `{refresh_token}` optional; without it, every session of the user)', security: bearer,
          responses: { 204: { description: 'Signed out' }, 401: problemResponse('Not signed in') },
        },
      },
      '/auth/user': { get: { summary: 'The signed-in user', security: bearer, responses: { 200: json('UserResponse', 'User'), 401: problemResponse('Not signed in') } } },
      '/auth/social/token': { post: { summary: 'Exchange a one-time social-login code (PKCE) for a token pair', requestBody: body('SocialTokenInput'), responses: { 200: json('TokenPair', 'Token pair'), 400: problemResponse('Invalid code') } } },
      '/orders': {
        post: {
          summary: 'Place an order. Prices are recomputed by the server; 409 with `changes` and `total` when they differ from `expectedTotal`',
          security: bearer,
          parameters: [{ name: 'Idempotency-Key', in: 'header', required: true, description: '8–200 printable ASCII characters; a repeat with the same body returns the first order (header Idempotent-Replayed: true), another body gets 422, a concurrent duplicate 409', schema: { type: 'string', minLength: 8, maxLength: 200 } }],
          requestBody: body('OrderInput'),
          responses: {
            201: json('Order', 'Order created (or replayed)'),
            400: problemResponse('Missing Idempotency-Key or malformed JSON'),
            401: problemResponse('Not signed in'),
            409: problemResponse('Prices changed (`changes`: PriceChange[], `total`) or the same key is being processed'),
            413: problemResponse('Body too large'),
            422: problemResponse('Invalid order, venue closed, item unavailable, below minimum, or key reused with another body'),
          },
        },
        get: { summary: 'My orders, newest first', security: bearer, responses: { 200: json('OrderList', 'Orders'), 401: problemResponse('Not signed in') } },
      },
      '/orders/{id}': {
        get: { summary: 'One order (its owner or staff of its venue)', security: bearer, parameters: [idParam('id', 'Order id')], responses: { 200: json('Order', 'Order'), 404: problemResponse('No such order for this user') } },
      },
      '/orders/{id}/events': {
        get: {
          summary: 'Server-Sent Events: `event: ready`, then `event: order` with the whole Order as data (at once, and on every status change); `: ping` comments every 15 s',
          security: bearer,
          parameters: [idParam('id', 'Order id'), { name: 'access_token', in: 'query', required: false, description: 'Access token for EventSource, which cannot send headers', schema: { type: 'string' } }],
          responses: { 200: { description: 'Event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }, 404: problemResponse('No such order for this user') },
        },
      },
      '/orders/{id}/status': {
        post: {
          summary: 'Move an order along (staff of its venue): received → preparing → ready → delivered; cancelled only from received',
          security: bearer, parameters: [idParam('id', 'Order id')], requestBody: body('StatusInput'),
          responses: { 200: json('Order', 'Updated order'), 403: problemResponse('Not staff'), 404: problemResponse('No such order'), 409: problemResponse('Transition not allowed') },
        },
      },
      '/media/{path}': { get: { summary: 'Generated SVG illustrations of the demo data', parameters: [idParam('path', 'food|cover|logo/{name}-{rrggbb}.svg')], responses: { 200: { description: 'SVG', content: { 'image/svg+xml': {} } } } } },
    },
  };
  return cached;
}
