/** The push feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { PushSubscriptionInput } from '../../../src/contract/push.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse, tableAuth, tableClosed } from '../../platform/openapi.ts';

const tags = ['orders'];

const subscribed = { description: 'Subscription kept: the phone gets one notification when the order is ready' };
const refused = problemResponse(
  "Not a browser's PushSubscription (`endpoint`, `keys.p256dh`, `keys.auth`), or its endpoint is not at a known browser push service (FCM, Mozilla, Apple, Microsoft; plus `UMENU_PUSH_ENDPOINTS`), or too many subscriptions already",
);

export const getPushPublicKey = operation({
  method: 'get',
  path: '/push/public-key',
  operationId: 'getPushPublicKey',
  tags,
  access: 'public',
  summary:
    "The server's VAPID public key (the browser's `applicationServerKey`) for ready notifications (docs/rules.md#ready-notifications); 404 when this server sends none",
  responses: {
    200: json('PushPublicKey', 'Push is on'),
    404: problemResponse(
      'Push is off: `UMENU_VAPID_PUBLIC_KEY`, `UMENU_VAPID_PRIVATE_KEY` and `UMENU_VAPID_SUBJECT` are not set',
    ),
  },
});

export const subscribeOrderPush = operation({
  method: 'post',
  path: '/orders/{id}/push-subscription',
  operationId: 'subscribeOrderPush',
  tags,
  access: 'bearer',
  summary:
    "Notify this browser when the order is ready (the order's diner): the browser's `PushSubscription` JSON. The notification's payload is JSON `{title, body, url}`; the subscription goes when the order is delivered or cancelled",
  parameters: [idParam('id', 'Order id')],
  body: PushSubscriptionInput,
  responses: {
    201: subscribed,
    404: problemResponse('No such order of this diner, or push is off'),
    409: problemResponse('The order is already ready, delivered or cancelled'),
    422: refused,
  },
});

export const subscribeTablePush = operation({
  method: 'post',
  path: '/table-session/push-subscription',
  operationId: 'subscribeTablePush',
  tags: ['table-sessions'],
  access: 'table',
  summary:
    "Notify this browser when each round of the table is ready (a participant): the browser's `PushSubscription` JSON; the subscription goes when the session closes",
  body: PushSubscriptionInput,
  responses: {
    201: subscribed,
    ...tableAuth,
    404: problemResponse('Push is off'),
    ...tableClosed,
    422: refused,
  },
});
