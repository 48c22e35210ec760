/**
 * `/pedidos`: open orders first, kept live by `$myOrders` (my-orders-store.ts),
 * then the history; each can be repeated ("Repetir pedido" refills the cart with what is still offered);
 * then the receipts kept on this phone. Without an account: what this phone keeps (DeviceOrders.tsx).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Order } from '../../contract/order.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { problemMessage } from '../../lib/http.ts';
import { formatMoney } from '../../lib/money.ts';
import { toast } from '../../shell/toast.ts';
import { LoadError, Loading } from '../../shell/ui/LoadState.tsx';
import { $myOrders, retryMyOrders } from './my-orders-store.ts';
import { repeatOrder } from './repeat.ts';
import { localPath } from '../../lib/page-language.ts';
import { formatDateTime, localeForCurrency, pageLocale, sortForList } from './status.ts';
import { orderMessages, statusWord } from './messages.ts';
import { menuPath } from './paths.ts';
import { SavedReceipts } from '../../shell/ui/SavedReceipts.tsx';
import { DeviceOrders } from './DeviceOrders.tsx';

export default function OrdersList() {
  const load = useStore($myOrders);
  // The server HTML shows the loading state; so must the first client render (React #418).
  const hydrated = useHydrated();
  const [repeating, setRepeating] = useState<string | null>(null);
  const words = useStore(orderMessages);

  async function repeat(order: Order): Promise<void> {
    setRepeating(order.id);
    try {
      const result = await repeatOrder(order);
      if (result.added === 0) {
        toast.warning(result.message ?? words.nothingLeft, { duration: 8_000, testId: 'repeat-missing' });
        return;
      }
      location.assign(`${menuPath(order.venueId, null)}?carrito=1`);
    } catch (error) {
      toast.error(problemMessage(error));
    } finally {
      setRepeating(null);
    }
  }

  if (!hydrated || load.state === 'loading') return <Loading text={words.loadingList} />;
  if (load.state === 'signedOut') return <DeviceOrders />;
  if (load.state === 'error') {
    return (
      <div className="flex flex-col gap-6">
        <LoadError message={load.message} onRetry={retryMyOrders} />
        <SavedReceipts />
      </div>
    );
  }

  const { open, past } = sortForList(load.orders);
  if (load.orders.length === 0) {
    return (
      <div className="flex flex-col gap-6">
        <div className="rounded-box bg-base-100 p-6 text-center" data-testid="orders-empty">
          <p className="text-lg font-semibold">{words.none}</p>
          <a className="btn btn-primary mt-4 min-h-11" href={localPath('/')}>
            {words.findVenue}
          </a>
        </div>
        <SavedReceipts />
      </div>
    );
  }
  const saved = load.state === 'saved';
  const card = (order: Order) => (
    <li
      key={order.id}
      className="rounded-box bg-base-100 p-4 shadow-sm"
      data-testid="order-card"
      data-saved={saved ? 'true' : undefined}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold">
          <a className="link link-hover" href={localPath(`/pedidos/ver?id=${encodeURIComponent(order.id)}`)}>
            {words.orderAt({ number: order.number, venue: order.venueName })}
          </a>
        </h3>
        <span className="flex flex-wrap gap-1">
          {saved && (
            <span
              className="badge min-h-6 border-base-content/40 bg-base-200 font-semibold"
              data-testid="order-card-saved"
            >
              {words.saved}
            </span>
          )}
          <span className="badge badge-outline min-h-6 font-semibold" data-testid="order-card-status">
            {statusWord(words, order.status, order.mode)}
          </span>
        </span>
      </div>
      <p className="text-sm text-base-content/80">
        {formatDateTime(order.createdAt, pageLocale(localeForCurrency(order.currency)), order.timezone)} ·{' '}
        {words[order.mode]} · {words.products(order.lines.reduce((n, l) => n + l.quantity, 0))} ·{' '}
        {formatMoney(order.total, order.currency, pageLocale(localeForCurrency(order.currency)))}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a className="btn btn-outline min-h-11" href={localPath(`/pedidos/ver?id=${encodeURIComponent(order.id)}`)}>
          {words.seeOrder}
          <span className="sr-only"> {order.number}</span>
        </a>
        <button
          type="button"
          className="btn btn-primary min-h-11"
          aria-label={words.repeatNumber({ number: order.number })}
          disabled={repeating !== null}
          onClick={() => void repeat(order)}
        >
          {repeating === order.id && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {words.repeat}
        </button>
      </div>
    </li>
  );
  return (
    <div className="flex flex-col gap-6">
      {load.state === 'saved' && (
        <section
          role="status"
          aria-labelledby="orders-saved-title"
          className="rounded-box border border-base-content/30 bg-base-100 p-4"
          data-testid="orders-saved"
        >
          <h2 id="orders-saved-title" className="font-bold">
            {words.savedTitle}
          </h2>
          <p className="text-sm">
            {words.savedHint({
              when: formatDateTime(load.at, pageLocale(localeForCurrency(load.orders[0]?.currency ?? 'EUR'))),
            })}
          </p>
          <button type="button" className="btn btn-outline mt-2 min-h-11" onClick={retryMyOrders}>
            {words.retry}
          </button>
        </section>
      )}
      {open.length > 0 && (
        <section aria-labelledby="orders-open-title">
          <h2 id="orders-open-title" className="mb-2 text-xl font-bold">
            {words.open}
          </h2>
          <ul className="flex flex-col gap-3" data-testid="orders-open">
            {open.map(card)}
          </ul>
        </section>
      )}
      {past.length > 0 && (
        <section aria-labelledby="orders-past-title">
          <h2 id="orders-past-title" className="mb-2 text-xl font-bold">
            {words.past}
          </h2>
          <ul className="flex flex-col gap-3" data-testid="orders-past">
            {past.map(card)}
          </ul>
        </section>
      )}
      <SavedReceipts />
    </div>
  );
}
