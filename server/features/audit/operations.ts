/** The venue's audit log as managers read it (docs/rules.md#the-floor): its operation is its route's OpenAPI entry. */
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

export const getAuditDay = operation({
  method: 'get',
  path: '/venues/{id}/audit',
  operationId: 'getAuditDay',
  tags: ['floor'],
  access: 'bearer',
  summary:
    "The venue's audit log of one day in its time zone (managers and admins): every void, invitation, discount, move, merge, removal of a person and table closed without being paid, with who, when, what and why, oldest first. Read only: no operation edits or deletes an entry",
  parameters: [
    idParam('id', 'Venue id'),
    {
      name: 'date',
      in: 'query',
      required: true,
      description: "The day in the venue's time zone (YYYY-MM-DD)",
      schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    },
  ],
  responses: {
    200: json('AuditDay', "The day's entries"),
    403: problemResponse('Not a manager of this venue'),
    404: problemResponse('No such venue'),
    422: problemResponse('Missing or invalid date'),
  },
});
