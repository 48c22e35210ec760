/** The venue's audit log as managers read it (docs/rules.md#the-floor): its operation is its route's OpenAPI entry. */
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

const dateParam = {
  name: 'date',
  in: 'query',
  required: true,
  description: "The day in the venue's time zone (YYYY-MM-DD)",
  schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
};

export const getAuditCsv = operation({
  method: 'get',
  path: '/venues/{id}/audit.csv',
  operationId: 'getAuditCsv',
  tags: ['floor'],
  access: 'bearer',
  summary:
    "The same day of the audit log as CSV (managers and admins; `;`-separated, UTF-8): fecha, hora (venue's zone), quien, accion, mesa, que, motivo — what `/panel/caja` downloads",
  parameters: [idParam('id', 'Venue id'), dateParam],
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
    403: problemResponse('Not a manager of this venue'),
    404: problemResponse('No such venue'),
    422: problemResponse('Missing or invalid date'),
  },
});

export const getAuditDay = operation({
  method: 'get',
  path: '/venues/{id}/audit',
  operationId: 'getAuditDay',
  tags: ['floor'],
  access: 'bearer',
  summary:
    "The venue's audit log of one day in its time zone (managers and admins): every void, invitation, discount, move, merge, removal of a person and table closed without being paid, with who, when, what and why, oldest first. Read only: no operation edits or deletes an entry",
  parameters: [idParam('id', 'Venue id'), dateParam],
  responses: {
    200: json('AuditDay', "The day's entries"),
    403: problemResponse('Not a manager of this venue'),
    404: problemResponse('No such venue'),
    422: problemResponse('Missing or invalid date'),
  },
});
