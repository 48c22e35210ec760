/** The venues feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { ProductPatch, VenueInput } from '../../../src/contract/manage.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

export const listVenues = operation({
  method: 'get',
  path: '/venues',
  operationId: 'listVenues',
  tags: ['venues'],
  access: 'public',
  summary:
    'Venue summaries by id, optionally searched (accent-insensitive, by word prefix) by name, city, cuisine or tagline; one page with `limit`/`offset`, every match without `limit`; `total` is the number of matches',
  parameters: [
    { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 100 } },
    {
      name: 'limit',
      in: 'query',
      required: false,
      description: 'Page size (1–100); without it, every matching venue',
      schema: { type: 'integer', minimum: 1, maximum: 100 },
    },
    {
      name: 'offset',
      in: 'query',
      required: false,
      description: 'Matches to skip (with `limit`)',
      schema: { type: 'integer', minimum: 0, default: 0 },
    },
  ],
  responses: { 200: json('VenueList', 'Venues'), 422: problemResponse('Search text too long, or a bad limit/offset') },
});

export const getVenue = operation({
  method: 'get',
  path: '/venues/{id}',
  operationId: 'getVenue',
  tags: ['venues'],
  access: 'public',
  summary: 'Full venue with its menu; strong ETag, answers 304 to a matching If-None-Match',
  parameters: [
    idParam('id', 'Venue id (slug)'),
    { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } },
  ],
  responses: {
    200: json('Venue', 'The venue'),
    304: { description: 'Not modified' },
    404: problemResponse('No such venue'),
  },
});

export const putVenue = operation({
  method: 'put',
  path: '/venues/{id}',
  operationId: 'putVenue',
  tags: ['manage'],
  access: 'bearer',
  summary:
    "Replace a venue and its menu (scope manager:{id} or admin; only an admin creates a new venue). Price and availability changes are recorded per dish. Set menus (`kind: set`, `courses`, `included`) choose among the venue's own dishes, never other sets; dishes and categories may carry `availability` windows (docs/rules.md#set-menus-and-availability)",
  parameters: [
    idParam('id', 'Venue id'),
    {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: '`*`: create only; answers 412 if the venue exists',
      schema: { type: 'string' },
    },
  ],
  body: VenueInput,
  responses: {
    200: json('Venue', 'Saved'),
    403: problemResponse('Not a manager of this venue (or a new venue and not an admin)'),
    412: problemResponse('If-None-Match: * and the venue exists'),
  },
});

export const checkVenueId = operation({
  method: 'get',
  path: '/venues/{id}/exists',
  operationId: 'checkVenueId',
  tags: ['manage'],
  access: 'public',
  summary: 'Whether a venue id is taken (and whether it is a usable id at all): always 200, for the "Nuevo local" form',
  parameters: [idParam('id', 'Venue id to check')],
  responses: { 200: json('VenueIdCheck', 'The answer') },
});

export const patchProduct = operation({
  method: 'patch',
  path: '/venues/{id}/products/{productId}',
  operationId: 'patchProduct',
  tags: ['manage'],
  access: 'bearer',
  summary:
    "Change a dish's availability (staff:{id}, manager:{id} or admin) or price (manager:{id} or admin). Recorded in the dish's history; the board stream gets `event: venue` with `change`",
  parameters: [idParam('id', 'Venue id'), idParam('productId', 'Product id')],
  body: ProductPatch,
  responses: {
    200: json('Product', 'Updated product'),
    403: problemResponse('Not staff of this venue, or staff sending a price'),
    404: problemResponse('No such venue or product'),
  },
});

export const getProductHistory = operation({
  method: 'get',
  path: '/venues/{id}/products/{productId}/history',
  operationId: 'getProductHistory',
  tags: ['manage'],
  access: 'bearer',
  summary: "Who changed a dish's price or availability, when, old → new; newest first (staff or manager of the venue)",
  parameters: [idParam('id', 'Venue id'), idParam('productId', 'Product id')],
  responses: {
    200: json('ProductHistory', 'Changes'),
    403: problemResponse('Not staff or manager of this venue'),
    404: problemResponse('No such venue or product'),
  },
});
