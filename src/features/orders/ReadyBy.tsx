/**
 * «Listo hacia las 21:40» on the order page (docs/rules.md#pickup-times): the order's `readyBy`, on the venue's
 * wall clock (the time is written with the venue's offset), while the order is being made. It follows the
 * order's live updates, so staff moving the time («+10 min») shows here at once.
 */
import { useStore } from '@nanostores/react';
import type { Order } from '../../contract/order.ts';
import { readyByMessages } from './ready-messages.ts';

/** The venue's date today (`YYYY-MM-DD`) in its zone. */
function today(timezone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone ?? 'UTC' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

export function ReadyBy({ order, locale }: { order: Order; locale: string }) {
  const words = useStore(readyByMessages);
  if (!order.readyBy || (order.status !== 'received' && order.status !== 'preparing')) return null;
  const time = order.readyBy.slice(11, 16);
  const day = order.readyBy.slice(0, 10);
  const text =
    day === today(order.timezone)
      ? words.readyBy({ time })
      : words.readyOn({
          time,
          date: new Intl.DateTimeFormat(locale, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            timeZone: 'UTC',
          }).format(new Date(`${day}T12:00:00Z`)),
        });
  return (
    <p className="text-lg font-bold" aria-live="polite" data-testid="order-ready-by">
      {text}
    </p>
  );
}
