/** Correcting what was sent (docs/rules.md#the-floor): each operation is its route's validation and its OpenAPI entry. */
import { AdjustmentInput, VoidInput } from '../../../src/contract/corrections.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

const tags = ['floor'];

export const voidOrderLine = operation({
  method: 'post',
  path: '/venues/{id}/orders/{orderId}/lines/{index}/void',
  operationId: 'voidOrderLine',
  tags,
  access: 'bearer',
  summary:
    "Void a sent line, part of its quantity or all of it (staff, managers and admins of the venue), with a reason: one of «Error al pedir», «El cliente ha cambiado de idea», «Producto agotado», or «Otro: …» with some words. The line keeps `quantity` and says how many are `voided`; its `lineTotal`, the subtotal and the total drop. In the same transaction: the kitchen ticket shows the line struck through with «ANULADO» (`event: ticket`), each printer of its station gets one «ANULADO» job, the board and the table's phones get the order (`event: order`) and the bill (`event: bill`), and the audit log an entry. A set menu's line may void one chosen dish only with `choice: {courseId, productId}`: that dish's ticket line alone is struck through and printed «ANULADO» at its station, the order line's `choices[i].voided` counts it, and its supplement and its options' deltas come off `lineTotal`, the bill and the receipt (the set's price stays); the same dish again is 409",
  parameters: [
    idParam('id', 'Venue id'),
    idParam('orderId', 'Order id'),
    idParam('index', "The line's position in the order's `lines` (0-based)", { type: 'integer', minimum: 0 }),
  ],
  body: VoidInput,
  responses: {
    200: json('Order', 'The order, the line with its `voided` quantity'),
    403: problemResponse('Not staff of this venue (a diner, another venue)'),
    404: problemResponse("No such venue, order or line, or a `choice` that is not one of the line's chosen dishes"),
    409: problemResponse(
      'Already paid («Ya está cobrado…»: a refund is a payment of its own), being paid, an invitation of the house, more than what is left of the line (or of one chosen dish of a set: «… ya está anulado.»), or a cancelled order',
    ),
    422: problemResponse('Quantity below 1, or a reason not on the list'),
  },
});

export const createAdjustment = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/adjustments',
  operationId: 'createAdjustment',
  tags,
  access: 'bearer',
  summary:
    'An invitation or a discount on the table\'s bill (managers and admins; staff get 403 «Pide a un gerente»): `{kind: "comp", lineIds, reason}` makes those lines cost nothing («Invitación de la casa»); `{kind: "discount", percent | amount, reason}` takes a percentage or an amount off what the table owes. Each is its own line on the bill (`adjustments`), on every phone (`event: bill`) and on the receipt, whose tax is computed on what is actually paid. Recorded in the audit log',
  parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label')],
  body: AdjustmentInput,
  responses: {
    200: json('BillState', 'The bill with the invitation or discount'),
    403: problemResponse('Not a manager of this venue'),
    404: problemResponse('No such venue, or the table has no open session'),
    409: problemResponse(
      'A line already paid, being paid or already an invitation; a discount above what nobody is paying yet; nothing owed',
    ),
    422: problemResponse('Unknown or repeated line, both or neither of percent and amount, or no reason'),
  },
});

export const printPreBill = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/prebill',
  operationId: 'printPreBill',
  tags,
  access: 'bearer',
  summary:
    "«Imprimir cuenta» (staff of the venue): the table's bill before paying, marked «Esto no es una factura», sent to each printer of station `caja` (one job each). No printer there: `jobs` is empty and the client prints `prebill` itself (80 mm)",
  parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label')],
  responses: {
    202: json('PreBillResult', 'The print jobs and the pre-bill'),
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such venue, or the table has no open session'),
  },
});
