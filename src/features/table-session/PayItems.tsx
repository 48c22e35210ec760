/**
 * The lines of `Pagar mi parte` «Por platos» (docs/rules.md#the-bill): each dish with who ordered it, who paid or is
 * paying it («Pagando…» while someone pays it from the phone, docs/rules.md#paying-from-the-phone), and how this
 * phone takes it (whole or a share).
 */
import { useId, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { BillLine } from '../../contract/bill.ts';
import { SHARE_MAX } from '../../contract/bill.ts';
import { WithName } from '../../shell/ui/UserText.tsx';
import { choiceText } from '../../shell/ui/ChoiceList.tsx';
import type { billMessages } from './bill-messages.ts';
import { guestMessages } from './guest-messages.ts';
import { availabilityOf, nextShare } from './split.ts';

type Words = ReturnType<typeof billMessages.get>;

/** A choice among a few (how to split, the tip, the method), drawn as a row of buttons. */
export const RADIO =
  'label min-h-11 flex-1 cursor-pointer justify-center gap-2 rounded-field border border-base-300 px-2 text-center text-base-content has-checked:border-primary-strong has-checked:bg-primary/10 has-checked:font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-strong';

/** A sentence with a diner's name in it, the name in a `UserText` (typed by a person, shown as typed). */
export function Named({ name, text }: { name: string; text: (name: string) => string }) {
  return (
    <span className="min-w-0">
      <WithName name={name} sentence={(n) => text(n ?? '')} />
    </span>
  );
}

export function ItemRow({
  line,
  of,
  t,
  money,
  people,
  onPick,
}: {
  line: BillLine;
  of: number | null;
  t: Words;
  money: (n: number) => string;
  people: number;
  onPick: (of: number | null) => void;
}) {
  const id = useId();
  const available = availabilityOf(line);
  const taken =
    available.kind === 'paid' || available.kind === 'claimed' || (available.kind === 'shared' && available.full);
  const checked = of !== null && !taken;
  const fixedOf = available.kind === 'shared' ? available.of : null;
  const share = checked && of !== null && of > 1 ? nextShare(line, of) : null;
  const maxOf = Math.min(SHARE_MAX, Math.max(people, 4));
  let status: ReactNode = null;
  if (available.kind === 'paid') status = <Named name={available.by} text={(name) => t.paidBy({ name })} />;
  else if (available.kind === 'claimed')
    status = (
      <Named name={available.by} text={(name) => (line.paying ? t.payingBy({ name }) : t.claimedBy({ name }))} />
    );
  else if (available.kind === 'shared')
    status = available.full ? (
      t.sharesFull
    ) : (
      <Named name={available.by.join(', ')} text={(names) => t.sharedBy({ of: String(available.of), names })} />
    );
  return (
    <li
      className={`rounded-box border p-2 ${checked ? 'border-primary-strong bg-primary/5' : taken ? 'border-base-300 bg-base-200' : 'border-base-300'}`}
      data-testid="bill-line"
    >
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
          <span className="block">
            {line.quantity} × {line.name}
          </span>
          {line.choices && line.choices.length > 0 && (
            <span className="block text-sm text-base-content/80" data-testid="line-choices">
              {line.choices.map(choiceText).join(' · ')}
            </span>
          )}
          {line.by && (
            <span className="block text-sm text-base-content/80">
              <Named name={line.by} text={(name) => t.orderedBy({ name })} />
            </span>
          )}
          <GuestOf guest={line.guest} />
        </span>
        <span className={`tabular-nums ${taken ? 'text-base-content/70' : ''}`}>{money(line.lineTotal)}</span>
      </label>
      {status && (
        <p id={`${id}-status`} className="ml-9 text-sm font-semibold" data-testid="bill-line-status">
          {status}
        </p>
      )}
      {checked && (
        <div className="ml-9 mt-1 flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-of`} className="sr-only">
            {t.shareLabel({ name: line.name })}
          </label>
          {fixedOf === null ? (
            <select
              id={`${id}-of`}
              className="select select-sm min-h-11 w-auto"
              value={of ?? 1}
              onChange={(e) => onPick(Number(e.target.value))}
            >
              <option value={1}>{t.justMe}</option>
              {Array.from({ length: maxOf - 1 }, (_, i) => i + 2).map((k) => (
                <option key={k} value={k}>
                  {t.sharedBetween({ of: String(k) })}
                </option>
              ))}
            </select>
          ) : (
            <span id={`${id}-of`} className="text-sm">
              {t.sharedBetween({ of: String(fixedOf) })}
            </span>
          )}
          {share && (
            <span className="text-sm font-semibold tabular-nums" data-testid="bill-line-share">
              {t.yourShareOf({ amount: money(share.amount) })}
            </span>
          )}
        </div>
      )}
    </li>
  );
}

/** «para Comensal 2» under a waiter's line that says whom it is for (docs/rules.md#the-floor). */
export function GuestOf({ guest }: { guest: string | undefined }) {
  const t = useStore(guestMessages);
  if (!guest) return null;
  return (
    <span className="block text-sm text-base-content/80" data-testid="line-guest">
      <Named name={guest} text={(name) => t.forGuest({ name })} />
    </span>
  );
}
