/**
 * The OpenAPI paths of this feature's operations, written by hand beside its routes: each
 * becomes an `operation()` next to its route (server/platform/operations.ts) and leaves this file.
 */
import { json, problemResponse, idParam, signedIn } from '../../platform/openapi.ts';

export const openApiPaths = {
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
};
