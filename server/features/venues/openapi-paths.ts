/**
 * The OpenAPI paths of this feature's operations, written by hand beside its routes: each
 * becomes an `operation()` next to its route (server/platform/operations.ts) and leaves this file.
 */
import { json, problemResponse, body, PUBLIC, idParam, jsonBodyErrors, signedIn } from '../../platform/openapi.ts';

export const openApiPaths = {
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
};
