/**
 * «Cobrar» (docs/rules.md#the-bill): staff confirm a diner's payment request (the card terminal or the cash is
 * outside umenu) or record any payment by hand: an amount or lines, a tip and the method. Cash shows the change to
 * give. Each attempt has its own Idempotency-Key, so a double tap or a retry records one payment; a refused payment
 * (more than the balance: 409) shows the API's Spanish words and keeps what was typed.
 */
import { useId, useState, type FormEvent } from 'react';
import type { BillState, PaymentInput, PaymentResult } from '../../contract/bill.ts';
import type { PaymentMethod } from '../../contract/order.ts';
import { formatMoneyText, parseMoneyText } from '../../contract/money-text.ts';
import { TABLE_STRINGS, type StaffTableSession } from '../../contract/table.ts';
import { formatMoney } from '../../lib/money.ts';
import { useModalDialog } from '../../shell/ui/use-modal-dialog.ts';
import { WithName } from '../../shell/ui/UserText.tsx';
import { chargeableLines, changeFor, pendingRequests, recordTablePayment, requestText } from './bill.ts';
import { usePaymentAttempt } from './use-payment-attempt.ts';
import '../../styles/dialogs.ts';
import '../../styles/manage.ts';

interface Props {
  venueId: string;
  /** The table being charged; null: the dialog is closed. */
  table: StaffTableSession | null;
  bill: BillState | undefined;
  locale: string;
  onPaid: (table: StaffTableSession, result: PaymentResult) => void;
  onClose: () => void;
}

const MANUAL = 'manual';
const METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Tarjeta', cash: 'Efectivo' };
const MONEY_ERRORS: Record<string, string> = {
  empty: 'Escribe un importe.',
  negative: 'El importe no puede ser negativo.',
  invalid: 'Importe no válido.',
  tooManyDecimals: 'Demasiados decimales.',
  tooLarge: 'Importe demasiado alto.',
};

export function ChargeDialog({ venueId, table, bill, locale, onPaid, onClose }: Props) {
  const { ref } = useModalDialog(table !== null);
  const titleId = `${useId()}-title`;
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="charge-dialog"
    >
      <div className="modal-box max-w-xl">
        {table && (
          // A new body for each table it opens for: what staff typed is kept while the bill changes live.
          <ChargeBody
            key={table.id}
            venueId={venueId}
            table={table}
            bill={bill}
            locale={locale}
            titleId={titleId}
            onPaid={onPaid}
            close={() => ref.current?.close()}
          />
        )}
      </div>
    </dialog>
  );
}

interface BodyProps {
  venueId: string;
  table: StaffTableSession;
  bill: BillState | undefined;
  locale: string;
  titleId: string;
  onPaid: (table: StaffTableSession, result: PaymentResult) => void;
  close: () => void;
}

function ChargeBody({ venueId, table, bill, locale, titleId, onPaid, close }: BodyProps) {
  const ids = useId();
  const currency = bill?.currency ?? 'EUR';
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const asText = (minor: number) => formatMoneyText(minor, currency, locale);
  const read = (text: string) => parseMoneyText(text, currency, locale);

  const requests = pendingRequests(bill);
  const lines = chargeableLines(bill);
  // It opens on the oldest pending request, else on the balance nobody asked to pay yet, by hand.
  const [choice, setChoice] = useState<string>(() => requests[0]?.id ?? MANUAL);
  const [amountText, setAmountText] = useState(() =>
    bill ? asText(bill.unassigned > 0 ? bill.unassigned : bill.balance) : '',
  );
  const [tipText, setTipText] = useState('0');
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [handedText, setHandedText] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [fieldError, setFieldError] = useState<{ amount?: string; tip?: string }>({});
  const [done, setDone] = useState<{ result: PaymentResult; change: number | null } | null>(null);
  const { busy, error, send, another } = usePaymentAttempt();

  const request = requests.find((r) => r.id === choice);
  const manual = !request;
  const pickedTotal = lines.filter((l) => picked.has(l.id)).reduce((sum, l) => sum + l.lineTotal, 0);
  const amountRead = manual ? (picked.size > 0 ? { value: pickedTotal } : read(amountText)) : { value: request.amount };
  const tipRead = manual ? (tipText.trim() === '' ? { value: 0 } : read(tipText)) : { value: request.tip };
  const payMethod: PaymentMethod = request ? request.method : method;
  const amount = 'value' in amountRead ? amountRead.value : 0;
  const tip = 'value' in tipRead ? tipRead.value : 0;
  const total = amount + tip;
  const handed = handedText.trim() ? read(handedText) : null;
  const change = handed && 'value' in handed ? changeFor(handed.value, total) : null;

  /** Anything that changes the payment makes it another attempt. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      another();
      set(value);
    };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const errors: { amount?: string; tip?: string } = {};
    if ('error' in amountRead) errors.amount = MONEY_ERRORS[amountRead.error];
    else if (amount <= 0) errors.amount = 'El importe tiene que ser mayor que cero.';
    if ('error' in tipRead) errors.tip = MONEY_ERRORS[tipRead.error];
    setFieldError(errors);
    if (errors.amount || errors.tip) return;
    const input: PaymentInput = request
      ? { amount: request.amount, tip: request.tip, method: request.method, requestId: request.id }
      : { amount, tip, method, ...(picked.size > 0 ? { lineIds: [...picked] } : {}) };
    const result = await send((key) => recordTablePayment(venueId, table.table, key, input));
    if (!result) return;
    setDone({ result, change: payMethod === 'cash' && change !== null && change >= 0 ? change : null });
    setPicked(new Set());
    onPaid(table, result);
  }

  const label = TABLE_STRINGS.table(table.table);
  const left = bill ? bill.balance : 0;

  return (
    <>
      <h2 id={titleId} className="text-lg font-bold">
        Cobrar · {label}
      </h2>
      {bill && (
        <dl
          className="mt-2 grid grid-cols-3 gap-2 rounded-field bg-base-200 p-2 text-center text-sm"
          data-testid="charge-summary"
        >
          <div>
            <dt>Total</dt>
            <dd className="font-bold tabular-nums">{money(bill.total)}</dd>
          </div>
          <div>
            <dt>Pagado</dt>
            <dd className="font-bold tabular-nums">{money(bill.paid)}</dd>
          </div>
          <div>
            <dt>Queda</dt>
            <dd className="font-bold tabular-nums" data-testid="charge-balance">
              {money(left)}
            </dd>
          </div>
        </dl>
      )}

      {done ? (
        <div className="mt-3" data-testid="charge-done">
          <p
            role="status"
            className="rounded-field border border-[#1f6f3a] bg-[#e8f5ec] p-3 font-semibold text-[#1f6f3a]"
          >
            Cobro registrado: {money(done.result.receipt.total)}{' '}
            {done.result.payment.method === 'cash' ? 'en efectivo' : 'con tarjeta'}.
            {done.change !== null && (
              <span className="mt-1 block text-lg" data-testid="charge-change-done">
                Cambio: {money(done.change)}
              </span>
            )}
          </p>
          <p className="mt-2">
            <a
              className="link text-primary-strong font-semibold"
              href={`/recibo/${encodeURIComponent(done.result.receipt.id)}`}
              target="_blank"
              rel="noopener"
            >
              Ver recibo {done.result.receipt.number}
            </a>
          </p>
          <div className="modal-action flex-wrap">
            {left > 0 && (
              <button type="button" className="btn btn-outline min-h-11" onClick={() => setDone(null)}>
                Cobrar otro pago
              </button>
            )}
            <button
              type="button"
              className="btn min-h-11 border-0 bg-primary-strong text-white hover:bg-[#006a8c]"
              onClick={() => close()}
            >
              Hecho
            </button>
          </div>
        </div>
      ) : (
        <form className="mt-3 flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 font-semibold">¿Qué cobras?</legend>
            {requests.map((r) => (
              <label
                key={r.id}
                className="flex min-h-11 cursor-pointer items-start gap-2 rounded-field border border-base-300 p-2 has-checked:border-primary-strong has-checked:bg-[#e6f4f9]"
                data-testid="charge-request"
              >
                <input
                  type="radio"
                  className="radio mt-0.5"
                  name={`${ids}-choice`}
                  aria-label={requestText(table.table, r, currency, locale)}
                  checked={choice === r.id}
                  onChange={() => changed(setChoice)(r.id)}
                />
                <span>
                  <span className="font-semibold">
                    <WithName name={r.by} sentence={(by) => requestText(table.table, { ...r, by }, currency, locale)} />
                  </span>
                  <span className="block text-sm text-base-content/80">
                    Solicitud desde su móvil: confírmala cuando hayas cobrado.
                  </span>
                </span>
              </label>
            ))}
            <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-field border border-base-300 p-2 has-checked:border-primary-strong has-checked:bg-[#e6f4f9]">
              <input
                type="radio"
                className="radio"
                name={`${ids}-choice`}
                checked={manual}
                onChange={() => changed(setChoice)(MANUAL)}
              />
              <span className="font-semibold">Otro cobro (a mano)</span>
            </label>
          </fieldset>

          {manual && (
            <>
              {lines.length > 0 && (
                <fieldset>
                  <legend className="mb-1 font-semibold">Platos (opcional)</legend>
                  <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto">
                    {lines.map((line) => (
                      <li key={line.id}>
                        <label className="flex min-h-11 cursor-pointer items-center gap-2">
                          <input
                            type="checkbox"
                            className="checkbox"
                            checked={picked.has(line.id)}
                            onChange={(e) => {
                              const next = new Set(picked);
                              if (e.currentTarget.checked) next.add(line.id);
                              else next.delete(line.id);
                              changed(setPicked)(next);
                            }}
                          />
                          <span className="flex-1">
                            <span className="tabular-nums">{line.quantity} ×</span> {line.name}
                          </span>
                          <span className="tabular-nums">{money(line.lineTotal)}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              )}
              <div className="grid grid-cols-2 gap-3">
                <label className="flex flex-col gap-1">
                  <span className="font-semibold">Importe</span>
                  <input
                    className="input min-h-11 w-full tabular-nums"
                    inputMode="decimal"
                    autoComplete="off"
                    value={picked.size > 0 ? asText(pickedTotal) : amountText}
                    readOnly={picked.size > 0}
                    aria-invalid={fieldError.amount ? true : undefined}
                    aria-describedby={fieldError.amount ? `${ids}-amount-error` : undefined}
                    onChange={(e) => changed(setAmountText)(e.currentTarget.value)}
                  />
                  {fieldError.amount && (
                    <span id={`${ids}-amount-error`} className="text-sm text-error-strong">
                      {fieldError.amount}
                    </span>
                  )}
                </label>
                <label className="flex flex-col gap-1">
                  <span className="font-semibold">Propina</span>
                  <input
                    className="input min-h-11 w-full tabular-nums"
                    inputMode="decimal"
                    autoComplete="off"
                    value={tipText}
                    aria-invalid={fieldError.tip ? true : undefined}
                    aria-describedby={fieldError.tip ? `${ids}-tip-error` : undefined}
                    onChange={(e) => changed(setTipText)(e.currentTarget.value)}
                  />
                  {fieldError.tip && (
                    <span id={`${ids}-tip-error`} className="text-sm text-error-strong">
                      {fieldError.tip}
                    </span>
                  )}
                </label>
              </div>
              <fieldset className="flex flex-wrap gap-2">
                <legend className="mb-1 font-semibold">Método</legend>
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
                      onChange={() => changed(setMethod)(m)}
                    />
                    {METHOD_LABELS[m]}
                  </label>
                ))}
              </fieldset>
            </>
          )}

          {payMethod === 'cash' && (
            <div className="rounded-field border border-base-300 p-2">
              <label className="flex flex-col gap-1">
                <span className="font-semibold">Entregado en efectivo</span>
                <input
                  aria-label="Entregado en efectivo"
                  className="input min-h-11 w-full tabular-nums"
                  inputMode="decimal"
                  autoComplete="off"
                  value={handedText}
                  onChange={(e) => setHandedText(e.currentTarget.value)}
                />
              </label>
              <p aria-live="polite" className="mt-1 text-lg font-bold" data-testid="charge-change">
                {change !== null && change >= 0 && `Cambio: ${money(change)}`}
                {change !== null && change < 0 && <span className="text-error-strong">Faltan {money(-change)}</span>}
              </p>
            </div>
          )}

          {error && (
            <p
              role="alert"
              className="rounded-field border border-error-strong bg-[#fdecef] p-2 text-error-strong"
              data-testid="charge-error"
            >
              {error}
            </p>
          )}

          <div className="modal-action mt-0 flex-wrap">
            <button type="button" className="btn btn-ghost min-h-11" onClick={() => close()}>
              Cancelar
            </button>
            <button
              type="submit"
              aria-disabled={busy ? true : undefined}
              className="btn min-h-11 border-0 bg-primary-strong text-white hover:bg-[#006a8c] aria-disabled:cursor-wait aria-disabled:opacity-70"
              data-testid="charge-submit"
            >
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {request ? 'Confirmar cobro' : 'Registrar cobro'} de {money(total)}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
