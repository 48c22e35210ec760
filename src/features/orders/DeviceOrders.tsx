/**
 * «Mis pedidos» without an account (docs/rules.md#the-bill): what this phone keeps — the rounds it ordered at a table
 * (src/lib/device-orders.ts, as the table last showed them) and its receipts (src/lib/saved-receipts.ts) — with
 * «Inicia sesión para ver tus pedidos en todos tus dispositivos» instead of a sign-in wall.
 */
import { useStore } from '@nanostores/react';
import type { Order } from '../../contract/order.ts';
import { $deviceOrders } from '../../lib/device-orders.ts';
import { formatMoney } from '../../lib/money.ts';
import { localPath } from '../../lib/page-language.ts';
import { $savedReceipts } from '../../lib/saved-receipts.ts';
import { SavedReceipts } from '../../shell/ui/SavedReceipts.tsx';
import { orderMessages, statusWord } from './messages.ts';
import { menuPath } from './paths.ts';
import { signIn } from './session.ts';
import { formatDateTime, localeForCurrency, pageLocale } from './status.ts';

export function DeviceOrders() {
  const words = useStore(orderMessages);
  const orders = useStore($deviceOrders);
  const receipts = useStore($savedReceipts);
  const card = (order: Order) => {
    const locale = pageLocale(localeForCurrency(order.currency));
    return (
      <li key={order.id} className="rounded-box bg-base-100 p-4 shadow-sm" data-testid="device-order">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-lg font-bold">{words.orderAt({ number: order.number, venue: order.venueName })}</h3>
          <span className="badge badge-outline min-h-6 font-semibold" data-testid="order-card-status">
            {statusWord(words, order.status, order.mode)}
          </span>
        </div>
        <p className="text-sm text-base-content/80">
          {formatDateTime(order.createdAt, locale, order.timezone)}
          {order.table ? ` · ${words.atTable({ table: order.table })}` : ''} ·{' '}
          {words.products(order.lines.reduce((n, l) => n + l.quantity, 0))} ·{' '}
          {formatMoney(order.total, order.currency, locale)}
        </p>
        <ul className="mt-2 text-sm">
          {order.lines.map((line, i) => (
            <li key={i}>
              {line.quantity} × {line.name}
            </li>
          ))}
        </ul>
        <a className="btn btn-outline mt-3 min-h-11" href={menuPath(order.venueId, null)}>
          {words.seeMenu}
          <span className="sr-only"> · {order.venueName}</span>
        </a>
      </li>
    );
  };
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-box bg-base-100 p-4" data-testid="orders-sign-in">
        <p>{words.signInHint}</p>
        <button type="button" className="btn btn-outline mt-2 min-h-11" onClick={signIn}>
          {words.signIn}
        </button>
      </section>
      {orders.length > 0 && (
        <section aria-labelledby="device-orders-title">
          <h2 id="device-orders-title" className="text-xl font-bold">
            {words.onThisPhone}
          </h2>
          <p className="mb-2 text-sm text-base-content/80">{words.onThisPhoneHint}</p>
          <ul className="flex flex-col gap-3" data-testid="device-orders">
            {orders.map(card)}
          </ul>
        </section>
      )}
      {orders.length === 0 && receipts.length === 0 && (
        <div className="rounded-box bg-base-100 p-6 text-center" data-testid="orders-empty">
          <p className="text-lg font-semibold">{words.noneHere}</p>
          <a className="btn btn-primary mt-4 min-h-11" href={localPath('/')}>
            {words.findVenue}
          </a>
        </div>
      )}
      <SavedReceipts />
    </div>
  );
}
