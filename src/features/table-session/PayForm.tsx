/**
 * `Pagar mi parte` in the table's bill (docs/rules.md#the-bill): by dishes (a dish may be shared),
 * in equal parts or any amount, with a tip on one's own part and the method. Every amount is
 * integer minor units; the server decides them.
 */
import { useId, useState, type RefObject } from 'react';
import { mdiMinus, mdiPlus } from '@mdi/js';
import type { BillLine, TableBill } from '../../contract/bill.ts';
import type { OnlineMethod } from '../../contract/online-payments.ts';
import { TIP_PERCENT_PRESETS } from '../../contract/labels.ts';
import { parseMoneyText, formatMoneyText } from '../../contract/money-text.ts';
import { Icon } from '../../shell/Icon.tsx';
import type { billMessages } from './bill-messages.ts';
import { claimOf } from './logic.ts';
import { ItemRow, RADIO } from './PayItems.tsx';
import { PayNow } from './PayNow.tsx';
import { payNow } from './pay-online.ts';
import { availabilityOf, equalPart, partOfLines, tipOn, type TipChoice } from './split.ts';
import { requestPayment } from './store.ts';

const MAX_PEOPLE = 50;
type Mode = 'items' | 'equal' | 'amount';
type Words = ReturnType<typeof billMessages.get>;

export interface PayFormProps {
  bill: TableBill;
  t: Words;
  money: (n: number) => string;
  people: number;
  myName: string;
  again: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSent: () => void;
}

export function PayForm({ bill, t, money, people, myName, again, headingRef, onSent }: PayFormProps) {
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
  const parseError = (e: string) =>
    e === 'empty' ? t.amountEmpty : e === 'tooManyDecimals' ? t.amountDecimals : t.amountInvalid({ example });

  const people_ = Math.max(1, Math.min(MAX_PEOPLE, n ?? (people || 1)));
  const equal = equalPart(bill.total, people_, bill.unassigned);
  const byItems = partOfLines(bill.lines, picks);
  const typed = parse(amountText);
  const part = mode === 'items' ? byItems.amount : mode === 'equal' ? equal.amount : 'value' in typed ? typed.value : 0;
  const tipTyped = parse(tipText);
  const choice: TipChoice =
    tipChoice === 'other' ? { amount: 'value' in tipTyped ? tipTyped.value : 0 } : { percent: tipChoice };
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

  /** «Pedir que me cobren» (staff take it), or «Pagar ahora» at the venue's provider (docs/rules.md#paying-from-the-phone). */
  async function submit(online?: OnlineMethod): Promise<void> {
    setError(null);
    setAmountError(null);
    setTipError(null);
    if (tipChoice === 'other' && tipText.trim() !== '' && 'error' in tipTyped) {
      setTipError(parseError(tipTyped.error));
      return;
    }
    const chosen = claimOf({
      mode,
      items: byItems,
      equalAmount: equal.amount,
      typed,
      balance: bill.balance,
      tip,
      words: {
        nothingChosen: t.nothingChosen,
        amountEmpty: t.amountEmpty,
        amountTooHigh: t.amountTooHigh({ amount: money(bill.balance) }),
        parseError,
      },
    });
    if ('error' in chosen) {
      if (chosen.field === 'amount') setAmountError(chosen.error);
      else setError(chosen.error);
      return;
    }
    setSending(true);
    // Paying now leaves for the provider's page: the button stays busy until the page goes.
    const result = online
      ? await payNow({ ...chosen.claim, method: online })
      : await requestPayment({ ...chosen.claim, method });
    if (!online || !result.ok) setSending(false);
    if (result.ok) {
      if (!online) onSent();
    } else setError(result.message);
  }

  const modes: Array<[Mode, string]> = [
    ['items', t.byItems],
    ['equal', t.equal],
    ['amount', t.other],
  ];
  const radio = RADIO;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3" data-testid="bill-pay">
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">
        {again ? t.payAgainTitle : t.payTitle}
      </h3>
      <fieldset className="fieldset p-0">
        <legend className="fieldset-legend pt-0 text-base">{t.howSplit}</legend>
        <div className="flex gap-1">
          {modes.map(([m, label]) => (
            <label key={m} className={radio}>
              <input
                type="radio"
                name={`${id}-mode`}
                className="sr-only"
                checked={mode === m}
                onChange={() => {
                  setMode(m);
                  setError(null);
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'items' && (
        <div className="flex flex-col gap-2" data-testid="bill-items">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm">{t.byItemsHint}</p>
            <button type="button" className="btn btn-sm btn-outline min-h-11" onClick={markMine}>
              {t.markMine}
            </button>
          </div>
          <ul className="flex flex-col gap-2">
            {bill.lines.map((line) => (
              <ItemRow
                key={line.id}
                line={line}
                of={picks.get(line.id) ?? null}
                t={t}
                money={money}
                people={people}
                onPick={(of) => pick(line, of)}
              />
            ))}
          </ul>
        </div>
      )}

      {mode === 'equal' && (
        <div className="rounded-box border border-base-300 p-3" data-testid="bill-equal">
          <h4 className="font-bold">{t.splitBetween({ n: String(people_) })}</h4>
          <div className="mt-2 flex items-center gap-2" role="group" aria-label={t.people}>
            <button
              type="button"
              className="btn btn-outline btn-square min-h-11 min-w-11"
              aria-label={t.lessPerson}
              disabled={people_ <= 1}
              onClick={() => setN(people_ - 1)}
            >
              <Icon path={mdiMinus} size={20} />
            </button>
            <span className="min-w-8 text-center text-lg font-semibold tabular-nums" data-testid="split-people">
              {people_}
            </span>
            <button
              type="button"
              className="btn btn-outline btn-square min-h-11 min-w-11"
              aria-label={t.morePerson}
              disabled={people_ >= MAX_PEOPLE}
              onClick={() => setN(people_ + 1)}
            >
              <Icon path={mdiPlus} size={20} />
            </button>
          </div>
          <p className="mt-2" data-testid="split-share">
            {t.eachPays({ amount: money(equal.share) })}
          </p>
          {equal.remainder > 0 && (
            <p className="text-sm" data-testid="split-remainder">
              {t.remainder({ amount: money(equal.remainder) })}
            </p>
          )}
          {equal.takesRemainder && (
            <p className="text-sm font-semibold" data-testid="split-takes-remainder">
              {t.takesRemainder({ amount: money(equal.amount - equal.share) })}
            </p>
          )}
        </div>
      )}

      {mode === 'amount' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-amount`} className="font-semibold">
            {t.amountLabel}
          </label>
          <input
            id={`${id}-amount`}
            className={`input w-full min-h-11 ${amountError ? 'input-error' : ''}`}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={`${id}-amount-hint${amountError ? ` ${id}-amount-error` : ''}`}
            onChange={(e) => {
              setAmountText(e.target.value);
              setAmountError(null);
              setError(null);
            }}
          />
          <p id={`${id}-amount-hint`} className="text-sm">
            {t.amountHint({ amount: money(bill.balance) })}
          </p>
          {amountError && (
            <p id={`${id}-amount-error`} className="text-sm font-semibold text-error-content">
              {amountError}
            </p>
          )}
        </div>
      )}

      <fieldset className="fieldset p-0">
        <legend className="fieldset-legend pt-0 text-base">
          {t.tip} <span className="font-normal">· {t.tipHint}</span>
        </legend>
        <div className="grid grid-cols-2 gap-1">
          {TIP_PERCENT_PRESETS.map((p) => (
            <label key={p} className={radio}>
              <input
                type="radio"
                name={`${id}-tip`}
                className="sr-only"
                checked={tipChoice === p}
                onChange={() => setTipChoice(p)}
              />
              {p === 0 ? t.noTip : t.tipPercent({ n: String(p) })}
            </label>
          ))}
          <label className={radio}>
            <input
              type="radio"
              name={`${id}-tip`}
              className="sr-only"
              checked={tipChoice === 'other'}
              onChange={() => setTipChoice('other')}
            />
            {t.tipOther}
          </label>
        </div>
        {tipChoice === 'other' && (
          <div className="mt-1 flex flex-col gap-1">
            <label htmlFor={`${id}-tip-amount`} className="text-sm font-semibold">
              {t.tipAmountLabel}
            </label>
            <input
              id={`${id}-tip-amount`}
              className={`input w-full min-h-11 ${tipError ? 'input-error' : ''}`}
              inputMode="decimal"
              autoComplete="off"
              value={tipText}
              aria-invalid={tipError ? true : undefined}
              aria-describedby={tipError ? `${id}-tip-error` : undefined}
              onChange={(e) => {
                setTipText(e.target.value);
                setTipError(null);
              }}
            />
            {tipError && (
              <p id={`${id}-tip-error`} className="text-sm font-semibold text-error-content">
                {tipError}
              </p>
            )}
          </div>
        )}
      </fieldset>

      <fieldset className="fieldset p-0">
        <legend className="fieldset-legend pt-0 text-base">{t.method}</legend>
        <div className="flex gap-1">
          {(['card', 'cash'] as const).map((m) => (
            <label key={m} className={radio}>
              <input
                type="radio"
                name={`${id}-method`}
                className="sr-only"
                checked={method === m}
                onChange={() => setMethod(m)}
              />
              {m === 'card' ? t.card : t.cash}
            </label>
          ))}
        </div>
      </fieldset>

      <dl className="flex flex-col gap-0.5 rounded-box bg-base-200 p-3" data-testid="bill-my-total">
        <div className="flex justify-between">
          <dt>{t.yourPart}</dt>
          <dd className="tabular-nums" data-testid="bill-my-part">
            {money(part)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>{t.tip}</dt>
          <dd className="tabular-nums" data-testid="bill-my-tip">
            {money(tip)}
          </dd>
        </div>
        <div className="flex justify-between text-lg font-bold">
          <dt>{t.toPay}</dt>
          <dd className="tabular-nums" data-testid="bill-to-pay">
            {money(part + tip)}
          </dd>
        </div>
      </dl>
      {error && (
        <p
          role="alert"
          className="rounded-box bg-error/10 p-3 font-semibold text-error-content"
          data-testid="bill-pay-error"
        >
          {error}
        </p>
      )}
      {bill.online && <PayNow methods={bill.online.methods} t={t} sending={sending} onPay={(m) => void submit(m)} />}
      <button
        type="button"
        className={`btn min-h-12 text-base ${bill.online ? 'btn-outline' : 'btn-primary'}`}
        disabled={sending}
        onClick={() => void submit()}
      >
        {sending ? t.sending : bill.online ? t.askStaff : t.pay}
      </button>
    </section>
  );
}
