/**
 * «Corregir» on a table of the board (docs/rules.md#the-floor): void a sent line, part of it or all of it, with a
 * reason from the list or «Otro: …» (staff); invite lines («Invitación de la casa») or take a percentage off the
 * bill (managers: staff read «Pide a un gerente»). The board, the kitchen and every phone follow from the events.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { BillState } from '../../contract/bill.ts';
import { CORRECTION_STRINGS, OTHER_REASON_PREFIX, VOID_REASONS, type VoidInput } from '../../contract/corrections.ts';
import type { Order } from '../../contract/order.ts';
import { TABLE_STRINGS, type StaffTableSession } from '../../contract/table.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { formatMoney } from '../../lib/money.ts';
import { toast } from '../../shell/toast.ts';
import { useModalDialog } from '../../shell/ui/use-modal-dialog.ts';
import '../../styles/dialogs.ts';
import { adjustTableBill, voidOrderLine } from './api.ts';
import { chargeableLines } from './bill.ts';

interface Props {
  venueId: string;
  /** The table being corrected; null: closed. */
  table: StaffTableSession | null;
  rounds: Order[];
  bill?: BillState | undefined;
  /** A manager (or admin) of the venue: invitations and discounts. */
  canManage: boolean;
  locale: string;
  onClose: () => void;
}

const OTHER = 'other';

interface Voidable {
  key: string;
  orderId: string;
  index: number;
  name: string;
  left: number;
  round: number;
  /** One chosen dish of a set menu's line. */
  choice?: VoidInput['choice'];
}

/**
 * The lines of the table's rounds that still have something to void, with where they are; a set menu's line is
 * followed by each of its chosen dishes, which can be voided alone (the set's price stays).
 */
function voidable(rounds: readonly Order[]): Voidable[] {
  return rounds
    .filter((r) => r.status !== 'cancelled')
    .flatMap((round, n) =>
      round.lines.flatMap((line, index) => {
        const left = line.quantity - (line.voided ?? 0);
        const whole: Voidable = {
          key: `${round.id}:${index}`,
          orderId: round.id,
          index,
          name: line.name,
          left,
          round: n + 1,
        };
        const dishes = (line.choices ?? []).map((c, k): Voidable => ({
          ...whole,
          key: `${whole.key}:${k}`,
          name: `${c.name} (${line.name})`,
          left: left - (c.voided ?? 0),
          choice: { courseId: c.courseId, productId: c.productId },
        }));
        return [whole, ...dishes];
      }),
    )
    .filter((l) => l.left > 0);
}

export function CorrectionsDialog({ venueId, table, rounds, bill, canManage, locale, onClose }: Props) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const { ref } = useModalDialog(table !== null, () => closeRef.current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const label = table ? TABLE_STRINGS.table(table.table) : '';
  const lines = voidable(rounds);
  const invitable = chargeableLines(bill);
  const money = (minor: number) => formatMoney(minor, bill?.currency ?? rounds[0]?.currency ?? 'EUR', locale);

  async function run(what: () => Promise<unknown>, done: string) {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await what();
      toast.success(done, { id: `corrected-${table?.table ?? ''}`, testId: 'corrected-toast' });
      onClose();
    } catch (e) {
      setError(problemOf(e)?.detail ?? problemMessage(e));
    } finally {
      setBusy(false);
    }
  }

  function voidSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const line = lines.find((l) => l.key === form.get('line'));
    const quantity = Number(form.get('quantity'));
    const picked = form.get('reason');
    const own = form.get('other');
    const words = typeof own === 'string' ? own.trim() : '';
    if (!line) return setError('Elige el plato que quieres anular.');
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > line.left)
      return setError(`Indica cuántos anular, de 1 a ${line.left}.`);
    if (picked === OTHER && !words) return setError('Escribe el motivo.');
    const reason = picked === OTHER ? `${OTHER_REASON_PREFIX}${words}` : typeof picked === 'string' ? picked : '';
    if (!reason) return setError('Elige un motivo.');
    void run(
      () => voidOrderLine(venueId, line.orderId, line.index, quantity, reason, line.choice),
      `${label}: anulado ${quantity} × ${line.name}.`,
    );
  }

  function compSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!table) return;
    const form = new FormData(event.currentTarget);
    const lineIds = form.getAll('comp').filter((v): v is string => typeof v === 'string');
    const reason = form.get('compReason');
    if (!lineIds.length) return setError('Elige qué platos invita la casa.');
    if (typeof reason !== 'string' || !reason.trim()) return setError('Escribe el motivo de la invitación.');
    void run(
      () => adjustTableBill(venueId, table.table, { kind: 'comp', lineIds, reason: reason.trim() }),
      `${label}: ${CORRECTION_STRINGS.comp.toLowerCase()} anotada.`,
    );
  }

  function discountSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!table) return;
    const form = new FormData(event.currentTarget);
    const percent = Number(form.get('percent'));
    const reason = form.get('discountReason');
    if (!Number.isInteger(percent) || percent < 1 || percent > 100)
      return setError('Indica un descuento de 1 a 100 %.');
    if (typeof reason !== 'string' || !reason.trim()) return setError('Escribe el motivo del descuento.');
    void run(
      () => adjustTableBill(venueId, table.table, { kind: 'discount', percent, reason: reason.trim() }),
      `${label}: descuento del ${percent} % anotado.`,
    );
  }

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="corrections-title"
      onClose={() => {
        setError('');
        onClose();
      }}
      data-testid="corrections-dialog"
    >
      <div className="modal-box flex flex-col gap-4">
        <h2 id="corrections-title" className="text-lg font-bold">
          Corregir la {label}
        </h2>
        {error && (
          <p role="alert" className="rounded-field border border-error-strong p-2 font-semibold text-error-strong">
            {error}
          </p>
        )}

        <form onSubmit={voidSubmit} aria-labelledby="void-title" className="flex flex-col gap-2">
          <h3 id="void-title" className="font-bold">
            Anular un plato enviado
          </h3>
          {lines.length === 0 ? (
            <p className="text-sm">No queda ningún plato enviado que anular.</p>
          ) : (
            <>
              <fieldset className="flex flex-col gap-1">
                <legend className="text-sm font-semibold">Plato</legend>
                {lines.map((l, i) => (
                  <label key={l.key} className="flex min-h-11 items-center gap-2">
                    <input type="radio" name="line" value={l.key} defaultChecked={i === 0} className="radio" />
                    <span>
                      {l.left} × {l.name} <span className="text-sm">· Ronda {l.round}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <label className="flex flex-col gap-1">
                <span className="text-sm font-semibold">Cuántos anular</span>
                <input type="number" name="quantity" min={1} defaultValue={1} className="input min-h-11 w-28" />
              </label>
              <fieldset className="flex flex-col gap-1">
                <legend className="text-sm font-semibold">Motivo</legend>
                {VOID_REASONS.map((reason, i) => (
                  <label key={reason} className="flex min-h-11 items-center gap-2">
                    <input type="radio" name="reason" value={reason} defaultChecked={i === 0} className="radio" />
                    {reason}
                  </label>
                ))}
                <label className="flex min-h-11 items-center gap-2">
                  <input type="radio" name="reason" value={OTHER} className="radio" />
                  Otro:
                  <input
                    type="text"
                    name="other"
                    maxLength={100}
                    aria-label="Otro motivo"
                    className="input min-h-11 flex-1"
                  />
                </label>
              </fieldset>
              <button
                type="submit"
                aria-disabled={busy ? true : undefined}
                className="btn min-h-11 self-start border-0 bg-error-strong text-white hover:bg-[#85102f]"
              >
                Anular
              </button>
            </>
          )}
        </form>

        <section aria-labelledby="adjust-title" className="flex flex-col gap-2 border-t border-base-300 pt-3">
          <h3 id="adjust-title" className="font-bold">
            Invitar o descontar
          </h3>
          {!canManage ? (
            <p data-testid="corrections-ask-manager">
              Solo un gerente puede invitar o hacer descuentos: {CORRECTION_STRINGS.askManager.toLowerCase()}.
            </p>
          ) : (
            <>
              <form onSubmit={compSubmit} className="flex flex-col gap-2" aria-label={CORRECTION_STRINGS.comp}>
                {invitable.length === 0 ? (
                  <p className="text-sm">No queda ningún plato por cobrar que invitar.</p>
                ) : (
                  <>
                    <fieldset className="flex flex-col gap-1">
                      <legend className="text-sm font-semibold">{CORRECTION_STRINGS.comp}</legend>
                      {invitable.map((l) => (
                        <label key={l.id} className="flex min-h-11 items-center gap-2">
                          <input type="checkbox" name="comp" value={l.id} className="checkbox" />
                          {l.quantity} × {l.name} · {money(l.lineTotal)}
                        </label>
                      ))}
                    </fieldset>
                    <label className="flex flex-col gap-1">
                      <span className="text-sm font-semibold">Motivo de la invitación</span>
                      <input type="text" name="compReason" maxLength={120} className="input min-h-11" />
                    </label>
                    <button
                      type="submit"
                      aria-disabled={busy ? true : undefined}
                      className="btn btn-outline min-h-11 self-start"
                    >
                      Invitar
                    </button>
                  </>
                )}
              </form>
              <form onSubmit={discountSubmit} className="flex flex-col gap-2" aria-label="Descuento">
                <label className="flex flex-col gap-1">
                  <span className="text-sm font-semibold">Descuento (%) sobre lo que queda por pagar</span>
                  <input type="number" name="percent" min={1} max={100} className="input min-h-11 w-28" />
                </label>
                <label className="flex flex-col gap-1">
                  <span className="text-sm font-semibold">Motivo del descuento</span>
                  <input type="text" name="discountReason" maxLength={120} className="input min-h-11" />
                </label>
                <button
                  type="submit"
                  aria-disabled={busy ? true : undefined}
                  className="btn btn-outline min-h-11 self-start"
                >
                  Aplicar descuento
                </button>
              </form>
            </>
          )}
        </section>

        <div className="modal-action">
          <button ref={closeRef} type="button" className="btn btn-ghost min-h-11" onClick={onClose}>
            Cerrar
          </button>
        </div>
      </div>
    </dialog>
  );
}
