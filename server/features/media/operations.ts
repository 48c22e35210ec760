/** The media feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

export const uploadMedia = operation({
  method: 'post',
  path: '/venues/{id}/media',
  operationId: 'uploadMedia',
  tags: ['manage'],
  access: 'bearer',
  summary:
    'Upload an image (manager:{id} or admin): JPEG, PNG, WebP or AVIF up to 8 MB, recognised by its bytes; stored as WebP (and AVIF where smaller) at widths 400, 800 and 1200 without metadata',
  parameters: [idParam('id', 'Venue id')],
  requestBody: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
        },
      },
    },
  },
  responses: {
    201: json('UploadedImage', 'Stored: `src` is the widest WebP, `srcset` lists every width'),
    400: problemResponse('Unreadable form'),
    403: problemResponse('Not a manager of this venue'),
    404: problemResponse(
      'No such venue (an admin may upload for a venue not yet published: the editor of a new venue)',
    ),
    413: problemResponse('Image larger than 8 MB'),
    415: problemResponse('Not a JPEG, PNG, WebP or AVIF image (or not multipart)'),
    422: problemResponse('No `file` field'),
  },
});

export const getUploadedMedia = operation({
  method: 'get',
  path: '/media/u/{venueId}/{file}',
  operationId: 'getUploadedMedia',
  tags: ['service'],
  access: 'public',
  summary: 'An uploaded image (immutable); AVIF instead of WebP when the browser accepts it and it is smaller',
  parameters: [
    idParam('venueId', 'Venue id'),
    idParam('file', '`{hash}-{width}.webp`', { type: 'string', pattern: '^[a-z0-9]{10,40}-[0-9]{1,4}\\.webp$' }),
  ],
  responses: {
    200: {
      description: 'Image',
      content: { 'image/webp': { schema: { type: 'string' } }, 'image/avif': { schema: { type: 'string' } } },
    },
    404: problemResponse('No such image'),
  },
});

export const getMedia = operation({
  method: 'get',
  path: '/media/{family}/{file}',
  operationId: 'getMedia',
  tags: ['service'],
  access: 'public',
  summary: 'Generated SVG illustrations of the demo data (immutable)',
  parameters: [
    idParam('family', 'Kind of image', { type: 'string', enum: ['food', 'cover', 'logo'] }),
    idParam('file', '`{name}-{rrggbb}.svg`', { type: 'string', pattern: '^[a-z]{1,12}-[0-9a-f]{6}\\.svg$' }),
  ],
  responses: {
    200: { description: 'SVG', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
    404: problemResponse('No such image'),
  },
});
