/**
 * An order's ready time on the board (docs/rules.md#pickup-times): «Listo hacia las 21:40» and «+10 min», which
 * moves it (`POST /venues/{id}/orders/{orderId}/ready-by`); every open page of the order shows the new time live.
 */
import { useState } from 'react';
import { Order } from '../../contract/order.ts';
import { http, problemMessage } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import { applyBoardOrder } from './board-store.ts';

/** How much later «+10 min» makes it. */
const LATER_MINUTES = 10;

async function moveReadyBy(order: Order, minutes: number): Promise<Order> {
  const path = `venues/${encodeURIComponent(order.venueId)}/orders/${encodeURIComponent(order.id)}/ready-by`;
  return Order.parse(await http.post(path, { json: { minutes } }).json<unknown>());
}

export function ReadyByButton({ order }: { order: Order }) {
  const [busy, setBusy] = useState(false);
  if (!order.readyBy || (order.status !== 'received' && order.status !== 'preparing')) return null;
  async function later(): Promise<void> {
    if (busy) return;
    setBusy(true);
    try {
      applyBoardOrder(order.venueId, await moveReadyBy(order, LATER_MINUTES));
    } catch (error) {
      toast.error(problemMessage(error), { id: `ready-by-error-${order.id}` });
    } finally {
      setBusy(false);
    }
  }
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm" data-testid="board-ready-by">
      <span>
        {order.asap ? 'Lo antes posible · ' : 'Recogida · '}
        Listo hacia las <strong className="tabular-nums">{order.readyBy.slice(11, 16)}</strong>
      </span>
      <button
        type="button"
        className="btn btn-outline btn-sm min-h-11"
        aria-label={`+${LATER_MINUTES} min, pedido ${order.number}`}
        aria-disabled={busy ? true : undefined}
        onClick={() => void later()}
      >
        +{LATER_MINUTES} min
      </button>
    </p>
  );
}
