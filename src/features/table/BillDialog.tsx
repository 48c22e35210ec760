/**
 * `Cuenta de la mesa` (docs/rules.md#the-bill), loaded when first opened (BillDialogLazy.tsx): the table's
 * balance live (total, paid, waiting for the staff, by whom, what is left unassigned, «Pagada»), and
 * `Pagar mi parte` by dishes (a dish may be shared), in equal parts or any amount, with a tip on one's own
 * part and the method; then «Esperando al personal…», «Pagado» and the receipt's link. Below, the rounds
 * and each person's total. Every amount is integer minor units; the server decides them.
 */
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { mdiCheckCircle, mdiClockOutline, mdiClose, mdiMinus, mdiPlus } from '@mdi/js';
import type { BillLine, TableBill } from '../../contract/bill.ts';
import { SHARE_MAX } from '../../contract/bill.ts';
import { TIP_PERCENT_PRESETS } from '../../contract/labels.ts';
import { orderMessages } from '../orders/index.ts';
import { parseMoneyText, formatMoneyText } from '../../contract/money-text.ts';
import { formatMoney } from '../../lib/money.ts';
import { Icon } from '../../shell/Icon.tsx';
import { UserText, WithName } from '../../shell/ui/UserText.tsx';
import { useModalDialog } from '../../shell/ui/use-modal-dialog.ts';
import { useToasterInside } from '../../shell/ui/use-toaster-inside.ts';
import { toast } from '../../shell/toast.ts';
import { billMessages } from './bill-messages.ts';
import { availabilityOf, equalPart, nextShare, partOfLines, tipOn, type TipChoice } from './split.ts';
import { $bill, $myRequests, $tableUi, $view, closeBill, loadBill, requestPayment, withdrawPayment, type TableVenue } from './store.ts';

const MAX_PEOPLE = 50;
type Mode = 'items' | 'equal' | 'amount';
type Words = ReturnType<typeof billMessages.get>;

export default function BillDialog({ venue }: { venue: TableVenue }) {
  const ui = useStore($tableUi);
  const bill = useStore($bill);
  const t = useStore(billMessages);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { ref, onBackdropClick, opener } = useModalDialog(ui.bill, () => headingRef.current);
  useToasterInside(ui.bill, ref);

  function onClose(): void {
    closeBill();
    if (opener.current?.isConnected) opener.current.focus();
  }

  let body: ReactNode = null;
  if (bill.state === 'loading' || bill.state === 'idle') {
    body = <p role="status" className="py-8 text-center">{t.loading}</p>;
  } else if (bill.state === 'failed') {
    body = (
      <div role="alert" className="py-6">
        <p>{bill.message}</p>
        <button type="button" className="btn mt-3 min-h-11" onClick={() => void loadBill()}>{t.retry}</button>
      </div>
    );
  } else if (bill.state === 'ready') {
    body = <BillBody bill={bill.bill} t={t} />;
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
      data-currency={venue.currency}
    >
      {ui.bill && (
        <div className="modal-box max-h-[92dvh] p-4 sm:max-w-lg">
          <div className="flex items-center gap-2">
            <h2 id="bill-title" ref={headingRef} tabIndex={-1} className="flex-1 text-xl font-bold outline-none">{t.title}</h2>
            <button type="button" className="btn btn-ghost btn-square min-h-11 min-w-11" aria-label={t.close} onClick={closeBill}>
              <Icon path={mdiClose} />
            </button>
          </div>
          {body}
        </div>
      )}
    </dialog>
  );
}

function BillBody({ bill, t }: { bill: TableBill; t: Words }) {
  const view = useStore($view);
  const myRequests = useStore($myRequests);
  const money = (minor: number) => formatMoney(minor, bill.currency, bill.locale);
  const me = view?.me.participantId ?? '';
  const mine = new Set(myRequests[bill.sessionId] ?? []);
  const myPending = bill.requests.filter((r) => r.status === 'pending' && (r.participantId === me || mine.has(r.id)));
  const myPayments = bill.payments.filter((p) => p.requestId !== undefined && mine.has(p.requestId));
  const tablePaid = Boolean(bill.paidAt) || (bill.total > 0 && bill.balance === 0);
  const statusRef = useRef<HTMLDivElement>(null);
  const formHeadingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className="flex flex-col gap-4 py-3">
      <Balance bill={bill} t={t} money={money} tablePaid={tablePaid} />
      {!tablePaid && bill.total > 0 && (
        // Stays in sight while the diner scrolls the dishes (docs/rules.md#the-bill: what is left unassigned is always visible).
        <p className="sticky -top-4 z-10 -my-2 rounded-box border border-base-300 bg-base-100 px-3 py-2 font-semibold shadow-sm" data-testid="bill-unassigned">
          {t.unassigned({ amount: money(bill.unassigned) })}
        </p>
      )}
      <div ref={statusRef} tabIndex={-1} className="flex flex-col gap-3 outline-none" role="status" data-testid="bill-my-status">
        {myPending.map((r) => (
          <PendingRequest key={r.id} id={r.id} amount={money(r.amount)} tip={money(r.tip)} method={r.method} t={t} onWithdrawn={() => afterPaint(() => formHeadingRef.current?.focus())} />
        ))}
        {myPayments.map((p) => (
          <div key={p.id} className="rounded-box border border-success bg-success/10 p-3" data-testid="bill-my-payment">
            <p className="flex items-center gap-2 text-lg font-bold"><Icon path={mdiCheckCircle} size={24} className="text-success" />{t.paid}</p>
            <p className="text-sm">{t.paidHint({ amount: money(p.amount), tip: money(p.tip) })}</p>
            <a className="link mt-1 inline-flex min-h-11 items-center font-semibold" href={`/recibo/${encodeURIComponent(p.receiptId)}`}>{t.receipt}</a>
          </div>
        ))}
      </div>
      {!tablePaid && myPending.length === 0 && bill.total > 0 && (
        <PayForm
          key={bill.sessionId}
          bill={bill}
          t={t}
          money={money}
          people={view?.participants.length ?? 1}
          myName={view?.me.name ?? ''}
          again={myPayments.length > 0}
          headingRef={formHeadingRef}
          onSent={() => afterPaint(() => statusRef.current?.focus())}
        />
      )}
      <Rounds bill={bill} t={t} money={money} />
    </div>
  );
}

function Balance({ bill, t, money, tablePaid }: { bill: TableBill; t: Words; money: (n: number) => string; tablePaid: boolean }) {
  return (
    <section aria-labelledby="bill-balance-title" className="rounded-box bg-base-200 p-3" data-testid="bill-balance">
      <h3 id="bill-balance-title" className="sr-only">{t.balanceTitle}</h3>
      {tablePaid && (
        <p className="mb-2 flex items-center gap-2 text-xl font-bold" data-testid="bill-paid">
          <Icon path={mdiCheckCircle} size={28} className="text-success" />
          <span>{t.tablePaid}</span>
          <span className="sr-only">: {t.tablePaidHint}</span>
        </p>
      )}
      <dl className="flex flex-col gap-0.5">
        <div className="flex justify-between gap-2"><dt>{t.total}</dt><dd className="tabular-nums" data-testid="bill-total">{money(bill.total)}</dd></div>
        <div className="flex justify-between gap-2"><dt>{t.paidSoFar}</dt><dd className="tabular-nums" data-testid="bill-paid-amount">{money(bill.paid)}</dd></div>
        {bill.pending > 0 && <div className="flex justify-between gap-2"><dt>{t.pending}</dt><dd className="tabular-nums" data-testid="bill-pending">{money(bill.pending)}</dd></div>}
        <div className="flex justify-between gap-2 text-lg font-bold"><dt>{t.balance}</dt><dd className="tabular-nums" data-testid="bill-balance-amount">{money(bill.balance)}</dd></div>
      </dl>
      {(bill.payments.length > 0 || bill.requests.length > 0) && (
        <ul className="mt-2 flex flex-col gap-1 border-t border-base-300 pt-2 text-sm" data-testid="bill-who">
          {bill.payments.map((p) => (
            <li key={p.id} className="flex items-center gap-2">
              <Icon path={mdiCheckCircle} size={18} className="shrink-0 text-success" />
              <Named name={p.by ?? t.staff} text={(name) => t.whoPaid({ name, amount: money(p.amount) })} />
            </li>
          ))}
          {bill.requests.map((r) => (
            <li key={r.id} className="flex items-center gap-2">
              <Icon path={mdiClockOutline} size={18} className="shrink-0" />
              <Named name={r.by ?? ''} text={(name) => t.whoPays({ name, amount: money(r.amount) })} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A sentence with a diner's name in it, the name in a `UserText` (typed by a person, shown as typed). */
function Named({ name, text }: { name: string; text: (name: string) => string }) {
  return <span className="min-w-0"><WithName name={name} sentence={(n) => text(n ?? '')} /></span>;
}

/** After the next paint (what to focus is rendered by then). */
const afterPaint = (fn: () => void) => requestAnimationFrame(() => requestAnimationFrame(fn));

function PendingRequest({ id, amount, tip, method, t, onWithdrawn }: { id: string; amount: string; tip: string; method: 'card' | 'cash'; t: Words; onWithdrawn: () => void }) {
  const [busy, setBusy] = useState(false);
  async function withdraw(): Promise<void> {
    setBusy(true);
    const result = await withdrawPayment(id);
    setBusy(false);
    if (result.ok) {
      toast.info(t.withdrawn, { id: 'bill-withdrawn' });
      onWithdrawn();
    } else {
      toast.error(result.message, { id: 'bill-withdraw-error' });
    }
  }
  return (
    <div className="rounded-box border border-warning bg-warning/15 p-3" data-testid="bill-my-request">
      <p className="flex items-center gap-2 text-lg font-bold"><Icon path={mdiClockOutline} size={24} />{t.waiting}</p>
      <p className="text-sm">{method === 'card' ? t.requestCard({ amount, tip }) : t.requestCash({ amount, tip })}</p>
      <button type="button" className="btn btn-outline btn-sm mt-2 min-h-11" disabled={busy} onClick={() => void withdraw()}>
        {busy ? t.withdrawing : t.withdraw}
      </button>
    </div>
  );
}

interface PayFormProps {
  bill: TableBill;
  t: Words;
  money: (n: number) => string;
  people: number;
  myName: string;
  again: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSent: () => void;
}

function PayForm({ bill, t, money, people, myName, again, headingRef, onSent }: PayFormProps) {
  const id = useId();
  const [mode, setMode] = useState<Mode>('items');
  const [picks, setPicks] = useState<Map<string, number>>(new Map());
  const [n, setN] = useState<number | null>(null);
  const [amountText, setAmountText] = useState('');
  const [tipChoice, setTipChoice] = useState<number | 'other'>(0);
  const [tipText, setTipText] = useState('');
  const [method, setMethod] = useState<'card' | 'cash'>('card');
  const [error, setError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [tipError, setTipError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const parse = (text: string) => parseMoneyText(text, bill.currency, bill.locale);
  const example = formatMoneyText(1250, bill.currency, bill.locale);
  const parseError = (e: string) => (e === 'empty' ? t.amountEmpty : e === 'tooManyDecimals' ? t.amountDecimals : t.amountInvalid({ example }));

  const people_ = Math.max(1, Math.min(MAX_PEOPLE, n ?? (people || 1)));
  const equal = equalPart(bill.total, people_, bill.unassigned);
  const byItems = partOfLines(bill.lines, picks);
  const typed = parse(amountText);
  const part = mode === 'items' ? byItems.amount : mode === 'equal' ? equal.amount : 'value' in typed ? typed.value : 0;
  const tipTyped = parse(tipText);
  const choice: TipChoice = tipChoice === 'other' ? { amount: 'value' in tipTyped ? tipTyped.value : 0 } : { percent: tipChoice };
  const tip = tipOn(part, choice);

  function pick(line: BillLine, of: number | null): void {
    const next = new Map(picks);
    if (of === null) next.delete(line.id);
    else next.set(line.id, of);
    setPicks(next);
    setError(null);
  }

  function markMine(): void {
    const next = new Map(picks);
    for (const line of bill.lines) if (line.by === myName && availabilityOf(line).kind === 'free') next.set(line.id, 1);
    setPicks(next);
    setError(null);
  }

  async function submit(): Promise<void> {
    setError(null);
    setAmountError(null);
    setTipError(null);
    let input: Parameters<typeof requestPayment>[0];
    if (tipChoice === 'other' && tipText.trim() !== '' && 'error' in tipTyped) {
      setTipError(parseError(tipTyped.error));
      return;
    }
    if (mode === 'items') {
      if (byItems.amount === 0) {
        setError(t.nothingChosen);
        return;
      }
      input = { ...(byItems.lineIds.length ? { lineIds: byItems.lineIds } : {}), ...(byItems.shares.length ? { shares: byItems.shares } : {}), tip, method };
    } else if (mode === 'equal') {
      input = { amount: equal.amount, tip, method };
    } else {
      if ('error' in typed) {
        setAmountError(parseError(typed.error));
        return;
      }
      if (typed.value === 0) {
        setAmountError(t.amountEmpty);
        return;
      }
      if (typed.value > bill.balance) {
        setAmountError(t.amountTooHigh({ amount: money(bill.balance) }));
        return;
      }
      input = { amount: typed.value, tip, method };
    }
    setSending(true);
    const result = await requestPayment(input);
    setSending(false);
    if (result.ok) onSent();
    else setError(result.message);
  }

  const modes: Array<[Mode, string]> = [['items', t.byItems], ['equal', t.equal], ['amount', t.other]];
  const radio = 'label min-h-11 flex-1 cursor-pointer justify-center gap-2 rounded-field border border-base-300 px-2 text-center text-base-content has-checked:border-primary-strong has-checked:bg-primary/10 has-checked:font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-strong';

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3" data-testid="bill-pay">
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">{again ? t.payAgainTitle : t.payTitle}</h3>
      <fieldset className="fieldset p-0">
        <legend className="fieldset-legend pt-0 text-base">{t.howSplit}</legend>
        <div className="flex gap-1">
          {modes.map(([m, label]) => (
            <label key={m} className={radio}>
              <input type="radio" name={`${id}-mode`} className="sr-only" checked={mode === m} onChange={() => { setMode(m); setError(null); }} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'items' && (
        <div className="flex flex-col gap-2" data-testid="bill-items">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm">{t.byItemsHint}</p>
            <button type="button" className="btn btn-sm btn-outline min-h-11" onClick={markMine}>{t.markMine}</button>
          </div>
          <ul className="flex flex-col gap-2">
            {bill.lines.map((line) => (
              <ItemRow key={line.id} line={line} of={picks.get(line.id) ?? null} t={t} money={money} people={people} onPick={(of) => pick(line, of)} />
            ))}
          </ul>
        </div>
      )}

      {mode === 'equal' && (
        <div className="rounded-box border border-base-300 p-3" data-testid="bill-equal">
          <h4 className="font-bold">{t.splitBetween({ n: String(people_) })}</h4>
          <div className="mt-2 flex items-center gap-2" role="group" aria-label={t.people}>
            <button type="button" className="btn btn-outline btn-square min-h-11 min-w-11" aria-label={t.lessPerson} disabled={people_ <= 1} onClick={() => setN(people_ - 1)}>
              <Icon path={mdiMinus} size={20} />
            </button>
            <span className="min-w-8 text-center text-lg font-semibold tabular-nums" data-testid="split-people">{people_}</span>
            <button type="button" className="btn btn-outline btn-square min-h-11 min-w-11" aria-label={t.morePerson} disabled={people_ >= MAX_PEOPLE} onClick={() => setN(people_ + 1)}>
              <Icon path={mdiPlus} size={20} />
            </button>
          </div>
          <p className="mt-2" data-testid="split-share">{t.eachPays({ amount: money(equal.share) })}</p>
          {equal.remainder > 0 && <p className="text-sm" data-testid="split-remainder">{t.remainder({ amount: money(equal.remainder) })}</p>}
          {equal.takesRemainder && <p className="text-sm font-semibold" data-testid="split-takes-remainder">{t.takesRemainder({ amount: money(equal.amount - equal.share) })}</p>}
        </div>
      )}

      {mode === 'amount' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-amount`} className="font-semibold">{t.amountLabel}</label>
          <input
            id={`${id}-amount`}
            className={`input w-full min-h-11 ${amountError ? 'input-error' : ''}`}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={`${id}-amount-hint${amountError ? ` ${id}-amount-error` : ''}`}
            onChange={(e) => { setAmountText(e.target.value); setAmountError(null); setError(null); }}
          />
          <p id={`${id}-amount-hint`} className="text-sm">{t.amountHint({ amount: money(bill.balance) })}</p>
          {amountError && <p id={`${id}-amount-error`} className="text-sm font-semibold text-error-content">{amountError}</p>}
        </div>
      )}

      <fieldset className="fieldset p-0">
        <legend className="fieldset-legend pt-0 text-base">{t.tip} <span className="font-normal">· {t.tipHint}</span></legend>
        <div className="grid grid-cols-2 gap-1">
          {TIP_PERCENT_PRESETS.map((p) => (
            <label key={p} className={radio}>
              <input type="radio" name={`${id}-tip`} className="sr-only" checked={tipChoice === p} onChange={() => setTipChoice(p)} />
              {p === 0 ? t.noTip : t.tipPercent({ n: String(p) })}
            </label>
          ))}
          <label className={radio}>
            <input type="radio" name={`${id}-tip`} className="sr-only" checked={tipChoice === 'other'} onChange={() => setTipChoice('other')} />
            {t.tipOther}
          </label>
        </div>
        {tipChoice === 'other' && (
          <div className="mt-1 flex flex-col gap-1">
            <label htmlFor={`${id}-tip-amount`} className="text-sm font-semibold">{t.tipAmountLabel}</label>
            <input
              id={`${id}-tip-amount`}
              className={`input w-full min-h-11 ${tipError ? 'input-error' : ''}`}
              inputMode="decimal"
              autoComplete="off"
              value={tipText}
              aria-invalid={tipError ? true : undefined}
              aria-describedby={tipError ? `${id}-tip-error` : undefined}
              onChange={(e) => { setTipText(e.target.value); setTipError(null); }}
            />
            {tipError && <p id={`${id}-tip-error`} className="text-sm font-semibold text-error-content">{tipError}</p>}
          </div>
        )}
      </fieldset>

      <fieldset className="fieldset p-0">
        <legend className="fieldset-legend pt-0 text-base">{t.method}</legend>
        <div className="flex gap-1">
          {(['card', 'cash'] as const).map((m) => (
            <label key={m} className={radio}>
              <input type="radio" name={`${id}-method`} className="sr-only" checked={method === m} onChange={() => setMethod(m)} />
              {m === 'card' ? t.card : t.cash}
            </label>
          ))}
        </div>
      </fieldset>

      <dl className="flex flex-col gap-0.5 rounded-box bg-base-200 p-3" data-testid="bill-my-total">
        <div className="flex justify-between"><dt>{t.yourPart}</dt><dd className="tabular-nums" data-testid="bill-my-part">{money(part)}</dd></div>
        <div className="flex justify-between"><dt>{t.tip}</dt><dd className="tabular-nums" data-testid="bill-my-tip">{money(tip)}</dd></div>
        <div className="flex justify-between text-lg font-bold"><dt>{t.toPay}</dt><dd className="tabular-nums" data-testid="bill-to-pay">{money(part + tip)}</dd></div>
      </dl>
      {error && <p role="alert" className="rounded-box bg-error/10 p-3 font-semibold text-error-content" data-testid="bill-pay-error">{error}</p>}
      <button type="button" className="btn btn-primary min-h-12 text-base" disabled={sending} onClick={() => void submit()}>
        {sending ? t.sending : t.pay}
      </button>
    </section>
  );
}

function ItemRow({ line, of, t, money, people, onPick }: { line: BillLine; of: number | null; t: Words; money: (n: number) => string; people: number; onPick: (of: number | null) => void }) {
  const id = useId();
  const available = availabilityOf(line);
  const taken = available.kind === 'paid' || available.kind === 'claimed' || (available.kind === 'shared' && available.full);
  const checked = of !== null && !taken;
  const fixedOf = available.kind === 'shared' ? available.of : null;
  const share = checked && of !== null && of > 1 ? nextShare(line, of) : null;
  const maxOf = Math.min(SHARE_MAX, Math.max(people, 4));
  let status: ReactNode = null;
  if (available.kind === 'paid') status = <Named name={available.by} text={(name) => t.paidBy({ name })} />;
  else if (available.kind === 'claimed') status = <Named name={available.by} text={(name) => t.claimedBy({ name })} />;
  else if (available.kind === 'shared') status = available.full ? t.sharesFull : <Named name={available.by.join(', ')} text={(names) => t.sharedBy({ of: String(available.of), names })} />;
  return (
    <li className={`rounded-box border p-2 ${checked ? 'border-primary-strong bg-primary/5' : taken ? 'border-base-300 bg-base-200' : 'border-base-300'}`} data-testid="bill-line">
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="checkbox mt-1 disabled:opacity-60"
          checked={checked}
          disabled={taken}
          aria-describedby={status ? `${id}-status` : undefined}
          onChange={(e) => onPick(e.target.checked ? (fixedOf ?? 1) : null)}
        />
        <span className="min-w-0 flex-1">
          <span className="block">{line.quantity} × {line.name}</span>
          {line.by && <span className="block text-sm text-base-content/80"><Named name={line.by} text={(name) => t.orderedBy({ name })} /></span>}
        </span>
        <span className={`tabular-nums ${taken ? 'text-base-content/70' : ''}`}>{money(line.lineTotal)}</span>
      </label>
      {status && <p id={`${id}-status`} className="ml-9 text-sm font-semibold" data-testid="bill-line-status">{status}</p>}
      {checked && (
        <div className="ml-9 mt-1 flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-of`} className="sr-only">{t.shareLabel({ name: line.name })}</label>
          {fixedOf === null ? (
            <select id={`${id}-of`} className="select select-sm min-h-11 w-auto" value={of ?? 1} onChange={(e) => onPick(Number(e.target.value))}>
              <option value={1}>{t.justMe}</option>
              {Array.from({ length: maxOf - 1 }, (_, i) => i + 2).map((k) => <option key={k} value={k}>{t.sharedBetween({ of: String(k) })}</option>)}
            </select>
          ) : (
            <span id={`${id}-of`} className="text-sm">{t.sharedBetween({ of: String(fixedOf) })}</span>
          )}
          {share && <span className="text-sm font-semibold tabular-nums" data-testid="bill-line-share">{t.yourShareOf({ amount: money(share.amount) })}</span>}
        </div>
      )}
    </li>
  );
}

function Rounds({ bill, t, money }: { bill: TableBill; t: Words; money: (n: number) => string }) {
  const statuses = useStore(orderMessages);
  return (
    <>
      <section aria-labelledby="bill-rounds">
        <h3 id="bill-rounds" className="font-bold">{t.rounds}</h3>
        {bill.rounds.length === 0 ? (
          <p className="text-sm text-base-content/80">{t.noRounds}</p>
        ) : (
          <ol className="mt-1 flex flex-col gap-3">
            {bill.rounds.map((round, i) => (
              <li key={round.id} className="rounded-box border border-base-300 p-3" data-testid="bill-round">
                <p className="flex justify-between gap-2 font-semibold">
                  <span>{t.round({ n: String(i + 1), number: round.number })}</span>
                  <span className="badge badge-outline">{statuses[round.status]}</span>
                </p>
                <ul className="mt-1 text-sm">
                  {round.lines.map((line, j) => (
                    <li key={j} className="flex justify-between gap-2">
                      <span className="min-w-0">{line.quantity} × {line.name}{line.by ? <> (<UserText>{line.by}</UserText>)</> : ''}</span>
                      <span className="tabular-nums">{money(line.lineTotal)}</span>
                    </li>
                  ))}
                </ul>
                <p className="mt-1 flex justify-between text-sm font-semibold"><span>{t.roundTotal}</span><span className="tabular-nums">{money(round.subtotal)}</span></p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="bill-people">
        <h3 id="bill-people" className="font-bold">{t.perPerson}</h3>
        <ul className="mt-1 flex flex-col gap-1" data-testid="bill-people">
          {bill.people.map((p) => (
            <li key={p.participantId} className="flex justify-between gap-2">
              <span className="min-w-0"><UserText>{p.name}</UserText></span>
              <span className="tabular-nums">{money(p.total)}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
