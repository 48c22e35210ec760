/** Pickup and delivery times' API operations (server/platform/operations.ts): the slots of a day, staff moving a ready time. */
import { ReadyByInput } from '../../../src/contract/pickup.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

const tags = ['orders'];

export const listPickupSlots = operation({
  method: 'get',
  path: '/venues/{id}/pickup-slots',
  operationId: 'listPickupSlots',
  tags,
  access: 'public',
  summary:
    "The pickup and delivery slots of a day (docs/rules.md#pickup-times) in the venue's time zone (ISO times with its offset): only inside its opening hours, never in the past nor closer than its lead time; `remaining` is 0 for a full slot. `asap` is when «lo antes posible» would be ready now (from the kitchen's open tickets), `days` the days a diner may choose",
  parameters: [
    idParam('id', 'Venue id'),
    {
      name: 'date',
      in: 'query',
      required: false,
      description: "`YYYY-MM-DD` in the venue's zone (absent: its today)",
      schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    },
    {
      name: 'products',
      in: 'query',
      required: false,
      description: 'Comma-separated dish ids of the cart: «lo antes posible» is quoted for them',
      schema: { type: 'string' },
    },
  ],
  responses: {
    200: json('PickupSlots', 'The slots'),
    404: problemResponse('No such venue'),
    422: problemResponse('Not a date, or a day a diner may not choose'),
  },
});

export const moveOrderReadyBy = operation({
  method: 'post',
  path: '/venues/{id}/orders/{orderId}/ready-by',
  operationId: 'moveOrderReadyBy',
  tags,
  access: 'bearer',
  summary:
    "Move an order's ready time (`readyBy`) by `minutes` (staff of the venue; «+10 min» on the board): later counts from now once the time has passed. Every open page of the order receives it (`event: order`)",
  parameters: [idParam('id', 'Venue id'), idParam('orderId', 'Order id')],
  body: ReadyByInput,
  responses: {
    200: json('Order', 'The order with its new `readyBy`'),
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such order in this venue'),
    409: problemResponse('The order is delivered or cancelled'),
  },
});
