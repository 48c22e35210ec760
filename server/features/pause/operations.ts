/** The pause's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { PauseInput } from '../../../src/contract/pause.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

const refused = {
  403: problemResponse('Not staff, manager or admin of this venue'),
  404: problemResponse('No such venue'),
};

export const getPause = operation({
  method: 'get',
  path: '/venues/{id}/pause',
  operationId: 'getPause',
  tags: ['orders'],
  access: 'public',
  summary:
    'The pause in force (null: none). The same `pause` is in the venue document (`GET /venues/{id}`); one whose `until` has passed is over (docs/rules.md#pausing-orders)',
  parameters: [idParam('id', 'Venue id')],
  responses: { 200: json('PauseState', 'The pause in force'), 404: problemResponse('No such venue') },
});

export const pauseOrders = operation({
  method: 'post',
  path: '/venues/{id}/pause',
  operationId: 'pauseOrders',
  tags: ['orders'],
  access: 'bearer',
  summary:
    'Pause new orders (staff:{id}, manager:{id} or admin): for `minutes` (absent: until resumed), of `modes` (default pickup and delivery; `table` stops table rounds too), with an optional `reason`. Replaces the pause in force; new orders of those modes get 409 `venue-paused`. Recorded in the audit log',
  parameters: [idParam('id', 'Venue id')],
  body: PauseInput,
  responses: { 200: json('PauseState', 'The pause'), ...refused },
});

export const resumeOrders = operation({
  method: 'delete',
  path: '/venues/{id}/pause',
  operationId: 'resumeOrders',
  tags: ['orders'],
  access: 'bearer',
  summary:
    'End the pause (staff:{id}, manager:{id} or admin), the automatic one too (it pauses again if a station is still over its number). Recorded in the audit log',
  parameters: [idParam('id', 'Venue id')],
  responses: { 200: json('PauseState', 'No pause'), ...refused },
});
