/** The kitchen feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { COURSES } from '../../../src/contract/venue.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

const tags = ['kitchen'];

export const listTickets = operation({
  method: 'get',
  path: '/venues/{id}/tickets',
  operationId: 'listTickets',
  tags,
  access: 'bearer',
  summary:
    'Kitchen tickets of the venue, oldest first (staff or manager of the venue, admin): one per station that has lines in an order; held courses of a table only with `held=true`',
  parameters: [
    idParam('id', 'Venue id'),
    {
      name: 'station',
      in: 'query',
      required: false,
      description: "One station's tickets (a station id of the venue)",
      schema: { type: 'string', maxLength: 64 },
    },
    {
      name: 'status',
      in: 'query',
      required: false,
      description: '`open` or `done`',
      schema: { type: 'string', enum: ['open', 'done'] },
    },
    {
      name: 'order',
      in: 'query',
      required: false,
      description: "Only the tickets of this order (its id): the board's «Reimprimir»",
      schema: { type: 'string', maxLength: 100 },
    },
    {
      name: 'held',
      in: 'query',
      required: false,
      description: '`true`: only the tickets of courses waiting for «Marchar» (default: only the released ones)',
      schema: { type: 'string', enum: ['true', 'false'] },
    },
  ],
  responses: {
    200: json('TicketList', 'Tickets'),
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such venue'),
    422: problemResponse('Unknown station or status'),
  },
});

const ticketParams = [idParam('id', 'Venue id'), idParam('ticketId', 'Ticket id')];
const ticketAnswers = {
  200: json('Ticket', 'The ticket'),
  403: problemResponse('Not staff of this venue'),
  404: problemResponse('No such venue or ticket'),
  409: problemResponse("The ticket's course is held: fire it first (type invalid-transition)"),
};

export const ticketDone = operation({
  method: 'post',
  path: '/venues/{id}/tickets/{ticketId}/done',
  operationId: 'ticketDone',
  tags,
  access: 'bearer',
  summary:
    "Bump a ticket (staff of the venue; idempotent): an `event: ticket` on the venue's stream; when every ticket of its order is done, the order becomes `ready`",
  parameters: ticketParams,
  responses: ticketAnswers,
});

export const ticketReopen = operation({
  method: 'post',
  path: '/venues/{id}/tickets/{ticketId}/reopen',
  operationId: 'ticketReopen',
  tags,
  access: 'bearer',
  summary: 'Bring a done ticket back to its station (staff of the venue; idempotent); the order keeps its status',
  parameters: ticketParams,
  responses: ticketAnswers,
});

export const fireCourse = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/courses/{course}/fire',
  operationId: 'fireCourse',
  tags,
  access: 'bearer',
  summary:
    "«Marchar»: release the held tickets of one course of the table's open session to their stations (staff of the venue; a repeat releases nothing more)",
  parameters: [
    idParam('id', 'Venue id'),
    idParam('label', 'Table label'),
    idParam('course', 'Course', { type: 'string', enum: [...COURSES] }),
  ],
  responses: {
    200: json('FiredCourse', 'The tickets released (none when nothing was held)'),
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such venue, or the table has no open session'),
    422: problemResponse('Unknown course'),
  },
});
