/**
 * `Cuenta de la mesa`: every round, each person's total, a tip, the table total and
 * `Dividir entre N` (N = people at the table, changeable) with the remainder cents shown.
 */
import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { mdiClose, mdiMinus, mdiPlus } from '@mdi/js';
import { ORDER_STATUS_LABELS, TIP_PERCENT_PRESETS, tipPresetLabel } from '../../contract/labels.ts';
import { percentOf, splitBill } from '../../contract/money.ts';
import { TABLE_STRINGS } from '../../contract/table.ts';
import { formatMoney } from '../../lib/money.ts';
import { Icon } from '../../shell/Icon.tsx';
import { UserText } from '../../shell/ui/UserText.tsx';
import { useModalDialog } from '../../shell/ui/use-modal-dialog.ts';
import { useToasterInside } from '../../shell/ui/use-toaster-inside.ts';
import { $bill, $tableUi, $view, closeBill, loadBill, type TableVenue } from './store.ts';

const MAX_PEOPLE = 50;

export function BillDialog({ venue }: { venue: TableVenue }) {
  const ui = useStore($tableUi);
  const bill = useStore($bill);
  const view = useStore($view);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { ref, onBackdropClick, opener } = useModalDialog(ui.bill, () => headingRef.current);
  useToasterInside(ui.bill, ref);
  const [tipPercent, setTipPercent] = useState<number>(0);
  const [people, setPeople] = useState<number | null>(null);

  function onClose(): void {
    closeBill();
    setPeople(null);
    if (opener.current?.isConnected) opener.current.focus();
  }

  const currency = bill.state === 'ready' ? bill.bill.currency : venue.currency;
  const locale = bill.state === 'ready' ? bill.bill.locale : venue.locale;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const n = Math.max(1, Math.min(MAX_PEOPLE, people ?? (view?.participants.length || 1)));

  let body = null;
  if (bill.state === 'loading' || bill.state === 'idle') {
    body = <p role="status" className="py-8 text-center">Cargando la cuenta…</p>;
  } else if (bill.state === 'failed') {
    body = (
      <div role="alert" className="py-6">
        <p>{bill.message}</p>
        <button type="button" className="btn mt-3 min-h-11" onClick={() => void loadBill()}>Reintentar</button>
      </div>
    );
  } else if (bill.state === 'ready') {
    const { rounds, people: persons, subtotal } = bill.bill;
    const tip = percentOf(subtotal, tipPercent);
    const total = subtotal + tip;
    const split = splitBill(total, n);
    body = (
      <div className="flex flex-col gap-4 py-3">
        <section aria-labelledby="bill-rounds">
          <h3 id="bill-rounds" className="font-bold">Rondas</h3>
          {rounds.length === 0 ? (
            <p className="text-sm text-base-content/80">Todavía no se ha enviado ninguna ronda a cocina.</p>
          ) : (
            <ol className="mt-1 flex flex-col gap-3">
              {rounds.map((round, i) => (
                <li key={round.id} className="rounded-box border border-base-300 p-3" data-testid="bill-round">
                  <p className="flex justify-between gap-2 font-semibold">
                    <span>Ronda {i + 1} · pedido {round.number}</span>
                    <span className="badge badge-outline">{ORDER_STATUS_LABELS[round.status]}</span>
                  </p>
                  <ul className="mt-1 text-sm">
                    {round.lines.map((line, j) => (
                      <li key={j} className="flex justify-between gap-2">
                        <span className="min-w-0">{line.quantity} × {line.name}{line.by ? <> (<UserText>{line.by}</UserText>)</> : ''}</span>
                        <span className="tabular-nums">{money(line.lineTotal)}</span>
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 flex justify-between text-sm font-semibold"><span>Total de la ronda</span><span className="tabular-nums">{money(round.subtotal)}</span></p>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="bill-people">
          <h3 id="bill-people" className="font-bold">Por persona</h3>
          <ul className="mt-1 flex flex-col gap-1" data-testid="bill-people">
            {persons.map((p) => (
              <li key={p.participantId} className="flex justify-between gap-2">
                <span className="min-w-0"><UserText>{p.name}</UserText></span>
                <span className="tabular-nums">{money(p.total)}</span>
              </li>
            ))}
          </ul>
        </section>
        <fieldset className="fieldset">
          <legend className="fieldset-legend text-base">Propina</legend>
          <div className="flex flex-wrap gap-2">
            {TIP_PERCENT_PRESETS.map((p) => (
              <label key={p} className="label min-h-11 cursor-pointer gap-2 rounded-field border border-base-300 px-3 text-base-content has-checked:border-primary-strong has-checked:bg-primary/10">
                <input type="radio" name="bill-tip" className="radio radio-sm" checked={tipPercent === p} onChange={() => setTipPercent(p)} />
                {tipPresetLabel(p)}
              </label>
            ))}
          </div>
        </fieldset>
        <dl className="flex flex-col gap-1">
          <div className="flex justify-between"><dt>Subtotal</dt><dd className="tabular-nums">{money(subtotal)}</dd></div>
          <div className="flex justify-between"><dt>Propina</dt><dd className="tabular-nums">{money(tip)}</dd></div>
          <div className="flex justify-between text-lg font-bold"><dt>Total de la mesa</dt><dd className="tabular-nums" data-testid="bill-total">{money(total)}</dd></div>
        </dl>
        <section aria-labelledby="bill-split" className="rounded-box bg-base-200 p-3">
          <h3 id="bill-split" className="font-bold">{TABLE_STRINGS.splitBetween(n)}</h3>
          <div className="mt-2 flex items-center gap-2" role="group" aria-label="Número de personas">
            <button type="button" className="btn btn-outline btn-square min-h-11 min-w-11" aria-label="Una persona menos" disabled={n <= 1} onClick={() => setPeople(n - 1)}>
              <Icon path={mdiMinus} size={20} />
            </button>
            <span className="min-w-8 text-center text-lg font-semibold tabular-nums" data-testid="split-people">{n}</span>
            <button type="button" className="btn btn-outline btn-square min-h-11 min-w-11" aria-label="Una persona más" disabled={n >= MAX_PEOPLE} onClick={() => setPeople(n + 1)}>
              <Icon path={mdiPlus} size={20} />
            </button>
          </div>
          <p className="mt-2" role="status" data-testid="split-share">
            Cada persona paga <strong className="tabular-nums">{money(split.share)}</strong>
          </p>
          {split.remainder > 0 && (
            <p className="text-sm" data-testid="split-remainder">
              Sobran <strong className="tabular-nums">{money(split.remainder)}</strong> por repartir: alguien paga un poco más.
            </p>
          )}
        </section>
      </div>
    );
  }

  return (
    // The click handler only takes clicks on the backdrop, a pointer shortcut for Escape and the close button.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions -- see above
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="bill-title"
      onClose={onClose}
      onClick={onBackdropClick}
      data-testid="bill-dialog"
    >
      {ui.bill && (
        <div className="modal-box max-h-[92dvh] p-4 sm:max-w-lg">
          <div className="flex items-center gap-2">
            <h2 id="bill-title" ref={headingRef} tabIndex={-1} className="flex-1 text-xl font-bold outline-none">{TABLE_STRINGS.bill}</h2>
            <button type="button" className="btn btn-ghost btn-square min-h-11 min-w-11" aria-label="Cerrar la cuenta" onClick={closeBill}>
              <Icon path={mdiClose} />
            </button>
          </div>
          {body}
        </div>
      )}
    </dialog>
  );
}
