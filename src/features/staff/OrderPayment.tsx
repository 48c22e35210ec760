/**
 * «Cobrar» on a pickup or delivery order's card (docs/rules.md#the-bill): staff mark it paid (card or cash) and the
 * API makes its payment and receipt; every board shows it paid live (`event: payment`). Each attempt has its own
 * Idempotency-Key, so a double tap records one payment.
 */
import { mdiCheckCircle } from '@mdi/js';
import { useId, useState } from 'react';
import type { PaidWith, Payment } from '../../contract/bill.ts';
import type { Order, PaymentMethod } from '../../contract/order.ts';
import { formatMoney } from '../../lib/money.ts';
import { Icon } from '../../shell/Icon.tsx';
import { applyOrderPaid, announceOnBoard } from './board-store.ts';
import { recordOrderPayment } from './bill.ts';
import { usePaymentAttempt } from './use-payment-attempt.ts';
import '../../styles/manage.ts';

const METHOD_LABELS: Record<PaidWith, string> = { card: 'Tarjeta', cash: 'Efectivo', bizum: 'Bizum' };

export function OrderPayment({
  venueId,
  order,
  paid,
  locale,
}: {
  venueId: string;
  order: Order;
  paid: Payment | undefined;
  locale: string;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>(order.payment === 'online' ? 'card' : (order.payment ?? 'cash'));
  const [receipt, setReceipt] = useState<{ id: string; number: string } | null>(null);
  const { busy, error, send, another } = usePaymentAttempt();

  if (paid) {
    return (
      <p className="mt-2 flex flex-wrap items-center gap-2 font-bold text-[#1f6f3a]" data-testid="board-order-paid">
        <Icon path={mdiCheckCircle} size={20} className="shrink-0" />
        Pagado · {METHOD_LABELS[paid.method]}
        {(receipt || paid.receiptId) && (
          <a
            className="link inline-flex min-h-11 min-w-11 items-center font-semibold"
            href={`/recibo/${encodeURIComponent(receipt?.id ?? paid.receiptId)}`}
            target="_blank"
            rel="noopener"
          >
            {receipt ? `Recibo ${receipt.number}` : 'Ver recibo'}
          </a>
        )}
      </p>
    );
  }

  async function pay() {
    const result = await send((key) => recordOrderPayment(venueId, order.id, key, method));
    if (!result) return;
    setReceipt({ id: result.receipt.id, number: result.receipt.number });
    applyOrderPaid(venueId, result.payment);
    announceOnBoard(venueId, `Pedido ${order.number} pagado, recibo ${result.receipt.number}`);
  }

  if (!open) {
    return (
      <div className="mt-2">
        <button
          type="button"
          className="btn btn-outline min-h-11 border-primary-strong text-primary-strong"
          aria-label={`Cobrar, pedido ${order.number}`}
          onClick={() => setOpen(true)}
          data-testid="board-order-charge"
        >
          Cobrar
        </button>
      </div>
    );
  }
  return (
    <div className="mt-2 rounded-field border border-base-300 p-2" data-testid="board-order-pay">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 font-semibold">
          Cobrar {formatMoney(order.total, order.currency, locale)} del pedido {order.number}
        </legend>
        {(['card', 'cash'] as const).map((m) => (
          <label
            key={m}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-field border border-base-300 px-3 has-checked:border-primary-strong has-checked:bg-[#e6f4f9]"
          >
            <input
              type="radio"
              className="radio"
              name={`${ids}-method`}
              checked={method === m}
              onChange={() => {
                another();
                setMethod(m);
              }}
            />
            {METHOD_LABELS[m]}
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="mt-1 text-sm text-error-strong">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn btn-ghost min-h-11" onClick={() => setOpen(false)}>
          Cancelar
        </button>
        <button
          type="button"
          aria-disabled={busy ? true : undefined}
          className="btn min-h-11 flex-1 border-0 bg-primary-strong text-white hover:bg-[#006a8c] aria-disabled:cursor-wait aria-disabled:opacity-70"
          onClick={() => void pay()}
        >
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Marcar como pagado
        </button>
      </div>
    </div>
  );
}
