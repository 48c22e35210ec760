/**
 * `/pago/{paymentId}` and `/{lang}/pago/{paymentId}` (docs/rules.md#paying-from-the-phone): where the provider sends
 * the phone back. The page never decides anything: it shows what `GET /api/payments/{id}` says, asking again every
 * moment while the payment is pending, so «Pagado» and «Ver mi recibo» appear as soon as the provider's own
 * confirmation has reached the server — or «El pago no se ha completado» with «Volver a la cuenta».
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { OnlinePayment } from '../../contract/online-payments.ts';
import { formatMoney } from '../../contract/money-format.ts';
import { http, problemMessage, problemOf } from '../../lib/http.ts';
import { localPath } from '../../lib/page-language.ts';
import { receiptPath } from '../../lib/saved-receipts.ts';
import { localeForCurrency, pageLocale } from '../orders/index.ts';
import { onlinePaymentMessages } from './messages.ts';
import { outcomeOf, paymentIdFrom } from './logic.ts';
import { returnOf } from './return.ts';

/** How often a pending payment is asked for again. */
const POLL_MS = 1500;

export default function PaymentPage() {
  const [id] = useState(() =>
    typeof location === 'undefined' ? null : paymentIdFrom(location.pathname, location.search),
  );
  const words = useStore(onlinePaymentMessages);
  const [payment, setPayment] = useState<OnlinePayment>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return;
    const path = localPath(`/pago/${id}`);
    // Reached as `/pago?id=…` (a host's fallback), or with the provider's fields in the query (Redsys adds its
    // signed answer, which this page does not need: only the server's record counts): the page's own address.
    if (location.pathname !== path || location.search) history.replaceState(history.state, '', path);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      http
        .get(`payments/${encodeURIComponent(id)}`, { cache: 'no-store' })
        .json<unknown>()
        .then(
          (body) => {
            if (stopped) return;
            const next = OnlinePayment.parse(body);
            setPayment(next);
            // A pickup or delivery order paid: its cart, kept while it was being paid, is done.
            if (next.status === 'paid' && next.orderId)
              void import('../cart/index.ts').then((cart) => cart.clearCart(next.venueId));
            if (next.status === 'pending') timer = setTimeout(ask, POLL_MS);
          },
          (e: unknown) => {
            if (!stopped)
              setError(problemOf(e)?.status === 404 ? words.notFound : (problemOf(e)?.detail ?? problemMessage(e)));
          },
        );
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // `words` changes only with the page's language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, attempt]);

  const back = id ? returnOf(id, localPath('/')) : localPath('/');
  if (!id || error)
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
      >
        <p>{error ?? words.notFound}</p>
        {id && (
          <button
            type="button"
            className="btn min-h-11"
            onClick={() => {
              setError(undefined);
              setAttempt((n) => n + 1);
            }}
          >
            {words.retry}
          </button>
        )}
      </div>
    );
  if (!payment)
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-8">
        <span className="loading loading-spinner" aria-hidden="true" /> {words.loading}
      </p>
    );
  const outcome = outcomeOf(payment.status);
  const order = payment.orderId;
  const amount = formatMoney(
    payment.amount + payment.tip,
    payment.currency,
    pageLocale(localeForCurrency(payment.currency)),
  );
  return (
    <section
      className="mx-auto flex max-w-md flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      data-testid="pay-result"
      data-status={outcome}
    >
      {outcome === 'waiting' ? (
        <p role="status" className="flex items-center gap-2">
          <span className="loading loading-spinner" aria-hidden="true" />
          <span>
            <span className="block text-lg font-bold">{words.waiting}</span>
            <span className="block text-sm">{words.waitingHint}</span>
          </span>
        </p>
      ) : (
        <div role="status">
          <h1 className="text-2xl font-bold">{outcome === 'paid' ? words.paid : words.failed}</h1>
          <p className="mt-1">
            {outcome === 'paid' ? words.paidHint({ amount }) : order ? words.failedOrderHint : words.failedHint}
          </p>
        </div>
      )}
      {outcome === 'paid' && order && (
        <a className="btn btn-primary min-h-11" href={localPath(`/pedidos/ver?id=${encodeURIComponent(order)}`)}>
          {words.order}
        </a>
      )}
      {outcome === 'paid' && payment.receiptId && (
        <a className="btn btn-primary min-h-11" href={receiptPath(payment.receiptId)}>
          {words.receipt}
        </a>
      )}
      {!(order && outcome === 'paid') && (
        <a className={`btn min-h-11 ${outcome === 'failed' ? 'btn-primary' : 'btn-outline'}`} href={back}>
          {order ? words.backToOrder : words.back}
        </a>
      )}
    </section>
  );
}
