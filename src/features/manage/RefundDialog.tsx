/**
 * «Devolver» on `/panel/caja` (docs/rules.md#refunds): a manager gives back all or part of a payment. The amount is
 * prefilled with all that is left to refund, the reason is required, and a second step confirms how the money goes
 * back (in cash, at the card terminal, or through the online provider). The refund keeps one Idempotency-Key per
 * attempt, so a double tap or a retry after a lost answer refunds once; a refusal (more than is left, the provider
 * said no) shows the server's Spanish sentence and keeps what was typed. Done: a link to the rectifying receipt.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { CashDay } from '../../contract/bill.ts';
import { formatMoneyText, parseMoneyText } from '../../contract/money-text.ts';
import { REFUND_REASON_MAX, REFUND_STRINGS, type RefundResult } from '../../contract/refund.ts';
import { http, problemMessage, problemOf } from '../../lib/http.ts';
import { formatMoney } from '../../lib/money.ts';
import { useModalDialog } from '../../shell/ui/use-modal-dialog.ts';
import { refundWay } from './logic.ts';
import '../../styles/dialogs.ts';
import '../../styles/manage.ts';

export type RefundableReceipt = CashDay['receipts'][number];

interface Props {
  venueId: string;
  /** The receipt of the payment being refunded; null: the dialog is closed. */
  receipt: RefundableReceipt | null;
  currency: string;
  locale: string;
  onRefunded: (result: RefundResult) => void;
  onClose: () => void;
}

const MONEY_ERRORS: Record<string, string> = {
  empty: 'Escribe un importe.',
  negative: 'El importe no puede ser negativo.',
  invalid: 'Importe no válido.',
  tooManyDecimals: 'Demasiados decimales.',
  tooLarge: 'Importe demasiado alto.',
};

const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

async function refundPayment(venueId: string, paymentId: string, key: string, amount: number, reason: string) {
  return http
    .post(`venues/${encodeURIComponent(venueId)}/payments/${encodeURIComponent(paymentId)}/refund`, {
      json: { amount, reason },
      headers: { 'Idempotency-Key': key },
      retry: 0,
    })
    .json<RefundResult>();
}

export function RefundDialog({ venueId, receipt, currency, locale, onRefunded, onClose }: Props) {
  const { ref } = useModalDialog(receipt !== null);
  const titleId = `${useId()}-title`;
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="refund-dialog"
    >
      <div className="modal-box max-w-lg">
        {receipt && (
          <RefundBody
            key={receipt.id}
            venueId={venueId}
            receipt={receipt}
            currency={currency}
            locale={locale}
            titleId={titleId}
            onRefunded={onRefunded}
            close={() => ref.current?.close()}
          />
        )}
      </div>
    </dialog>
  );
}

interface BodyProps extends Omit<Props, 'receipt' | 'onClose'> {
  receipt: RefundableReceipt;
  titleId: string;
  close: () => void;
}

function RefundBody({ venueId, receipt, currency, locale, titleId, onRefunded, close }: BodyProps) {
  const ids = useId();
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const left = receipt.refundable ?? 0;
  const [amountText, setAmountText] = useState(() => formatMoneyText(left, currency, locale));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState<RefundResult | null>(null);
  const key = useRef<string | null>(null);
  const way = refundWay(receipt);

  function review(event: FormEvent) {
    event.preventDefault();
    const read = parseMoneyText(amountText, currency, locale);
    const next: typeof errors = {};
    if ('error' in read) next.amount = MONEY_ERRORS[read.error];
    else if (read.value <= 0) next.amount = 'El importe tiene que ser mayor que cero.';
    else if (read.value > left) next.amount = `Como mucho ${money(left)}: lo que queda por devolver de este cobro.`;
    if (!reason.trim()) next.reason = 'Escribe el motivo: aparece en la factura rectificativa.';
    setErrors(next);
    if (next.amount || next.reason || !('value' in read)) return;
    key.current = null;
    setFailure('');
    setConfirming(read.value);
  }

  async function refund() {
    if (busy || confirming === null || !receipt.paymentId) return;
    key.current ??= newKey();
    setBusy(true);
    setFailure('');
    try {
      const result = await refundPayment(venueId, receipt.paymentId, key.current, confirming, reason.trim());
      setDone(result);
      onRefunded(result);
    } catch (e) {
      // Refused: a new attempt gets a new key. A lost answer keeps it: trying again cannot refund twice.
      if (problemOf(e)) key.current = null;
      setFailure(problemOf(e)?.detail ?? problemMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const heading = (
    <h2 id={titleId} className="text-lg font-bold">
      {REFUND_STRINGS.refundTitle} · {receipt.number}
    </h2>
  );

  if (done)
    return (
      <>
        {heading}
        <p role="status" className="mt-3" data-testid="refund-done">
          Devueltos {money(done.refund.amount)}. Factura rectificativa{' '}
          <a className="link font-semibold" href={`/recibo/${encodeURIComponent(done.receipt.id)}`}>
            {done.receipt.number}
          </a>
          .
        </p>
        <div className="modal-action">
          <button type="button" className="btn min-h-11" onClick={close}>
            Cerrar
          </button>
        </div>
      </>
    );

  return (
    <>
      {heading}
      <p className="mt-2 text-sm">
        Cobrado {money(receipt.total)}
        {receipt.tip > 0 ? ` (propina ${money(receipt.tip)})` : ''}; se puede devolver hasta{' '}
        <span className="font-semibold">{money(left)}</span>. La propina solo se devuelve con lo último de la venta.
      </p>
      {confirming === null ? (
        <form className="mt-3 flex flex-col gap-3" onSubmit={review} noValidate>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Importe a devolver</span>
            <input
              className="input min-h-11 w-full tabular-nums"
              inputMode="decimal"
              value={amountText}
              onChange={(e) => {
                setAmountText(e.currentTarget.value);
                setErrors((now) => ({ ...now, amount: undefined }));
              }}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={errors.amount ? `${ids}-amount-error` : undefined}
              data-testid="refund-amount"
            />
            {errors.amount && (
              <span id={`${ids}-amount-error`} className="text-sm text-error-strong">
                {errors.amount}
              </span>
            )}
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Motivo (sale en la factura rectificativa)</span>
            <input
              className="input min-h-11 w-full"
              value={reason}
              maxLength={REFUND_REASON_MAX}
              required
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setErrors((now) => ({ ...now, reason: undefined }));
              }}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}
              data-testid="refund-reason"
            />
            {errors.reason && (
              <span id={`${ids}-reason-error`} className="text-sm text-error-strong">
                {errors.reason}
              </span>
            )}
          </label>
          <div className="modal-action mt-1">
            <button type="button" className="btn btn-ghost min-h-11" onClick={close}>
              Cancelar
            </button>
            <button type="submit" className="btn min-h-11 border-0 bg-primary-strong text-white hover:bg-[#006a8c]">
              Continuar
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          <p className="rounded-box bg-base-200 p-3" data-testid="refund-confirm">
            ¿Devolver <span className="font-bold">{money(confirming)}</span> de {receipt.number} por «{reason.trim()}»?{' '}
            {way}
          </p>
          {failure && (
            <p role="alert" className="text-error-strong" data-testid="refund-error">
              {failure}
            </p>
          )}
          <div className="modal-action mt-1">
            <button type="button" className="btn btn-ghost min-h-11" onClick={() => setConfirming(null)}>
              Volver
            </button>
            <button
              type="button"
              className="btn min-h-11 border-0 bg-error-strong text-white"
              aria-disabled={busy ? true : undefined}
              onClick={() => void refund()}
            >
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Sí, devolver {money(confirming)}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
